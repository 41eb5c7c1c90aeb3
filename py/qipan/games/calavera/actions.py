"""The actions of Calavera, one small immutable class per kind (rules §4).

Equality includes the class, so `TakeColour(0)` and `TakeRoses(0)` never compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """A chance outcome: the faces the rolled dice show, as a count per face
    (orange, pink, green, black, rose, skull) (rules §4.1)."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reroll:
    """The active player re-rolls these non-skull dice (count per face: O, P, G, B, rose)
    and keeps the rest (rules §4.1.4)."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Stop:
    """The active player stops rolling and goes on to choose (rules §4.1.4)."""


@dataclass(frozen=True, slots=True)
class TakeColour:
    """Cross one box of row `row` for every (available) die of that colour (rules §4.2a, §4.3a)."""

    row: int


@dataclass(frozen=True, slots=True)
class TakeRoses:
    """Cross one box of row `row` for every (available) rose (rules §4.2b, §4.3b)."""

    row: int


@dataclass(frozen=True, slots=True)
class Freeze:
    """The active player freezes row `row` at its current score-zone box with roses (rules §4.2c)."""

    row: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The active player takes nothing although an option is legal (only with the
    `active_may_pass` option; rules §7 A5)."""


Action = Roll | Reroll | Stop | TakeColour | TakeRoses | Freeze | Pass
Choice = TakeColour | TakeRoses | Freeze | Pass
"""What the active player chose this turn (kept in the state while the others mark)."""
