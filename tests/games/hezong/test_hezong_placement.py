"""Rules §1 (stones and turn order) and §3 / §3.1 (placement along the previous stone's row or column)."""

import pytest

from hezong_helpers import cell, picture
from qipan.core import IllegalAction, TERMINAL
from qipan.games.hezong import GAME, Forfeit, Place, Rules


@pytest.mark.parametrize("players,each", [(2, 24), (3, 16), (4, 12), (5, 10), (6, 8), (7, 7), (8, 6)])
def test_stones_each_follow_the_table(players, each):
    """§1 table: stones each, and the game lasts players × stones turns (§3)."""
    state = GAME.new(players, seed=3)
    assert state.supply == (each,) * players
    assert GAME.max_plies(players) == players * each


def test_start_player_option_and_clockwise_order():
    """§1 / H12: the start player is drawn from the seed unless set; play goes round in seat order."""
    assert {GAME.new(4, seed=s).start for s in range(30)} == {0, 1, 2, 3}
    state = GAME.new(4, seed=1, start_player=2)
    order = []
    for _ in range(6):
        order.append(state.to_move)
        state = state.apply(state.legal_actions()[0])
    assert order == [2, 3, 0, 1, 2, 3]
    with pytest.raises(ValueError):
        GAME.new(4, seed=1, start_player=4)


def test_first_stone_goes_anywhere():
    """§3.1: the first stone may go on any of the 144 cells."""
    state = GAME.new(2, seed=1)
    assert state.placement_cells() == tuple(range(144))


def test_later_stones_follow_the_row_or_column_of_the_previous_stone():
    """§3.1: every later stone goes on an empty cell in the previous stone's row or column."""
    state = GAME.new(2, seed=1, start_player=0).apply(Place(cell("e5")))
    cells = set(state.placement_cells())
    assert len(cells) == 22
    assert cells == {c for c in range(144) if (c // 12 == 4 or c % 12 == 4) and c != cell("e5")}
    with pytest.raises(IllegalAction):
        state.apply(Place(cell("f6")))
    state = state.apply(Place(cell("e9")))
    assert cell("e5") not in state.placement_cells()   # occupied cells cannot be used
    assert cell("a9") in state.placement_cells() and cell("a5") not in state.placement_cells()


def test_regions_play_no_part_in_placement():
    """§3.1 P3: the legal cells are the same on two different maps."""
    a = GAME.new(2, seed=1, start_player=0).apply(Place(cell("c3")))
    b = GAME.new(2, seed=2, start_player=0).apply(Place(cell("c3")))
    assert a.map != b.map
    assert a.placement_cells() == b.placement_cells()


FULL_LINE = {4: "abababababab"}
COLUMN_E = {r: "....a......." if r % 2 else "....b......." for r in range(12) if r != 4}


def _full_lines(rules):
    rows = dict(COLUMN_E)
    rows.update(FULL_LINE)
    return picture(rows, mover=1, players=2, rules=rules, last=cell("e5"))


def test_full_row_and_column_allow_any_empty_cell():
    """§3.1 P2 (GUESS, default `blocked_line=anywhere`): no free cell in the line, so any empty cell."""
    state = _full_lines(Rules())
    assert state.line_cells() == ()
    empty = tuple(c for c in range(144) if state.stones[c] < 0)
    assert state.placement_cells() == empty
    assert len(state.legal_actions()) == len(empty)


def test_full_row_and_column_forfeit_a_stone_under_the_option():
    """§3.1 P2 alternative `blocked_line=forfeit`: the mover loses a stone; the reference cell stays (P1)."""
    state = _full_lines(Rules(blocked_line="forfeit"))
    assert state.legal_actions() == (Forfeit(1),)
    after = state.apply(Forfeit(1))
    assert after.supply[1] == state.supply[1] - 1 and after.stones == state.stones
    assert after.last == cell("e5") and after.to_move == 0
    assert GAME.action_text(state, Forfeit(1)) == "forfeit"
    assert GAME.parse_position(GAME.position(after)) == after


def test_forfeit_repeats_while_the_line_stays_full():
    """§3.1 P2 `blocked_line=forfeit`: nothing changes on a forfeit, so the next player forfeits too."""
    state = _full_lines(Rules(blocked_line="forfeit")).apply(Forfeit(1))
    assert state.legal_actions() == (Forfeit(0),)


def test_game_ends_after_every_stone_is_placed():
    """§3: players × stones turns, removals give no extra turns."""
    state = GAME.new(3, seed=4)
    plies = 0
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[-1])
        plies += 1
    assert plies == 48 and state.to_move == TERMINAL and sum(state.supply) == 0
    assert sum(1 for s in state.stones if s >= 0) + sum(state.removed) == 48
