"""Board geometry (rules §2): a 10×10 grid without its four corners, seats and Home Rows.

Cells are integers `y * 10 + x` (x = 0..9 west to east, y = 0..9 south to north). The 8×8
field is x, y in 1..8; the four Home Rows are y = 0 (South), y = 9 (North), x = 0 (West),
x = 9 (East). A cell is named by file letter and rank digit: `a`..`j` for x, `0`..`9` for y,
so the field is b1..i8 and the South Home Row is b0..i0.
"""

from __future__ import annotations

from qipan.core import NotationError, require

SIZE = 10
FILES = "abcdefghij"
CORNERS = frozenset((0, 9, 90, 99))
EXISTS: tuple[bool, ...] = tuple(c not in CORNERS for c in range(SIZE * SIZE))
CELLS: tuple[int, ...] = tuple(c for c in range(SIZE * SIZE) if EXISTS[c])

SEAT_ORDER = "SWNE"
"""Seats in turn order: the player on the left goes next (§2, A10)."""
FORWARD = {"S": (0, 1), "W": (1, 0), "N": (0, -1), "E": (-1, 0)}
"""Each seat's forward direction, toward its goal row (§2)."""
OPPOSITE = {"S": "N", "N": "S", "W": "E", "E": "W"}


def cell_at(x: int, y: int) -> int:
    """The cell at (x, y), or -1 when that is off the board or a missing corner."""
    if 0 <= x < SIZE and 0 <= y < SIZE and EXISTS[y * SIZE + x]:
        return y * SIZE + x
    return -1


def cell_name(cell: int) -> str:
    """The name of a cell, e.g. 23 -> 'd2'."""
    return FILES[cell % SIZE] + str(cell // SIZE)


_CELL_BY_NAME = {cell_name(c): c for c in CELLS}


def parse_cell(text: str) -> int:
    """The cell named `text` ('b0'..'i9'); `NotationError` if there is no such cell."""
    cell = _CELL_BY_NAME.get(text)
    if cell is None:
        require(len(text) != 2 or text[0] not in FILES or text[1] not in "0123456789", f"{text!r} is a missing corner, not a cell")
        raise NotationError(f"{text!r} is not a cell name")
    return cell


def _home_row_of(cell: int) -> str:
    x, y = cell % SIZE, cell // SIZE
    if y == 0:
        return "S"
    if y == SIZE - 1:
        return "N"
    if x == 0:
        return "W"
    if x == SIZE - 1:
        return "E"
    return ""


HOME_ROW: tuple[str, ...] = tuple(_home_row_of(c) if EXISTS[c] else "#" for c in range(SIZE * SIZE))
"""The seat whose Home Row holds each cell; '' for the field, '#' for a missing corner."""
ROW_CELLS: dict[str, tuple[int, ...]] = {s: tuple(c for c in CELLS if HOME_ROW[c] == s) for s in SEAT_ORDER}
"""The 8 cells of each Home Row, in increasing x (South, North) or increasing y (West, East)."""

# Zones of a cell for one seat (§8): where that seat's pieces may stand.
MISSING, FIELD, GOAL, START, FOREIGN = -1, 0, 1, 2, 3


def _zones(seat: str) -> tuple[int, ...]:
    out = []
    for c in range(SIZE * SIZE):
        row = HOME_ROW[c]
        out.append(MISSING if row == "#" else FIELD if row == "" else START if row == seat
                   else GOAL if row == OPPOSITE[seat] else FOREIGN)
    return tuple(out)


ZONES: dict[str, tuple[int, ...]] = {s: _zones(s) for s in SEAT_ORDER}


def _far_half(seat: str) -> tuple[bool, ...]:
    fx, fy = FORWARD[seat]
    out = []
    for c in range(SIZE * SIZE):
        x, y = c % SIZE, c // SIZE
        # progress along the forward axis: 0 in the start row, 9 in the goal row
        progress = y if fy > 0 else (9 - y) if fy < 0 else x if fx > 0 else 9 - x
        out.append(EXISTS[c] and progress >= 5)
    return tuple(out)


FAR_HALF: dict[str, tuple[bool, ...]] = {s: _far_half(s) for s in SEAT_ORDER}
"""Cells in each seat's far half: field rows 5..8 counted from its start row, and beyond (§10 V2)."""

DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""The 8 unit steps in a fixed order: N, NE, E, SE, S, SW, W, NW."""


def rays(directions: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, for each direction whose first cell exists: (one step, two steps or -1)."""
    table = []
    for c in range(SIZE * SIZE):
        x, y = c % SIZE, c // SIZE
        row = []
        if EXISTS[c]:
            for dx, dy in directions:
                one = cell_at(x + dx, y + dy)
                if one >= 0:
                    row.append((one, cell_at(x + 2 * dx, y + 2 * dy)))
        table.append(tuple(row))
    return tuple(table)


def _knight_paths(cell: int) -> tuple[tuple[int, str, tuple[int, int]], ...]:
    """§7: (destination, 'L' long-first or 'S' short-first, the two crossed cells)."""
    x, y = cell % SIZE, cell // SIZE
    out = []
    for lx, ly, sx, sy in ((0, 2, 1, 0), (0, 2, -1, 0), (0, -2, 1, 0), (0, -2, -1, 0),
                           (2, 0, 0, 1), (2, 0, 0, -1), (-2, 0, 0, 1), (-2, 0, 0, -1)):
        dest = cell_at(x + lx + sx, y + ly + sy)
        if dest < 0:
            continue
        ux, uy = lx // 2, ly // 2
        long_first = (cell_at(x + ux, y + uy), cell_at(x + lx, y + ly))
        short_first = (cell_at(x + sx, y + sy), cell_at(x + sx + ux, y + sy + uy))
        # §7 GUESS: a path crossing a missing cell is unavailable (it never matters in play:
        # such paths only join two Home Rows that no piece may both stand on).
        for letter, path in (("L", long_first), ("S", short_first)):
            if min(path) >= 0:
                out.append((dest, letter, path))
    out.sort()
    return tuple(out)


KNIGHT: tuple[tuple[tuple[int, str, tuple[int, int]], ...], ...] = tuple(
    _knight_paths(c) if EXISTS[c] else () for c in range(SIZE * SIZE))
"""Per cell, the Hat's leaps: (destination, path letter, crossed cells), sorted."""
