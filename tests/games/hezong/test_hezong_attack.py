"""Rules §3.2: the attack along lines (the five illustrated cases, K1-K6) and removed stones (§3)."""

import pytest
from hypothesis import given, settings, strategies as st

from hezong_helpers import at, cell
from qipan.core import Rng
from qipan.games.hezong import GAME, Place, Rules
from qipan.games.hezong.rules import EMPTY, SCAR


def names(cells):
    return sorted("abcdefghijkl"[c % 12] + str(c // 12 + 1) for c in cells)


def test_case1_own_partner_removes_the_enemy_however_far():
    """§3.2 case 1: new stone next to one of your own; the enemy 5 cells beyond is removed."""
    state = at({"d6": "a", "i6": "b"}, mover=0)
    assert names(state.attack_targets(cell("c6"))) == ["i6"]
    after = state.apply_unchecked(Place(cell("c6")))
    assert after.stones[cell("i6")] == EMPTY and after.removed == (0, 1)


def test_case2_third_party_partner_removes_the_enemy():
    """§3.2 case 2: the partner is a third party's stone; the enemy beyond it is removed."""
    state = at({"d6": "c", "i6": "b"}, mover=0, players=3)
    assert names(state.attack_targets(cell("c6"))) == ["i6"]


def test_case3_partner_of_the_target_colour_fails():
    """§3.2 case 3: the partner has the target's colour, so nothing happens."""
    assert at({"d6": "b", "i6": "b"}, mover=0, players=3).attack_targets(cell("c6")) == ()
    assert at({"d6": "c", "i6": "c"}, mover=0, players=3).attack_targets(cell("c6")) == ()


def test_case4_own_stone_between_blocks_the_attack():
    """§3.2 case 4 (and K5): an own stone on the ray stops it before the enemy."""
    assert at({"d6": "a", "f6": "a", "i6": "b"}, mover=0).attack_targets(cell("c6")) == ()
    assert at({"d6": "c", "f6": "a", "i6": "b"}, mover=0, players=3).attack_targets(cell("c6")) == ()


def test_case5_one_placement_removes_several_stones():
    """§3.2 case 5: partners in three directions (E own, N third party, SW own) each remove a stone."""
    state = at({"g6": "a", "k6": "b", "f5": "c", "f2": "b", "e7": "a", "c9": "b", "h8": "b"},
               mover=0, players=3)
    assert names(state.attack_targets(cell("f6"))) == ["c9", "f2", "k6"]
    after = state.apply_unchecked(Place(cell("f6")))
    assert after.removed == (0, 3, 0)
    assert [after.stones[cell(n)] for n in ("c9", "f2", "k6", "h8")] == [EMPTY, EMPTY, EMPTY, 1]


def test_no_partner_no_attack_and_off_board_rays_do_nothing():
    """§3.2: an attack needs two adjacent stones (K6: a ray that leaves the board hits nothing)."""
    assert at({"i6": "b"}, mover=0).attack_targets(cell("c6")) == ()
    assert at({"k6": "a"}, mover=0).attack_targets(cell("j6")) == ()   # ray k6 -> l6 -> edge


def test_no_chain_reaction():
    """§3.2 K3: a removal triggers nothing further."""
    state = at({"d6": "a", "i6": "b", "j6": "b", "k6": "a"}, mover=0)
    after = state.apply_unchecked(Place(cell("c6")))
    assert after.removed == (0, 1) and after.stones[cell("j6")] == 1


@pytest.mark.parametrize("ray,expected", [("through_partner", ["i6"]), ("from_new", ["a6"]),
                                          ("both", ["a6", "i6"])])
def test_attack_ray_option(ray, expected):
    """§3.2 K1: the ray runs through the partner (default), from the new stone away from it, or both."""
    state = at({"a6": "b", "d6": "a", "i6": "b"}, mover=0, rules=Rules(attack_ray=ray))
    assert names(state.attack_targets(cell("c6"))) == expected


def test_choose_option_lets_the_mover_pick_the_directions():
    """§3.2 K2 alternative `attack=choose`: one action per subset of the directions that would fire."""
    state = at({"d6": "a", "i6": "b", "c5": "a", "c2": "b"}, mover=0, rules=Rules(attack="choose"))
    c6 = [a for a in state.legal_actions() if a.cell == cell("c6")]
    assert [a.fire for a in c6] == [0, 1, 4, 5]              # none, N, E, N+E
    assert [GAME.action_text(state, a) for a in c6] == ["c6", "c6:N", "c6:E", "c6:N,E"]
    assert state.apply(Place(cell("c6"), 4)).removed == (0, 1)
    assert state.apply(Place(cell("c6"), 0)).removed == (0, 0)


def test_removed_cells_stay_closed_under_the_option():
    """§3.2 K4: by default a removed stone's cell is free again; with `reuse_removed_cells=false` it is not."""
    for reuse, mark in ((True, EMPTY), (False, SCAR)):
        state = at({"d6": "a", "i6": "b"}, mover=0, rules=Rules(reuse_removed_cells=reuse))
        after = state.apply_unchecked(Place(cell("c6")))
        assert after.stones[cell("i6")] == mark
        assert (cell("i6") in after.placement_cells()) is reuse


def test_removed_stones_are_gone_for_good():
    """§3: a removed stone does not return to the supply and gives no extra turn."""
    state = at({"d6": "a", "i6": "b"}, mover=0)
    after = state.apply_unchecked(Place(cell("c6")))
    assert after.supply == (state.supply[0] - 1, state.supply[1])
    assert after.to_move == 1 and after.ply == state.ply + 1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 47))
def test_two_players_only_own_pairs_attack(seed, plies):
    """§3.2 consequence: with 2 players an enemy partner never removes anything, and only enemy stones go."""
    rng = Rng(seed)
    state = GAME.new(2, seed=seed % 50)
    for _ in range(plies):
        me = state.to_move
        for c in state.placement_cells():
            for d in range(8):
                targets = state.direction_targets(c, d)
                for t in targets:
                    assert state.stones[t] == 1 - me
                if targets:
                    row, col = divmod(c, 12)
                    dr, dc = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)][d]
                    assert state.stones[(row + dr) * 12 + col + dc] == me
        state = state.apply(rng.choice(state.legal_actions()))
