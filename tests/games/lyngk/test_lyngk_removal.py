"""Completed stacks: mandatory removal (rules §5, A6) and the claim side effect (§4.1, A9)."""

import pytest

from qipan.core import NotationError
from qipan.games.lyngk import GAME
from lyngk_util import at, board, dests, play, texts

CAPTURE_OFF = "claim_captures_neutral_fives=off"


def test_an_own_five_stack_is_removed_at_once_and_scores():
    """§5 [R E9], A6: the mover's new 5-stack in their colour leaves the board for 1 point."""
    state = board({"E4": "BGK", "E5": "RI", "A1": "R"}, claims=("K", ""))
    after = play(state, "E4-E5")
    assert after.removed == (1, 0)
    assert at(after, "E5") == "" and at(after, "E4") == ""
    assert GAME.position(after).split()[3] == "1/0"


def test_a_claim_made_this_turn_counts_for_the_removal():
    """§4.1 then §5: claim black, then complete a black-topped 5-stack: removed for the claimer."""
    state = board({"E4": "BGK", "E5": "RI", "A1": "R"}, to_move=2)
    after = play(state, "+K E4-E5")
    assert after.removed == (0, 1) and after.claims == ("", "K")


def test_claiming_takes_neutral_fives_of_that_colour():
    """§4.1 A9 (flag on, the default): claiming red removes the red-topped 5-stack for the claimer,
    and the moves after the claim see the emptied point."""
    pieces = {"E1": "K", "E3": "BGKIR", "E5": "G"}
    state = board(pieces)
    assert texts(state) == {"+R E1-E5", "+R E5-E1"}
    after = play(state, "+R E1-E5")
    assert after.removed == (1, 0) and at(after, "E3") == "" and at(after, "E5") == "GK"


def test_without_the_capture_flag_the_five_stays_and_nobody_can_move():
    """§4.1 A9 (flag off): the 5-stack stays as an obstacle; here no one has a turn: game over."""
    state = board({"E1": "K", "E3": "BGKIR", "E5": "G"}, extras=CAPTURE_OFF)
    assert state.legal_actions() == () and state.is_terminal()
    assert state.outcome().winners == ()


def test_an_own_five_left_on_the_board_is_a_lyngk_point():
    """§6 (last point): with the flag off an own-topped 5-stack can stay, and it links a chain."""
    state = board({"E1": "R", "E3": "BGKIR", "E5": "G"}, claims=("R", ""), extras=CAPTURE_OFF)
    assert dests(state, "E1") == {"E5"}
    with pytest.raises(NotationError, match="5-stack"):
        board({"E1": "R", "E3": "BGKIR", "E5": "G"}, claims=("R", ""))


def test_stack6_never_removes_and_claims_capture_nothing():
    """§11: in stack6 no 5-stack is removed, whatever its top, not even by a claim."""
    own = play(board({"E4": "BGK", "E5": "RI", "A1": "R"}, claims=("K", ""), variant="stack6"), "E4-E5")
    assert own.removed == (0, 0) and at(own, "E5") == "RIBGK"
    claimed = play(board({"E3": "BGKIR", "A1": "B", "B2": "I"}, variant="stack6"), "+R A1-B2")
    assert claimed.removed == (0, 0) and at(claimed, "E3") == "BGKIR"
