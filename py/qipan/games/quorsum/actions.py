"""The actions of Quorsum: small immutable values, one class per kind of decision or outcome.

Chance outcomes: `RollOff` (opening roll, ties already re-rolled), `Lay` (one tile of a later
match game's layout) and `Dice` (how many of the rolled dice met the target value).
"""

from __future__ import annotations

from dataclasses import dataclass

MOVE = "move"
FLIP = "flip"
FIRST = "first"
PLACE = "place"


@dataclass(frozen=True, slots=True)
class RollOff:
    """§3.2 opening roll: player 1's face and player 2's face (never equal: ties re-roll)."""
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Lay:
    """§3.1 (later games of a match): the next cell of the layout gets this tile."""
    value: int
    colour: int  # 0 dark, 1 light


@dataclass(frozen=True, slots=True)
class Choose:
    """§3.2: the roll-off winner takes the first turn ("first") or places the pawns ("place")."""
    option: str


@dataclass(frozen=True, slots=True)
class Place:
    """§3.3: the two corners that get player 1's pawns (player 2 gets the other two)."""
    corners: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Allot:
    """§4.1: put `dice` dice on one action: move the pawn on `cell`, or flip tile `cell`."""
    kind: str
    cell: int
    dice: int


@dataclass(frozen=True, slots=True)
class Go:
    """§4.1/A7: the allocation is complete; the dice not allotted are given up."""


@dataclass(frozen=True, slots=True)
class Try:
    """§4.2: resolve this allotted action next (the order is free)."""
    kind: str
    cell: int
    dice: int


@dataclass(frozen=True, slots=True)
class Step:
    """§4.2 chain rule: declare the next target tile of the moving pawn (then the dice roll)."""
    cell: int


@dataclass(frozen=True, slots=True)
class Stop:
    """§4.2/A3: end the current chain early; its dice are lost."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """§4.2: end the turn now; unresolved actions are lost."""


@dataclass(frozen=True, slots=True)
class Dice:
    """A roll's outcome: `met` of the rolled dice showed at least the target tile's value."""
    met: int


GO = Go()
STOP = Stop()
END_TURN = EndTurn()

Action = RollOff | Lay | Choose | Place | Allot | Go | Try | Step | Stop | EndTurn | Dice
"""Every action of Quorsum (decisions and chance outcomes)."""
