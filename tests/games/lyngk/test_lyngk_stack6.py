"""The stack-of-6 variant (sudden death): rules §11, A15, flag late_claim_six_wins."""

import pytest

from qipan.core import NotationError
from qipan.games.lyngk import GAME, Termination, tiebreak_vector
from lyngk_util import at, board, dests, play

LATE = "late_claim_six_wins=on"


def test_an_own_six_stack_wins_at_once():
    """§11: a move making a 6-stack topped by the mover's colour wins on the spot."""
    state = board({"E4": "BGK", "E5": "JRI", "A1": "R", "B2": "G"}, claims=("K", ""), variant="stack6")
    after = play(state, "E4-E5")
    assert at(after, "E5") == "JRIBGK"
    assert after.is_terminal() and after.legal_actions() == ()
    outcome = after.outcome()
    assert outcome.termination is Termination.SIX_STACK and outcome.winners == (0,)
    assert GAME.position(after).endswith(" stack6 winner=1")
    assert GAME.parse_position(GAME.position(after)) == after


def test_a_neutral_six_stack_wins_for_nobody_and_blocks():
    """§11: neutral 3 onto 3 makes a neutral 6-stack; it stays, cannot move and takes nothing."""
    state = board({"E4": "BGK", "E5": "JRI", "E7": "G", "A1": "R", "B2": "G"}, variant="stack6")
    after = play(state, "E4-E5")
    assert after.winner == -1 and not after.is_terminal()
    assert dests(after, "E5") == set() and dests(after, "E7") == set()


def test_late_claim_gives_nothing_by_default():
    """§11, A15 ([BS] reading, default): claiming a neutral 6-stack's colour does not win."""
    state = board({"E5": "JRIBGK", "A1": "R", "B2": "G"}, variant="stack6")
    after = play(state, "+K A1-B2")
    assert after.winner == -1 and after.claims == ("K", "")
    # Nothing can move any more: the game ends on the count, where a 6-stack does not count
    # (§11 ranks 5-stacks first; our decision: a late-claimed 6-stack gives nothing at all).
    assert after.is_terminal() and after.outcome().termination is Termination.NO_MOVES
    assert after.outcome().winners == ()


def test_late_claim_wins_with_the_flag():
    """§11, A15 ([PB] reading, late_claim_six_wins=on): owning a 6-stack after the turn wins."""
    state = board({"E5": "JRIBGK", "A1": "R", "B2": "G"}, variant="stack6", extras=LATE)
    after = play(state, "+K A1-B2")
    assert after.winner == 0 and after.outcome().termination is Termination.SIX_STACK
    unrelated = play(state, "+I A1-B2")
    assert unrelated.winner == -1


def test_end_ranking_counts_five_stacks_first():
    """§11 [R H6]: without a 6-stack, own-topped 5-stacks on the board come before 4-stacks."""
    state = board({"C3": "RBKIG", "C5": "RBKI", "E4": "RBGK"}, claims=("G", "K"), variant="stack6")
    assert state.is_terminal()
    assert tiebreak_vector(state, 0) == (0, 1, 0, 0, 0, 0)
    assert tiebreak_vector(state, 1) == (0, 0, 1, 0, 0, 0)
    assert state.outcome().winners == (0,)


def test_positions_that_the_variant_makes_impossible():
    """§11: no removed stacks in stack6; a winner needs an own 6-stack; with the late flag an
    owned 6-stack has already won; 6-stacks only in stack6."""
    with pytest.raises(NotationError):
        board({"E4": "R"}, claims=("R", ""), removed=(1, 0), variant="stack6")
    with pytest.raises(NotationError):
        board({"E5": "JRIBGK"}, claims=("G", ""), variant="stack6", extras="winner=1")
    with pytest.raises(NotationError):
        board({"E5": "JRIBGK"}, claims=("K", ""), variant="stack6", extras=LATE)
    with pytest.raises(NotationError):
        board({"E5": "JRIBGK"})
    assert board({"E5": "JRIBGK"}, claims=("K", ""), variant="stack6").winner == -1
