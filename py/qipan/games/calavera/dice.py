"""The six identical dice (rules §1.1) and the exact distribution of a roll.

A die shows one of six faces with probability 1/6 each: the four colours, a rose and a
skull. Because the dice are identical, a roll of `n` dice is grouped into the multiset of
faces it shows (a count per face) with its multinomial probability.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial

ORANGE, PINK, GREEN, BLACK, ROSE, SKULL = range(6)
"""Face indices. Colour faces 0-3 are also the row indices of the score sheet."""

DICE = 6
"""Dice in the game (rules §1.1)."""

FACES = 6
"""Faces per die."""

FACE_LETTERS = "OPGBRS"
"""One letter per face, in face order: Orange Pink Green Black Rose Skull."""

Counts = tuple[int, ...]
"""A multiset of dice as a count per face (length 6, or 5 when skulls are kept apart)."""


def faces_of(counts: Counts) -> tuple[int, ...]:
    """The faces of a multiset, one entry per die, in face order (for showing the dice)."""
    return tuple(face for face, count in enumerate(counts) for _ in range(count))


def _distribution(n: int) -> tuple[tuple[Counts, Fraction], ...]:
    """Every multiset of `n` dice over the six faces with its exact probability."""
    total = FACES ** n
    table = []
    for faces in combinations_with_replacement(range(FACES), n):
        counts = [0] * FACES
        for face in faces:
            counts[face] += 1
        ways = factorial(n)
        for count in counts:
            ways //= factorial(count)
        table.append((tuple(counts), Fraction(ways, total)))
    return tuple(table)


ROLLS: tuple[tuple[tuple[Counts, Fraction], ...], ...] = tuple(_distribution(n) for n in range(DICE + 1))
"""`ROLLS[n]`: the outcomes of rolling `n` dice (face-order multisets) with probabilities."""
