"""The 合縱連橫 board on a canvas: geometry, hit-testing and drawing. It holds no rules.

`draw(ctx, layout, scene)` takes any object with the CanvasRenderingContext2D methods (the
browser's context, or a recording stand-in in the tests). Colour is never the only cue: every
stone carries its player's number, every region its shape letter (or, in the region view, the
points it yields), legal cells a dot, stones an attack would remove a cross.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from qipan.games.hezong.geometry import COLUMNS, SIZE
from qipan.boardkit.canvas import ring
from qipan.boardkit.display import piece, unchanging

# Okabe–Ito palette (told apart under the common colour-vision deficiencies); numbers on top.
STONE_FILL = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#f0e442", "#56b4e9", "#d55e00", "#1f1f1f")
STONE_INK = ("#ffffff", "#1f1f1f", "#ffffff", "#1f1f1f", "#1f1f1f", "#1f1f1f", "#ffffff", "#ffffff")
SHAPE_TINT = {"I": "#f1dfb8", "J": "#dfe8cf", "L": "#d6e3ea", "O": "#eed8d2", "S": "#e3dbec", "T": "#f3ebc8",
              "Z": "#d5e9df"}
SHAPE_TINT_DARK = {"I": "#4a3d28", "J": "#3a4430", "L": "#2f3e47", "O": "#4a3431", "S": "#3e3649", "T": "#4a4328",
                   "Z": "#2f463b"}
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
"""Arrow keys as (row step, column step) for the keyboard cursor."""

_MARGIN = 0.62  # coordinate labels, in cells, on each side


@dataclass(frozen=True)
class Layout:
    """Maps cells to CSS pixels for a canvas of `width` x `height` CSS pixels."""

    width: float
    height: float

    @property
    def cell(self) -> float:
        """The side of one cell in pixels."""
        return min(self.width, self.height) / (SIZE + 2 * _MARGIN)

    @property
    def origin(self) -> tuple[float, float]:
        """The top-left corner of cell a1."""
        side = self.cell * SIZE
        return (self.width - side) / 2, (self.height - side) / 2

    def corner(self, cell: int) -> tuple[float, float]:
        """The top-left corner of a cell."""
        row, col = divmod(cell, SIZE)
        ox, oy = self.origin
        return ox + col * self.cell, oy + row * self.cell

    def centre(self, cell: int) -> tuple[float, float]:
        x, y = self.corner(cell)
        return x + self.cell / 2, y + self.cell / 2

    def hit(self, x: float, y: float) -> int | None:
        """The cell under (x, y), or None outside the board."""
        ox, oy = self.origin
        col = math.floor((x - ox) / self.cell)
        row = math.floor((y - oy) / self.cell)
        if 0 <= row < SIZE and 0 <= col < SIZE:
            return row * SIZE + col
        return None


def step(cell: int, key: str) -> int:
    """The cell one arrow key away (clamped at the edge)."""
    dr, dc = ARROWS[key]
    row, col = divmod(cell, SIZE)
    row = min(max(row + dr, 0), SIZE - 1)
    col = min(max(col + dc, 0), SIZE - 1)
    return row * SIZE + col


@dataclass(frozen=True)
class Scene:
    """What to draw: the map, the stones, and the view's highlights.

    `stones[cell]` is a player index or negative (empty or closed); `mover` the player whose
    ghost stone previews a selected cell; `targets` the stones the preview would remove;
    `gone` the (cell, player) stones the last move removed; `regions_view` shows, per region,
    who holds it and the points it yields (`holders[region]`: bit mask of players).
    """

    regions: tuple[int, ...]
    shapes: str
    stones: tuple[int, ...]
    legal: frozenset[int] = frozenset()
    last: int = -1
    mover: int = -1
    selected: int | None = None
    targets: tuple[int, ...] = ()
    gone: tuple[tuple[int, int], ...] = ()
    cursor: int | None = None
    regions_view: bool = False
    dark: bool = False

    def holders(self) -> list[int]:
        """Per region, the mask of players with a stone in it."""
        masks = [0] * len(self.shapes)
        for cell, stone in enumerate(self.stones):
            if stone >= 0:
                masks[self.regions[cell]] |= 1 << stone
        return masks


def region_labels(regions: tuple[int, ...]) -> dict[int, int]:
    """The cell of each region that carries its label: its first cell in reading order."""
    first: dict[int, int] = {}
    for cell, region in enumerate(regions):
        first.setdefault(region, cell)
    return first


def draw(ctx: Any, layout: Layout, scene: Scene) -> None:
    """Draw the whole board (one call per frame)."""
    ink = "#f1e9da" if scene.dark else "#3b2f1f"
    ctx.clearRect(0, 0, layout.width, layout.height)
    holders = tuple(scene.holders()) if scene.regions_view else ()
    unchanging(ctx, (layout, scene.regions, scene.shapes, holders, scene.regions_view, scene.dark),
               lambda ctx: _draw_regions(ctx, layout, scene, ink))
    unchanging(ctx, (layout, scene.regions, scene.shapes, scene.last, scene.legal, scene.regions_view, scene.dark),
               lambda ctx: _draw_map(ctx, layout, scene, ink))
    _draw_attack_lines(ctx, layout, scene)
    for cell, stone in enumerate(scene.stones):
        if stone >= 0:
            _stone(ctx, layout, cell, stone, 1.0)
        elif stone < -1:  # a closed cell (option reuse_removed_cells=false)
            _cross(ctx, layout, cell, ink, 0.28, 0.06)
    _draw_gone(ctx, layout, scene, ink)
    if scene.regions_view:
        _draw_points(ctx, layout, scene, ink)
    if scene.last >= 0:
        x, y = layout.centre(scene.last)
        ring(ctx, x, y, 0.46 * layout.cell, ink, 0.07 * layout.cell)
    _draw_preview(ctx, layout, scene, ink)
    if scene.cursor is not None:
        x, y = layout.corner(scene.cursor)
        c = layout.cell
        ctx.save()
        ctx.setLineDash([0.16 * c, 0.1 * c])
        ctx.strokeStyle = "#ce93d8" if scene.dark else "#6a1b9a"
        ctx.lineWidth = 0.09 * c
        ctx.strokeRect(x + 0.05 * c, y + 0.05 * c, 0.9 * c, 0.9 * c)
        ctx.restore()


def _draw_map(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """Over the regions: the row and column of the last stone, the grid, the labels and the cells a
    stone may go on: what a cursor move leaves as it is (reads only the layout, `regions`,
    `shapes`, `last`, `legal`, `regions_view` and `dark`). The regions under them are a layer of
    their own: they change with neither a stone nor a cursor move (but in the region view)."""
    _draw_line_band(ctx, layout, scene)
    # the grid and the labels are pieces (display.py): a stone records the band and the dots again
    piece(ctx, ("grid", layout, scene.regions, ink), lambda ctx: _draw_grid(ctx, layout, scene, ink))
    if not scene.regions_view:
        piece(ctx, ("labels", layout, scene.regions, scene.shapes, ink),
              lambda ctx: _draw_labels(ctx, layout, scene, ink))
    piece(ctx, ("coordinates", layout, ink), lambda ctx: _draw_coordinates(ctx, layout, ink))
    _draw_legal(ctx, layout, scene, ink)


def _draw_regions(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """Each region filled by its shape's tint; in the region view, plain unless held: the
    owner's colour for an exclusive region, hatching for a shared one."""
    c = layout.cell
    tints = SHAPE_TINT_DARK if scene.dark else SHAPE_TINT
    holders = scene.holders() if scene.regions_view else []
    plain = "#3a3125" if scene.dark else "#f6efe0"
    for cell, region in enumerate(scene.regions):
        x, y = layout.corner(cell)
        ctx.fillStyle = plain if holders else tints[scene.shapes[region]]
        ctx.fillRect(x, y, c, c)
        if not holders or not holders[region]:
            continue
        mask = holders[region]
        ctx.save()
        if mask & (mask - 1):  # shared: hatching
            ctx.beginPath()
            ctx.rect(x, y, c, c)
            ctx.clip()
            ctx.strokeStyle = ink
            ctx.globalAlpha = 0.4
            ctx.lineWidth = max(1.0, 0.05 * c)
            ctx.beginPath()
            for i in range(-1, 4):
                ctx.moveTo(x + i * c / 3, y + c)
                ctx.lineTo(x + i * c / 3 + c, y)
            ctx.stroke()
        else:  # exclusive: the owner's colour
            ctx.globalAlpha = 0.55
            ctx.fillStyle = STONE_FILL[mask.bit_length() - 1]
            ctx.fillRect(x, y, c, c)
        ctx.restore()


def _draw_line_band(ctx: Any, layout: Layout, scene: Scene) -> None:
    """The row and column of the last stone (rules §3.1), lightly shaded."""
    if scene.last < 0 or not scene.legal:
        return
    c = layout.cell
    ox, oy = layout.origin
    x, y = layout.corner(scene.last)
    ctx.save()
    ctx.globalAlpha = 0.16
    ctx.fillStyle = "#ffffff" if scene.dark else "#7a4b12"
    ctx.fillRect(ox, y, c * SIZE, c)
    ctx.fillRect(x, oy, c, c * SIZE)
    ctx.restore()


def _draw_grid(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """Thin cell lines, then heavy borders between regions and around the board (reads only the
    layout and `regions`)."""
    c = layout.cell
    ox, oy = layout.origin
    side = c * SIZE
    ctx.save()
    ctx.strokeStyle = ink
    ctx.globalAlpha = 0.28
    ctx.lineWidth = max(0.5, 0.02 * c)
    ctx.beginPath()
    for i in range(1, SIZE):
        ctx.moveTo(ox + i * c, oy)
        ctx.lineTo(ox + i * c, oy + side)
        ctx.moveTo(ox, oy + i * c)
        ctx.lineTo(ox + side, oy + i * c)
    ctx.stroke()
    ctx.globalAlpha = 1.0
    ctx.lineWidth = max(2.0, 0.09 * c)
    ctx.lineCap = "round"
    ctx.beginPath()
    regions = scene.regions
    for cell, region in enumerate(regions):
        row, col = divmod(cell, SIZE)
        x, y = ox + col * c, oy + row * c
        if col + 1 < SIZE and regions[cell + 1] != region:
            ctx.moveTo(x + c, y)
            ctx.lineTo(x + c, y + c)
        if row + 1 < SIZE and regions[cell + SIZE] != region:
            ctx.moveTo(x, y + c)
            ctx.lineTo(x + c, y + c)
    ctx.stroke()
    ctx.lineWidth = max(2.5, 0.12 * c)
    ctx.strokeRect(ox, oy, side, side)
    ctx.restore()


def _draw_labels(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """Each region's shape letter in its first cell's corner (reads only the layout, `regions` and
    `shapes`)."""
    c = layout.cell
    ctx.save()
    ctx.fillStyle = ink
    ctx.globalAlpha = 0.6
    ctx.textAlign = "left"
    ctx.textBaseline = "top"
    ctx.font = f"600 {max(7, round(0.22 * c))}px system-ui, sans-serif"
    for region, cell in region_labels(scene.regions).items():
        x, y = layout.corner(cell)
        ctx.fillText(scene.shapes[region], x + 0.07 * c, y + 0.05 * c)
    ctx.restore()


def _draw_points(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """Region view: the points each held region yields (+2 exclusive, +1 shared), on a tag
    above the stones."""
    c = layout.cell
    holders = scene.holders()
    ctx.save()
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = f"700 {max(8, round(0.26 * c))}px system-ui, sans-serif"
    for region, cell in region_labels(scene.regions).items():
        mask = holders[region]
        if not mask:
            continue
        x, y = layout.corner(cell)
        ctx.fillStyle = "#1d1914" if scene.dark else "#ffffff"
        ctx.strokeStyle = ink
        ctx.lineWidth = max(1.0, 0.03 * c)
        ctx.beginPath()
        ctx.rect(x + 0.03 * c, y + 0.03 * c, 0.44 * c, 0.3 * c)
        ctx.fill()
        ctx.stroke()
        ctx.fillStyle = ink
        ctx.fillText("+1" if mask & (mask - 1) else "+2", x + 0.25 * c, y + 0.19 * c)
    ctx.restore()


def _draw_coordinates(ctx: Any, layout: Layout, ink: str) -> None:
    """Column letters above and below the board, row numbers left and right."""
    c = layout.cell
    ox, oy = layout.origin
    side = c * SIZE
    gap = 0.36 * c
    ctx.save()
    ctx.fillStyle = ink
    ctx.globalAlpha = 0.8
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = f"600 {max(8, round(0.3 * c))}px system-ui, sans-serif"
    for i in range(SIZE):
        x = ox + (i + 0.5) * c
        ctx.fillText(COLUMNS[i], x, oy - gap)
        ctx.fillText(COLUMNS[i], x, oy + side + gap)
        y = oy + (i + 0.5) * c
        ctx.fillText(str(i + 1), ox - gap, y)
        ctx.fillText(str(i + 1), ox + side + gap, y)
    ctx.restore()


def _draw_legal(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """A dot in every cell the mover may use."""
    c = layout.cell
    ctx.save()
    ctx.fillStyle = "#1b5e20" if not scene.dark else "#a5d6a7"
    ctx.strokeStyle = "#ffffff" if not scene.dark else "#1d1914"
    ctx.lineWidth = max(1.0, 0.03 * c)
    for cell in scene.legal:
        x, y = layout.centre(cell)
        ctx.beginPath()
        ctx.arc(x, y, 0.12 * c, 0, math.tau)
        ctx.fill()
        ctx.stroke()
    ctx.restore()


def _draw_gone(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """Stones the last move removed: a dashed outline in their colour, their number, a cross."""
    c = layout.cell
    for cell, player in scene.gone:
        if scene.stones[cell] >= 0:
            continue  # a stone was placed there since (cell reused)
        x, y = layout.centre(cell)
        ctx.save()
        ctx.setLineDash([0.1 * c, 0.07 * c])
        ring(ctx, x, y, 0.36 * c, STONE_FILL[player], 0.08 * c)
        ctx.restore()
        _text(ctx, str(player + 1), x, y, 0.3 * c, ink, 0.55)
        _cross(ctx, layout, cell, "#b3261e" if not scene.dark else "#ef9a9a", 0.3, 0.06)


def _draw_attack_lines(ctx: Any, layout: Layout, scene: Scene) -> None:
    """Dashed lines from the selected cell to each stone its attack would remove (under the stones)."""
    if scene.selected is None or not scene.targets:
        return
    c = layout.cell
    sx, sy = layout.centre(scene.selected)
    ctx.save()
    ctx.strokeStyle = "#b3261e" if not scene.dark else "#ef9a9a"
    ctx.lineWidth = max(1.5, 0.06 * c)
    ctx.setLineDash([0.14 * c, 0.08 * c])
    ctx.beginPath()
    for target in scene.targets:
        tx, ty = layout.centre(target)
        ctx.moveTo(sx, sy)
        ctx.lineTo(tx, ty)
    ctx.stroke()
    ctx.restore()


def _draw_preview(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """The selected cell's ghost stone and a ring and a cross on each stone it would remove."""
    if scene.selected is None:
        return
    c = layout.cell
    sx, sy = layout.centre(scene.selected)
    warn = "#b3261e" if not scene.dark else "#ef9a9a"
    if scene.mover >= 0:
        _stone(ctx, layout, scene.selected, scene.mover, 0.6)
    ring(ctx, sx, sy, 0.47 * c, "#f9a825", 0.1 * c)
    for target in scene.targets:
        tx, ty = layout.centre(target)
        ring(ctx, tx, ty, 0.45 * c, warn, 0.08 * c)
        _cross(ctx, layout, target, warn, 0.34, 0.1)


def _stone(ctx: Any, layout: Layout, cell: int, player: int, alpha: float) -> None:
    """A stone: a disc in the player's colour with the player's number."""
    c = layout.cell
    x, y = layout.centre(cell)
    ctx.save()
    ctx.globalAlpha = alpha
    ctx.beginPath()
    ctx.arc(x, y, 0.38 * c, 0, math.tau)
    ctx.fillStyle = STONE_FILL[player]
    ctx.fill()
    ctx.lineWidth = max(1.0, 0.05 * c)
    ctx.strokeStyle = "#9e9e9e" if player == 7 else "#1f1f1f"
    ctx.stroke()
    ctx.restore()
    _text(ctx, str(player + 1), x, y, 0.42 * c, STONE_INK[player], alpha)


def _text(ctx: Any, text: str, x: float, y: float, size: float, colour: str, alpha: float) -> None:
    ctx.save()
    ctx.globalAlpha = alpha
    ctx.fillStyle = colour
    ctx.font = f"700 {max(8, round(size))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(text, x, y + 0.04 * size)
    ctx.restore()


def _cross(ctx: Any, layout: Layout, cell: int, colour: str, half: float, width: float) -> None:
    c = layout.cell
    x, y = layout.centre(cell)
    h = half * c
    ctx.save()
    ctx.strokeStyle = colour
    ctx.lineWidth = max(1.5, width * c)
    ctx.lineCap = "round"
    ctx.beginPath()
    ctx.moveTo(x - h, y - h)
    ctx.lineTo(x + h, y + h)
    ctx.moveTo(x + h, y - h)
    ctx.lineTo(x - h, y + h)
    ctx.stroke()
    ctx.restore()

