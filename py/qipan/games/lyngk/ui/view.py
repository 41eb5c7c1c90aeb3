"""The LYNGK board on a canvas: geometry, hit-testing and drawing. It holds no rules.

`draw(ctx, layout, scene)` takes any object with the CanvasRenderingContext2D methods, so it runs
with the browser's context and, in the tests, with a recording stand-in. Colours are never the
only cue: every top piece carries its letter (the joker a star), a stack of two or more shows its
height as a number in a white disc (top right), and a stack topped by a claimed colour carries its
owner's shape (top left: Player 1 a triangle, Player 2 a square; the panel's cards show the same
shapes beside the players' names). The only number on a stack is its height.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from qipan.games.lyngk import board
from qipan.boardkit.canvas import badge, ring
from qipan.boardkit.display import unchanging

# Okabe–Ito based palette (safe for the three common colour-vision deficiencies), with letters.
PIECE_FILL = {"I": "#f3e7c9", "B": "#0072b2", "R": "#d55e00", "G": "#009e73", "K": "#1f1f1f", "J": "#ffffff"}
PIECE_INK = {"I": "#3b2f1a", "B": "#ffffff", "R": "#ffffff", "G": "#ffffff", "K": "#ffffff", "J": "#555555"}
PIECE_MARK = {"I": "I", "B": "B", "R": "R", "G": "G", "K": "K", "J": "★"}
PIECE_RIM = {False: "#2b2b2b", True: "#c9bda6"}
"""Each piece's outline on the light and the dark board (black pieces must stand out on both)."""
JOKER_DOTS = ("#0072b2", "#d55e00", "#009e73", "#1f1f1f")
OWNER_SHAPES = (
    ((0.0, -1.15), (0.996, 0.575), (-0.996, 0.575)),
    ((-0.66, -0.66), (0.66, -0.66), (0.66, 0.66), (-0.66, 0.66)),
)
"""Each player's owner mark as a polygon around (0, 0) of radius about 1: Player 1 a triangle
pointing up, Player 2 a square, of about the same area (the same outline on the board and in the
panel: `owner_svg`)."""
OWNER_FILL, OWNER_RIM = "#6a1b9a", "#ffffff"
OWNER_RIM_WIDTH = 0.16
"""The owner mark's white outline, as a share of the shape's size (it keeps the mark apart from the
piece and the board under it)."""
HEIGHT_FILL, HEIGHT_INK = "#ffffff", "#1f1f1f"
HEIGHT_AT, OWNER_AT = (0.67, -0.99), (-0.68, -1.01)
"""Where the height disc and the owner mark sit, in piece radii from the top piece's centre: on its
upper rim, about 56° up from level on either side, between the points behind it. There they clear
its letter, the marks and letters of the stacks around it, and the stacks in front of it cover
neither (checked in tests/games/lyngk/test_lyngk_ui.py); a mark below the letter would meet the
marks of the stack in front."""
HEIGHT_RADIUS, OWNER_SIZE = 0.17, 0.2
"""The height disc's radius and the owner mark's size, in units (`Layout.unit`)."""
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
"""Arrow keys as screen directions, for moving the keyboard cursor over the points."""

_X_SPAN = 2 * 3.464  # the board's drawn width in units (A1 to I1)
_Y_SPAN = 6.0        # E1 to E7
_MARGIN_X = 0.75
_MARGIN_TOP = 0.95   # stacks grow upwards
_MARGIN_BOTTOM = 0.85  # column letters


@dataclass(frozen=True)
class Layout:
    """Maps board points to CSS pixels for a canvas of `width` x `height` CSS pixels."""

    width: float
    height: float
    flipped: bool = False

    @property
    def unit(self) -> float:
        """Pixels between two neighbouring points."""
        return min(self.width / (_X_SPAN + 2 * _MARGIN_X), self.height / (_Y_SPAN + _MARGIN_TOP + _MARGIN_BOTTOM))

    def to_px(self, point: int) -> tuple[float, float]:
        """The centre of a point's base, in CSS pixels."""
        x, y = board.XY[point]
        if self.flipped:
            x, y = -x, -y
        u = self.unit
        cx = self.width / 2
        cy = self.height / 2 + (_MARGIN_TOP - _MARGIN_BOTTOM) * u / 2
        return cx + x * u, cy - y * u

    def piece_step(self) -> float:
        return 0.085 * self.unit

    def radius(self) -> float:
        return 0.34 * self.unit

    def top_px(self, point: int, height: int) -> tuple[float, float]:
        """The centre of the top piece of a stack of `height` on `point`."""
        x, y = self.to_px(point)
        return x, y - max(height - 1, 0) * self.piece_step()

    def hit(self, x: float, y: float, heights: tuple[int, ...]) -> int | None:
        """The point a click at (x, y) means: the nearest base or top disc within reach."""
        best, best_d = None, 0.5 * self.unit
        for point in range(len(board.POINTS)):
            for px, py in {self.to_px(point), self.top_px(point, heights[point])}:
                d = math.hypot(x - px, y - py)
                if d < best_d:
                    best, best_d = point, d
        return best

    def neighbour_in_direction(self, point: int, dx: float, dy: float) -> int:
        """For keyboard moves: the nearest point roughly in screen direction (dx, dy), else `point`."""
        px, py = self.to_px(point)
        best, best_score = point, math.inf
        for other in range(len(board.POINTS)):
            if other == point:
                continue
            ox, oy = self.to_px(other)
            vx, vy = ox - px, oy - py
            along = vx * dx + vy * dy
            if along <= 0.2 * self.unit:
                continue
            across = abs(vx * dy - vy * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = other, score
        return best


@dataclass
class Scene:
    """What to draw: the stacks and who owns which colour, plus the view's highlights."""

    stacks: tuple[str, ...]
    claims: tuple[str, str]
    selected: int | None = None
    targets: frozenset[int] = frozenset()
    last_path: tuple[int, ...] = ()
    cursor: int | None = None
    dark: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def owner(top: str, claims: tuple[str, str]) -> int | None:
    """The player whose claimed colour tops a stack, if any."""
    for player, colours in enumerate(claims):
        if top in colours:
            return player
    return None


def draw(ctx: Any, layout: Layout, scene: Scene) -> None:
    """Draw the whole board (one call per frame)."""
    u = layout.unit
    ctx.clearRect(0, 0, layout.width, layout.height)
    unchanging(ctx, (layout, scene.stacks, scene.claims, scene.last_path, scene.dark),
               lambda ctx: _draw_position(ctx, layout, scene))
    if scene.selected is not None or scene.targets:
        unchanging(ctx, (layout, scene.stacks, scene.claims, scene.selected, scene.targets, scene.dark),
                   lambda ctx: _draw_choice(ctx, layout, scene))
    if scene.cursor is not None:
        x, y = layout.top_px(scene.cursor, len(scene.stacks[scene.cursor]))
        ctx.save()
        ctx.setLineDash([0.12 * u, 0.08 * u])
        ring(ctx, x, y, layout.radius() + 0.2 * u, "#6a1b9a" if not scene.dark else "#ce93d8", 0.06 * u)
        ctx.restore()
        stack = scene.stacks[scene.cursor]
        if stack:  # its marks again over the ring, which passes where they sit (and in their purple)
            _stack_marks(ctx, layout, x, y, len(stack), owner(stack[-1], scene.claims))


def _draw_choice(ctx: Any, layout: Layout, scene: Scene) -> None:
    """The selected stack's ring and its targets' rings, with those stacks' marks drawn again over
    them (a ring passes where a top piece's marks sit): what a cursor move leaves as it is (reads
    only the layout, `stacks`, `claims`, `selected`, `targets` and `dark`). The keyboard cursor's
    ring is drawn over them, and its stack's marks again over it (`draw`)."""
    u = layout.unit
    for point in scene.targets:
        x, y = layout.top_px(point, len(scene.stacks[point]))
        ring(ctx, x, y, layout.radius() + 0.08 * u, "#2e7d32" if not scene.dark else "#81c784", 0.09 * u)
    ringed = set(scene.targets)
    if scene.selected is not None:
        x, y = layout.top_px(scene.selected, len(scene.stacks[scene.selected]))
        ring(ctx, x, y, layout.radius() + 0.1 * u, "#f9a825", 0.12 * u)
        ringed.add(scene.selected)
    for point in sorted(ringed):
        stack = scene.stacks[point]
        _stack_marks(ctx, layout, *layout.top_px(point, len(stack)), len(stack), owner(stack[-1], scene.claims))


def _draw_position(ctx: Any, layout: Layout, scene: Scene) -> None:
    """The board and the stacks on it: what a cursor move leaves as it is (reads only the
    layout, `stacks`, `claims`, `last_path` and `dark`)."""
    u = layout.unit
    ink = "#e8e2d4" if scene.dark else "#5a4a32"
    _draw_lines(ctx, layout, ink)
    _draw_path(ctx, layout, scene.last_path)
    _draw_labels(ctx, layout, ink, scene.stacks)  # (over the last move's line: the emptied point's label stays readable)
    for point in range(len(board.POINTS)):
        if not scene.stacks[point]:
            x, y = layout.to_px(point)
            ctx.beginPath()
            ctx.arc(x, y - 0.08 * u, 0.06 * u, 0, math.tau)
            ctx.fillStyle = ink
            ctx.fill()
    # Back rows first, so that taller stacks in front overlap the ones behind them.
    order = sorted(range(len(board.POINTS)), key=lambda p: layout.to_px(p)[1])
    for point in order:
        if scene.stacks[point]:
            _draw_stack(ctx, layout, point, scene.stacks[point], owner(scene.stacks[point][-1], scene.claims),
                        PIECE_RIM[scene.dark])


def _draw_lines(ctx: Any, layout: Layout, ink: str) -> None:
    ctx.save()
    ctx.strokeStyle = ink
    ctx.globalAlpha = 0.45
    ctx.lineWidth = max(1.0, 0.03 * layout.unit)
    for line in board.LINES:
        x0, y0 = layout.to_px(line[0])
        x1, y1 = layout.to_px(line[-1])
        ctx.beginPath()
        ctx.moveTo(x0, y0)
        ctx.lineTo(x1, y1)
        ctx.stroke()
    ctx.restore()


def _draw_labels(ctx: Any, layout: Layout, ink: str, stacks: tuple[str, ...]) -> None:
    """Column letters on a line under the board, and the label of every empty point."""
    u = layout.unit
    ctx.save()
    ctx.fillStyle = ink
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.font = f"600 {max(9, round(0.26 * u))}px system-ui, sans-serif"
    _, base_y = layout.to_px(board.LABELS.index("E1"))
    columns: dict[str, list[float]] = {}
    for point, text in enumerate(board.LABELS):
        columns.setdefault(text[0], []).append(layout.to_px(point)[0])
    for letter, xs in columns.items():
        ctx.fillText(letter, xs[0], base_y + (0.62 if not layout.flipped else -0.62) * u)
    ctx.font = f"{max(8, round(0.19 * u))}px system-ui, sans-serif"
    ctx.globalAlpha = 0.7
    for point, text in enumerate(board.LABELS):
        if not stacks[point]:
            x, y = layout.to_px(point)
            ctx.fillText(text, x, y + 0.22 * u)
    ctx.restore()


def _draw_path(ctx: Any, layout: Layout, path: tuple[int, ...]) -> None:
    """The last move as a line through its LYNGK points, with a dot at the origin."""
    if len(path) < 2:
        return
    u = layout.unit
    ctx.save()
    ctx.strokeStyle = "#f9a825"
    ctx.globalAlpha = 0.85
    ctx.lineWidth = 0.12 * u
    ctx.lineCap = "round"
    ctx.lineJoin = "round"
    ctx.beginPath()
    x, y = layout.to_px(path[0])
    ctx.moveTo(x, y)
    for point in path[1:]:
        x, y = layout.to_px(point)
        ctx.lineTo(x, y)
    ctx.stroke()
    x, y = layout.to_px(path[0])
    ctx.beginPath()
    ctx.arc(x, y, 0.16 * u, 0, math.tau)
    ctx.fillStyle = "#f9a825"
    ctx.fill()
    ctx.restore()


def _draw_stack(ctx: Any, layout: Layout, point: int, stack: str, owned_by: int | None, rim: str) -> None:
    u, r, step = layout.unit, layout.radius(), layout.piece_step()
    x, y = layout.to_px(point)
    for level, piece in enumerate(stack):
        cy = y - level * step
        ctx.beginPath()
        ctx.arc(x, cy, r, 0, math.tau)
        ctx.fillStyle = PIECE_FILL[piece]
        ctx.fill()
        ctx.lineWidth = max(1.0, 0.035 * u)
        ctx.strokeStyle = rim
        ctx.stroke()
        if piece == "J":
            _joker_dots(ctx, x, cy, r)
    top = stack[-1]
    ty = y - (len(stack) - 1) * step
    ctx.fillStyle = PIECE_INK[top]
    ctx.font = f"700 {round(0.36 * u)}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(PIECE_MARK[top], x, ty + 0.02 * u)
    _stack_marks(ctx, layout, x, ty, len(stack), owned_by)


def _stack_marks(ctx: Any, layout: Layout, x: float, y: float, height: int, owned_by: int | None) -> None:
    """A stack's height disc (from 2 pieces up) and owner mark around its top piece's centre (x, y)."""
    u, r = layout.unit, layout.radius()
    if height > 1:
        badge(ctx, x + HEIGHT_AT[0] * r, y + HEIGHT_AT[1] * r, HEIGHT_RADIUS * u, str(height), HEIGHT_FILL, HEIGHT_INK)
    if owned_by is not None:
        ctx.save()
        owner_mark(ctx, owned_by, x + OWNER_AT[0] * r, y + OWNER_AT[1] * r, OWNER_SIZE * u)
        ctx.restore()


def owner_mark(ctx: Any, player: int, x: float, y: float, size: float) -> None:
    """The shape that marks a stack as `player`'s (`OWNER_SHAPES`), centred on (x, y), about `size`
    in radius (the caller saves and restores around it: it sets the line join)."""
    (fx, fy), *rest = OWNER_SHAPES[player]
    ctx.beginPath()
    ctx.moveTo(x + fx * size, y + fy * size)
    for px, py in rest:
        ctx.lineTo(x + px * size, y + py * size)
    ctx.closePath()
    ctx.fillStyle = OWNER_FILL
    ctx.fill()
    ctx.lineJoin = "round"
    ctx.lineWidth = max(1.0, OWNER_RIM_WIDTH * size)
    ctx.strokeStyle = OWNER_RIM
    ctx.stroke()


def owner_svg(player: int) -> str:
    """`player`'s owner mark as a small inline SVG for the panel (the board's outline and colours)."""
    points = " ".join(f"{px:g},{py:g}" for px, py in OWNER_SHAPES[player])
    return (f'<svg class="owner-mark" viewBox="-1.25 -1.3 2.5 2.5" aria-hidden="true">'
            f'<polygon points="{points}" fill="{OWNER_FILL}" stroke="{OWNER_RIM}" '
            f'stroke-width="{OWNER_RIM_WIDTH}" stroke-linejoin="round"/></svg>')


def _joker_dots(ctx: Any, x: float, y: float, r: float) -> None:
    for i, colour in enumerate(JOKER_DOTS * 2):
        angle = i * math.tau / 8 + 0.4
        ctx.beginPath()
        ctx.arc(x + 0.68 * r * math.cos(angle), y + 0.68 * r * math.sin(angle), 0.11 * r, 0, math.tau)
        ctx.fillStyle = colour
        ctx.fill()


