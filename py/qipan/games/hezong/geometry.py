"""Board geometry of the 4rdp board: cells, names, the 8 directions, tetromino shapes (rules §1, §2.2).

Cells are numbered `row * 12 + col`, row 0 at the top, column 0 at the left. A cell is named by
its column letter (a-l, left to right) and row number (1-12, top to bottom): `a1` is the
top-left cell, `l12` the bottom-right one.
"""

from __future__ import annotations

from typing import Callable, Iterable

SIZE = 12
CELLS = SIZE * SIZE
COLUMNS = "abcdefghijkl"

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""The 8 directions (rules §3.2, H4: diagonal adjacency counts), as (row step, column step)."""
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""Compass names of DIRECTIONS, in the same order (N = towards row 1)."""
ALL_DIRECTIONS = (1 << len(DIRECTIONS)) - 1
"""A bit mask naming every direction."""

SHAPE_LETTERS = "IJLOSTZ"
PIECE_COUNTS: dict[str, int] = {"I": 5, "J": 5, "L": 5, "O": 5, "S": 5, "T": 6, "Z": 5}
"""The 4rdp piece set (rules §1): 36 tetrominoes covering the 144 cells exactly."""
REGIONS = sum(PIECE_COUNTS.values())

_BASE_SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "I": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "J": ((0, 0), (1, 0), (1, 1), (1, 2)),
    "L": ((0, 2), (1, 0), (1, 1), (1, 2)),
    "O": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "Z": ((0, 0), (0, 1), (1, 1), (1, 2)),
}


def _normalise(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Cells shifted so that the smallest row and column are 0, sorted row-major."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _orientations(base: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The distinct rotations of a shape (no mirroring: rules §2.2, H11)."""
    found: list[tuple[tuple[int, int], ...]] = []
    cells = base
    for _ in range(4):
        norm = _normalise(cells)
        if norm not in found:
            found.append(norm)
        cells = tuple((c, -r) for r, c in cells)
    return tuple(found)


ORIENTATIONS: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
    letter: _orientations(cells) for letter, cells in _BASE_SHAPES.items()}
"""Every orientation of every shape: I 2, J 4, L 4, O 1, S 2, T 4, Z 2 (19 in all)."""

_SHAPE_OF: dict[tuple[tuple[int, int], ...], str] = {
    form: letter for letter, forms in ORIENTATIONS.items() for form in forms}


def shape_of(cells: Iterable[int]) -> str | None:
    """The shape letter of four cells (indices), or None if they form no tetromino of the set."""
    return _SHAPE_OF.get(_normalise([divmod(cell, SIZE) for cell in cells]))


def cell_name(cell: int) -> str:
    """`a1`-style name of a cell index."""
    row, col = divmod(cell, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


_CELL_BY_NAME = {cell_name(cell): cell for cell in range(CELLS)}


def parse_cell(text: str) -> int | None:
    """The cell index named by `text` (exact, lower case), or None."""
    return _CELL_BY_NAME.get(text)


def is_dark(cell: int) -> bool:
    """Checkerboard colour of a cell (rules §2.2, parity)."""
    row, col = divmod(cell, SIZE)
    return (row + col) % 2 == 0


def _ray(cell: int, dr: int, dc: int) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    out = []
    row, col = row + dr, col + dc
    while 0 <= row < SIZE and 0 <= col < SIZE:
        out.append(row * SIZE + col)
        row, col = row + dr, col + dc
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(cell, dr, dc) for dr, dc in DIRECTIONS) for cell in range(CELLS))
"""RAYS[cell][d]: the cells from `cell` (exclusive) to the edge in direction d, nearest first."""

OPPOSITE: tuple[int, ...] = tuple((d + 4) % 8 for d in range(8))

LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({(cell // SIZE) * SIZE + c for c in range(SIZE)} | {r * SIZE + cell % SIZE for r in range(SIZE)}
                 - {cell}))
    for cell in range(CELLS))
"""LINES[cell]: the 22 other cells of the cell's row and column, in index order (rules §3.1)."""

Symmetry = Callable[[int, int], tuple[int, int]]
"""A symmetry of the square board: (row, col) -> (row, col)."""

SYMMETRIES: tuple[Symmetry, ...] = (
    lambda r, c: (r, c),
    lambda r, c: (c, SIZE - 1 - r),
    lambda r, c: (SIZE - 1 - r, SIZE - 1 - c),
    lambda r, c: (SIZE - 1 - c, r),
    lambda r, c: (r, SIZE - 1 - c),
    lambda r, c: (SIZE - 1 - r, c),
    lambda r, c: (c, r),
    lambda r, c: (SIZE - 1 - c, SIZE - 1 - r),
)
"""The 8 symmetries of the square, as maps of (row, col) (rules §2.2 step 5)."""
