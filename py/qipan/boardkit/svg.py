"""A CanvasRenderingContext2D stand-in that records drawing and writes it as a standalone SVG.

`SvgCanvas` has the part of the 2D context API the game views use (paths with lines, arcs and
curves, rectangles, fill and stroke, text with font, alignment and baseline, save/restore,
transforms, clipping, global alpha, dashes, line caps and joins, measureText, and
"destination-over" compositing for a background painted last). Every path point is mapped
through the current transform when it is added, as a canvas does, so the SVG needs no nested
transforms except for text. `SvgBoard` is the canvas element a screen asks for its context.
Pure Python: it runs on CPython in the tests and in the browser alike.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field, replace
from html import escape

from qipan.boardkit.markup import html

FONT_FAMILY = ('system-ui, -apple-system, "Segoe UI", "Noto Sans TC", "Noto Sans CJK TC", "PingFang TC", '
               '"Microsoft JhengHei", "Heiti TC", sans-serif')
"""Fonts written into the SVG: the app's own list, CJK-capable faces before the generic one."""

_ANCHOR = {"left": "start", "start": "start", "center": "middle", "right": "end", "end": "end"}
_BASELINE = {"top": "text-before-edge", "hanging": "hanging", "middle": "central", "alphabetic": "auto",
             "ideographic": "ideographic", "bottom": "text-after-edge"}
_FONT = re.compile(r"\s*(?:(italic|oblique|normal)\s+)?(?:(bold|normal|[1-9]00)\s+)?([0-9.]+)px\s*(.*)")

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n applied to points in n's space: the matrix m·n (canvas `transform` order)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _num(value: float) -> str:
    """A coordinate, short: two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class TextMetrics:
    """What measureText returns (only the width is estimated)."""

    width: float


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate of a text's width in a sans-serif face: East Asian wide characters a full em,
    capitals and digits about 0.6 em, small letters about 0.5 em, spaces and narrow marks less."""
    total = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in ("W", "F"):
            total += 1.0
        elif char in " ,.;:'|!il":
            total += 0.3
        elif char.isupper() or char in "0123456789" or char in "mwMW":
            total += 0.64
        else:
            total += 0.52
    return total * size * (1.06 if bold else 1.0)


@dataclass
class _Style:
    """The drawing state save() keeps and restore() brings back."""

    fillStyle: str = "#000000"  # noqa: N815 (canvas names)
    strokeStyle: str = "#000000"  # noqa: N815
    lineWidth: float = 1.0  # noqa: N815
    lineCap: str = "butt"  # noqa: N815
    lineJoin: str = "miter"  # noqa: N815
    globalAlpha: float = 1.0  # noqa: N815
    globalCompositeOperation: str = "source-over"  # noqa: N815
    font: str = "10px sans-serif"
    textAlign: str = "start"  # noqa: N815
    textBaseline: str = "alphabetic"  # noqa: N815
    dash: tuple[float, ...] = ()
    matrix: Matrix = IDENTITY
    clip: str = ""
    """The id of the clip path in force ("" for none)."""


_STYLE_NAMES = frozenset(f for f in _Style.__dataclass_fields__ if f not in ("dash", "matrix", "clip"))


@dataclass
class SvgCanvas:
    """Records 2D-context drawing as SVG elements; `svg()` writes the document."""

    width: float
    height: float
    _style: _Style = field(default_factory=_Style)
    _stack: list[_Style] = field(default_factory=list)
    _path: list[str] = field(default_factory=list)
    _start: tuple[float, float] | None = None
    _last: tuple[float, float] | None = None
    _elements: list[tuple[str, str]] = field(default_factory=list)
    """(clip id, element) in painting order."""
    _clips: list[str] = field(default_factory=list)

    # -- state --------------------------------------------------------------------------------------

    def __getattr__(self, name: str) -> object:
        if name in _STYLE_NAMES:
            return getattr(self._style, name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: object) -> None:
        if name in _STYLE_NAMES:
            if name == "lineWidth" and (not isinstance(value, (int, float)) or value <= 0):
                return  # a canvas ignores a width that is not positive
            if name == "globalAlpha" and (not isinstance(value, (int, float)) or not 0 <= value <= 1):
                return
            setattr(self._style, name, value)
        else:
            object.__setattr__(self, name, value)

    def save(self) -> None:
        self._stack.append(replace(self._style))

    def restore(self) -> None:
        if self._stack:
            self._style = self._stack.pop()

    def setLineDash(self, segments: list[float]) -> None:  # noqa: N802 (canvas names)
        self._style.dash = tuple(float(s) for s in segments)

    def setTransform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:  # noqa: N802
        self._style.matrix = (a, b, c, d, e, f)

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self._style.matrix = _multiply(self._style.matrix, (a, b, c, d, e, f))

    def translate(self, x: float, y: float) -> None:
        self.transform(1, 0, 0, 1, x, y)

    def scale(self, x: float, y: float) -> None:
        self.transform(x, 0, 0, y, 0, 0)

    def rotate(self, angle: float) -> None:
        cos, sin = math.cos(angle), math.sin(angle)
        self.transform(cos, sin, -sin, cos, 0, 0)

    def _map(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self._style.matrix
        return a * x + c * y + e, b * x + d * y + f

    def _scale(self) -> float:
        """How much the current transform scales lengths (line widths, dashes)."""
        a, b, c, d, _, _ = self._style.matrix
        return math.sqrt(abs(a * d - b * c))

    # -- paths ------------------------------------------------------------------------------------

    def beginPath(self) -> None:  # noqa: N802
        self._path = []
        self._start = self._last = None

    def moveTo(self, x: float, y: float) -> None:  # noqa: N802
        self._start = self._last = (x, y)
        px, py = self._map(x, y)
        self._path.append(f"M{_num(px)} {_num(py)}")

    def lineTo(self, x: float, y: float) -> None:  # noqa: N802
        if self._last is None:
            self.moveTo(x, y)
            return
        self._last = (x, y)
        px, py = self._map(x, y)
        self._path.append(f"L{_num(px)} {_num(py)}")

    def bezierCurveTo(self, c1x: float, c1y: float, c2x: float, c2y: float, x: float, y: float) -> None:  # noqa: N802
        if self._last is None:
            self.moveTo(c1x, c1y)
        points = [self._map(c1x, c1y), self._map(c2x, c2y), self._map(x, y)]
        self._path.append("C" + " ".join(f"{_num(px)} {_num(py)}" for px, py in points))
        self._last = (x, y)

    def quadraticCurveTo(self, cx: float, cy: float, x: float, y: float) -> None:  # noqa: N802
        if self._last is None:
            self.moveTo(cx, cy)
        assert self._last is not None  # moveTo set it
        (x0, y0) = self._last
        self.bezierCurveTo(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0),
                           x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)

    def arc(self, x: float, y: float, r: float, start: float, end: float, anticlockwise: bool = False) -> None:
        """A circular arc as cubic curves (exact under any transform), joined by a line to the
        current point as a canvas does."""
        if r < 0:
            raise ValueError("arc: negative radius")
        if not anticlockwise:
            sweep = math.tau if end - start >= math.tau else (end - start) % math.tau
        else:
            sweep = -math.tau if start - end >= math.tau else -((start - end) % math.tau)
        first = (x + r * math.cos(start), y + r * math.sin(start))
        if self._last is None:
            self.moveTo(*first)
        else:
            self.lineTo(*first)
        pieces = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
        step = sweep / pieces
        k = 4 / 3 * math.tan(step / 4)
        angle = start
        for _ in range(pieces):
            a0, a1 = angle, angle + step
            cos0, sin0, cos1, sin1 = math.cos(a0), math.sin(a0), math.cos(a1), math.sin(a1)
            self.bezierCurveTo(x + r * (cos0 - k * sin0), y + r * (sin0 + k * cos0),
                               x + r * (cos1 + k * sin1), y + r * (sin1 - k * cos1),
                               x + r * cos1, y + r * sin1)
            angle = a1

    def arcTo(self, x1: float, y1: float, x2: float, y2: float, r: float) -> None:  # noqa: N802
        """The canvas arcTo: a line towards (x1, y1), then an arc of radius r turning towards
        (x2, y2)."""
        if self._last is None:
            self.moveTo(x1, y1)
        assert self._last is not None  # moveTo set it
        x0, y0 = self._last
        ax, ay, bx, by = x0 - x1, y0 - y1, x2 - x1, y2 - y1
        la, lb = math.hypot(ax, ay), math.hypot(bx, by)
        cross = ax * by - ay * bx
        if r == 0 or la == 0 or lb == 0 or abs(cross) < 1e-9:
            self.lineTo(x1, y1)
            return
        angle = math.acos(max(-1.0, min(1.0, (ax * bx + ay * by) / (la * lb))))
        tangent = r / math.tan(angle / 2)
        t0 = (x1 + ax / la * tangent, y1 + ay / la * tangent)
        t1 = (x1 + bx / lb * tangent, y1 + by / lb * tangent)
        # the centre lies on the bisector, at r / sin(angle / 2) from the corner
        mx, my = ax / la + bx / lb, ay / la + by / lb
        ml = math.hypot(mx, my)
        distance = r / math.sin(angle / 2)
        cx, cy = x1 + mx / ml * distance, y1 + my / ml * distance
        start = math.atan2(t0[1] - cy, t0[0] - cx)
        turn = (math.atan2(t1[1] - cy, t1[0] - cx) - start + math.pi) % math.tau - math.pi  # the short way
        self.arc(cx, cy, r, start, start + turn, turn < 0)

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.moveTo(x, y)
        self.lineTo(x + w, y)
        self.lineTo(x + w, y + h)
        self.lineTo(x, y + h)
        self.closePath()

    def closePath(self) -> None:  # noqa: N802
        if self._path:
            self._path.append("Z")
            self._last = self._start

    # -- painting ---------------------------------------------------------------------------------

    def _add(self, element: str) -> None:
        if self._style.globalCompositeOperation == "destination-over":
            self._elements.insert(0, (self._style.clip, element))
        else:
            self._elements.append((self._style.clip, element))

    def _alpha(self, name: str) -> str:
        alpha = self._style.globalAlpha
        return f' {html(name)}="{_num(alpha)}"' if alpha < 1 else ""

    def _stroke_attrs(self) -> str:
        s = self._style
        scale = self._scale()
        attrs = (f'stroke="{escape(s.strokeStyle)}" stroke-width="{_num(s.lineWidth * scale)}"'
                 f'{self._alpha("stroke-opacity")}')
        if s.lineCap != "butt":
            attrs += f' stroke-linecap="{escape(s.lineCap)}"'
        if s.lineJoin != "miter":
            attrs += f' stroke-linejoin="{escape(s.lineJoin)}"'
        if s.dash and any(s.dash):
            attrs += f' stroke-dasharray="{" ".join(_num(d * scale) for d in s.dash)}"'
        return attrs

    def fill(self) -> None:
        if self._path:
            self._add(f'<path d="{" ".join(self._path)}" fill="{escape(self._style.fillStyle)}"'
                      f'{self._alpha("fill-opacity")}/>')

    def stroke(self) -> None:
        if self._path:
            self._add(f'<path d="{" ".join(self._path)}" fill="none" {self._stroke_attrs()}/>')

    def clip(self) -> None:
        """Clip to the current path until restore(); clips nest as a canvas's do."""
        clip_id = f"clip{len(self._clips) + 1}"
        outer = f' clip-path="url(#{self._style.clip})"' if self._style.clip else ""
        self._clips.append(f'<clipPath id="{clip_id}"{outer}><path d="{" ".join(self._path) or "M0 0"}"/></clipPath>')
        self._style.clip = clip_id

    def fillRect(self, x: float, y: float, w: float, h: float) -> None:  # noqa: N802
        path, start, last = self._path, self._start, self._last
        self.beginPath()
        self.rect(x, y, w, h)
        self.fill()
        self._path, self._start, self._last = path, start, last

    def strokeRect(self, x: float, y: float, w: float, h: float) -> None:  # noqa: N802
        path, start, last = self._path, self._start, self._last
        self.beginPath()
        self.rect(x, y, w, h)
        self.stroke()
        self._path, self._start, self._last = path, start, last

    def clearRect(self, x: float, y: float, w: float, h: float) -> None:  # noqa: N802
        """Clearing the whole picture forgets what was drawn (views clear before each frame);
        an SVG cannot erase part of a picture, so a smaller clear leaves it as it is."""
        x0, y0 = self._map(x, y)
        x1, y1 = self._map(x + w, y + h)
        if min(x0, x1) <= 0 and min(y0, y1) <= 0 and max(x0, x1) >= self.width and max(y0, y1) >= self.height:
            self._elements.clear()

    # -- text ---------------------------------------------------------------------------------------

    def _font(self) -> tuple[str, str, float]:
        """(style, weight, size in px) of the current font."""
        found = _FONT.match(self._style.font)
        if found is None:
            return "normal", "normal", 10.0
        style, weight, size, _family = found.groups()
        return style or "normal", weight or "normal", float(size)

    def measureText(self, text: str) -> TextMetrics:  # noqa: N802
        _, weight, size = self._font()
        return TextMetrics(text_width(str(text), size, weight in ("bold", "600", "700", "800", "900")))

    def _text(self, text: str, x: float, y: float, paint: str, max_width: float | None) -> None:
        style, weight, size = self._font()
        s = self._style
        if s.matrix[:4] == (1, 0, 0, 1):  # moved only: the text is placed where it lands
            px, py = self._map(x, y)
            place = f'x="{_num(px)}" y="{_num(py)}"'
        else:  # turned or scaled: the glyphs turn with it
            a, b, c, d, e, f = s.matrix
            place = (f'transform="matrix({a:.5g} {b:.5g} {c:.5g} {d:.5g} {_num(e)} {_num(f)})" '
                     f'x="{_num(x)}" y="{_num(y)}"')
        attrs = f'font-size="{_num(size)}"'
        if weight != "normal":
            attrs += f' font-weight="{weight}"'
        if style != "normal":
            attrs += f' font-style="{style}"'
        anchor = _ANCHOR.get(s.textAlign, "start")
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        baseline = _BASELINE.get(s.textBaseline, "auto")
        if baseline != "auto":
            attrs += f' dominant-baseline="{baseline}"'
        if max_width is not None and self.measureText(text).width > max_width:
            attrs += f' textLength="{_num(max_width)}" lengthAdjust="spacingAndGlyphs"'  # squeezed, as a canvas does
        self._add(f'<text {place} {attrs} {paint}>{escape(str(text))}</text>')

    def fillText(self, text: str, x: float, y: float, max_width: float | None = None) -> None:  # noqa: N802
        self._text(text, x, y, f'fill="{escape(self._style.fillStyle)}"{self._alpha("fill-opacity")}', max_width)

    def strokeText(self, text: str, x: float, y: float, max_width: float | None = None) -> None:  # noqa: N802
        self._text(text, x, y, f'fill="none" {self._stroke_attrs()}', max_width)

    # -- the document -------------------------------------------------------------------------------

    def svg(self, title: str = "", description: str = "") -> str:
        """The picture as a standalone SVG document, `title` and `description` (the alt text) in
        its <title> and <desc>."""
        w, h = _num(self.width), _num(self.height)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                 f'role="img" font-family="{escape(FONT_FAMILY)}">']
        if title:
            parts.append(f"<title>{escape(title)}</title>")
        if description:
            parts.append(f"<desc>{escape(description)}</desc>")
        if self._clips:
            parts.append("<defs>" + "".join(self._clips) + "</defs>")
        group = ""
        for clip, element in self._elements:
            if clip != group:
                if group:
                    parts.append("</g>")
                if clip:
                    parts.append(f'<g clip-path="url(#{clip})">')
                group = clip
            parts.append(element)
        if group:
            parts.append("</g>")
        parts.append("</svg>")
        return "\n".join(parts) + "\n"


class SvgBoard:
    """A canvas element for a screen drawn into SVG: `getContext("2d")` is an `SvgCanvas`."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.context = SvgCanvas(width, height)

    def getContext(self, _kind: str) -> SvgCanvas:  # noqa: N802 (DOM name)
        return self.context

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802
        """Screens label their canvas; the SVG carries the alt text instead."""
