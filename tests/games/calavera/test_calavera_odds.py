"""The re-roll odds (odds.py) and the roll distribution, checked against exhaustive enumeration
of every ordered outcome of the dice (rules §1.1: each face 1/6; §4.1: skulls lock, 3 bust)."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Reroll
from qipan.games.calavera.dice import ROLLS
from qipan.games.calavera.odds import odds_before, reroll_odds

ROSE, SKULL = 4, 5


def ordered_outcomes(n):
    """Every ordered roll of n dice as a count per face (6^n of them)."""
    return [tuple(Counter(faces)[f] for f in range(6)) for faces in product(range(6), repeat=n)]


ORDERED = {n: ordered_outcomes(n) for n in range(7)}


@pytest.mark.parametrize("n", range(7))
def test_roll_distribution_matches_enumeration(n):
    """§8: a roll of n dice grouped into multisets has the multinomial weights."""
    counts = Counter(ORDERED[n])
    assert dict(ROLLS[n]) == {dice: Fraction(c, 6 ** n) for dice, c in counts.items()}


KEPT_HANDS = [((0, 0, 0, 0, 0), 0), ((2, 0, 1, 0, 1), 1), ((0, 1, 0, 0, 2), 2), ((1, 1, 0, 0, 0), 0),
              ((0, 0, 0, 3, 0), 2), ((1, 0, 0, 0, 0), 2)]


@pytest.mark.parametrize("kept,skulls", KEPT_HANDS)
def test_reroll_odds_match_enumeration(kept, skulls):
    """§4.1: at least k of a face, busting, and both, for every number of dice re-rolled."""
    for n in range(0, 6 - sum(kept) - skulls + 1):
        odds = reroll_odds(kept, skulls, n)
        outcomes = ORDERED[n]
        total = len(outcomes)
        bust = sum(1 for c in outcomes if skulls + c[SKULL] >= 3)
        assert odds.bust == Fraction(bust, total)
        for face in range(5):
            for k in range(7):
                hit = [c for c in outcomes if kept[face] + c[face] >= k]
                assert odds.at_least[face][k] == Fraction(len(hit), total), (face, k, n)
                safe = sum(1 for c in hit if skulls + c[SKULL] < 3)
                assert odds.at_least_safe[face][k] == Fraction(safe, total), (face, k, n)


def test_odds_before_a_reroll_agree_with_the_engine_chance_node():
    """§4.1.4: the odds of a re-roll equal the engine's own chance outcomes after it."""
    state = GAME.parse_position("v1 start=0 sheets=0.0.0.0/0.0.0.0 bonus=---/--- claimed=--- "
                                "phase=keep active=0 rolls=1 dice=OOPR skulls=2")
    reroll = Reroll((0, 1, 0, 0, 1))
    odds = odds_before(state, reroll)
    rolled = state.apply(reroll)
    assert rolled.to_roll == odds.rerolled == 2
    assert odds == odds_before(rolled)
    bust = sum(p for roll, p in rolled.chance_outcomes() if roll.dice[SKULL] + 2 >= 3)
    assert odds.bust == bust == Fraction(11, 36)
    three_orange = sum(p for roll, p in rolled.chance_outcomes() if roll.dice[0] + 2 >= 3)
    assert odds.at_least[0][3] == three_orange


def test_odds_refuse_an_impossible_hand():
    with pytest.raises(ValueError):
        reroll_odds((3, 3, 0, 0, 0), 1, 1)
    state = GAME.new(2, start_player=0)
    with pytest.raises(ValueError):
        odds_before(state, Reroll((1, 0, 0, 0, 0)))


def test_a_grouped_roll_keeps_its_real_faces():
    """§8: the grouped outcome still names every die's face, for a UI to show."""
    from qipan.games.calavera.dice import faces_of
    assert faces_of((2, 0, 1, 0, 1, 2)) == (0, 0, 2, 4, 5, 5)
    assert all(len(faces_of(dice)) == n for n in range(7) for dice, _ in ROLLS[n])
