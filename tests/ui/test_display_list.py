"""The display list (boardkit/display.py): what a view draws, recorded and played back, is the
same drawing, call for call, and its JSON is what assets/js/replay.js can paint."""

from __future__ import annotations

import json
import math

from fakes import FakeHost, RecordingContext
from seeded import seeded
from qipan import games
from qipan.boardkit.display import DisplayList
from qipan.boardkit.svg import SvgBoard, SvgCanvas


def test_calls_and_property_sets_are_recorded_in_order():
    frame = DisplayList()
    frame.fillStyle = "#123456"
    frame.beginPath()
    frame.arc(1, 2, 3, 0, math.tau)
    frame.fill()
    frame.setLineDash([2, 3])
    assert frame.ops == [["=fillStyle", "#123456"], ["beginPath"], ["arc", 1, 2, 3, 0, math.tau], ["fill"],
                         ["setLineDash", [2, 3]]]


def test_trailing_nones_are_dropped_so_a_max_width_is_never_zero():
    frame = DisplayList()
    frame.fillText("a", 1, 2, None)
    assert frame.ops == [["fillText", "a", 1, 2]]
    assert json.loads(frame.json()) == [["fillText", "a", 1, 2]]


def test_entries_with_numbers_that_are_not_finite_are_left_out_of_the_json():
    frame = DisplayList()
    frame.lineWidth = math.nan
    frame.moveTo(0, math.inf)
    frame.lineTo(1, 2)
    assert json.loads(frame.json()) == [["lineTo", 1, 2]]


def test_replay_makes_the_same_calls_as_drawing_directly():
    for game_id in games.GAME_IDS:
        screen = games.ui(game_id).screen(FakeHost(), seeded(game_id))
        screen.width, screen.height = 600.0, 520.0
        direct, frame, played = RecordingContext(), DisplayList(), RecordingContext()
        screen.draw(direct, 600, 520)
        screen.draw(frame, 600, 520)
        frame.replay(played)
        assert played.calls == direct.calls, game_id
        assert len(json.loads(frame.json())) == len(direct.calls), game_id


def test_every_games_svg_is_the_same_drawn_directly_or_through_the_list():
    for game_id in games.GAME_IDS:
        host = FakeHost()
        board = SvgBoard(600, 600)
        host.elements["board"] = board
        screen = games.ui(game_id).screen(host, seeded(game_id))
        screen.resize(600, 600, 1)  # redraw: through a display list and host.paint
        direct = SvgCanvas(600, 600)
        direct.setTransform(1, 0, 0, 1, 0, 0)
        screen.draw(direct, 600, 600)
        assert board.context.svg("t") == direct.svg("t"), game_id
