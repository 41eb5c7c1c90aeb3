"""Where a stack may go and whether it may land: rules §4.2, §4.3, §4.4, §5."""

import pytest

from qipan.core import IllegalAction
from qipan.games.lyngk import GAME
from lyngk_util import at, board, dests, play


def test_a_move_slides_over_empty_points_to_the_first_stack():
    """§4.3: along a line over empty points; the first stack met is the only target that way."""
    state = board({"E1": "R", "E7": "B"})
    assert dests(state, "E1") == {"E7"}
    blocked = board({"E1": "R", "E4": "G", "E7": "B"})
    assert dests(blocked, "E1") == {"E4"}


def test_a_move_never_ends_on_an_empty_point_or_off_the_board():
    """§4.3: a direction that runs off the board gives no target; empty points are never targets."""
    state = board({"A1": "R", "I1": "B"})  # no line joins A1 and I1
    assert state.legal_actions() == ()
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "A1-B3")


def test_neutral_single_lands_only_on_a_single():
    """§4.4.3, A2: a neutral single goes onto any single (a colour of either player, a joker)."""
    state = board({"E4": "R", "E5": "B", "F4": "GK", "F3": "J", "E3": "I", "D3": "KI", "D4": "G"},
                  claims=("I", "G"))
    assert dests(state, "E4") == {"E5", "F3", "E3", "D4"}


def test_neutral_three_onto_two_is_legal_but_not_two_onto_three():
    """§4.4.3, A1: a neutral stack lands on stacks of at most its own height."""
    state = board({"E4": "BGK", "E5": "RI"})
    assert dests(state, "E4") == {"E5"}
    assert dests(state, "E5") == set()
    after = play(state, "E4-E5")
    assert at(after, "E5") == "RIBGK" and at(after, "E4") == ""


def test_a_neutral_five_stack_stays_and_never_moves():
    """§5 [R E10]: a neutral-topped 5-stack stays, scores for no one and cannot move."""
    state = play(board({"E4": "BGK", "E5": "RI", "E1": "J"}), "E4-E5")
    assert state.removed == (0, 0) and at(state, "E5") == "RIBGK"
    assert dests(state, "E5") == set()


def test_own_stack_lands_on_taller_foreign_and_joker_stacks():
    """§4.4.4, §4.4.5: an own-topped stack has no height rule; the target's owner never matters."""
    state = board({"E4": "K", "E5": "BGI", "E3": "J", "F3": "RB"}, claims=("K", "I"))
    assert dests(state, "E4") == {"E5", "E3", "F3"}
    neutral = board({"E4": "K", "E5": "BGI", "E3": "J", "F3": "RB"}, claims=("", "I"))
    assert dests(neutral, "E4") == {"E3"}


def test_no_repeated_real_colour_but_any_number_of_jokers():
    """§4.4.2: the stacks share no real colour; jokers may pile up (each stands for a missing colour)."""
    state = board({"E4": "RK", "E5": "BR", "E3": "JB"}, claims=("K", ""))
    assert dests(state, "E4") == {"E3"}
    jokers = play(board({"E4": "JR", "E5": "J", "E1": "JB"}), "E4-E5")
    assert at(jokers, "E5") == "JJR"
    three = play(board({"E4": "JJR", "E5": "JB"}, claims=("R", "")), "E4-E5")  # all 3 jokers in one stack
    assert three.removed == (1, 0) and at(three, "E5") == ""


def test_height_cap_five_or_six_in_the_variant():
    """§4.4.1: h(M) + h(T) <= 5 (6 in stack6), for own stacks too."""
    pieces = {"E4": "BGK", "E5": "JRI"}
    assert dests(board(pieces, claims=("K", "")), "E4") == set()
    assert dests(board(pieces, claims=("K", ""), variant="stack6"), "E4") == {"E5"}


def test_a_lone_joker_never_moves():
    """§4.2, §7 I-2: jokers are passive; a stack moved onto a joker is topped by a colour."""
    state = board({"E4": "J", "E5": "R"})
    assert dests(state, "E4") == set()
    assert at(play(state, "E5-E4"), "E4") == "JR"
