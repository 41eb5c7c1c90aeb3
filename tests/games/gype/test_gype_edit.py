"""Table Gype click tools: move a die (two clicks), turn a die to a face, the player to move;
moving back restores; the engine's reasons for impossible set-ups; random clicks only refuse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipan.core import NotationError
from qipan.games.gype import GAME
from qipan.games.gype.board import parse_cell
from qipan.i18n import t
from qipan.games.gype.ui import edit as edit_gype
from qipan.app.editor import EditorModel, legality
from qipan.boardkit.editing import Refused

START = EditorModel.start("gype", seed=4).state


def round_trips(state) -> bool:
    return GAME.position(GAME.parse_position(GAME.position(state))) == GAME.position(state)


def test_the_editor_starts_after_both_start_rows_are_arranged():
    assert not START.setup and sum(1 for v in START.board if v >= 0) == 16


def test_a_die_moves_to_an_empty_cell_and_back():
    moved = edit_gype.move(START, "c0", "c4")
    assert moved.board[parse_cell("c4")] == START.board[parse_cell("c0")] and moved.board[parse_cell("c0")] == -1
    assert round_trips(moved)
    back = edit_gype.move(moved, "c4", "c0")
    assert GAME.position(back) == GAME.position(START)
    with pytest.raises(Refused):
        edit_gype.move(START, "c0", "d0")  # occupied
    with pytest.raises(Refused):
        edit_gype.move(START, "c4", "c5")  # nothing there


def test_turning_a_die_keeps_its_owner():
    hat = edit_gype.apply(START, "face:5", "c0")
    assert hat.board[parse_cell("c0")] == START.board[parse_cell("c0")] // 6 * 6 + 5
    assert "H0" in GAME.position(hat) and round_trips(hat)
    with pytest.raises(Refused):
        edit_gype.apply(START, "face:5", "c4")


def test_the_engine_refuses_a_die_on_another_players_home_row():
    with pytest.raises(NotationError, match="§8: player 0 may not stand on a4"):
        edit_gype.move(START, "c0", "a4")  # West's Home Row (a1-a8)


def test_the_move_tool_in_the_model_takes_two_clicks():
    model = EditorModel.start("gype", seed=4)
    model.choose_tool("move")
    assert not model.click("b0") and model.held == "b0"
    assert legality(lambda k, **v: t(k, "en", **v), model)[0].startswith("Picked up the die on b0")
    assert model.click("b3") and model.held is None
    assert model.state.board[parse_cell("b3")] >= 0


def test_the_player_to_move_field():
    other = 1 - START.current
    assert edit_gype.set_field(START, "current", str(other)).current == other
    assert [f.value for f in edit_gype.fields(START)] == [str(START.current)]


CELLS = list(edit_gype.NAMES) + ["a0", "zz"]


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "face:0", "face:3", "face:5", "face:9"]),
                          st.sampled_from(CELLS), st.sampled_from(CELLS)), max_size=25))
def test_random_clicks_give_legal_positions_or_a_clear_refusal(clicks):
    state = START
    for tool, a, b in clicks:
        try:
            state = edit_gype.move(state, a, b) if tool == "move" else edit_gype.apply(state, tool, a)
        except (Refused, NotationError) as exc:
            assert str(exc)
        assert round_trips(state)
