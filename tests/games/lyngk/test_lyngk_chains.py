"""The LYNGK rule (chained moves): rules §6 and A7, A8, A12."""

from qipan.games.lyngk import GAME, chain_path
from qipan.games.lyngk.board import label
from lyngk_util import at, board, dests, play


def path(state, text):
    return tuple(label(p) for p in chain_path(state, GAME.parse_action(state, text)))


def test_an_own_stack_continues_through_a_lyngk_point_of_its_colour():
    """§6, [R F3]: reaching a stack topped by the mover's claimed colour, the move must go on."""
    state = board({"E1": "R", "E3": "R", "E5": "B"}, claims=("R", ""))
    assert dests(state, "E1") == {"E5"}
    assert path(state, "E1-E5") == ("E1", "E3", "E5")
    after = play(state, "E1-E5")
    assert (at(after, "E1"), at(after, "E3"), at(after, "E5")) == ("", "R", "BR")


def test_neutral_pieces_are_never_lyngk_points():
    """§6: the rule needs a claimed colour; a neutral red single is stopped by the other red."""
    state = board({"E1": "R", "E3": "R", "E5": "B"})
    assert dests(state, "E1") == set()
    assert dests(state, "E1", claim="R") == {"E5"}
    assert path(state, "+R E1-E5") == ("E1", "E3", "E5")


def test_chains_turn_along_other_lines():
    """§6, A7: every leg is a regular move (any line, over empty points); points may be far apart."""
    state = board({"E1": "R", "E3": "R", "G4": "R", "H3": "B"}, claims=("R", ""))
    assert dests(state, "E1") == {"H3"}
    assert path(state, "E1-H3") == ("E1", "E3", "G4", "H3")


def test_lyngk_points_show_the_movers_top_colour():
    """§6 [R F3]: another claimed colour of the mover is a landing target, not a LYNGK point."""
    state = board({"E1": "R", "E3": "G", "E5": "B"}, claims=("RG", ""))
    assert dests(state, "E1") == {"E3"}
    assert path(state, "E1-E3") == ("E1", "E3")


def test_jokers_are_never_lyngk_points():
    """§6 [R F4]: a lone joker is a target only."""
    state = board({"E1": "R", "E3": "J", "E5": "B"}, claims=("R", ""))
    assert dests(state, "E1") == {"E3"}


def test_a_stack_counts_by_its_top_only():
    """§6 [R F-note], A12: BR (red on top) links; RB (blue on top) neither links nor takes red."""
    linked = board({"E1": "R", "E3": "BR", "E5": "G"}, claims=("R", ""))
    assert dests(linked, "E1") == {"E5"}
    hidden = board({"E1": "R", "E3": "RB", "E5": "G"}, claims=("R", ""))
    assert dests(hidden, "E1") == set()


def test_the_final_landing_obeys_height_and_colours():
    """§6 (can_land): the chained destination still needs §4.4.1 and §4.4.2."""
    fits = board({"E1": "KIR", "E3": "R", "E5": "GB"}, claims=("R", ""))
    assert dests(fits, "E1") == {"E5"}
    after = play(fits, "E1-E5")
    assert after.removed == (1, 0) and at(after, "E5") == ""  # §5: own 5-stack removed
    too_tall = board({"E1": "KIR", "E3": "R", "E5": "JGB"}, claims=("R", ""))
    assert dests(too_tall, "E1") == set()
    clash = board({"E1": "KIR", "E3": "R", "E5": "K"}, claims=("R", ""))
    assert dests(clash, "E1") == set()


def test_two_chains_to_one_point_are_one_move():
    """§6: a move is its origin and destination; a ring of LYNGK points gives each target once."""
    state = board({"D1": "R", "E1": "R", "E2": "R", "F1": "R", "E4": "B"}, claims=("R", ""))
    moves = [a for a in state.legal_actions() if label(a.origin) == "E1" and not a.claim]
    assert sorted(label(a.dest) for a in moves) == ["E4"]
    assert len(state.legal_actions()) == len(set(state.legal_actions()))
    assert path(state, "E1-E4") == ("E1", "E2", "E4")
