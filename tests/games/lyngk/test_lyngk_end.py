"""Passing, the end of the game and the tie-break cascade: rules §8, §9, A10, A13, A14."""

import pytest

from qipan.core import IllegalAction
from qipan.games.lyngk import GAME, PASS, Termination, tiebreak_vector
from lyngk_util import board, play

# Every stack below holds blue and black, and the two singles (A1, I1) share no line: nothing can
# move whatever is claimed, so each of these positions is final. Player 1 owns B G, player 2 K I.
CLAIMS = ("BG", "KI")


def final(stacks, removed=(0, 0)):
    state = board(stacks, claims=CLAIMS, removed=removed)
    assert state.is_terminal()
    return state.outcome()


def test_voluntary_passing_is_forbidden():
    """§9.1: a player with a legal turn must play it."""
    state = board({"E1": "R", "E2": "B"})
    assert PASS not in state.legal_actions()
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "pass")


def test_a_stuck_player_passes_while_the_opponent_can_still_claim_and_move():
    """§9.4-9.5: player 1 has no turn; player 2 has only a forced claim, which counts: not over.
    Then neither can move: the game ends (§8) and the 2-stacks of player 2's red decide."""
    state = board({"E1": "R", "E3": "GR", "E5": "G"}, claims=("IB", ""))
    assert not state.is_terminal() and state.legal_actions() == (PASS,)
    state = play(state, "pass")
    assert state.to_move == 1 and GAME.position(state).split()[2] == "2"
    state = play(state, "+R E1-E5")
    assert state.is_terminal() and state.legal_actions() == ()
    outcome = state.outcome()
    assert outcome.termination is Termination.NO_MOVES
    assert outcome.winners == (1,) and outcome.scores == (0, 0)
    assert outcome.tiebreak == ((0, 0, 0, 0, 0), (0, 0, 0, 2, 0))


def test_more_removed_stacks_win():
    """§8: the score (removed stacks) comes before any on-board count."""
    outcome = final({"C3": "BKRI", "C5": "BKRI"}, removed=(1, 0))
    assert outcome.winners == (0,) and outcome.scores == (1, 0)


def test_tie_break_four_stacks_first():
    """§8 [R G2]: equal scores: more 4-stacks topped by own colours wins."""
    assert final({"C3": "BKRG", "C5": "BKI", "E4": "BKI"}).winners == (0,)


def test_tie_break_then_three_stacks():
    """§8 [R G3]: equal 4-stacks: compare 3-stacks."""
    assert final({"C3": "BKRG", "C5": "BKRI", "E4": "BKG", "E6": "BK", "G4": "BK"}).winners == (0,)


def test_tie_break_then_two_stacks():
    """§8 [R G3]: equal 4- and 3-stacks: compare 2-stacks."""
    outcome = final({"C3": "BKG", "C5": "BKI", "E4": "KB", "E6": "BK", "G4": "BK"})
    assert outcome.winners == (1,)
    assert outcome.tiebreak == ((0, 0, 1, 1, 0), (0, 0, 1, 2, 0))


def test_tie_break_then_single_pieces():
    """§8 [R G3]: down to single pieces."""
    outcome = final({"C3": "BKG", "C5": "BKI", "A1": "B"})
    assert outcome.winners == (0,) and outcome.tiebreak == ((0, 0, 1, 0, 1), (0, 0, 1, 0, 0))


def test_all_equal_is_a_draw_and_neutral_tops_count_for_no_one():
    """§8, A13: only stacks topped by a player's claimed colour count; all equal: a draw."""
    outcome = final({"C3": "BKG", "C5": "BKI", "A1": "B", "I1": "K", "E4": "BKR", "E6": "KBR"})
    assert outcome.winners == () and outcome.is_draw
    assert outcome.tiebreak[0] == outcome.tiebreak[1] == (0, 0, 1, 0, 1)


def test_lone_jokers_count_for_no_one():
    """§8: a lone joker is topped by no colour."""
    state = board({"E1": "J", "E7": "J", "A1": "B"}, claims=CLAIMS)
    assert tiebreak_vector(state, 0) == (0, 0, 0, 0, 1) and tiebreak_vector(state, 1) == (0, 0, 0, 0, 0)
