"""LYNGK click tools: each produces the intended stack and a position text the engine reads back;
lifting restores; broken set-ups are refused with the engine's reason; random clicks only refuse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipan.core import NotationError
from qipan.games.lyngk import GAME
from qipan.games.lyngk.board import LABELS, parse_point
from qipan.games.lyngk.ui import edit as edit_lyngk
from qipan.app.editor import EditorModel
from qipan.boardkit.editing import Refused

EMPTY = EditorModel.start("lyngk", empty=True, seed=1).state


def round_trips(state) -> bool:
    return GAME.parse_position(GAME.position(state)) == state


def test_the_empty_start_has_no_pieces_and_player_1_to_move():
    assert all(s == "" for s in EMPTY.stacks) and EMPTY.player == 0 and EMPTY.claims == ("", "")
    assert GAME.position(EMPTY).startswith("./././")


def test_put_builds_a_stack_bottom_to_top_and_lift_takes_the_top_back():
    state = edit_lyngk.apply(EMPTY, "put:R", "C3")
    state = edit_lyngk.apply(state, "put:B", "C3")
    state = edit_lyngk.apply(state, "put:J", "E4")
    assert state.stacks[parse_point("C3")] == "RB" and state.stacks[parse_point("E4")] == "J"
    assert round_trips(state)
    assert "/RB/" in GAME.position(state)
    lifted = edit_lyngk.apply(edit_lyngk.apply(edit_lyngk.apply(state, "lift", "C3"), "lift", "C3"), "lift", "E4")
    assert lifted == EMPTY


def test_the_engine_names_the_rule_an_edit_would_break():
    stack = edit_lyngk.apply(edit_lyngk.apply(EMPTY, "put:R", "C3"), "put:B", "C3")
    with pytest.raises(NotationError, match="joker never tops a stack"):
        edit_lyngk.apply(stack, "put:J", "C3")
    with pytest.raises(NotationError, match="repeats a real colour"):
        edit_lyngk.apply(stack, "put:R", "C3")
    full = EditorModel.start("lyngk", seed=1).state  # the dealt board uses all 8 reds
    with pytest.raises(NotationError, match="9 pieces of R"):
        edit_lyngk.apply(full, "put:R", "A1")


def test_lifting_from_an_empty_point_is_refused_with_a_message_key():
    with pytest.raises(Refused) as caught:
        edit_lyngk.apply(EMPTY, "lift", "A1")
    assert caught.value.key == "editor.err.empty" and caught.value.values == {"point": "A1"}


def test_fields_set_side_to_move_claims_scores_and_variant():
    state = edit_lyngk.set_field(EMPTY, "player", "1")
    assert state.player == 1 and GAME.position(state).split()[2] == "2"
    state = edit_lyngk.set_field(state, "claims0", "RK")
    assert state.claims == ("RK", "")
    state = edit_lyngk.set_field(state, "removed0", "1")
    assert state.removed == (1, 0) and round_trips(state)
    with pytest.raises(NotationError, match="claimed by both"):
        edit_lyngk.set_field(state, "claims1", "R")
    with pytest.raises(NotationError, match="without claiming"):
        edit_lyngk.set_field(state, "removed1", "2")
    with pytest.raises(NotationError, match="without claiming"):
        edit_lyngk.set_field(state, "claims0", "-")
    six = edit_lyngk.set_field(EMPTY, "variant", "stack6")
    assert six.variant == "stack6" and GAME.position(six).endswith("stack6")
    values = {f.name: f.value for f in edit_lyngk.fields(state)}
    assert values == {"player": "1", "claims0": "RK", "claims1": "-", "removed0": "1", "removed1": "0",
                      "variant": "standard"}


def test_a_claimed_five_stack_is_refused_while_the_capture_option_is_on():
    state = EMPTY
    for piece in "IBRGK":
        state = edit_lyngk.apply(state, f"put:{piece}", "E4")
    with pytest.raises(NotationError, match="5-stack topped by a claimed colour"):
        edit_lyngk.set_field(state, "claims0", "K")


def test_tools_offer_every_piece_and_lift():
    keys = [tool.key for tool in edit_lyngk.tools(EMPTY)]
    assert keys == ["put:I", "put:B", "put:R", "put:G", "put:K", "put:J", "lift"]
    assert edit_lyngk.points(EMPTY) == LABELS


TOOLS = [tool.key for tool in edit_lyngk.tools(EMPTY)] + ["nonsense"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TOOLS), st.sampled_from(LABELS)), max_size=40))
def test_random_clicks_give_legal_positions_or_a_clear_refusal(clicks):
    state = EMPTY
    for tool, point in clicks:
        try:
            state = edit_lyngk.apply(state, tool, point)
        except (Refused, NotationError) as exc:
            assert str(exc)
        assert round_trips(state)
