"""Board geometry of Quorsum (rules §2): a 4×4 grid, orthogonal steps, corners and homes.

A cell is an index 0..15, `4*r + c` with row r = 0..3 (ranks 1..4) and column c = 0..3
(files a..d), so cell 0 is a1 and cell 15 is d4.
"""

from __future__ import annotations

SIZE = 4
CELLS = tuple(range(SIZE * SIZE))
FILES = "abcd"
CORNERS = (0, 3, 12, 15)
"""a1, d1, a4, d4."""


def cell_name(cell: int) -> str:
    """The name of a cell, e.g. 0 -> 'a1', 15 -> 'd4'."""
    return FILES[cell % SIZE] + str(cell // SIZE + 1)


NAMES = tuple(cell_name(cell) for cell in CELLS)
CELL_OF = {name: cell for cell, name in enumerate(NAMES)}


def home_of(start: int) -> int:
    """§2: a pawn's home is the corner diagonally opposite its starting corner."""
    return 15 - start


def distance(cell: int, home: int) -> int:
    """§2 / A10: Manhattan distance from `cell` to `home` (0..6)."""
    return abs(cell // SIZE - home // SIZE) + abs(cell % SIZE - home % SIZE)


def _neighbours(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, SIZE)
    found = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            found.append(rr * SIZE + cc)
    return tuple(found)


NEIGHBOURS = tuple(_neighbours(cell) for cell in CELLS)
"""§2: orthogonal neighbours of each cell, in increasing cell order."""
