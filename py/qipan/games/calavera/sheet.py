"""The score sheet as data: our best reconstruction of the printed pad (rules §3).

The printed sheet was not found (rules §2, §9). Every rule in `rules.py` reads these names
only, so correcting the layout from a real pad touches this file alone. All four colour rows
are identical (rules §3, GUESS). Indices are 0-based box numbers; a row with `n` crosses has
its current box at `n - 1`.
"""

from __future__ import annotations

from typing import NamedTuple


class BonusLine(NamedTuple):
    """A vertical red line just right of box `after`: worth `first` to the first player whose
    four rows all reach it, `later` to everyone after (rules §4.6)."""

    after: int
    first: int
    later: int


COLOURS: tuple[str, ...] = ("orange", "pink", "green", "black")
"""The four colour rows, in sheet order (rules §1.2; the names are display labels)."""

VALUES: tuple[int, ...] = (0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 8, 10, 3, 0, -3)
"""The value printed under every box (rules §3; boxes 6-8 and 14-15 are GUESSES)."""

FREEZE_ROSES: tuple[int | None, ...] = (None,) * 8 + (2, 2, 2, 3, 3) + (None,) * 3
"""Roses needed to freeze a row whose current box is this one; None = cannot freeze here
(rules §3, K4: the 2-rose area 4-6 and the 3-rose area 8-10 form the yellow score zone)."""

DEATH_FROM: int = 13
"""The first box of the grey death zone (rules §3, K6: the last 3 columns)."""

BONUS_LINES: tuple[BonusLine, ...] = (
    BonusLine(after=4, first=4, later=2),   # K12: 4 / 2 known; position GUESS
    BonusLine(after=7, first=5, later=3),   # K13: 5 known; 3 and position GUESS
    BonusLine(after=10, first=6, later=3),  # GUESS
)
"""The three bonus lines, 3 boxes apart (rules §3, K10)."""

BOXES: int = len(VALUES)
"""Boxes per row."""


def _check_sheet() -> None:
    """The layout's own consistency (so an edited sheet fails loudly at import)."""
    if len(FREEZE_ROSES) != BOXES or not 0 < DEATH_FROM < BOXES:
        raise ValueError("calavera sheet: FREEZE_ROSES or DEATH_FROM does not fit VALUES")
    if any(FREEZE_ROSES[box] is not None for box in range(DEATH_FROM, BOXES)):
        raise ValueError("calavera sheet: a death-zone box cannot be frozen with roses")
    if any(not 0 <= line.after < BOXES - 1 for line in BONUS_LINES):
        raise ValueError("calavera sheet: a bonus line lies outside the row")


_check_sheet()
