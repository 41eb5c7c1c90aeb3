"""Concrete dice faces for display, consistent with a grouped chance outcome.

The engine's chance outcomes count the dice that met a value (§11); a UI shows real faces.
These functions draw faces with the right conditional distribution from an `Rng`, so the
display never changes what happened.
"""

from __future__ import annotations

from qipan.core import Rng
from qipan.games.quorsum.actions import Dice, RollOff


def roll_faces(dice: int, value: int, outcome: Dice, rng: Rng) -> tuple[int, ...]:
    """Faces of `dice` dice of which exactly `outcome.met` show `value` or more.

    Given the count, which dice met the value is uniform, and each die is uniform within its
    range (value..6 for those that met it, 1..value-1 for the others).
    """
    if not 0 <= outcome.met <= dice or not 2 <= value <= 6:
        raise ValueError(f"{outcome.met} of {dice} dice cannot meet value {value}")
    faces = [value + rng.randbelow(7 - value) for _ in range(outcome.met)]
    faces += [1 + rng.randbelow(value - 1) for _ in range(dice - outcome.met)]
    rng.shuffle(faces)
    return tuple(faces)


def rolloff_faces(outcome: RollOff, rng: Rng) -> tuple[tuple[int, int], ...]:
    """The opening roll as thrown: any tied throws (each 1/6 likely) and then `outcome`."""
    throws = []
    while rng.randbelow(6) == 0:
        face = 1 + rng.randbelow(6)
        throws.append((face, face))
    throws.append((outcome.first, outcome.second))
    return tuple(throws)
