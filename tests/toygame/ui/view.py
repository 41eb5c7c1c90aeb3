"""The Dice Race track on a canvas: geometry, hit-testing and drawing. It holds no rules.

One lane per runner under a row of cell numbers; each runner is a numbered disc (never colour
alone), and the mover's unbanked total a dashed ring where banking would take it. `draw` takes
any object with the CanvasRenderingContext2D methods.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from qipan.boardkit.canvas import badge

COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
"""Each player's colour (Okabe–Ito: safe for the common colour-vision deficiencies)."""
INK = ("#3b2f1f", "#f1e9da")
"""Lines and numbers on the light and the dark board."""
GOAL_FILL = ("#f6c76b", "#8a6a2c")
MARGIN = 0.4
"""Cells of room around the track."""
ASPECT = 0.45
"""The board's height over its width (a 10-cell track, 2-4 lanes, fits)."""


@dataclass(frozen=True)
class Layout:
    """Maps cells and lanes to CSS pixels for a canvas of `width` x `height` CSS pixels."""

    width: float
    height: float
    goal: int
    lanes: int

    @property
    def unit(self) -> float:
        """The side of a cell in pixels."""
        return min(self.width / (self.goal + 1 + 2 * MARGIN), self.height / (self.lanes + 1 + 2 * MARGIN))

    def _left_top(self) -> tuple[float, float]:
        u = self.unit
        return (self.width - (self.goal + 1) * u) / 2, (self.height - (self.lanes + 1) * u) / 2

    def cell_px(self, cell: int, lane: int) -> tuple[float, float]:
        """The centre of `cell` in `lane` (lane -1: the row of numbers)."""
        left, top = self._left_top()
        return left + (cell + 0.5) * self.unit, top + (lane + 1.5) * self.unit

    def column_px(self, cell: int) -> tuple[float, float, float]:
        """The centre of a cell's column over every lane, and a radius that rings it."""
        x, first = self.cell_px(cell, 0)
        _, last = self.cell_px(cell, self.lanes - 1)
        return x, (first + last) / 2, 0.48 * self.unit

    def hit(self, x: float, y: float) -> int | None:
        """The cell a click at (x, y) means, or None off the track."""
        left, top = self._left_top()
        cell, row = math.floor((x - left) / self.unit), math.floor((y - top) / self.unit) - 1
        return cell if 0 <= cell <= self.goal and 0 <= row < self.lanes else None


@dataclass(frozen=True)
class Scene:
    """What is drawn: the runners, the mover and the unbanked total."""

    cells: tuple[int, ...]
    mover: int | None
    total: int
    dark: bool = False


def draw(ctx: Any, layout: Layout, scene: Scene) -> None:
    """Draw the numbers, the lanes, the runners and the unbanked total."""
    u, ink = layout.unit, INK[scene.dark]
    ctx.clearRect(0, 0, layout.width, layout.height)
    ctx.font = f"600 {max(8, round(0.4 * u))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.lineWidth = max(1.0, 0.04 * u)
    for cell in range(layout.goal + 1):
        x, y = layout.cell_px(cell, -1)
        ctx.fillStyle = ink
        ctx.fillText(str(cell), x, y)
        for lane in range(layout.lanes):
            x, y = layout.cell_px(cell, lane)
            if cell == layout.goal:
                ctx.fillStyle = GOAL_FILL[scene.dark]
                ctx.fillRect(x - u / 2, y - u / 2, u, u)
            ctx.strokeStyle = ink
            ctx.strokeRect(x - u / 2, y - u / 2, u, u)
    if scene.mover is not None and scene.total:
        x, y = layout.cell_px(min(layout.goal, scene.cells[scene.mover] + scene.total), scene.mover)
        ctx.setLineDash([0.1 * u, 0.08 * u])
        ctx.strokeStyle = COLOURS[scene.mover]
        ctx.lineWidth = 0.06 * u
        ctx.beginPath()
        ctx.arc(x, y, 0.36 * u, 0, math.tau)
        ctx.stroke()
        ctx.setLineDash([])
    for player, cell in enumerate(scene.cells):
        x, y = layout.cell_px(cell, player)
        badge(ctx, x, y, 0.32 * u, str(player + 1), COLOURS[player], "#ffffff")
