"""Odds the UI shows (rules §5, §12.1) and display faces: against enumeration and the engine."""

from fractions import Fraction
from itertools import product

import pytest
from quorsum_helpers import play, position

from qipan.core import Rng
from qipan.games.quorsum import odds
from qipan.games.quorsum.actions import Dice, RollOff, Step
from qipan.games.quorsum.board import CELL_OF
from qipan.games.quorsum.faces import roll_faces, rolloff_faces

TABLE = {  # §12.1 [E §3.1], rounded to 3 dp
    2: (.833, .972, .995, .999), 3: (.667, .889, .963, .988), 4: (.500, .750, .875, .938),
    5: (.333, .556, .704, .802), 6: (.167, .306, .421, .518),
}


@pytest.mark.parametrize("value", sorted(TABLE))
def test_single_roll_table(value):
    """§12.1: s(n, t) = 1 - ((t-1)/6)^n matches the published table."""
    for n, expected in enumerate(TABLE[value], 1):
        assert round(float(odds.success(n, value)), 3) == expected


@pytest.mark.parametrize("dice,value", [(n, t) for n in (1, 2, 3, 4) for t in (2, 3, 4, 5, 6)])
def test_survivor_counts_match_enumerating_every_face(dice, value):
    """§4.2 / §11: the number of dice at >= the value, counted over all 6^n faces."""
    counts = {}
    for faces in product(range(1, 7), repeat=dice):
        met = sum(1 for f in faces if f >= value)
        counts[met] = counts.get(met, 0) + 1
    expected = {m: Fraction(c, 6 ** dice) for m, c in counts.items()}
    got = {m: p for m, p in odds.survivors(dice, value).items() if p}
    assert got == expected
    assert odds.success(dice, value) == 1 - expected.get(0, 0)


def _faces_path_reach(values, dice):
    """Reach chances along a path by enumerating every face of every roll (no grouping)."""
    reach = [Fraction(0)] * len(values)

    def walk(i, pool, weight):
        if i == len(values):
            return
        for faces in product(range(1, 7), repeat=pool):
            met = sum(1 for f in faces if f >= values[i])
            if met:
                w = weight / 6 ** pool
                reach[i] += w
                walk(i + 1, met, w)

    walk(0, dice, Fraction(1))
    return reach


def test_path_reach_matches_face_enumeration():
    """§4.2 chain rule: reach chances equal an enumeration of every face of every roll."""
    state = position()                    # all dark; a1 -> b1 (3) -> c1 (4) -> c2 (3)
    path = [CELL_OF[n] for n in ("b1", "c1", "c2")]
    reach = odds.path_reach(state, CELL_OF["a1"], 2, path)
    assert list(reach.values()) == _faces_path_reach([3, 4, 3], 2)
    reach = odds.path_reach(state, CELL_OF["a1"], 3, path[:2])
    assert list(reach.values()) == _faces_path_reach([3, 4], 3)
    with pytest.raises(ValueError):
        odds.path_reach(state, CELL_OF["a1"], 3, [CELL_OF["c1"]])


def _engine_reach(state, mover_cell, path):
    """The same chances from the engine's own chance tree, stepping along `path`."""
    reach = {c: Fraction(0) for c in path}

    def walk(s, weight, i):
        if s.is_chance():
            for a, p in s.chance_outcomes():
                walk(s.apply(a), weight * p, i)
            return
        if s.phase != "chain" or i == len(path):
            return
        target = path[i]
        if Step(target) not in s.legal_actions():
            return
        after = s.apply(Step(target))
        for a, p in after.chance_outcomes():
            nxt = after.apply(a)
            if a.met:
                reach[target] += weight * p
                walk(nxt, weight * p, i + 1)

    walk(state, Fraction(1), 0)
    return reach


def test_toward_home_policy_matches_the_engine_tree():
    """odds policy "toward home": exact chances equal a walk over the engine's chance outcomes."""
    state = position(light="a2")
    start = play(state, "move a1 x4", "try move a1 x4")
    path = odds.toward_home_path(state, CELL_OF["a1"])
    # d4 holds an opponent pawn, so the walk ends on d3
    assert path == tuple(CELL_OF[n] for n in ("b1", "b2", "c2", "c3", "d3"))
    assert odds.reach_toward_home(state, CELL_OF["a1"], 4) == _engine_reach(start, CELL_OF["a1"], path)


def test_toward_home_policy_against_a_monte_carlo_run_of_the_engine():
    """A seeded Monte-Carlo run of the engine's resolver agrees with the exact chances."""
    state = position()
    path = odds.toward_home_path(state, CELL_OF["a1"])
    exact = odds.reach_toward_home(state, CELL_OF["a1"], 3)
    rng = Rng(7)
    runs = 3000
    hits = {c: 0 for c in path}
    start = play(state, "move a1 x3", "roll", "try move a1 x3")
    for _ in range(runs):
        s = start
        for target in path:
            if s.phase != "chain" or Step(target) not in s.legal_actions():
                break
            s = s.apply(Step(target))
            s = s.apply(rng.sample_outcome(s.chance_outcomes()))
            if s.pawn_at(target) is None:
                break
            hits[target] += 1
    for c in path:
        assert abs(hits[c] / runs - float(exact[c])) < 0.03


@pytest.mark.parametrize("dice,value,met", [(n, t, m) for n in (1, 2, 4) for t in (2, 4, 6)
                                            for m in range(n + 1)])
def test_display_faces_agree_with_the_grouped_outcome(dice, value, met):
    """faces.roll_faces: concrete faces with exactly `met` dice at >= the value."""
    rng = Rng(dice * 100 + value * 10 + met)
    for _ in range(20):
        faces = roll_faces(dice, value, Dice(met), rng)
        assert len(faces) == dice and all(1 <= f <= 6 for f in faces)
        assert sum(1 for f in faces if f >= value) == met


def test_display_faces_are_uniform_given_the_count():
    """Given the count, each face that met a 4 is equally likely (4, 5 or 6)."""
    rng = Rng(3)
    seen = {4: 0, 5: 0, 6: 0}
    for _ in range(3000):
        (face,) = roll_faces(1, 4, Dice(1), rng)
        seen[face] += 1
    assert all(900 < n < 1100 for n in seen.values())
    with pytest.raises(ValueError):
        roll_faces(2, 4, Dice(3), rng)


def test_rolloff_display_ends_with_the_outcome_after_ties():
    """§3.2: ties are re-rolled; the display shows them before the deciding throw."""
    rng = Rng(11)
    lengths = []
    for _ in range(600):
        throws = rolloff_faces(RollOff(4, 2), rng)
        assert throws[-1] == (4, 2) and all(a == b for a, b in throws[:-1])
        lengths.append(len(throws))
    assert 1.1 < sum(lengths) / len(lengths) < 1.3   # expected 6/5 throws


def test_allocation_odds_example_from_the_design():
    """docs/architecture.md: a flip of a 4-tile with two dice succeeds with 1 - (3/6)^2 = 75%."""
    assert odds.success(2, 4) == Fraction(3, 4)
