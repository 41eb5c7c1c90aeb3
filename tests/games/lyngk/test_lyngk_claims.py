"""Claims, forced claims and which stacks move: rules §4.1, §4.2, §9."""

import pytest

from qipan.core import IllegalAction, NotationError
from qipan.games.lyngk import GAME, PASS, Move, can_claim
from qipan.games.lyngk.board import parse_point
from lyngk_util import at, board, dests, play, texts


def test_one_claim_per_turn_before_the_move():
    """§4.1: at most one claim per turn, made before moving; the text has one claim letter."""
    state = board({"E1": "R", "E2": "B"})
    assert all(len(a.claim) <= 1 for a in state.legal_actions())
    with pytest.raises(NotationError):
        GAME.parse_action(state, "+RB E1-E2")
    with pytest.raises(NotationError):
        GAME.parse_action(state, "+R +B E1-E2")
    after = play(state, "+R E1-E2")
    assert after.claims == ("R", "") and at(after, "E2") == "BR"


def test_at_most_two_claims_per_player():
    """§4.1: two claims per player over the game; then only moves without a claim."""
    state = board({"E1": "R", "E2": "B", "E4": "G"}, claims=("IK", ""))
    assert {a.claim for a in state.legal_actions()} == {""}
    assert can_claim(state) == ()
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "+R E1-E2")


def test_only_unclaimed_colours_and_never_the_joker():
    """§4.1: a colour claimed by the opponent cannot be claimed; jokers are never claimed."""
    state = board({"E1": "R", "E2": "B"}, claims=("", "B"))
    assert {a.claim for a in state.legal_actions()} == {"", "R", "I", "G", "K"}
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "+B E1-E2")
    with pytest.raises(NotationError):
        GAME.parse_action(state, "+J E1-E2")


def test_a_foreign_topped_stack_never_moves():
    """§4.2: a stack topped by the opponent's colour is not movable; the owner moves it freely."""
    state = board({"E1": "R", "E2": "B"}, claims=("", "B"))
    assert dests(state, "E2") == set() and dests(state, "E1") == {"E2"}
    other = board({"E1": "R", "E2": "B"}, claims=("", "B"), to_move=2)
    assert dests(other, "E2") == {"E1"}


def test_claims_are_permanent_and_the_fifth_colour_stays_neutral():
    """§4.1 [R D6]: with two claims each, the fifth colour is neutral and both may move it."""
    first = board({"E1": "R", "E2": "B", "E5": "K"}, claims=("IG", "BK"))
    second = board({"E1": "R", "E2": "B", "E5": "K"}, claims=("IG", "BK"), to_move=2)
    assert dests(first, "E1") == {"E2"} and dests(second, "E1") == {"E2"}
    after = play(second, "E2-E1")
    assert after.claims == ("IG", "BK") and after.to_move == 0


def test_forced_claim_when_only_a_claim_gives_a_move():
    """§9.2: no move without a claim, but claiming red creates one: the player must claim red.

    E1 R (single) and E5 G reach each other only through E3 GR; only an own red stack can use E3
    as a LYNGK point (§6)."""
    state = board({"E1": "R", "E3": "GR", "E5": "G"}, claims=("IB", ""), to_move=2)
    assert state.legal_actions() == (Move("R", parse_point("E1"), parse_point("E5")),)
    assert can_claim(state) == ("R",)
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "pass")


def test_can_claim_lists_the_colours_followed_by_a_move():
    """§9.2: a claim is offered only if some move follows it ([BS] hasMovesAfterClaiming)."""
    state = board({"E1": "R", "E2": "B"})
    assert can_claim(state) == ("I", "B", "R", "G", "K")
    blocked = board({"E1": "R", "E2": "GR"})  # shares red: nothing moves, with or without a claim
    assert can_claim(blocked) == ()


def test_no_claim_then_pass():
    """§9.3: a claim must be followed by a move; a player with no turn just passes."""
    state = board({"E1": "R", "E3": "GR", "E5": "G"}, claims=("IB", ""), to_move=1)
    assert state.legal_actions() == (PASS,)
    assert texts(state) == {"pass"}
    with pytest.raises(NotationError):
        GAME.parse_action(state, "+R pass")
