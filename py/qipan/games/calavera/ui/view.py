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

from qipan.games.calavera.dice import ROSE, SKULL
from qipan.games.calavera.rules import FIRST, LATER, row_value
from qipan.games.calavera.sheet import BONUS_LINES, BOXES, DEATH_FROM, FREEZE_ROSES, VALUES
from qipan.boardkit.canvas import rounded_rect
from qipan.boardkit.display import piece, unchanging

FACE_FILL = ("#e69f00", "#e57fb8", "#009e73", "#1b1b1b", "#fffaf7", "#efe6d2")
"""Die faces and row labels: orange, pink, green, black (Okabe–Ito based), rose, skull."""
FACE_INK = ("#2b1a00", "#2b0a1c", "#ffffff", "#ffffff", "#b71c1c", "#1b1b1b")
SYMBOLS = ("circle", "diamond", "triangle", "square", "rose", "skull")
ROSE_RED = "#c62828"
LINE_RED = "#d32f2f"
ZONE_FILL = {"pre": "#e4dfd4", "score": "#f6d75a", "death": "#b6ada0"}
ZONE_FILL_DARK = {"pre": "#4a443b", "score": "#8a7420", "death": "#3a3530"}
PREVIEW_INK = {False: "#6a1b9a", True: "#f3e5f5"}
"""Per theme (dark?): the ink of the dashed crosses or ring an option would draw (on unmarked
boxes: a deep purple on the light zones, a pale one on the dark)."""
CROSSED_TINT = 0.45
"""How much of its row's colour a crossed box takes over its zone's shade."""
INKS = ("#1b1b1b", "#ffffff")
"""The two inks a cross (and the last cross's frame) may take: dark and light."""
LABEL_W = 1.6
"""Width of the colour label column and of the score column, in boxes."""
SHEET_W = LABEL_W + BOXES + LABEL_W
SHEET_H = 5.0
"""A sheet: a title strip and four rows, in box heights."""
SHEET_GAP = 0.5
CAPTION_H = 0.9
LIFT = 0.22
"""How far above its place a die chosen for the re-roll is drawn, in die sizes (room is kept)."""
BADGE = 0.22
"""The re-roll badge's radius, in dice: it fits in the gap beside the die (0.28 of a die)."""
MAX_UNIT = 56.0
PAD = 6.0
"""The margin round the table, in CSS pixels."""
SMALL_UNIT = 24.0
"""Boxes smaller than this (CSS pixels) are too small to tap: then the player who marks gets a large
sheet of their own (the phone layout)."""
FOLD = 8
"""Where a large sheet is folded on a narrow screen: boxes 0-7 above, 8-15 below."""
RUN_GAP = 0.25
"""The space between the two halves of a folded sheet, in boxes."""
GAP = 6.0
FOCUS_CAPTION = 22.0
FOCUS_DIE = 40.0
"""The caption height and die size of the phone layout, in CSS pixels."""
MINI_MAX = 10.0
MINI_NAME = 16.0
"""The largest box of a small sheet and the height of its name line, in CSS pixels."""
BADGE_HALF = 0.7
"""Half the width of a bonus-line badge, in boxes."""


def zone(box: int) -> str:
    """The zone of a box: the grey low zone, the yellow score zone, the grey death zone."""
    if box >= DEATH_FROM:
        return "death"
    return "score" if FREEZE_ROSES[box] is not None else "pre"


@dataclass(frozen=True)
class Frame:
    """Where one sheet is drawn: its top-left corner, its box size, the runs of boxes drawn one
    under the other (one run, or two halves on a narrow screen), and whether it is a small overview
    (colours and crosses, no printed values)."""

    x: float
    y: float
    unit: float
    runs: tuple[tuple[int, int], ...] = ((0, BOXES),)
    small: bool = False

    @property
    def size(self) -> tuple[float, float]:
        """The width and height of the sheet in CSS pixels."""
        u = self.unit
        if self.small:
            return (1 + BOXES) * u, MINI_NAME + 4 * u
        longest = max(hi - lo for lo, hi in self.runs)
        return (LABEL_W + longest + LABEL_W) * u, (len(self.runs) * (SHEET_H + RUN_GAP) - RUN_GAP) * u

    def run_of(self, box: int) -> int:
        """The index of the run that holds `box` (the label, -1, is in the first; the score cell,
        BOXES, in the last)."""
        return next((i for i, (lo, hi) in enumerate(self.runs) if lo <= box < hi), 0 if box < 0 else len(self.runs) - 1)

    def run_xy(self, run: int) -> tuple[float, float]:
        """The top-left corner of a run's title strip."""
        return self.x, self.y + run * (SHEET_H + RUN_GAP) * self.unit

    def box_xy(self, row: int, box: int) -> tuple[float, float]:
        """The top-left corner of a box; box -1 is the colour label, BOXES the score cell."""
        u = self.unit
        if self.small:
            return self.x + (1 + box) * u, self.y + MINI_NAME + row * u
        run = self.run_of(box)
        lo, hi = self.runs[run]
        x, y = self.run_xy(run)
        column = box - lo if box < BOXES else hi - lo
        return x + (LABEL_W + column) * u, y + (1 + row) * u

    def row_at(self, x: float, y: float) -> int | None:
        """The colour row under (x, y), or None outside the rows."""
        w, _ = self.size
        if not self.x <= x <= self.x + w:
            return None
        u = self.unit
        if self.small:
            top = self.y + MINI_NAME
            return int((y - top) // u) if top <= y < top + 4 * u else None
        for run in range(len(self.runs)):
            _, ry = self.run_xy(run)
            if ry + u <= y < ry + SHEET_H * u:
                return int((y - ry - u) // u)
        return None


MIN_DIE = 1.0
"""The smallest die drawn (CSS px), so no size drawn from it is ever negative."""


@dataclass(frozen=True)
class Layout:
    """Maps the tray and the sheets to CSS pixels for a canvas of `width` x `height`.

    With `focus` (the player who marks now) and a canvas too narrow for every sheet at a tappable
    size (a phone), that player's sheet is drawn large, in two halves if that makes its boxes
    bigger, and the other sheets small below it; otherwise all sheets share the room alike."""

    width: float
    height: float
    players: int
    focus: int | None = None
    unit: float = field(init=False)
    die: float = field(init=False)
    columns: int = field(init=False)
    top: float = field(init=False)
    left: float = field(init=False)
    caption_h: float = field(init=False)
    frames: tuple[Frame, ...] = field(init=False)

    def __post_init__(self) -> None:
        shared = self._shared()
        focused = self._focused() if self.focus is not None and shared[0] < SMALL_UNIT else None
        set_ = object.__setattr__
        if focused is not None and focused[0] > shared[0] * 1.1:
            unit, die, top, left, frames = focused
            set_(self, "caption_h", FOCUS_CAPTION)
            set_(self, "columns", 1)
        else:
            unit, die, columns = shared
            across = columns * SHEET_W + (columns - 1) * SHEET_GAP
            down = -(-self.players // columns) * (SHEET_H + SHEET_GAP) + CAPTION_H + 0.4
            top = max(PAD, min(0.6 * unit, (self.height - (1 + LIFT) * die - down * unit) / 2))
            left = max(PAD, (self.width - across * unit) / 2)
            y0 = top + CAPTION_H * unit + (1 + LIFT) * die + 0.4 * unit
            frames = tuple(Frame(left + (p % columns) * (SHEET_W + SHEET_GAP) * unit,
                                 y0 + (p // columns) * (SHEET_H + SHEET_GAP) * unit, unit)
                           for p in range(self.players))
            set_(self, "caption_h", CAPTION_H * unit)
            set_(self, "columns", columns)
        for name, value in (("unit", unit), ("die", die), ("top", top), ("left", left), ("frames", frames)):
            set_(self, name, value)

    def _shared(self) -> tuple[float, float, int]:
        """Every sheet the same size, in one or two columns: (unit, die, columns)."""
        best = None
        for columns in (1, 2):
            if columns > self.players:
                continue
            rows = -(-self.players // columns)
            across = columns * SHEET_W + (columns - 1) * SHEET_GAP
            down = rows * (SHEET_H + SHEET_GAP) + CAPTION_H + 0.4
            guess = min((self.width - 2 * PAD) / across, (self.height - 2 * PAD) / (down + 1.6))
            # never below MIN_DIE: a frame narrower than the padding (an embed being resized) still
            # draws, tiny, with no negative size (a negative radius throws in the browser)
            die = max(min(1.7 * guess, (self.width - 2 * PAD) / 7.8, 80.0), min(40.0, (self.width - 2 * PAD) / 7.8),
                      MIN_DIE)
            unit = min((self.width - 2 * PAD) / across, (self.height - 2 * PAD - (1 + LIFT) * die) / down, MAX_UNIT)
            if best is None or unit > best[0] * 1.15:
                best = (unit, die, columns)
        unit, die, columns = best
        return max(unit, 4.0), die, columns

    def _focused(self) -> tuple[float, float, float, float, tuple[Frame, ...]] | None:
        """The focus player's sheet large and the others small below it:
        (unit, die, top, left, frames), or None when the canvas has no room for it."""
        room = max(0.0, self.width - 2 * PAD)
        die = max(MIN_DIE, min(FOCUS_DIE, room / 7.8))
        others = [p for p in range(self.players) if p != self.focus]
        per_line = min(len(others), 3)
        mini = min(MINI_MAX, (room - (per_line - 1) * SHEET_GAP * MINI_MAX) / (per_line * (1 + BOXES)))
        lines = -(-len(others) // per_line)
        minis_h = lines * (MINI_NAME + 4 * mini) + (lines - 1) * PAD
        tray_h = FOCUS_CAPTION + (1 + LIFT) * die
        free = self.height - 2 * PAD - tray_h - 2 * GAP - minis_h
        best = None
        for runs in (((0, BOXES),), ((0, FOLD), (FOLD, BOXES))):
            longest = max(hi - lo for lo, hi in runs)
            across = LABEL_W + longest + LABEL_W
            down = len(runs) * (SHEET_H + RUN_GAP) - RUN_GAP
            unit = min(room / across, free / down, MAX_UNIT)
            if best is None or unit > best[0]:
                best = (unit, runs, across, down)
        unit, runs, across, down = best
        if mini < 3 or unit < 4:
            return None
        top = PAD + max(0.0, (free - down * unit) / 3)
        left = PAD + (room - across * unit) / 2
        y = top + tray_h + GAP
        frames: dict[int, Frame] = {self.focus: Frame(left, y, unit, runs)}
        y += down * unit + GAP
        mini_w = (1 + BOXES) * mini
        gap = (room - per_line * mini_w) / max(1, per_line - 1) if per_line > 1 else 0.0
        x0 = PAD if per_line > 1 else PAD + (room - mini_w) / 2
        for i, player in enumerate(others):
            line, col = divmod(i, per_line)
            frames[player] = Frame(x0 + col * (mini_w + gap), y + line * (MINI_NAME + 4 * mini + PAD), mini, small=True)
        return unit, die, top, left, tuple(frames[p] for p in range(self.players))

    @property
    def focused(self) -> bool:
        """Whether one sheet is drawn large and the others small."""
        return any(frame.small for frame in self.frames)

    # -- the tray --

    @property
    def gap(self) -> float:
        return 0.28 * self.die

    def die_xy(self, slot: int) -> tuple[float, float]:
        """The top-left corner of die slot 0..5 (skulls take the right-hand slots)."""
        span = 6 * self.die + 5 * self.gap
        x0 = (self.width - span) / 2
        return x0 + slot * (self.die + self.gap), self.top + self.caption_h + LIFT * self.die

    # -- the sheets --

    def sheet_xy(self, player: int) -> tuple[float, float]:
        """The top-left corner of a player's sheet (its title strip)."""
        frame = self.frames[player]
        return frame.x, frame.y

    def unit_of(self, player: int) -> float:
        """The size of a box on a player's sheet."""
        return self.frames[player].unit

    def box_xy(self, player: int, row: int, box: int) -> tuple[float, float]:
        """The top-left corner of a box; box -1 is the colour label, BOXES the score cell."""
        return self.frames[player].box_xy(row, box)

    def line_x(self, player: int, after: int) -> float:
        """The x of a bonus line drawn just right of box `after`."""
        return self.box_xy(player, 0, after)[0] + self.unit_of(player)

    def hit(self, x: float, y: float) -> tuple[str, int, int] | None:
        """("die", slot, 0), ("row", player, row) for a click at (x, y), or None."""
        for slot in range(6):
            dx, dy = self.die_xy(slot)
            if dx - self.gap / 2 <= x <= dx + self.die + self.gap / 2 and dy - 0.2 * self.die <= y <= dy + self.die:
                return ("die", slot, 0)
        for player, frame in enumerate(self.frames):
            row = frame.row_at(x, y)
            if row is not None:
                return ("row", player, row)
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
    unchanging(ctx, (layout, scene.caption, scene.note, scene.faces, scene.letters, scene.selected, scene.dimmed,
                     scene.dark), lambda ctx: _draw_tray(ctx, layout, scene))
    if scene.cursor is not None and scene.cursor < len(scene.faces):
        _draw_die_cursor(ctx, layout, scene)
    claimed = tuple(any(marks[i] == FIRST for marks in scene.bonus) for i in range(len(BONUS_LINES)))
    for player, frame in enumerate(layout.frames):  # each sheet a layer: a move redraws the mover's
        unchanging(ctx, (frame, player, scene.crosses[player], scene.frozen[player], scene.bonus[player], claimed,
                         scene.totals[player], scene.names[player], scene.letters, scene.highlight == player,
                         scene.dark),
                   lambda ctx, frame=frame, player=player: _draw_player(ctx, frame, scene, player, claimed))
    preview = scene.preview
    if preview is not None and not layout.frames[preview.player].small:  # (over its sheet; sheets never overlap)
        _draw_preview(ctx, layout.frames[preview.player], preview, PREVIEW_INK[scene.dark])


def _draw_player(ctx: Any, frame: Frame, scene: Scene, player: int, claimed: tuple[bool, ...]) -> None:
    """One player's sheet (or its small summary): what a cursor move leaves as it is (reads only
    the frame, the player's `crosses`, `frozen`, `bonus`, `totals` and `names`, `claimed`,
    `letters`, whether `highlight` is this player, and `dark`)."""
    if frame.small:
        _draw_mini(ctx, frame, scene, player)
    else:
        _draw_sheet(ctx, frame, scene, player, claimed)


# -- the tray ---------------------------------------------------------------------------------

def _draw_tray(ctx: Any, layout: Layout, scene: Scene) -> None:
    """The caption and the dice: what a cursor move leaves as it is (reads only the layout,
    `caption`, `note`, `faces`, `letters`, `selected`, `dimmed` and `dark`)."""
    u, d = layout.caption_h / CAPTION_H, layout.die
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
        _die_piece(ctx, x, y - lift, d, scene.faces[slot], scene.letters[scene.faces[slot]], slot in scene.dimmed)
        if slot in scene.selected:  # on the die's right edge, below its top: not over the caption
            _reroll_badge(ctx, x + d, y - lift + BADGE * d, BADGE * d)


def _draw_die_cursor(ctx: Any, layout: Layout, scene: Scene) -> None:
    """The keyboard cursor's dashed ring around a die (over the tray)."""
    d, slot = layout.die, scene.cursor
    assert slot is not None
    x, y = layout.die_xy(slot)
    lift = LIFT * d if slot in scene.selected else 0.0
    ctx.save()
    ctx.setLineDash([0.1 * d, 0.07 * d])
    rounded_rect(ctx, x - 0.12 * d, y - lift - 0.12 * d, 1.24 * d, 1.24 * d, 0.2 * d)
    ctx.strokeStyle = "#6a1b9a" if not scene.dark else "#ce93d8"
    ctx.lineWidth = max(2.0, 0.06 * d)
    ctx.stroke()
    ctx.restore()


def _die_piece(ctx: Any, x: float, y: float, d: float, face: int, letter: str, dimmed: bool) -> None:
    """A die with its top-left corner at (x, y), moved there: a piece (display.py) recorded once per
    face, letter, size and dimming, so a roll or a pick records only a die not seen before. Every
    context gets the same calls (the SVG picture places the die with a transform, the same picture
    to 0.01 px as when it was drawn in place)."""
    ctx.save()
    ctx.translate(x, y)
    piece(ctx, ("die", d, face, letter, dimmed), lambda ctx: _draw_die(ctx, d, face, letter, dimmed))
    ctx.restore()


def _draw_die(ctx: Any, d: float, face: int, letter: str, dimmed: bool) -> None:
    """A die of side `d` with its top-left corner at the origin."""
    ctx.save()
    if dimmed:
        ctx.globalAlpha = 0.35
    rounded_rect(ctx, 0, 0, d, d, 0.16 * d)
    ctx.fillStyle = FACE_FILL[face]
    ctx.fill()
    ctx.lineWidth = max(1.5, 0.045 * d)
    ctx.strokeStyle = "#888888" if face == 3 else "#2b2b2b"
    ctx.stroke()
    _symbol(ctx, SYMBOLS[face], d / 2, d * 0.54, 0.3 * d, FACE_INK[face])
    ctx.fillStyle = FACE_INK[face] if face < ROSE else "#2b2b2b"
    ctx.font = f"700 {max(9, round(0.22 * d))}px system-ui, sans-serif"
    ctx.textAlign = "left"
    ctx.textBaseline = "top"
    ctx.fillText(letter, 0.08 * d, 0.06 * d)
    if dimmed:  # taken dice are struck through, not only faded
        ctx.globalAlpha = 0.9
        ctx.beginPath()
        ctx.moveTo(0.1 * d, 0.9 * d)
        ctx.lineTo(0.9 * d, 0.1 * d)
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

def _draw_sheet(ctx: Any, frame: Frame, scene: Scene, player: int, claimed: tuple[bool, ...]) -> None:
    u = frame.unit
    w, h = frame.size
    dark = scene.dark
    paper, ink = ("#2f2a22", "#f1e9da") if dark else ("#fffdf6", "#2d2418")
    on = scene.highlight == player
    rounded_rect(ctx, frame.x - 0.15 * u, frame.y - 0.1 * u, w + 0.3 * u, h + 0.2 * u, 0.25 * u)
    ctx.fillStyle = paper
    ctx.fill()
    ctx.lineWidth = max(3.0, 0.12 * u) if on else 1.0
    ctx.strokeStyle = ("#e0a050" if dark else "#7a4b12") if on else ("#4a3f30" if dark else "#d9ccb4")
    ctx.stroke()
    zones = ZONE_FILL_DARK if dark else ZONE_FILL
    last = len(frame.runs) - 1
    for run in range(len(frame.runs)):
        # each strip and row a piece (display.py): a move records again the row it marked, not the sheet
        piece(ctx, ("strip", frame, run, scene.names[player] if run == 0 else "", scene.totals[player] if run == last
                    else 0, scene.bonus[player], claimed, on, dark),
              lambda ctx, run=run: _draw_strip(ctx, frame, scene, player, run, claimed, ink, on))
        for row in range(4):
            piece(ctx, ("row", frame, row, run, scene.crosses[player][row], scene.frozen[player][row],
                        scene.letters[row], dark),
                  lambda ctx, run=run, row=row: _draw_row(ctx, frame, scene, player, row, run, zones, ink))
    ctx.save()
    ctx.strokeStyle = LINE_RED
    ctx.lineWidth = max(2.0, 0.12 * u)
    for line in BONUS_LINES:
        x, y = frame.box_xy(0, line.after)
        ctx.beginPath()
        ctx.moveTo(x + u, y - 0.05 * u)
        ctx.lineTo(x + u, y + 4 * u)
        ctx.stroke()
    ctx.restore()


def _draw_strip(ctx: Any, frame: Frame, scene: Scene, player: int, run: int, claimed: tuple[bool, ...], ink: str,
                on: bool) -> None:
    """A run's title strip: the name (first run), the rose thresholds, the death icon, the bonus
    values and marks, and the total (last run)."""
    u = frame.unit
    lo, hi = frame.runs[run]
    sx, sy = frame.run_xy(run)
    right = sx + (LABEL_W + hi - lo + LABEL_W) * u
    cy = sy + 0.5 * u
    ctx.save()
    ctx.fillStyle = ink
    ctx.textBaseline = "middle"
    ctx.textAlign = "left"
    ctx.font = f"{'800' if on else '600'} {max(10, round(0.56 * u))}px system-ui, sans-serif"
    if run == 0:
        name = ("▶ " if on else "") + scene.names[player]
        ctx.fillText(name, sx + 0.05 * u, cy, (LABEL_W + BONUS_LINES[0].after + 0.3) * u)
    if run == len(frame.runs) - 1:
        ctx.textAlign = "right"
        ctx.fillText(f"Σ {scene.totals[player]}", right - 0.05 * u, cy, 2.2 * u)
    # rose thresholds over each run of equal thresholds, a skull over the death zone
    start = lo
    while start < hi:
        end = start
        while end + 1 < hi and zone(end + 1) == zone(start) and FREEZE_ROSES[end + 1] == FREEZE_ROSES[start]:
            end += 1
        mid = sx + (LABEL_W + _free_middle(start, end + 1) - lo) * u
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
        if lo <= line.after < hi:
            x = frame.box_xy(0, line.after)[0] + u
            _bonus_badge(ctx, x, cy, u, line, scene.bonus[player][i], claimed[i], ink)
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


def _draw_row(ctx: Any, frame: Frame, scene: Scene, player: int, row: int, run: int, zones: dict[str, str],
              ink: str) -> None:
    """One colour row of one run: its label, its boxes and crosses, and (last run) its score."""
    u = frame.unit
    lo, hi = frame.runs[run]
    crosses, frozen = scene.crosses[player][row], scene.frozen[player][row]
    lx, ly = frame.box_xy(row, lo)
    lx -= LABEL_W * u
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
    for box in range(lo, hi):
        x, y = frame.box_xy(row, box)
        ctx.fillStyle = zones[zone(box)]
        ctx.fillRect(x, y, u, u)
        if zone(box) == "death":
            _hatch(ctx, x, y, u)
        ctx.strokeStyle = "#7d705c"
        ctx.lineWidth = 1
        ctx.strokeRect(x, y, u, u)
        if box < crosses:
            ctx.save()
            ctx.globalAlpha = CROSSED_TINT
            ctx.fillStyle = FACE_FILL[row]
            ctx.fillRect(x + 1, y + 1, u - 2, u - 2)
            ctx.restore()
        ctx.fillStyle = "#f1e9da" if scene.dark and zone(box) != "score" else "#2d2418"
        ctx.font = f"{'700' if zone(box) == 'score' else '500'} {max(8, round(0.4 * u))}px system-ui, sans-serif"
        ctx.textAlign = "center"
        ctx.fillText(str(VALUES[box]), x + 0.5 * u, y + 0.52 * u)
        if box < crosses:
            _cross(ctx, x, y, u, cross_ink(row, scene.dark), 1.0)
    last = crosses - 1
    if crosses and frozen:
        if lo <= last < hi:
            x, y = frame.box_xy(row, last)
            ctx.beginPath()
            ctx.arc(x + 0.5 * u, y + 0.5 * u, 0.52 * u, 0, math.tau)
            ctx.strokeStyle = "#b71c1c"
            ctx.lineWidth = max(2.0, 0.1 * u)
            ctx.stroke()
        if crosses < hi:  # the rest of a frozen row is closed with a line
            x, y = frame.box_xy(row, max(lo, crosses))
            ex, _ = frame.box_xy(row, hi - 1)
            ctx.beginPath()
            ctx.moveTo(x + (0.05 * u if crosses >= lo else 0.0), y + 0.5 * u)
            ctx.lineTo(ex + u, y + 0.5 * u)
            ctx.strokeStyle = "#b71c1c"
            ctx.lineWidth = max(2.0, 0.1 * u)
            ctx.stroke()
    elif crosses and lo <= last < hi:
        x, y = frame.box_xy(row, last)
        ctx.strokeStyle = cross_ink(row, scene.dark)
        ctx.lineWidth = max(2.0, 0.08 * u)
        ctx.strokeRect(x + 1, y + 1, u - 2, u - 2)
    if run == len(frame.runs) - 1:
        _draw_score(ctx, frame, row, row_value(crosses), frozen, scene.dark, ink)


def _draw_score(ctx: Any, frame: Frame, row: int, value: int, frozen: bool, dark: bool, ink: str) -> None:
    """The score cell at the end of a row: white on black with a padlock once frozen."""
    u = frame.unit
    sx, sy = frame.box_xy(row, BOXES)
    ctx.fillStyle = "#1b1b1b" if frozen else ("#fffaf0" if not dark else "#2a241c")
    ctx.fillRect(sx + 0.1 * u, sy, (LABEL_W - 0.1) * u, u)
    ctx.strokeStyle = ink
    ctx.lineWidth = 1
    ctx.strokeRect(sx + 0.1 * u, sy, (LABEL_W - 0.1) * u, u)
    ctx.fillStyle = "#ffffff" if frozen else ink
    ctx.font = f"800 {max(9, round(0.5 * u))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    if frozen:
        _lock(ctx, sx + 0.45 * u, sy + 0.5 * u, 0.2 * u)
        ctx.fillText(str(value), sx + 1.1 * u, sy + 0.52 * u)
    else:
        ctx.fillText(str(value), sx + 0.85 * u, sy + 0.52 * u)


def _draw_mini(ctx: Any, frame: Frame, scene: Scene, player: int) -> None:
    """A small sheet: the name and total, then per colour row its label and its boxes by zone,
    crossed boxes filled and struck, a frozen row ringed and closed (no printed values)."""
    m = frame.unit
    w, h = frame.size
    dark = scene.dark
    paper, ink = ("#2f2a22", "#f1e9da") if dark else ("#fffdf6", "#2d2418")
    zones = ZONE_FILL_DARK if dark else ZONE_FILL
    rounded_rect(ctx, frame.x - 2, frame.y - 1, w + 4, h + 3, 4)
    ctx.fillStyle = paper
    ctx.fill()
    ctx.strokeStyle = "#4a3f30" if dark else "#d9ccb4"
    ctx.lineWidth = 1
    ctx.stroke()
    ctx.save()
    ctx.fillStyle = ink
    ctx.textBaseline = "middle"
    ctx.font = "600 12px system-ui, sans-serif"
    ctx.textAlign = "left"
    ctx.fillText(scene.names[player], frame.x + 2, frame.y + MINI_NAME / 2, 0.7 * w)
    ctx.textAlign = "right"
    ctx.fillText(f"Σ {scene.totals[player]}", frame.x + w - 2, frame.y + MINI_NAME / 2, 0.3 * w)
    ctx.restore()
    for row in range(4):
        crosses, frozen = scene.crosses[player][row], scene.frozen[player][row]
        lx, ly = frame.box_xy(row, -1)
        ctx.fillStyle = FACE_FILL[row]
        ctx.fillRect(lx, ly, m, m)
        _symbol(ctx, SYMBOLS[row], lx + 0.5 * m, ly + 0.5 * m, 0.3 * m, FACE_INK[row])
        for box in range(BOXES):
            x, y = frame.box_xy(row, box)
            ctx.fillStyle = FACE_FILL[row] if box < crosses else zones[zone(box)]
            ctx.fillRect(x, y, m, m)
            ctx.strokeStyle = "#7d705c"
            ctx.lineWidth = 0.5
            ctx.strokeRect(x, y, m, m)
            if box < crosses:
                _cross(ctx, x, y, m, FACE_INK[row], 1.0)
        if crosses and frozen:
            x, y = frame.box_xy(row, crosses - 1)
            ctx.beginPath()
            ctx.arc(x + 0.5 * m, y + 0.5 * m, 0.55 * m, 0, math.tau)
            ctx.moveTo(x + 1.05 * m, y + 0.5 * m)
            ctx.lineTo(frame.box_xy(row, BOXES - 1)[0] + m, y + 0.5 * m)
            ctx.strokeStyle = "#b71c1c"
            ctx.lineWidth = 1.5
            ctx.stroke()
    ctx.save()
    ctx.strokeStyle = LINE_RED
    ctx.lineWidth = 1.5
    for line in BONUS_LINES:
        x, y = frame.box_xy(0, line.after)
        ctx.beginPath()
        ctx.moveTo(x + m, y)
        ctx.lineTo(x + m, y + 4 * m)
        ctx.stroke()
    ctx.restore()


def _draw_preview(ctx: Any, frame: Frame, preview: Preview, ink: str) -> None:
    u = frame.unit
    ctx.save()
    ctx.setLineDash([0.12 * u, 0.08 * u])
    if preview.freeze:
        x, y = frame.box_xy(preview.row, preview.before - 1)
        ctx.beginPath()
        ctx.arc(x + 0.5 * u, y + 0.5 * u, 0.55 * u, 0, math.tau)
        ctx.strokeStyle = ink
        ctx.lineWidth = max(2.0, 0.1 * u)
        ctx.stroke()
    else:
        for box in range(preview.before, preview.after):
            x, y = frame.box_xy(preview.row, box)
            _cross(ctx, x, y, u, ink, 0.8)
    ctx.restore()


# -- small pictures ---------------------------------------------------------------------------

def crossed_fill(row: int, box_zone: str, dark: bool) -> str:
    """The colour of a crossed box of `row` in the zone `box_zone`: its row's colour over the
    zone's shade (as `_draw_row` paints it), as #rrggbb."""
    top, under = _rgb(FACE_FILL[row]), _rgb((ZONE_FILL_DARK if dark else ZONE_FILL)[box_zone])
    return "#" + "".join(f"{round(CROSSED_TINT * a + (1 - CROSSED_TINT) * b):02x}" for a, b in zip(top, under))


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours (1 to 21)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _luminance(colour: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


MIN_CONTRAST = 3.0
"""The contrast a cross keeps against its box: WCAG's for graphics (1.4.11)."""


def _row_ink(row: int, dark: bool) -> str:
    """The dark ink where it stands out on every crossed box of the row (each zone); otherwise,
    of INKS, the one whose weakest contrast there is highest. One ink for the whole row, so a row's
    crosses look alike."""
    def weakest(ink: str) -> float:
        return min(contrast(ink, crossed_fill(row, z, dark)) for z in ZONE_FILL)
    return INKS[0] if weakest(INKS[0]) >= MIN_CONTRAST else max(INKS, key=weakest)


CROSS_INK = {dark: tuple(_row_ink(row, dark) for row in range(4)) for dark in (False, True)}
"""Per theme (dark?), per colour row: the ink of its crosses. Near-black everywhere in the light
theme; white on the dark theme's pink, green and black rows (black on near-black was unseen)."""


def cross_ink(row: int, dark: bool) -> str:
    """The ink of the crosses (and of the last cross's frame) of colour row `row`."""
    return CROSS_INK[dark][row]


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

