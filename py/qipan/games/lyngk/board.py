"""The 43-point LYNGK board (rules §2): labels, axial coordinates, drawing coordinates, lines.

Points are indices 0..42 in the order of §15: A1, B1..B4, C1..C7, D1..D6, E1..E7, F1..F6,
G1..G7, H1..H4, I1. Users see per-column labels (numbered from the bottom of each column,
§2.2(a)); the engine works on axial (q, r) with E4 = (0, 0) (§2.2(c)).
"""

from __future__ import annotations

from math import sqrt

from qipan.core import NotationError

COLUMNS = "ABCDEFGHI"
COLUMN_SIZES = (1, 4, 7, 6, 7, 6, 7, 4, 1)
_AXIAL_OFFSET = (2, 1, 0, 1, 1, 2, 2, 4, 6)
"""§2.2 conversion: axial number = per-column index + offset of the column."""

DIRECTIONS = ((0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0))
"""The six axial steps of §2.2(c), clockwise from straight up as drawn."""


def _build_points() -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, int], ...]]:
    labels: list[str] = []
    axial_labels: list[str] = []
    axial: list[tuple[int, int]] = []
    for col, (letter, size, offset) in enumerate(zip(COLUMNS, COLUMN_SIZES, _AXIAL_OFFSET)):
        for n in range(1, size + 1):
            labels.append(f"{letter}{n}")
            axial_labels.append(f"{letter}{n + offset}")
            axial.append((col - 4, n + offset - 5))
    return tuple(labels), tuple(axial_labels), tuple(axial)


LABELS, AXIAL_LABELS, AXIAL = _build_points()
"""Per-column labels, axial labels and axial (q, r), each in point order."""
POINTS = tuple(range(len(LABELS)))
"""The point indices 0..42 in §15 order."""
INDEX = {q_r: i for i, q_r in enumerate(AXIAL)}
"""Axial (q, r) -> point index."""
XY = tuple((q * sqrt(3) / 2, r - q / 2) for q, r in AXIAL)
"""Drawing coordinates (§2.2(c)): E4 at the origin, unit spacing, y grows upward."""


def _ray(point: int, step: tuple[int, int]) -> tuple[int, ...]:
    q, r = AXIAL[point]
    out: list[int] = []
    while True:
        q, r = q + step[0], r + step[1]
        if (q, r) not in INDEX:
            return tuple(out)
        out.append(INDEX[(q, r)])


RAYS = tuple(tuple(_ray(p, d) for d in DIRECTIONS) for p in POINTS)
"""RAYS[p][d]: the points met walking from p along DIRECTIONS[d], nearest first (§4.3)."""
NEIGHBOURS = tuple(tuple(ray[0] for ray in rays if ray) for rays in RAYS)
"""The adjacent points of each point, clockwise from straight up."""


def _build_lines() -> tuple[tuple[int, ...], ...]:
    lines = []
    for step in ((0, 1), (1, 0), (1, 1)):  # column, falling, rising (§2.3)
        for p in POINTS:
            q, r = AXIAL[p]
            if (q - step[0], r - step[1]) in INDEX:
                continue
            line = (p,) + _ray(p, step)
            if len(line) > 1:
                lines.append(line)
    return tuple(lines)


LINES = _build_lines()
"""The 21 maximal lines of §2.3 (columns, falling, rising), each as points in order."""

_BY_LABEL = {text: i for i, text in enumerate(LABELS)}
_BY_AXIAL_LABEL = {text: i for i, text in enumerate(AXIAL_LABELS)}


def parse_point(text: str, axial: bool = False) -> int:
    """The index of a point named per column (`C3`), or in axial labels when `axial` is set.

    Raises `NotationError` for a name that is not one of the 43 points.
    """
    if not isinstance(text, str):
        raise NotationError(f"a point name must be text, not {text!r}")
    key = text.strip().upper()
    table = _BY_AXIAL_LABEL if axial else _BY_LABEL
    if key not in table:
        kind = "axial" if axial else "per-column"
        raise NotationError(f"{text!r} is not a point of the LYNGK board ({kind} labels, §2.4)")
    return table[key]


def label(index: int) -> str:
    """The per-column label of a point (`0` -> `A1`)."""
    return LABELS[index]
