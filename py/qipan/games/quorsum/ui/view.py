"""The Quorsum board on a canvas: geometry, hit-testing and drawing. It holds no rules.

`draw(ctx, layout, scene)` takes any object with the CanvasRenderingContext2D methods (the
browser's, or a recording stand-in in the tests). Colour is never the only cue: every tile shows
its value and dark tiles are hatched, pawns carry their player's number and an arrow towards
their home, homes carry a house with the owner's number, locked tiles a padlock with the number
of the player who locked them, and odds are written out as percentages.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from qipan.games.quorsum.board import FILES, SIZE
from qipan.boardkit.canvas import rounded_rect
from qipan.boardkit.display import piece, unchanging

PLAYER_FILL = ("#0072b2", "#e69f00")
"""Okabe–Ito blue and orange: apart for the common colour-vision deficiencies, with numbers."""
PLAYER_INK = ("#ffffff", "#1f1f1f")
TILE_FILL = ("#4b3a28", "#f4ead2")   # dark side, light side
TILE_INK = ("#f6eedc", "#3b2f1a")
ARROWS = {"ArrowUp": (1, 0), "ArrowDown": (-1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
"""Arrow keys as (row, column) steps; rank 4 is drawn at the top."""

_MARGIN = 0.55  # room around the board for labels and the houses, in cells


@dataclass(frozen=True)
class Layout:
    """Maps cells to CSS pixels for a canvas of `width` x `height` CSS pixels."""

    width: float
    height: float

    @property
    def unit(self) -> float:
        """The side of one tile in pixels."""
        return max(1.0, min(self.width, self.height) / (SIZE + 2 * _MARGIN))

    def origin(self) -> tuple[float, float]:
        """The top-left corner of the board (cell d4's top edge, a-file's left edge)."""
        side = SIZE * self.unit
        return (self.width - side) / 2, (self.height - side) / 2

    def cell_box(self, cell: int) -> tuple[float, float, float]:
        """The left, top and side of a cell's square."""
        x0, y0 = self.origin()
        r, c = divmod(cell, SIZE)
        u = self.unit
        return x0 + c * u, y0 + (SIZE - 1 - r) * u, u

    def centre(self, cell: int) -> tuple[float, float]:
        x, y, u = self.cell_box(cell)
        return x + u / 2, y + u / 2

    def hit(self, x: float, y: float) -> int | None:
        """The cell under CSS pixel (x, y), or None off the board."""
        x0, y0 = self.origin()
        u = self.unit
        c = math.floor((x - x0) / u)
        row_from_top = math.floor((y - y0) / u)
        if 0 <= c < SIZE and 0 <= row_from_top < SIZE:
            return (SIZE - 1 - row_from_top) * SIZE + c
        return None


def cursor_step(cell: int, key: str) -> int:
    """The cell an arrow key moves the keyboard cursor to (it stops at the edge)."""
    dr, dc = ARROWS[key]
    r, c = divmod(cell, SIZE)
    r, c = min(SIZE - 1, max(0, r + dr)), min(SIZE - 1, max(0, c + dc))
    return r * SIZE + c


@dataclass
class Scene:
    """What to draw: the tiles and pawns, plus the screen's highlights and odds."""

    values: tuple[int, ...]
    colours: tuple[int, ...]
    locks: tuple[int, ...]
    pawns: tuple[tuple[int, int, int], ...]
    """(player, cell, home) per pawn."""
    active: int = -1
    """The player to move: their pawns get a ring."""
    targets: frozenset[int] = frozenset()
    selected: int | None = None
    cursor: int | None = None
    odds: dict[int, str] = field(default_factory=dict)
    """A percentage (or other short text) written on a tile."""
    dice: dict[int, int] = field(default_factory=dict)
    """Dice allotted to the action on a tile (a pawn's move or a flip)."""
    flips: frozenset[int] = frozenset()
    """Tiles with a planned flip (a curved double arrow is drawn)."""
    paths: tuple[tuple[int, ...], ...] = ()
    """Planned routes (first cell = the pawn) drawn as dotted lines."""
    ghosts: tuple[tuple[int, int], ...] = ()
    """(player, cell): pawns shown faintly while the placement is being chosen."""
    dark: bool = False


def draw(ctx: Any, layout: Layout, scene: Scene) -> None:
    """Draw the whole board (one call per frame)."""
    ctx.clearRect(0, 0, layout.width, layout.height)
    homes = tuple({home: player for player, _cell, home in scene.pawns}.items())  # (a pawn's move leaves them)
    unchanging(ctx, (layout, scene.values, scene.colours, scene.locks, homes, scene.dark),
               lambda ctx: _draw_tiles(ctx, layout, scene, homes))
    for path in scene.paths:
        _draw_path(ctx, layout, path)
    for cell in scene.flips:
        _draw_flip_mark(ctx, layout, cell, scene.colours[cell])
    for player, cell in scene.ghosts:
        _draw_pawn(ctx, layout, player, cell, None, ghost=True)
    for player, cell, home in scene.pawns:
        _draw_pawn(ctx, layout, player, cell, home, ring=player == scene.active)
    for cell, text in scene.odds.items():
        _draw_pill(ctx, layout, cell, text)
    for cell, n in scene.dice.items():
        _draw_dice_badge(ctx, layout, cell, n)
    u = layout.unit
    for cell in scene.targets:
        _frame(ctx, layout, cell, "#81c784" if scene.dark else "#2e7d32", 0.07 * u, 0.06)
    if scene.selected is not None:
        _frame(ctx, layout, scene.selected, "#f9a825", 0.09 * u, 0.05)
    if scene.cursor is not None:
        ctx.save()
        ctx.setLineDash([0.1 * u, 0.07 * u])
        _frame(ctx, layout, scene.cursor, "#ce93d8" if scene.dark else "#6a1b9a", 0.05 * u, 0.015)
        ctx.restore()


def _draw_tiles(ctx: Any, layout: Layout, scene: Scene, homes: tuple[tuple[int, int], ...]) -> None:
    """The labels, the tiles and the houses: what a cursor move leaves as it is (reads only the
    layout, `values`, `colours`, `locks`, `homes` and `dark`)."""
    ink = "#e8e2d4" if scene.dark else "#5a4a32"
    _draw_labels(ctx, layout, ink)
    for cell in range(SIZE * SIZE):  # each tile a piece (display.py): a flip or lock records that tile again
        piece(ctx, ("tile", layout, cell, scene.values[cell], scene.colours[cell], scene.locks[cell]),
              lambda ctx, cell=cell: _draw_tile(ctx, layout, cell, scene))
    for home, player in homes:  # (home cell, owner)
        _draw_house(ctx, layout, home, player)


def _font(size: float, weight: int = 600) -> str:
    return f"{weight} {max(8, round(size))}px system-ui, sans-serif"


def _draw_labels(ctx: Any, layout: Layout, ink: str) -> None:
    """File letters under the board, rank numbers on its left."""
    u = layout.unit
    x0, y0 = layout.origin()
    ctx.save()
    ctx.fillStyle = ink
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = _font(0.22 * u)
    for c in range(SIZE):
        ctx.fillText(FILES[c], x0 + (c + 0.5) * u, y0 + SIZE * u + 0.25 * u)
    for r in range(SIZE):
        ctx.fillText(str(r + 1), x0 - 0.25 * u, y0 + (SIZE - 1 - r + 0.5) * u)
    ctx.restore()


def _draw_tile(ctx: Any, layout: Layout, cell: int, scene: Scene) -> None:
    """One tile (reads only the layout and the cell's `values`, `colours` and `locks`)."""
    x, y, u = layout.cell_box(cell)
    gap = 0.04 * u
    side = scene.colours[cell]
    value = scene.values[cell]
    ctx.save()
    rounded_rect(ctx, x + gap, y + gap, u - 2 * gap, u - 2 * gap, 0.08 * u)
    ctx.fillStyle = TILE_FILL[side] if value else "#9e9e9e"
    ctx.fill()
    ctx.lineWidth = max(1.0, 0.025 * u)
    ctx.strokeStyle = "#2b2118"
    ctx.stroke()
    if side == 0 and value:  # dark tiles are hatched as well as dark
        ctx.clip()
        ctx.strokeStyle = "#ffffff"
        ctx.globalAlpha = 0.09
        ctx.lineWidth = max(1.0, 0.03 * u)
        step = 0.16 * u
        k = -u
        while k < u:
            ctx.beginPath()
            ctx.moveTo(x + k, y + u)
            ctx.lineTo(x + k + u, y)
            ctx.stroke()
            k += step
    ctx.restore()
    if not value:
        return
    ctx.save()
    ctx.fillStyle = TILE_INK[side]
    ctx.textAlign = "left"
    ctx.textBaseline = "top"
    ctx.font = _font(0.3 * u, 700)
    ctx.fillText(str(value), x + 0.11 * u, y + 0.09 * u)
    ctx.restore()
    if scene.locks[cell] >= 0:
        _draw_lock(ctx, x + 0.2 * u, y + u - 0.24 * u, 0.13 * u, scene.locks[cell], TILE_INK[side])


def _draw_lock(ctx: Any, cx: float, cy: float, s: float, player: int, ink: str) -> None:
    """A padlock with the number of the player who locked the tile."""
    ctx.save()
    ctx.strokeStyle = ink
    ctx.lineWidth = max(1.5, 0.28 * s)
    ctx.beginPath()
    ctx.moveTo(cx - 0.5 * s, cy - 0.5 * s)
    ctx.lineTo(cx - 0.5 * s, cy - 0.9 * s)
    ctx.arc(cx, cy - 0.9 * s, 0.5 * s, math.pi, 0)
    ctx.lineTo(cx + 0.5 * s, cy - 0.5 * s)
    ctx.stroke()
    rounded_rect(ctx, cx - 0.9 * s, cy - 0.55 * s, 1.8 * s, 1.4 * s, 0.2 * s)
    _fill_with_number(ctx, player, max(1.0, 0.12 * s), 1.1 * s, cx, cy + 0.17 * s)
    ctx.restore()


def _fill_with_number(ctx: Any, player: int, outline: float, size: float, x: float, y: float) -> None:
    """Fill the current path in the player's colour, outline it, and print the player's number."""
    ctx.fillStyle = PLAYER_FILL[player]
    ctx.fill()
    ctx.lineWidth = outline
    ctx.strokeStyle = "#1f1f1f"
    ctx.stroke()
    ctx.fillStyle = PLAYER_INK[player]
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = _font(size, 700)
    ctx.fillText(str(player + 1), x, y)


def _draw_house(ctx: Any, layout: Layout, cell: int, player: int) -> None:
    """Outside a home corner: a house in the owner's colour and number, and a bracket on the tile."""
    x, y, u = layout.cell_box(cell)
    r, c = divmod(cell, SIZE)
    sx = -1 if c == 0 else 1                   # outwards, left or right
    sy = 1 if r == 0 else -1                   # outwards, down (rank 1) or up (rank 4)
    corner_x = x if c == 0 else x + u
    corner_y = y + u if r == 0 else y
    ctx.save()
    ctx.strokeStyle = PLAYER_FILL[player]
    ctx.lineWidth = max(2.0, 0.06 * u)
    ctx.lineCap = "round"
    ctx.beginPath()
    inset = -0.035 * u  # just outside the tile, around the board's corner
    bx, by = corner_x - sx * inset, corner_y - sy * inset
    ctx.moveTo(bx - sx * 0.4 * u, by)
    ctx.lineTo(bx, by)
    ctx.lineTo(bx, by - sy * 0.4 * u)
    ctx.stroke()
    s = 0.15 * u
    cx, cy = corner_x + sx * 0.24 * u, corner_y + sy * 0.24 * u
    top = cy - 1.1 * s
    ctx.beginPath()
    ctx.moveTo(cx, top)
    ctx.lineTo(cx + s, top + 0.8 * s)
    ctx.lineTo(cx + s, top + 2 * s)
    ctx.lineTo(cx - s, top + 2 * s)
    ctx.lineTo(cx - s, top + 0.8 * s)
    ctx.closePath()
    _fill_with_number(ctx, player, max(1.0, 0.02 * u), 1.05 * s, cx, top + 1.35 * s)
    ctx.restore()


def _draw_pawn(ctx: Any, layout: Layout, player: int, cell: int, home: int | None,
               ring: bool = False, ghost: bool = False) -> None:
    """A disc with the player's number and an arrow pointing at its home, set toward the tile's
    lower right so the tile's value (top left) stays readable."""
    cx, cy = layout.centre(cell)
    u = layout.unit
    cx, cy = cx + 0.07 * u, cy + 0.08 * u
    r = 0.24 * u
    ctx.save()
    if ghost:
        ctx.globalAlpha = 0.55
    if home is not None and home != cell:
        hx, hy = layout.centre(home)
        angle = math.atan2(hy - cy, hx - cx)
        tip = r + 0.17 * u
        ctx.beginPath()
        ctx.moveTo(cx + tip * math.cos(angle), cy + tip * math.sin(angle))
        for side in (-1, 1):
            a = angle + side * 0.42
            ctx.lineTo(cx + (r - 0.02 * u) * math.cos(a), cy + (r - 0.02 * u) * math.sin(a))
        ctx.closePath()
        ctx.fillStyle = PLAYER_FILL[player]
        ctx.fill()
        ctx.lineWidth = max(1.0, 0.02 * u)
        ctx.strokeStyle = "#1f1f1f"
        ctx.stroke()
    ctx.beginPath()
    ctx.arc(cx, cy, r, 0, math.tau)
    ctx.fillStyle = PLAYER_FILL[player]
    ctx.fill()
    ctx.lineWidth = max(1.0, 0.03 * u)
    ctx.strokeStyle = "#1f1f1f"
    ctx.stroke()
    if home == cell:  # at home: a second ring
        ctx.beginPath()
        ctx.arc(cx, cy, r * 0.78, 0, math.tau)
        ctx.strokeStyle = PLAYER_INK[player]
        ctx.lineWidth = max(1.0, 0.025 * u)
        ctx.stroke()
    ctx.fillStyle = PLAYER_INK[player]
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = _font(0.3 * u, 700)
    ctx.fillText(str(player + 1), cx, cy + 0.01 * u)
    if ring:
        ctx.beginPath()
        ctx.arc(cx, cy, r + 0.05 * u, 0, math.tau)
        ctx.strokeStyle = "#ffffff"
        ctx.lineWidth = max(1.0, 0.03 * u)
        ctx.stroke()
    ctx.restore()


def _draw_path(ctx: Any, layout: Layout, path: tuple[int, ...]) -> None:
    if len(path) < 2:
        return
    u = layout.unit
    ctx.save()
    ctx.strokeStyle = "#f9a825"
    ctx.globalAlpha = 0.9
    ctx.lineWidth = 0.07 * u
    ctx.lineCap = "round"
    ctx.lineJoin = "round"
    ctx.setLineDash([0.12 * u, 0.1 * u])
    ctx.beginPath()
    x, y = layout.centre(path[0])
    ctx.moveTo(x, y)
    for cell in path[1:]:
        x, y = layout.centre(cell)
        ctx.lineTo(x, y)
    ctx.stroke()
    ctx.restore()


def _draw_flip_mark(ctx: Any, layout: Layout, cell: int, side: int) -> None:
    """A circular arrow above the centre: this tile is planned to be flipped."""
    x, y, u = layout.cell_box(cell)
    cx, cy = x + 0.5 * u, y + 0.24 * u
    r = 0.1 * u
    ctx.save()
    ctx.strokeStyle = TILE_INK[side]
    ctx.fillStyle = TILE_INK[side]
    ctx.lineWidth = max(1.0, 0.03 * u)
    ctx.beginPath()
    ctx.arc(cx, cy, r, 0.3, math.tau - 0.6)
    ctx.stroke()
    end = math.tau - 0.6
    ex, ey = cx + r * math.cos(end), cy + r * math.sin(end)
    ctx.beginPath()
    ctx.moveTo(ex + 0.05 * u, ey + 0.01 * u)
    ctx.lineTo(ex - 0.02 * u, ey - 0.06 * u)
    ctx.lineTo(ex - 0.035 * u, ey + 0.04 * u)
    ctx.closePath()
    ctx.fill()
    ctx.restore()


def _draw_pill(ctx: Any, layout: Layout, cell: int, text: str) -> None:
    """Odds on a tile: dark text on a white pill across the tile's centre."""
    x, y, u = layout.cell_box(cell)
    w, h = 0.74 * u, 0.28 * u
    px, py = x + (u - w) / 2, y + (u - h) / 2 + 0.04 * u
    ctx.save()
    rounded_rect(ctx, px, py, w, h, h / 2)
    ctx.fillStyle = "#ffffff"
    ctx.fill()
    ctx.lineWidth = max(1.0, 0.02 * u)
    ctx.strokeStyle = "#1f1f1f"
    ctx.stroke()
    ctx.fillStyle = "#1f1f1f"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = _font(0.19 * u, 700)
    ctx.fillText(text, px + w / 2, py + h / 2 + 0.01 * u)
    ctx.restore()


def _draw_dice_badge(ctx: Any, layout: Layout, cell: int, n: int) -> None:
    """A small die with the number of dice allotted to this tile's action."""
    x, y, u = layout.cell_box(cell)
    s = 0.26 * u
    bx, by = x + u - s - 0.07 * u, y + u - s - 0.07 * u
    ctx.save()
    rounded_rect(ctx, bx, by, s, s, 0.05 * u)
    ctx.fillStyle = "#ffffff"
    ctx.fill()
    ctx.lineWidth = max(1.0, 0.025 * u)
    ctx.strokeStyle = "#1f1f1f"
    ctx.stroke()
    ctx.fillStyle = "#1f1f1f"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = _font(0.17 * u, 700)
    ctx.fillText(f"×{n}", bx + s / 2, by + s / 2 + 0.01 * u)
    ctx.restore()


def _frame(ctx: Any, layout: Layout, cell: int, colour: str, width: float, inset: float) -> None:
    x, y, u = layout.cell_box(cell)
    ctx.save()
    rounded_rect(ctx, x + inset * u, y + inset * u, u - 2 * inset * u, u - 2 * inset * u, 0.08 * u)
    ctx.strokeStyle = colour
    ctx.lineWidth = width
    ctx.stroke()
    ctx.restore()
