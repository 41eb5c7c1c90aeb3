"""Coordinate tags for pictures of a board: where each point's name goes (`Label`), kept clear of
the note's arrows (`Segment`). A game's screen places its own (`GameScreen.coordinate_labels`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from qipan.boardkit.svg import text_width


@dataclass(frozen=True)
class Label:
    """A coordinate label: the text, its centre and its font size."""

    text: str
    x: float
    y: float
    size: float


Segment = tuple[tuple[float, float], tuple[float, float]]
CORNERS = ((0.62, 0.74), (0.62, -0.66), (-0.62, 0.74))
"""Where a square cell's tag goes, in units of point_px's radius from its centre: the lower
right corner, else (when an arrow runs there) the upper right, a little lower so that it reads
apart from the tag of the cell above, else the lower left; never the upper left, where
Quorsum writes a tile's value and 合縱連橫 a region's letter."""


def distance(x: float, y: float, segment: Segment) -> float:
    """How far (x, y) is from `segment`."""
    (x0, y0), (x1, y1) = segment
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / length))
    return math.hypot(x - x0 - t * dx, y - y0 - t * dy)


def corner(x: float, y: float, r: float, arrows: list[Segment]) -> tuple[float, float]:
    """The first of CORNERS of the cell at (x, y) that no arrow runs through (else the first)."""
    for cx, cy in CORNERS:
        spot = (x + cx * r, y + cy * r)
        if all(distance(*spot, arrow) > 0.45 * r for arrow in arrows):
            return spot
    return x + CORNERS[0][0] * r, y + CORNERS[0][1] * r


def tag_size(text: str, size: float) -> tuple[float, float]:
    """Width and height of the tag of `text` in a font of `size` pixels."""
    return text_width(text, size, True) + 0.5 * size, 1.3 * size
