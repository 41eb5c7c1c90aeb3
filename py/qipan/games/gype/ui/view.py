"""The Gype board on a canvas: geometry, hit-testing, pictograms and drawing. It holds no rules.

The 10×10 grid without corners is drawn turned so that any seat's start row can be at the
bottom (the "rotate to current player" toggle). Every die shows its face as a drawn pictogram
(ear, book, tree, flame, swords, hat) on a light disc, in its owner's colour AND with its
owner's number, so colour is never the only cue; the pictogram's top points to its owner's
forward direction. `draw(ctx, layout, scene)` takes any object with the CanvasRenderingContext2D
methods: the browser's, or the tests' recording stand-in. `SvgContext` draws the same
pictograms as SVG for the panel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from qipan.games.gype.board import CELLS, FORWARD, HOME_ROW, cell_name
from qipan.boardkit.canvas import badge, ring, rounded_rect
from qipan.boardkit.display import piece, unchanging

PLAYER_FILL = ("#0072b2", "#d55e00", "#009e73", "#6a3d9a")
"""Okabe–Ito based owner colours (blue, vermilion, green, purple); each die also shows a number."""
FACE_BG = "#fbf6ea"
FACE_INK = "#2b2118"
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
"""Arrow keys as screen directions for the keyboard cursor."""

DASHES: tuple[tuple[float, ...], ...] = ((), (0.22, 0.14), (0.03, 0.14))
"""Line styles of the numbered options: solid, dashed, dotted."""
_MARGIN = 0.6  # units beyond the grid on each side, for the seat labels


def grid_position(cell: int, bottom: str) -> tuple[int, int]:
    """The (column, row) on screen of a board cell when seat `bottom` sits at the bottom."""
    x, y = cell % 10, cell // 10
    if bottom == "S":
        return x, 9 - y
    if bottom == "N":
        return 9 - x, y
    if bottom == "W":
        return 9 - y, 9 - x
    return y, x


def screen_angle(seat: str, bottom: str) -> float:
    """The canvas rotation that points a pictogram's top along `seat`'s forward direction."""
    fx, fy = FORWARD[seat]
    c0, r0 = grid_position(44, bottom)
    c1, r1 = grid_position(44 + fx + 10 * fy, bottom)
    return math.atan2(c1 - c0, -(r1 - r0))


@dataclass(frozen=True)
class Layout:
    """Maps cells to CSS pixels for a canvas of `width` x `height`, seat `bottom` at the bottom."""

    width: float
    height: float
    bottom: str = "S"

    @property
    def unit(self) -> float:
        """The side of one cell in pixels."""
        return min(self.width, self.height) / (10 + 2 * _MARGIN)

    def origin(self) -> tuple[float, float]:
        """The top-left corner of the 10×10 grid."""
        u = self.unit
        return (self.width - 10 * u) / 2, (self.height - 10 * u) / 2

    def to_px(self, cell: int) -> tuple[float, float]:
        """The centre of a cell."""
        col, row = grid_position(cell, self.bottom)
        ox, oy = self.origin()
        u = self.unit
        return ox + (col + 0.5) * u, oy + (row + 0.5) * u

    def cell_at_grid(self, col: int, row: int) -> int | None:
        for cell in CELLS:
            if grid_position(cell, self.bottom) == (col, row):
                return cell
        return None

    def hit(self, x: float, y: float) -> int | None:
        """The cell under (x, y), or None off the board and on the missing corners."""
        ox, oy = self.origin()
        u = self.unit
        col, row = math.floor((x - ox) / u), math.floor((y - oy) / u)
        if not (0 <= col < 10 and 0 <= row < 10):
            return None
        return self.cell_at_grid(col, row)

    def neighbour(self, cell: int, dx: int, dy: int) -> int:
        """For the keyboard cursor: the next cell in screen direction (dx, dy), hopping over a
        missing corner; `cell` itself at the edge."""
        col, row = grid_position(cell, self.bottom)
        for step in (1, 2):
            c, r = col + dx * step, row + dy * step
            if not (0 <= c < 10 and 0 <= r < 10):
                break
            other = self.cell_at_grid(c, r)
            if other is not None:
                return other
        return cell

    def edge_of(self, seat: str) -> str:
        """Which screen edge ('bottom', 'left', 'top', 'right') holds `seat`'s Home Row."""
        order = "SWNE"
        turns = (order.index(seat) - order.index(self.bottom)) % 4
        return ("bottom", "left", "top", "right")[turns]


@dataclass(frozen=True)
class Option:
    """One way to reach the picked destination, numbered on the board: its cells and rolls."""

    path: tuple[int, ...]
    rolled: tuple[int, ...]


@dataclass
class Scene:
    """What to draw: the board, the seats and the view's highlights."""

    board: tuple[int, ...]
    seats: str
    current: int | None = None
    hidden: frozenset[int] = frozenset()
    selected: int | None = None
    targets: frozenset[int] = frozenset()
    paths: tuple[tuple[int, ...], ...] = ()
    may_roll: frozenset[int] = frozenset()
    options: tuple[Option, ...] = ()
    hinted_option: int | None = None
    """The index of the option the hint plays (its number ringed in the cursor's colour)."""
    swap: int | None = None
    cursor: int | None = None
    last_path: tuple[int, ...] = ()
    just_rolled: frozenset[int] = frozenset()
    names: tuple[str, ...] = ()
    dark: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


# ---- pictograms: drawn at the origin in a box of radius r, top = the owner's forward ----------

def _poly(ctx: Any, points: tuple[tuple[float, float], ...], r: float) -> None:
    ctx.moveTo(points[0][0] * r, points[0][1] * r)
    for px, py in points[1:]:
        ctx.lineTo(px * r, py * r)
    ctx.closePath()


def ear(ctx: Any, r: float, ink: str, bg: str) -> None:
    """An ear: an outer curl and an inner fold."""
    ctx.lineWidth = 0.16 * r
    ctx.lineCap = "round"
    ctx.strokeStyle = ink
    ctx.beginPath()
    ctx.moveTo(-0.2 * r, 0.62 * r)
    ctx.bezierCurveTo(-0.7 * r, 0.5 * r, -0.6 * r, -0.68 * r, 0.02 * r, -0.68 * r)
    ctx.bezierCurveTo(0.6 * r, -0.68 * r, 0.66 * r, -0.05 * r, 0.28 * r, 0.18 * r)
    ctx.bezierCurveTo(0.05 * r, 0.32 * r, 0.16 * r, 0.62 * r, -0.2 * r, 0.62 * r)
    ctx.stroke()
    ctx.beginPath()
    ctx.moveTo(-0.14 * r, 0.1 * r)
    ctx.quadraticCurveTo(-0.2 * r, -0.36 * r, 0.1 * r, -0.36 * r)
    ctx.quadraticCurveTo(0.34 * r, -0.32 * r, 0.22 * r, -0.06 * r)
    ctx.stroke()


def book(ctx: Any, r: float, ink: str, bg: str) -> None:
    """An open book: two pages and a spine gap, with lines of text."""
    ctx.fillStyle = ink
    ctx.beginPath()
    _poly(ctx, ((-0.06, -0.4), (-0.68, -0.56), (-0.68, 0.42), (-0.06, 0.58)), r)
    _poly(ctx, ((0.06, -0.4), (0.68, -0.56), (0.68, 0.42), (0.06, 0.58)), r)
    ctx.fill()
    ctx.strokeStyle = bg
    ctx.lineWidth = 0.07 * r
    ctx.beginPath()
    for y in (-0.22, 0.0, 0.22):
        ctx.moveTo(-0.56 * r, (y - 0.08) * r)
        ctx.lineTo(-0.18 * r, (y + 0.02) * r)
        ctx.moveTo(0.18 * r, (y + 0.02) * r)
        ctx.lineTo(0.56 * r, (y - 0.08) * r)
    ctx.stroke()


def tree(ctx: Any, r: float, ink: str, bg: str) -> None:
    """A fir tree of two tiers on a trunk, pointing forward."""
    ctx.fillStyle = ink
    ctx.beginPath()
    _poly(ctx, ((0.0, -0.74), (0.42, -0.12), (-0.42, -0.12)), r)
    _poly(ctx, ((0.0, -0.42), (0.58, 0.32), (-0.58, 0.32)), r)
    _poly(ctx, ((-0.12, 0.3), (0.12, 0.3), (0.12, 0.7), (-0.12, 0.7)), r)
    ctx.fill()


def flame(ctx: Any, r: float, ink: str, bg: str) -> None:
    """A flame: a body with a curled tip and a side tongue, and a hollow core."""
    ctx.fillStyle = ink
    ctx.beginPath()
    ctx.moveTo(0.08 * r, -0.78 * r)
    ctx.bezierCurveTo(0.5 * r, -0.46 * r, 0.64 * r, -0.1 * r, 0.56 * r, 0.26 * r)
    ctx.bezierCurveTo(0.5 * r, 0.6 * r, 0.22 * r, 0.74 * r, 0.0, 0.74 * r)
    ctx.bezierCurveTo(-0.3 * r, 0.74 * r, -0.58 * r, 0.55 * r, -0.56 * r, 0.18 * r)
    ctx.bezierCurveTo(-0.55 * r, -0.06 * r, -0.44 * r, -0.24 * r, -0.32 * r, -0.44 * r)
    ctx.bezierCurveTo(-0.3 * r, -0.22 * r, -0.22 * r, -0.1 * r, -0.12 * r, -0.06 * r)
    ctx.bezierCurveTo(-0.18 * r, -0.36 * r, -0.1 * r, -0.58 * r, 0.08 * r, -0.78 * r)
    ctx.closePath()
    ctx.fill()
    ctx.fillStyle = bg
    ctx.beginPath()
    ctx.moveTo(0.04 * r, 0.04 * r)
    ctx.bezierCurveTo(0.14 * r, 0.16 * r, 0.28 * r, 0.28 * r, 0.24 * r, 0.44 * r)
    ctx.bezierCurveTo(0.2 * r, 0.6 * r, -0.2 * r, 0.6 * r, -0.23 * r, 0.44 * r)
    ctx.bezierCurveTo(-0.26 * r, 0.28 * r, -0.08 * r, 0.2 * r, 0.04 * r, 0.04 * r)
    ctx.closePath()
    ctx.fill()


def swords(ctx: Any, r: float, ink: str, bg: str) -> None:
    """Two crossed swords with cross-guards."""
    ctx.strokeStyle = ink
    ctx.lineCap = "round"
    ctx.lineWidth = 0.14 * r
    ctx.beginPath()
    for s in (1, -1):
        ctx.moveTo(-0.6 * s * r, 0.6 * r)
        ctx.lineTo(0.58 * s * r, -0.58 * r)
    ctx.stroke()
    ctx.lineWidth = 0.12 * r
    ctx.beginPath()
    for s in (1, -1):
        ctx.moveTo(-0.56 * s * r, 0.22 * r)
        ctx.lineTo(-0.22 * s * r, 0.56 * r)
    ctx.stroke()


def hat(ctx: Any, r: float, ink: str, bg: str) -> None:
    """A top hat: crown, band and brim."""
    ctx.fillStyle = ink
    ctx.beginPath()
    _poly(ctx, ((-0.34, -0.62), (0.34, -0.62), (0.38, 0.26), (-0.38, 0.26)), r)
    _poly(ctx, ((-0.68, 0.26), (0.68, 0.26), (0.62, 0.46), (-0.62, 0.46)), r)
    ctx.fill()
    ctx.fillStyle = bg
    ctx.beginPath()
    _poly(ctx, ((-0.365, 0.02), (0.365, 0.02), (0.372, 0.14), (-0.372, 0.14)), r)
    ctx.fill()


DISC = 0.3
"""The radius of a die's disc, in cells."""

SYMBOLS: dict[int, Callable[[Any, float, str, str], None]] = {0: ear, 1: book, 2: tree, 3: flame, 4: swords, 5: hat}
"""Face index (EAR, BOOK, TREE, FLAME, SWORDS, HAT) -> its pictogram."""


# ---- the board ------------------------------------------------------------------------------

def draw(ctx: Any, layout: Layout, scene: Scene) -> None:
    """Draw the whole board (one call per frame)."""
    ctx.clearRect(0, 0, layout.width, layout.height)
    unchanging(ctx, (layout, scene.board, scene.seats, scene.names, scene.current, scene.last_path, scene.hidden,
                     scene.dark),
               lambda ctx: _draw_position(ctx, layout, scene))
    u = layout.unit
    green = "#1b5e20" if not scene.dark else "#a5d6a7"
    # paths above the dice (they cross occupied cells): previews thin, numbered options bold,
    # option 2 dashed, option 3 dotted, so they differ by more than colour
    for path in scene.paths:
        _draw_trail(ctx, layout, path, green, 0.045, 0.5)
    for number, option in enumerate(scene.options):
        _draw_trail(ctx, layout, option.path, green, 0.08, 0.85, DASHES[number % len(DASHES)])
    for cell in scene.just_rolled:
        x, y = layout.to_px(cell)
        badge(ctx, x + 0.36 * u, y + 0.36 * u, 0.16 * u, "↻", "#ffffff", "#8a4b00")
    for cell in scene.may_roll:
        x, y = layout.to_px(cell)
        ctx.save()
        ctx.setLineDash([0.1 * u, 0.07 * u])
        ring(ctx, x, y, 0.5 * u, "#b45309", 0.06 * u)
        ctx.restore()
    for cell in scene.targets:
        x, y = layout.to_px(cell)
        ctx.beginPath()
        ctx.arc(x, y, 0.14 * u, 0, math.tau)
        ctx.fillStyle = "#2e7d32"
        ctx.fill()
        ring(ctx, x, y, 0.34 * u, "#2e7d32" if not scene.dark else "#81c784", 0.07 * u)
    cursor = "#6a1b9a" if not scene.dark else "#ce93d8"
    for number, option in enumerate(scene.options, 1):
        (x0, y0), (x1, y1) = layout.to_px(option.path[-2]), layout.to_px(option.path[-1])
        if number - 1 == scene.hinted_option:
            ring(ctx, (x0 + x1) / 2, (y0 + y1) / 2, 0.29 * u, cursor, 0.07 * u)
        badge(ctx, (x0 + x1) / 2, (y0 + y1) / 2, 0.2 * u, str(number), green, "#ffffff")
    if scene.selected is not None:
        x, y = layout.to_px(scene.selected)
        ring(ctx, x, y, 0.52 * u, "#f9a825", 0.1 * u)
    if scene.swap is not None:
        x, y = layout.to_px(scene.swap)
        ring(ctx, x, y, 0.52 * u, "#f9a825", 0.1 * u)
        badge(ctx, x, y - 0.5 * u, 0.17 * u, "⇄", "#f9a825", "#2b2118")
    if scene.cursor is not None:
        x, y = layout.to_px(scene.cursor)
        ctx.save()
        ctx.setLineDash([0.12 * u, 0.08 * u])
        ctx.strokeStyle = cursor
        ctx.lineWidth = 0.07 * u
        ctx.strokeRect(x - 0.5 * u + 0.04 * u, y - 0.5 * u + 0.04 * u, 0.92 * u, 0.92 * u)
        ctx.restore()
    for cell in scene.may_roll:  # over the rings and the cursor: the picked die itself may be one
        x, y = layout.to_px(cell)
        badge(ctx, x + 0.36 * u, y - 0.36 * u, 0.16 * u, "↻", "#fff3e0", "#b45309")


def _draw_position(ctx: Any, layout: Layout, scene: Scene) -> None:
    """The field, the seats' names, the last move's trail and the dice: what a cursor move leaves
    as it is (reads only the layout, `board`, `seats`, `names`, `current`, `last_path`, `hidden`
    and `dark`)."""
    ink = "#efe6d4" if scene.dark else "#4a3b28"
    _draw_cells(ctx, layout, scene, ink)
    _draw_seat_labels(ctx, layout, scene, ink)
    _draw_trail(ctx, layout, scene.last_path, "#9e7b3b", 0.07)
    for cell in CELLS:
        die = scene.board[cell]
        if die >= 0:
            owner = die // 6
            seat = scene.seats[owner]
            _draw_die(ctx, layout, cell, die % 6, owner, screen_angle(seat, layout.bottom), cell in scene.hidden)


def _draw_cells(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """The field squares, the Home Rows tinted with their seat's colour, the empty cells' names."""
    u = layout.unit
    ctx.save()
    ctx.lineWidth = max(1.0, 0.025 * u)
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = f"{max(8, round(0.2 * u))}px system-ui, sans-serif"
    for cell in CELLS:
        x, y = layout.to_px(cell)
        row = HOME_ROW[cell]
        left, top = x - 0.5 * u, y - 0.5 * u
        if row:
            owner = scene.seats.find(row)
            ctx.fillStyle = PLAYER_FILL[owner] if owner >= 0 else "#9e9e9e"
            ctx.globalAlpha = 0.22 if owner >= 0 else 0.12
        else:
            col, r = grid_position(cell, layout.bottom)
            ctx.fillStyle = "#d9c29a" if (col + r) % 2 else "#f2e6cc"
            ctx.globalAlpha = 0.35 if scene.dark else 1.0
        ctx.fillRect(left, top, u, u)
        ctx.globalAlpha = 0.5
        ctx.strokeStyle = ink
        ctx.strokeRect(left, top, u, u)
        if scene.board[cell] < 0:
            ctx.globalAlpha = 0.55
            ctx.fillStyle = ink
            ctx.fillText(cell_name(cell), x, y)
        ctx.globalAlpha = 1.0
    ctx.restore()
    # a firm line around the 8×8 field
    ox, oy = layout.origin()
    ctx.save()
    ctx.strokeStyle = ink
    ctx.lineWidth = max(1.5, 0.05 * u)
    ctx.strokeRect(ox + u, oy + u, 8 * u, 8 * u)
    ctx.restore()


def _draw_seat_labels(ctx: Any, layout: Layout, scene: Scene, ink: str) -> None:
    """Each seat's name beside its start row, turned to be read from that seat; the current
    player's label is filled and marked with ▶."""
    u = layout.unit
    ox, oy = layout.origin()
    centres = {"bottom": (ox + 5 * u, oy + 10.3 * u, 0.0), "top": (ox + 5 * u, oy - 0.3 * u, math.pi),
               "left": (ox - 0.3 * u, oy + 5 * u, math.pi / 2), "right": (ox + 10.3 * u, oy + 5 * u, -math.pi / 2)}
    for player, seat in enumerate(scene.seats):
        x, y, angle = centres[layout.edge_of(seat)]
        name = scene.names[player] if player < len(scene.names) else str(player + 1)
        active = player == scene.current
        text = f"▶ {name}" if active else name
        ctx.save()
        ctx.translate(x, y)
        ctx.rotate(angle)
        ctx.font = f"{700 if active else 500} {max(9, round(0.3 * u))}px system-ui, sans-serif"
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        width = 0.24 * u * (len(text) + 1)
        ctx.beginPath()
        ctx.rect(-width / 2, -0.22 * u, width, 0.44 * u)
        ctx.fillStyle = PLAYER_FILL[player] if active else ("#2a241c" if scene.dark else "#fffaf0")
        ctx.fill()
        ctx.lineWidth = max(1.0, 0.04 * u)
        ctx.strokeStyle = PLAYER_FILL[player]
        ctx.stroke()
        ctx.fillStyle = "#ffffff" if active else ink
        ctx.fillText(text, 0, 0.02 * u)
        ctx.restore()


def _draw_trail(ctx: Any, layout: Layout, path: tuple[int, ...], colour: str, width: float,
                alpha: float = 0.8, dash: tuple[float, ...] = ()) -> None:
    """A path through cell centres, with a dot where it ends; `dash` in units of a cell."""
    if len(path) < 2:
        return
    u = layout.unit
    ctx.save()
    ctx.strokeStyle = colour
    ctx.globalAlpha = alpha
    ctx.lineWidth = width * u
    if dash:
        ctx.setLineDash([d * u for d in dash])
    ctx.lineCap = "round"
    ctx.lineJoin = "round"
    ctx.beginPath()
    x, y = layout.to_px(path[0])
    ctx.moveTo(x, y)
    for cell in path[1:]:
        x, y = layout.to_px(cell)
        ctx.lineTo(x, y)
    ctx.stroke()
    x, y = layout.to_px(path[-1])
    ctx.beginPath()
    ctx.arc(x, y, 1.6 * width * u, 0, math.tau)
    ctx.fillStyle = colour
    ctx.fill()
    ctx.restore()


def _draw_die(ctx: Any, layout: Layout, cell: int, face: int, owner: int, angle: float, hidden: bool) -> None:
    """A die on `cell`, drawn around the cell's centre: a rounded square in the owner's colour, the
    owner's number in a corner, and the face's pictogram on a light disc, turned to `angle` (a '?'
    while the set-up is hidden). Two pieces (display.piece): the die and its disc, recorded once per
    owner and size, and the pictogram, once per face and size; a roll or a turned board records
    only a look not seen before."""
    x, y = layout.to_px(cell)
    u = layout.unit
    ctx.save()
    ctx.translate(x, y)
    ctx.save()
    piece(ctx, ("die", u, owner, hidden), lambda ctx: _die(ctx, u, owner, hidden))
    if not hidden:
        ctx.rotate(angle)
        piece(ctx, ("pictogram", u, face), lambda ctx: SYMBOLS[face](ctx, 0.82 * DISC * u, FACE_INK, FACE_BG))
    ctx.restore()
    ctx.restore()


def _die(ctx: Any, u: float, owner: int, hidden: bool) -> None:
    """A die around (0, 0) without its pictogram: the square, the owner's number and the disc,
    ending with the origin at the disc's centre (a hidden die's '?' on it)."""
    half = 0.42 * u
    ctx.beginPath()
    rounded_rect(ctx, -half, -half, 2 * half, 2 * half, 0.12 * u)
    ctx.fillStyle = PLAYER_FILL[owner]
    ctx.fill()
    ctx.lineWidth = max(1.0, 0.03 * u)
    ctx.strokeStyle = "#1f1a14"
    ctx.stroke()
    ctx.fillStyle = "#ffffff"
    ctx.font = f"700 {max(8, round(0.22 * u))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(str(owner + 1), -0.29 * u, -0.27 * u)
    ctx.translate(0.05 * u, 0.05 * u)
    ctx.beginPath()
    ctx.arc(0, 0, DISC * u, 0, math.tau)
    ctx.fillStyle = FACE_BG
    ctx.fill()
    if hidden:
        ctx.fillStyle = FACE_INK
        ctx.font = f"700 {max(8, round(0.34 * u))}px system-ui, sans-serif"
        ctx.fillText("?", 0, 0.02 * u)


# ---- the same pictograms as SVG, for the panel -----------------------------------------------

class SvgContext:
    """Just enough of the canvas path API to turn a pictogram into SVG <path> elements."""

    def __init__(self) -> None:
        self.fillStyle = "#000"
        self.strokeStyle = "#000"
        self.lineWidth = 1.0
        self.lineCap = "butt"
        self.elements: list[str] = []
        self._d: list[str] = []

    def beginPath(self) -> None:  # noqa: N802 (canvas names)
        self._d = []

    def moveTo(self, x: float, y: float) -> None:  # noqa: N802
        self._d.append(f"M{x:.3f} {y:.3f}")

    def lineTo(self, x: float, y: float) -> None:  # noqa: N802
        self._d.append(f"L{x:.3f} {y:.3f}")

    def quadraticCurveTo(self, cx: float, cy: float, x: float, y: float) -> None:  # noqa: N802
        self._d.append(f"Q{cx:.3f} {cy:.3f} {x:.3f} {y:.3f}")

    def bezierCurveTo(self, c1x: float, c1y: float, c2x: float, c2y: float, x: float, y: float) -> None:  # noqa: N802
        self._d.append(f"C{c1x:.3f} {c1y:.3f} {c2x:.3f} {c2y:.3f} {x:.3f} {y:.3f}")

    def closePath(self) -> None:  # noqa: N802
        self._d.append("Z")

    def fill(self) -> None:
        self.elements.append(f'<path d="{" ".join(self._d)}" fill="{self.fillStyle}"/>')

    def stroke(self) -> None:
        self.elements.append(f'<path d="{" ".join(self._d)}" fill="none" stroke="{self.strokeStyle}" '
                             f'stroke-width="{self.lineWidth:.3f}" stroke-linecap="{self.lineCap}"/>')


def face_svg(face: int, owner: int | None = None, css_class: str = "gype-face") -> str:
    """An inline SVG of a die face: the pictogram on a light disc, on the owner's colour if given."""
    ctx = SvgContext()
    SYMBOLS[face](ctx, 0.82, FACE_INK, FACE_BG)
    body = (f'<rect x="-1.4" y="-1.4" width="2.8" height="2.8" rx="0.4" fill="{PLAYER_FILL[owner]}"/>'
            f'<text x="-0.95" y="-0.78" font-size="0.7" font-weight="700" fill="#fff" text-anchor="middle">'
            f'{owner + 1}</text>' if owner is not None else "")
    return (f'<svg class="{css_class}" viewBox="-1.45 -1.45 2.9 2.9" aria-hidden="true">{body}'
            f'<circle cx="{0.15 if owner is not None else 0}" cy="{0.15 if owner is not None else 0}" r="1" '
            f'fill="{FACE_BG}" stroke="#2b2118" stroke-width="0.06"/>'
            f'<g transform="translate({0.15 if owner is not None else 0} {0.15 if owner is not None else 0})">'
            f'{"".join(ctx.elements)}</g></svg>')
