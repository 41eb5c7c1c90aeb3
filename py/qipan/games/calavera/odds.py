"""Exact odds before a roll or re-roll (rules §4.1), for the UI and the AI.

Given the dice kept, the skulls locked aside and how many dice are re-rolled: the chance of
ending the roll with at least `k` dice of a face (a colour or roses), the chance of busting
on skulls (3 or more in the turn, rules §4.1.3), and the chance of both having at least `k`
of a face and not busting. Closed forms over the binomial / trinomial counts of one roll.
"""

from __future__ import annotations

from functools import lru_cache

from fractions import Fraction
from math import comb
from typing import NamedTuple

from qipan.games.calavera.actions import Reroll
from qipan.games.calavera.dice import DICE, ROSE
from qipan.games.calavera.rules import BUST_SKULLS, CalaveraState, Phase

FACES_KEPT = ROSE + 1
"""The faces a player can keep: four colours and the rose (skulls are never re-rolled)."""


def at_least(have: int, rerolled: int, k: int) -> Fraction:
    """P(have + the number of one face among `rerolled` dice >= k)."""
    need = max(0, k - have)
    return Fraction(sum(comb(rerolled, j) * 5 ** (rerolled - j) for j in range(need, rerolled + 1)),
                    6 ** rerolled)


def bust_chance(skulls: int, rerolled: int) -> Fraction:
    """P(the locked skulls plus the skulls rolled reach three): the turn busts."""
    return 1 - _not_reaching(skulls, rerolled)


def _not_reaching(skulls: int, rerolled: int) -> Fraction:
    """P(skulls + skulls rolled < 3)."""
    room = BUST_SKULLS - skulls
    return Fraction(sum(comb(rerolled, s) * 5 ** (rerolled - s) for s in range(0, min(room, rerolled + 1))),
                    6 ** rerolled)


def at_least_safe(have: int, skulls: int, rerolled: int, k: int) -> Fraction:
    """P(at least `k` of one face after the roll AND no bust): one face and the skull face
    are disjoint, so each die is that face (1/6), a skull (1/6) or other (4/6)."""
    need = max(0, k - have)
    room = BUST_SKULLS - skulls
    ways = sum(comb(rerolled, j) * comb(rerolled - j, s) * 4 ** (rerolled - j - s)
               for j in range(need, rerolled + 1) for s in range(0, min(room, rerolled - j + 1)))
    return Fraction(ways, 6 ** rerolled)


class RerollOdds(NamedTuple):
    """The odds of one roll. `at_least[face][k]` and `at_least_safe[face][k]` for faces
    O P G B rose (0-4) and k = 0..6 dice."""

    rerolled: int
    bust: Fraction
    at_least: tuple[tuple[Fraction, ...], ...]
    at_least_safe: tuple[tuple[Fraction, ...], ...]


@lru_cache(maxsize=512)
def reroll_odds(kept: tuple[int, ...], skulls: int, rerolled: int) -> RerollOdds:
    """The odds of rolling `rerolled` dice while keeping `kept` (count per O P G B rose) with
    `skulls` locked aside (kept: the panel shows them again at every cursor move)."""
    if rerolled < 0 or skulls < 0 or sum(kept) + skulls + rerolled > DICE or len(kept) != FACES_KEPT:
        raise ValueError(f"not a hand of six dice: kept {kept}, skulls {skulls}, re-rolling {rerolled}")
    return RerollOdds(
        rerolled,
        bust_chance(skulls, rerolled),
        tuple(tuple(at_least(kept[f], rerolled, k) for k in range(DICE + 1)) for f in range(FACES_KEPT)),
        tuple(tuple(at_least_safe(kept[f], skulls, rerolled, k) for k in range(DICE + 1))
              for f in range(FACES_KEPT)),
    )


def odds_before(state: CalaveraState, reroll: Reroll | None = None) -> RerollOdds:
    """The odds of the coming roll: in the ROLL phase the roll about to be made; in the KEEP
    phase the roll that `reroll` would make."""
    if state.phase is Phase.ROLL and reroll is None:
        return reroll_odds(state.dice, state.skulls, state.to_roll)
    if state.phase is Phase.KEEP and reroll is not None:
        kept = tuple(have - out for have, out in zip(state.dice, reroll.dice))
        if min(kept) < 0:
            raise ValueError(f"cannot re-roll {reroll.dice}: the hand is {state.dice}")
        return reroll_odds(kept, state.skulls, sum(reroll.dice))
    raise ValueError("odds are for the ROLL phase, or for a Reroll in the KEEP phase")
