"""Quorsum click tools: move a pawn and swap tiles (two clicks), flip, tile values, locks, the
phase, the player and the stalemate counter; undoing an edit restores the text; the engine's
reasons for impossible set-ups; random clicks only give legal positions or a clear refusal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipan.core import NotationError
from qipan.games.quorsum import GAME
from qipan.games.quorsum.board import CELL_OF
from qipan.i18n import t
from qipan.games.quorsum.ui import edit as edit_quorsum
from qipan.app.editor import EditorModel, fields_html, legality, tools_html
from qipan.boardkit.editing import Refused

START = EditorModel.start("quorsum", seed=2).state


def en(key: str, **values: object) -> str:
    return t(key, "en", **values)


def round_trips(state) -> bool:
    return GAME.parse_position(GAME.position(state)) == state


def test_the_editor_opens_at_the_first_turn_with_the_pawns_on_their_corners():
    assert START.phase == "alloc" and START.pawns == (((0, 15, 6), (3, 12, 6)), ((12, 3, 6), (15, 0, 6)))
    assert "pawns=a1>d4,d1>a4/a4>d1,d4>a1" in GAME.position(START)


def test_a_pawn_moves_to_a_free_tile_and_back():
    moved = edit_quorsum.move(START, "a1", "b2")
    assert moved.pawn_at(CELL_OF["b2"]) == (CELL_OF["b2"], CELL_OF["d4"], 4)
    assert moved.pawn_at(CELL_OF["a1"]) is None and round_trips(moved)
    assert "pawns=d1>a4,b2>d4/" in GAME.position(moved)  # sorted by cell
    assert GAME.position(edit_quorsum.move(moved, "b2", "a1")) == GAME.position(START)
    with pytest.raises(Refused) as caught:
        edit_quorsum.move(START, "a1", "d1")
    assert caught.value.key == "editor.err.occupied"
    with pytest.raises(Refused) as caught:
        edit_quorsum.holds(START, "b2")
    assert caught.value.key == "editor.err.no_pawn"


def test_flipping_a_tile_twice_restores_it():
    cell = CELL_OF["b2"]
    flipped = edit_quorsum.apply(START, "flip", "b2")
    assert flipped.colours[cell] == 1 - START.colours[cell] and round_trips(flipped)
    assert edit_quorsum.apply(flipped, "flip", "b2") == START


def test_swapping_two_tiles_and_swapping_back():
    a, b = CELL_OF["a2"], CELL_OF["c3"]
    swapped = edit_quorsum.move(START, "a2", "c3", "swap")
    assert (swapped.values[a], swapped.colours[a]) == (START.values[b], START.colours[b])
    assert (swapped.values[b], swapped.colours[b]) == (START.values[a], START.colours[a])
    assert edit_quorsum.move(swapped, "c3", "a2", "swap") == START


def test_a_tile_value_is_set_unless_five_of_that_value_are_out():
    cell = CELL_OF["b3"]
    old = START.values[cell]
    new = next(v for v in (2, 3, 4, 5, 6) if v != old and START.values.count(v) < 5)
    changed = edit_quorsum.apply(START, f"value:{new}", "b3")
    assert changed.values[cell] == new and round_trips(changed)
    assert edit_quorsum.apply(changed, f"value:{old}", "b3") == START
    state = START
    others = [name for name in edit_quorsum.NAMES if START.values[CELL_OF[name]] != 6]
    while state.values.count(6) < 5:
        state = edit_quorsum.apply(state, "value:6", others.pop())
    with pytest.raises(NotationError, match="§1: there are only five tiles of value 6"):
        edit_quorsum.apply(state, "value:6", others.pop())


def test_locks_toggle_and_the_movers_lock_is_refused_at_the_start_of_a_turn():
    mover = START.player
    locked = edit_quorsum.apply(START, f"lock:{1 - mover}", "c2")
    assert locked.locks[CELL_OF["c2"]] == 1 - mover and "locks=c2:" in GAME.position(locked)
    assert edit_quorsum.apply(locked, f"lock:{1 - mover}", "c2") == START
    with pytest.raises(NotationError, match="§6: the lock on c2 ends when its flipper's turn begins"):
        edit_quorsum.apply(START, f"lock:{mover}", "c2")


def test_sprint_has_no_light_tiles():
    _variant, board, rest = GAME.position(START).split(" ", 2)
    sprint = GAME.parse_position(f"sprint {board.replace('l', 'd')} {rest}")
    with pytest.raises(NotationError, match="§9 Sprint"):
        edit_quorsum.apply(sprint, "flip", "a2")


def test_the_phase_and_player_fields():
    other = 1 - START.player
    turned = edit_quorsum.set_field(START, "player", str(other))
    assert turned.player == other and turned.phase == "alloc"
    placing = edit_quorsum.set_field(START, "phase", "place")
    assert placing.pawns == () and "pawns=- locks=- phase=place:" in GAME.position(placing)
    back = edit_quorsum.set_field(placing, "phase", "alloc")
    assert back.pawns == START.pawns and back.phase == "alloc"
    rolloff = edit_quorsum.set_field(START, "phase", "rolloff")
    assert rolloff.chooser == -1 and [f.name for f in edit_quorsum.fields(rolloff)] == ["phase", "stalemate"]
    assert edit_quorsum.set_field(START, "stalemate", "3").stalemate == 3
    with pytest.raises(Refused):
        edit_quorsum.set_field(START, "phase", "over")
    with pytest.raises(Refused):
        edit_quorsum.set_field(START, "stalemate", "6")


def test_a_mid_turn_phase_from_a_text_is_offered_as_it_is():
    text = ("standard 2d5l4l3l/2d2d6l2l/5l6l3d3d/5d4l2d4l pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- phase=alloc:2 "
            "todo=move@a4x2 stalemate=0 score=0-0 chooser=1")
    state = GAME.parse_position(text)
    phase = edit_quorsum.fields(state)[0]
    assert phase.value == "alloc"
    model = EditorModel("quorsum", GAME.parse_position(text.replace("alloc:2 todo=move@a4x2", "resolve:2 todo=move@a4x2")))
    assert "Mid-turn: resolving actions" in fields_html(en, model)
    assert model.set_field("phase", "alloc") and model.state.todo == ()


def test_the_model_moves_a_pawn_in_two_clicks_and_says_what_it_holds():
    model = EditorModel.start("quorsum", seed=2)
    assert "Move a pawn" in tools_html(en, model) and "Lock / unlock for Player 2" in tools_html(en, model)
    assert model.tool == "move"
    assert not model.click("d4") and model.held == "d4"
    assert legality(en, model)[0] == "Picked up the pawn on d4: click a free tile to put it there."
    assert model.click("c4") and model.state.pawn_at(CELL_OF["c4"]) is not None
    assert not model.click("b2") and legality(en, model) == ("Not changed: there is no pawn on b2.", True)
    model.choose_tool("swap")
    assert not model.click("a2") and legality(en, model)[0].startswith("Picked up the tile on a2")
    assert model.click("b2") and model.text == model.position


CELLS = list(edit_quorsum.NAMES) + ["e5", "A1"]
TOOLS = ["move", "swap", "flip", "value:2", "value:6", "value:7", "lock:0", "lock:1", "lock:2", "nothing"]
FIELDS = [("phase", p) for p in ("rolloff", "choose", "place", "alloc", "over", "x")] + \
         [("player", "0"), ("player", "1"), ("stalemate", "5"), ("stalemate", "9"), ("colour", "1")]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.sampled_from(TOOLS), st.sampled_from(CELLS), st.sampled_from(CELLS)),
                          st.tuples(st.just("field"), st.sampled_from(FIELDS), st.none())), max_size=25))
def test_random_edits_give_legal_positions_or_a_clear_refusal(edits):
    state = START
    for tool, a, b in edits:
        try:
            if tool == "field":
                state = edit_quorsum.set_field(state, *a)
            elif tool in ("move", "swap", "nothing") and edit_quorsum.holds(state, a, tool):
                state = edit_quorsum.move(state, a, b, tool)
            else:
                state = edit_quorsum.apply(state, tool, a)
        except (Refused, NotationError) as exc:
            assert str(exc)
        assert round_trips(state)
