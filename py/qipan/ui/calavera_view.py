"""The Calavera table on a canvas: the dice tray and one score sheet per player. It holds no rules.

`draw(ctx, layout, scene)` takes any object with the CanvasRenderingContext2D methods (the
browser's, or a recording stand-in in the tests). Colour is never the only cue: every colour
row and die face carries a symbol and a letter (orange ●, pink ◆, green ▲, black ■), the rose
and the skull are drawn pictures on light faces (so black never looks like the skull), the
zones differ by shade, hatching and icons, and crosses are drawn as X marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..games.calavera.dice import ROSE, SKULL
from ..games.calavera.rules import FIRST, LATER, row_value
from ..games.calavera.sheet import BONUS_LINES, BOXES, DEATH_FROM, FREEZE_ROSES, VALUES
from .canvas_kit import rounded_rect

FACE_FILL = ("#e69f00", "#e57fb8", "#009e73", "#1b1b1b", "#fffaf7", "#efe6d2")
"""Die faces and row labels: orange, pink, green, black (Okabe–Ito based), rose, skull."""
FACE_INK = ("#2b1a00", "#2b0a1c", "#ffffff", "#ffffff", "#b71c1c", "#1b1b1b")
SYMBOLS = ("circle", "diamond", "triangle", "square", "rose", "skull")
ROSE_RED = "#c62828"
LINE_RED = "#d32f2f"
ZONE_FILL = {"pre": "#e4dfd4", "score": "#f6d75a", "death": "#b6ada0"}
ZONE_FILL_DARK = {"pre": "#4a443b", "score": "#8a7420", "death": "#3a3530"}
LABEL_W = 1.6
"""Width of the colour label column and of the score column, in boxes."""
SHEET_W = LABEL_W + BOXES + LABEL_W
SHEET_H = 5.0
"""A sheet: a title strip and four rows, in box heights."""
SHEET_GAP = 0.5
CAPTION_H = 0.9
LIFT = 0.22
"""How far above its place a die chosen for the re-roll is drawn, in die sizes (room is kept)."""
MAX_UNIT = 56.0
BADGE_HALF = 0.7
"""Half the width of a bonus-line badge, in boxes."""


def zone(box: int) -> str:
    """The zone of a box: the grey low zone, the yellow score zone, the grey death zone."""
    if box >= DEATH_FROM:
        return "death"
    return "score" if FREEZE_ROSES[box] is not None else "pre"


@dataclass(frozen=True)
class Layout:
    """Maps the tray and the sheets to CSS pixels for a canvas of `width` x `height`."""

    width: float
    height: float
    players: int
    unit: float = field(init=False)
    die: float = field(init=False)
    columns: int = field(init=False)
    top: float = field(init=False)
    left: float = field(init=False)

    def __post_init__(self) -> None:
        pad = 6.0
        best = None
        for columns in (1, 2):
            if columns > self.players:
                continue
            rows = -(-self.players // columns)
            across = columns * SHEET_W + (columns - 1) * SHEET_GAP
            down = rows * (SHEET_H + SHEET_GAP) + CAPTION_H + 0.4
            guess = min((self.width - 2 * pad) / across, (self.height - 2 * pad) / (down + 1.6))
            die = max(min(1.7 * guess, (self.width - 2 * pad) / 7.8, 80.0), min(40.0, (self.width - 2 * pad) / 7.8))
            unit = min((self.width - 2 * pad) / across, (self.height - 2 * pad - (1 + LIFT) * die) / down, MAX_UNIT)
            if best is None or unit > best[0] * 1.15:
                best = (unit, die, columns, across, down)
        unit, die, columns, across, down = best
        unit = max(unit, 4.0)
        set_ = object.__setattr__
        set_(self, "unit", unit)
        set_(self, "die", die)
        set_(self, "columns", columns)
        block_h = (1 + LIFT) * die + down * unit
        set_(self, "top", max(pad, min(0.6 * unit, (self.height - block_h) / 2)))
        set_(self, "left", max(pad, (self.width - across * unit) / 2))

    # -- the tray --

    @property
    def gap(self) -> float:
        return 0.28 * self.die

    def die_xy(self, slot: int) -> tuple[float, float]:
        """The top-left corner of die slot 0..5 (skulls take the right-hand slots)."""
        span = 6 * self.die + 5 * self.gap
        x0 = (self.width - span) / 2
        return x0 + slot * (self.die + self.gap), self.top + CAPTION_H * self.unit + LIFT * self.die

    # -- the sheets --

    def sheet_xy(self, player: int) -> tuple[float, float]:
        """The top-left corner of a player's sheet (its title strip)."""
        u = self.unit
        col, row = player % self.columns, player // self.columns
        y0 = self.top + CAPTION_H * u + (1 + LIFT) * self.die + 0.4 * u
        return self.left + col * (SHEET_W + SHEET_GAP) * u, y0 + row * (SHEET_H + SHEET_GAP) * u

    def box_xy(self, player: int, row: int, box: int) -> tuple[float, float]:
        """The top-left corner of a box; box -1 is the colour label, BOXES the score cell."""
        x, y = self.sheet_xy(player)
        return x + (LABEL_W + box) * self.unit, y + (1 + row) * self.unit

    def line_x(self, player: int, after: int) -> float:
        """The x of a bonus line drawn just right of box `after`."""
        return self.sheet_xy(player)[0] + (LABEL_W + after + 1) * self.unit

    def hit(self, x: float, y: float) -> tuple[str, int, int] | None:
        """("die", slot, 0), ("row", player, row) for a click at (x, y), or None."""
        for slot in range(6):
            dx, dy = self.die_xy(slot)
            if dx - self.gap / 2 <= x <= dx + self.die + self.gap / 2 and dy - 0.2 * self.die <= y <= dy + self.die:
                return ("die", slot, 0)
        u = self.unit
        for player in range(self.players):
            sx, sy = self.sheet_xy(player)
            if sx <= x <= sx + SHEET_W * u and sy + u <= y < sy + SHEET_H * u:
                return ("row", player, int((y - sy - u) // u))
        return None


@dataclass
class Preview:
    """Ghost crosses (or a ghost freeze ring) for the option under the keyboard cursor."""

    player: int
    row: int
    before: int
    after: int
    freeze: bool


@dataclass
class Scene:
    """What to draw. Texts come translated: `names[p]`, `letters[face]`, `caption`, `note`."""

    crosses: tuple[tuple[int, ...], ...]
    frozen: tuple[tuple[bool, ...], ...]
    bonus: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    names: tuple[str, ...]
    letters: tuple[str, ...]
    caption: str = ""
    note: str = ""
    faces: tuple[int, ...] = ()
    selected: frozenset[int] = frozenset()
    dimmed: frozenset[int] = frozenset()
    cursor: int | None = None
    highlight: int | None = None
    preview: Preview | None = None
    dark: bool = False


def draw(ctx: Any, layout: Layout, scene: Scene) -> None:
    """Draw the tray and every sheet (one call per frame)."""
    ctx.clearRect(0, 0, layout.width, layout.height)
    _draw_tray(ctx, layout, scene)
    claimed = tuple(any(marks[i] == FIRST for marks in scene.bonus) for i in range(len(BONUS_LINES)))
    for player in range(layout.players):
        _draw_sheet(ctx, layout, scene, player, claimed)


# -- the tray ---------------------------------------------------------------------------------

def _draw_tray(ctx: Any, layout: Layout, scene: Scene) -> None:
    u, d = layout.unit, layout.die
    ink = "#f1e9da" if scene.dark else "#2d2418"
    x5, _ = layout.die_xy(5)
    room = max(40.0, layout.width - 2 * layout.left)
    ctx.save()
    ctx.fillStyle = ink
    ctx.textBaseline = "middle"
    ctx.font = f"600 {max(11, round(0.5 * u))}px system-ui, sans-serif"
    ctx.textAlign = "left"
    ctx.fillText(scene.caption, layout.left, layout.top + 0.45 * u, 0.62 * room)
    ctx.font = f"italic {max(9, round(0.36 * u))}px system-ui, sans-serif"
    ctx.textAlign = "right"
    ctx.globalAlpha = 0.8
    ctx.fillText(scene.note, layout.width - layout.left, layout.top + 0.45 * u, 0.36 * room)
    ctx.restore()
    skull_from = next((i for i, f in enumerate(scene.faces) if f == SKULL), None)
    if skull_from is not None:  # the skulls are set aside on a dark plate
        px, py = layout.die_xy(skull_from)
        rounded_rect(ctx, px - 0.4 * layout.gap, py - 0.12 * d, x5 + d - px + 0.8 * layout.gap, 1.24 * d, 0.12 * d)
        ctx.fillStyle = "#5d4037"
        ctx.globalAlpha = 0.35
        ctx.fill()
        ctx.globalAlpha = 1
    for slot in range(6):
        x, y = layout.die_xy(slot)
        if slot >= len(scene.faces):
            ctx.save()
            ctx.setLineDash([0.1 * d, 0.08 * d])
            rounded_rect(ctx, x, y, d, d, 0.16 * d)
            ctx.strokeStyle = ink
            ctx.globalAlpha = 0.4
            ctx.lineWidth = 1.5
            ctx.stroke()
            ctx.restore()
            continue
        lift = LIFT * d if slot in scene.selected else 0.0
        _draw_die(ctx, x, y - lift, d, scene.faces[slot], scene.letters[scene.faces[slot]], slot in scene.dimmed)
        if slot in scene.selected:
            _reroll_badge(ctx, x + d, y - lift, 0.22 * d)
        if scene.cursor == slot:
            ctx.save()
            ctx.setLineDash([0.1 * d, 0.07 * d])
            rounded_rect(ctx, x - 0.12 * d, y - lift - 0.12 * d, 1.24 * d, 1.24 * d, 0.2 * d)
            ctx.strokeStyle = "#6a1b9a" if not scene.dark else "#ce93d8"
            ctx.lineWidth = max(2.0, 0.06 * d)
            ctx.stroke()
            ctx.restore()


def _draw_die(ctx: Any, x: float, y: float, d: float, face: int, letter: str, dimmed: bool) -> None:
    ctx.save()
    if dimmed:
        ctx.globalAlpha = 0.35
    rounded_rect(ctx, x, y, d, d, 0.16 * d)
    ctx.fillStyle = FACE_FILL[face]
    ctx.fill()
    ctx.lineWidth = max(1.5, 0.045 * d)
    ctx.strokeStyle = "#888888" if face == 3 else "#2b2b2b"
    ctx.stroke()
    _symbol(ctx, SYMBOLS[face], x + d / 2, y + d * 0.54, 0.3 * d, FACE_INK[face])
    ctx.fillStyle = FACE_INK[face] if face < ROSE else "#2b2b2b"
    ctx.font = f"700 {max(9, round(0.22 * d))}px system-ui, sans-serif"
    ctx.textAlign = "left"
    ctx.textBaseline = "top"
    ctx.fillText(letter, x + 0.08 * d, y + 0.06 * d)
    if dimmed:  # taken dice are struck through, not only faded
        ctx.globalAlpha = 0.9
        ctx.beginPath()
        ctx.moveTo(x + 0.1 * d, y + 0.9 * d)
        ctx.lineTo(x + 0.9 * d, y + 0.1 * d)
        ctx.strokeStyle = "#5d4037"
        ctx.lineWidth = max(2.0, 0.06 * d)
        ctx.stroke()
    ctx.restore()


def _reroll_badge(ctx: Any, x: float, y: float, r: float) -> None:
    """A round badge with a circular arrow: this die will be re-rolled."""
    ctx.save()
    ctx.beginPath()
    ctx.arc(x, y, r, 0, math.tau)
    ctx.fillStyle = "#6a1b9a"
    ctx.fill()
    ctx.strokeStyle = "#ffffff"
    ctx.lineWidth = max(1.5, 0.22 * r)
    ctx.beginPath()
    ctx.arc(x, y, 0.55 * r, 0.3, 5.2)
    ctx.stroke()
    tip = 5.2
    tx, ty = x + 0.55 * r * math.cos(tip), y + 0.55 * r * math.sin(tip)
    ctx.beginPath()
    ctx.moveTo(tx + 0.35 * r, ty)
    ctx.lineTo(tx - 0.1 * r, ty - 0.35 * r)
    ctx.lineTo(tx - 0.15 * r, ty + 0.3 * r)
    ctx.closePath()
    ctx.fillStyle = "#ffffff"
    ctx.fill()
    ctx.restore()


# -- the sheets -------------------------------------------------------------------------------

def _draw_sheet(ctx: Any, layout: Layout, scene: Scene, player: int, claimed: tuple[bool, ...]) -> None:
    u = layout.unit
    sx, sy = layout.sheet_xy(player)
    dark = scene.dark
    paper, ink = ("#2f2a22", "#f1e9da") if dark else ("#fffdf6", "#2d2418")
    on = scene.highlight == player
    rounded_rect(ctx, sx - 0.15 * u, sy - 0.1 * u, (SHEET_W + 0.3) * u, (SHEET_H + 0.2) * u, 0.25 * u)
    ctx.fillStyle = paper
    ctx.fill()
    ctx.lineWidth = max(3.0, 0.12 * u) if on else 1.0
    ctx.strokeStyle = ("#e0a050" if dark else "#7a4b12") if on else ("#4a3f30" if dark else "#d9ccb4")
    ctx.stroke()
    _draw_strip(ctx, layout, scene, player, claimed, ink, on)
    zones = ZONE_FILL_DARK if dark else ZONE_FILL
    for row in range(4):
        _draw_row(ctx, layout, scene, player, row, zones, ink)
    ctx.save()
    ctx.strokeStyle = LINE_RED
    ctx.lineWidth = max(2.0, 0.12 * u)
    for line in BONUS_LINES:
        x = layout.line_x(player, line.after)
        ctx.beginPath()
        ctx.moveTo(x, sy + 0.95 * u)
        ctx.lineTo(x, sy + SHEET_H * u)
        ctx.stroke()
    ctx.restore()
    preview = scene.preview
    if preview is not None and preview.player == player:
        _draw_preview(ctx, layout, preview)


def _draw_strip(ctx: Any, layout: Layout, scene: Scene, player: int, claimed: tuple[bool, ...], ink: str,
                on: bool) -> None:
    """The title strip: the name, the rose thresholds, the death icon, the bonus values and marks,
    and the total."""
    u = layout.unit
    sx, sy = layout.sheet_xy(player)
    cy = sy + 0.5 * u
    ctx.save()
    ctx.fillStyle = ink
    ctx.textBaseline = "middle"
    ctx.textAlign = "left"
    ctx.font = f"{'800' if on else '600'} {max(10, round(0.56 * u))}px system-ui, sans-serif"
    name = ("▶ " if on else "") + scene.names[player]
    ctx.fillText(name, sx + 0.05 * u, cy, (LABEL_W + BONUS_LINES[0].after + 0.3) * u)
    ctx.textAlign = "right"
    ctx.fillText(f"Σ {scene.totals[player]}", sx + SHEET_W * u - 0.05 * u, cy, 2.2 * u)
    # rose thresholds over each run of equal thresholds, a skull over the death zone
    start = 0
    while start < BOXES:
        end = start
        while end + 1 < BOXES and zone(end + 1) == zone(start) and FREEZE_ROSES[end + 1] == FREEZE_ROSES[start]:
            end += 1
        mid = sx + (LABEL_W + _free_middle(start, end + 1)) * u
        need = FREEZE_ROSES[start]
        if need is not None:
            ctx.fillStyle = ROSE_RED
            ctx.textAlign = "right"
            ctx.font = f"700 {max(9, round(0.48 * u))}px system-ui, sans-serif"
            ctx.fillText(str(need), mid, cy)
            _symbol(ctx, "rose", mid + 0.32 * u, cy, 0.26 * u, ROSE_RED)
        elif zone(start) == "death":
            _symbol(ctx, "skull", mid, cy, 0.3 * u, ink)
        start = end + 1
    for i, line in enumerate(BONUS_LINES):
        _bonus_badge(ctx, layout.line_x(player, line.after), cy, u, line, scene.bonus[player][i], claimed[i], ink)
    ctx.restore()


def _free_middle(lo: float, hi: float) -> float:
    """The middle of the part of boxes lo..hi that no bonus badge covers (badges sit on the lines)."""
    for line in BONUS_LINES:
        x = line.after + 1
        if lo <= x <= hi:
            if x - lo < hi - x:
                lo = max(lo, x + BADGE_HALF)
            else:
                hi = min(hi, x - BADGE_HALF)
    return (lo + hi) / 2


def _bonus_badge(ctx: Any, x: float, y: float, u: float, line: Any, mark: int, claimed: bool, ink: str) -> None:
    """"first/later" at a bonus line: the value this player got is ringed; a first value taken by
    somebody else is struck out (as players do on the real pad)."""
    ctx.font = f"700 {max(9, round(0.42 * u))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.fillStyle = LINE_RED
    left, right = x - 0.36 * u, x + 0.36 * u
    rounded_rect(ctx, x - BADGE_HALF * u, y - 0.36 * u, 2 * BADGE_HALF * u, 0.72 * u, 0.2 * u)
    ctx.fillStyle = "#ffffff"
    ctx.fill()
    ctx.strokeStyle = LINE_RED
    ctx.lineWidth = 1
    ctx.stroke()
    ctx.fillStyle = LINE_RED
    ctx.fillText(str(line.first), left, y)
    ctx.fillText("/", x, y)
    ctx.fillText(str(line.later), right, y)
    ctx.strokeStyle = ink
    ctx.lineWidth = max(1.5, 0.07 * u)
    if mark == FIRST:
        ctx.beginPath()
        ctx.arc(left, y, 0.3 * u, 0, math.tau)
        ctx.stroke()
    elif mark == LATER:
        ctx.beginPath()
        ctx.arc(right, y, 0.3 * u, 0, math.tau)
        ctx.stroke()
    if (mark == LATER) or (claimed and mark != FIRST):
        ctx.beginPath()
        ctx.moveTo(left - 0.22 * u, y + 0.16 * u)
        ctx.lineTo(left + 0.22 * u, y - 0.16 * u)
        ctx.stroke()


def _draw_row(ctx: Any, layout: Layout, scene: Scene, player: int, row: int, zones: dict[str, str], ink: str) -> None:
    u = layout.unit
    crosses, frozen = scene.crosses[player][row], scene.frozen[player][row]
    lx, ly = layout.sheet_xy(player)[0], layout.box_xy(player, row, 0)[1]
    ctx.fillStyle = FACE_FILL[row]
    ctx.fillRect(lx, ly, LABEL_W * u, u)
    ctx.strokeStyle = "#2b2b2b"
    ctx.lineWidth = 1
    ctx.strokeRect(lx, ly, LABEL_W * u, u)
    _symbol(ctx, SYMBOLS[row], lx + 0.45 * u, ly + 0.5 * u, 0.27 * u, FACE_INK[row])
    ctx.fillStyle = FACE_INK[row]
    ctx.font = f"700 {max(9, round(0.5 * u))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(scene.letters[row], lx + 1.12 * u, ly + 0.52 * u)
    for box in range(BOXES):
        x, y = layout.box_xy(player, row, box)
        ctx.fillStyle = zones[zone(box)]
        ctx.fillRect(x, y, u, u)
        if zone(box) == "death":
            _hatch(ctx, x, y, u)
        ctx.strokeStyle = "#7d705c"
        ctx.lineWidth = 1
        ctx.strokeRect(x, y, u, u)
        if box < crosses:
            ctx.save()
            ctx.globalAlpha = 0.45
            ctx.fillStyle = FACE_FILL[row]
            ctx.fillRect(x + 1, y + 1, u - 2, u - 2)
            ctx.restore()
        ctx.fillStyle = "#2d2418" if zone(box) != "death" or not scene.dark else "#f1e9da"
        ctx.font = f"{'700' if zone(box) == 'score' else '500'} {max(8, round(0.4 * u))}px system-ui, sans-serif"
        ctx.textAlign = "center"
        ctx.fillText(str(VALUES[box]), x + 0.5 * u, y + 0.52 * u)
        if box < crosses:
            _cross(ctx, x, y, u, "#1b1b1b", 1.0)
    if crosses and frozen:
        x, y = layout.box_xy(player, row, crosses - 1)
        ctx.beginPath()
        ctx.arc(x + 0.5 * u, y + 0.5 * u, 0.52 * u, 0, math.tau)
        ctx.strokeStyle = "#b71c1c"
        ctx.lineWidth = max(2.0, 0.1 * u)
        ctx.stroke()
        if crosses < BOXES:  # the rest of a frozen row is closed with a line
            ex, _ = layout.box_xy(player, row, BOXES - 1)
            ctx.beginPath()
            ctx.moveTo(x + 1.05 * u, y + 0.5 * u)
            ctx.lineTo(ex + u, y + 0.5 * u)
            ctx.stroke()
    elif crosses:
        x, y = layout.box_xy(player, row, crosses - 1)
        ctx.strokeStyle = "#1b1b1b"
        ctx.lineWidth = max(2.0, 0.08 * u)
        ctx.strokeRect(x + 1, y + 1, u - 2, u - 2)
    sx, sy = layout.box_xy(player, row, BOXES)
    ctx.fillStyle = "#1b1b1b" if frozen else ("#fffaf0" if not scene.dark else "#2a241c")
    ctx.fillRect(sx + 0.1 * u, sy, (LABEL_W - 0.1) * u, u)
    ctx.strokeStyle = ink
    ctx.lineWidth = 1
    ctx.strokeRect(sx + 0.1 * u, sy, (LABEL_W - 0.1) * u, u)
    ctx.fillStyle = "#ffffff" if frozen else ink
    ctx.font = f"800 {max(9, round(0.5 * u))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    text = str(row_value(crosses))
    if frozen:
        _lock(ctx, sx + 0.45 * u, sy + 0.5 * u, 0.2 * u)
        ctx.fillText(text, sx + 1.1 * u, sy + 0.52 * u)
    else:
        ctx.fillText(text, sx + 0.85 * u, sy + 0.52 * u)


def _draw_preview(ctx: Any, layout: Layout, preview: Preview) -> None:
    u = layout.unit
    ctx.save()
    ctx.setLineDash([0.12 * u, 0.08 * u])
    if preview.freeze:
        x, y = layout.box_xy(preview.player, preview.row, preview.before - 1)
        ctx.beginPath()
        ctx.arc(x + 0.5 * u, y + 0.5 * u, 0.55 * u, 0, math.tau)
        ctx.strokeStyle = "#6a1b9a"
        ctx.lineWidth = max(2.0, 0.1 * u)
        ctx.stroke()
    else:
        for box in range(preview.before, preview.after):
            x, y = layout.box_xy(preview.player, preview.row, box)
            _cross(ctx, x, y, u, "#6a1b9a", 0.8)
    ctx.restore()


# -- small pictures ---------------------------------------------------------------------------

def _cross(ctx: Any, x: float, y: float, u: float, colour: str, alpha: float) -> None:
    ctx.save()
    ctx.globalAlpha = alpha
    ctx.strokeStyle = colour
    ctx.lineWidth = max(1.5, 0.1 * u)
    ctx.lineCap = "round"
    ctx.beginPath()
    ctx.moveTo(x + 0.2 * u, y + 0.2 * u)
    ctx.lineTo(x + 0.8 * u, y + 0.8 * u)
    ctx.moveTo(x + 0.8 * u, y + 0.2 * u)
    ctx.lineTo(x + 0.2 * u, y + 0.8 * u)
    ctx.stroke()
    ctx.restore()


def _hatch(ctx: Any, x: float, y: float, u: float) -> None:
    """Diagonal hatching: the death zone is marked by a pattern, not by its shade alone."""
    ctx.save()
    ctx.beginPath()
    ctx.rect(x, y, u, u)
    ctx.clip()
    ctx.strokeStyle = "#7d705c"
    ctx.globalAlpha = 0.45
    ctx.lineWidth = 1
    ctx.beginPath()
    for i in range(-1, 4):
        ctx.moveTo(x + i * u / 3, y + u)
        ctx.lineTo(x + i * u / 3 + u, y)
    ctx.stroke()
    ctx.restore()


def _lock(ctx: Any, x: float, y: float, r: float) -> None:
    """A small white padlock: the row is frozen."""
    ctx.save()
    ctx.fillStyle = "#ffffff"
    ctx.strokeStyle = "#ffffff"
    ctx.lineWidth = max(1.2, 0.3 * r)
    ctx.fillRect(x - r, y - 0.1 * r, 2 * r, 1.3 * r)
    ctx.beginPath()
    ctx.arc(x, y - 0.1 * r, 0.65 * r, math.pi, 0)
    ctx.stroke()
    ctx.restore()


def _symbol(ctx: Any, kind: str, x: float, y: float, r: float, colour: str) -> None:
    """A face symbol centred on (x, y) with radius `r`."""
    ctx.save()
    ctx.fillStyle = colour
    ctx.beginPath()
    if kind == "circle":
        ctx.arc(x, y, r, 0, math.tau)
        ctx.fill()
    elif kind == "diamond":
        ctx.moveTo(x, y - 1.15 * r)
        ctx.lineTo(x + 0.9 * r, y)
        ctx.lineTo(x, y + 1.15 * r)
        ctx.lineTo(x - 0.9 * r, y)
        ctx.closePath()
        ctx.fill()
    elif kind == "triangle":
        ctx.moveTo(x, y - 1.1 * r)
        ctx.lineTo(x + 1.05 * r, y + 0.8 * r)
        ctx.lineTo(x - 1.05 * r, y + 0.8 * r)
        ctx.closePath()
        ctx.fill()
    elif kind == "square":
        ctx.fillRect(x - 0.85 * r, y - 0.85 * r, 1.7 * r, 1.7 * r)
    elif kind == "rose":
        _rose(ctx, x, y, r, colour)
    else:
        _skull(ctx, x, y, r, colour)
    ctx.restore()


def _rose(ctx: Any, x: float, y: float, r: float, colour: str) -> None:
    """Five round petals around a light centre, on a short stem with a leaf."""
    ctx.strokeStyle = "#2e7d32"
    ctx.lineWidth = max(1.0, 0.18 * r)
    ctx.beginPath()
    ctx.moveTo(x, y + 0.4 * r)
    ctx.lineTo(x, y + 1.15 * r)
    ctx.stroke()
    ctx.fillStyle = colour
    for i in range(5):
        a = i * math.tau / 5 - math.pi / 2
        ctx.beginPath()
        ctx.arc(x + 0.5 * r * math.cos(a), y - 0.1 * r + 0.5 * r * math.sin(a), 0.42 * r, 0, math.tau)
        ctx.fill()
    ctx.beginPath()
    ctx.arc(x, y - 0.1 * r, 0.3 * r, 0, math.tau)
    ctx.fillStyle = "#ffcdd2"
    ctx.fill()


def _skull(ctx: Any, x: float, y: float, r: float, colour: str) -> None:
    """An outlined skull: a round cranium, two eye sockets, a nose and teeth."""
    ctx.strokeStyle = colour
    ctx.fillStyle = colour
    ctx.lineWidth = max(1.0, 0.14 * r)
    ctx.beginPath()
    ctx.arc(x, y - 0.15 * r, 0.85 * r, math.pi * 0.85, math.pi * 0.15)
    ctx.lineTo(x + 0.5 * r, y + 0.95 * r)
    ctx.lineTo(x - 0.5 * r, y + 0.95 * r)
    ctx.closePath()
    ctx.stroke()
    for side in (-1, 1):
        ctx.beginPath()
        ctx.arc(x + side * 0.35 * r, y - 0.1 * r, 0.24 * r, 0, math.tau)
        ctx.fill()
    ctx.beginPath()
    ctx.moveTo(x, y + 0.2 * r)
    ctx.lineTo(x + 0.12 * r, y + 0.42 * r)
    ctx.lineTo(x - 0.12 * r, y + 0.42 * r)
    ctx.closePath()
    ctx.fill()
    for i in (-1, 0, 1):
        ctx.beginPath()
        ctx.moveTo(x + i * 0.2 * r, y + 0.6 * r)
        ctx.lineTo(x + i * 0.2 * r, y + 0.95 * r)
        ctx.stroke()

