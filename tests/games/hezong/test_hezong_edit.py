"""合縱連橫 click tools: stones put and lifted with the turn count following, the previous stone,
the side to move; the map never changes; random clicks give legal positions or a clear refusal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipan.core import NotationError
from qipan.games.hezong import GAME
from qipan.games.hezong.geometry import parse_cell
from qipan.games.hezong.ui import edit as edit_hezong
from qipan.app.editor import EditorModel
from qipan.boardkit.editing import Refused

START = EditorModel.start("hezong", seed=7).state  # start player drawn from the seed


def letter(player: int) -> str:
    return "abcdefgh"[player]


def round_trips(state) -> bool:
    return GAME.parse_position(GAME.position(state)) == state


def test_a_stone_put_is_the_previous_move_and_the_other_player_is_to_move():
    mover = START.to_move
    state = edit_hezong.apply(START, f"stone:{mover}", "f6")
    assert state.stones[parse_cell("f6")] == mover
    assert state.last == parse_cell("f6") and state.to_move == 1 - mover
    assert state.supply[mover] == 23 and state.removed == (0, 0)
    assert state.map == START.map and round_trips(state)
    assert f" {letter(START.start)} f6 " in GAME.position(state)


def test_stones_a_player_is_behind_count_as_removed():
    other = 1 - START.to_move
    state = edit_hezong.apply(START, f"stone:{other}", "a1")  # the second player's stone first
    assert state.removed[START.to_move] == 1 and state.to_move == START.to_move
    assert round_trips(state)


def test_lifting_a_stone_restores_the_board():
    mover = START.to_move
    one = edit_hezong.apply(START, f"stone:{mover}", "f6")
    two = edit_hezong.apply(one, f"stone:{1 - mover}", "f9")
    assert edit_hezong.apply(two, "lift", "f9") == one
    assert edit_hezong.apply(one, "lift", "f6") == START
    with pytest.raises(Refused) as caught:
        edit_hezong.apply(START, "lift", "f6")
    assert caught.value.key == "editor.err.no_stone"


def test_marking_the_previous_stone_and_choosing_the_side_to_move():
    mover = START.to_move
    state = edit_hezong.apply(START, f"stone:{mover}", "b2")
    state = edit_hezong.apply(state, f"stone:{1 - mover}", "k11")
    state = edit_hezong.apply(state, f"stone:{mover}", "c3")
    marked = edit_hezong.apply(state, "last", "b2")
    assert marked.last == parse_cell("b2") and marked.to_move == state.to_move
    turned = edit_hezong.set_field(state, "to_move", str(mover))
    assert turned.to_move == mover and turned.stones == state.stones
    assert turned.stones[turned.last] == 1 - mover and round_trips(turned)
    with pytest.raises(Refused):
        edit_hezong.apply(state, "last", "a12")


def test_the_engine_refuses_what_no_game_can_reach():
    text = GAME.position(START).replace(" 24,24 ", " 24,23 ")
    with pytest.raises(NotationError, match="rules §3"):
        GAME.parse_position(text)


def test_tools_follow_the_number_of_players():
    keys = [tool.key for tool in edit_hezong.tools(START)]
    assert keys == ["stone:0", "stone:1", "lift", "last"]
    assert len(edit_hezong.points(START)) == 144


CELLS = [f"{c}{r}" for c in "abcdefghijkl" for r in range(1, 13)]
TOOLS = ["stone:0", "stone:1", "lift", "last", "stone:5", "bad"]


@settings(max_examples=120, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.sampled_from(TOOLS), st.sampled_from(CELLS + ["z9"])),
                          st.tuples(st.just("field"), st.sampled_from(["0", "1", "2", "x"]))), max_size=30))
def test_random_clicks_give_legal_positions_or_a_clear_refusal(clicks):
    state = START
    for tool, point in clicks:
        try:
            if tool == "field":
                state = edit_hezong.set_field(state, "to_move", point)
            else:
                state = edit_hezong.apply(state, tool, point)
        except (Refused, NotationError) as exc:
            assert str(exc)
        assert state.map == START.map and round_trips(state)
