"""The embed URL contract, version 1 (docs/embed.md): parsing only, pure and total.

`parse(query)` reads a query string (`embed=1&game=lyngk&share=r1.…&mode=step…`) into an
`EmbedSpec` and a list of problems (English; the page shows them, translated where it can). It
never raises, whatever the text: a parameter that cannot be read is dropped and named in the
problems, so a typo in a blog post shows a clear message instead of a broken frame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

MODES = ("view", "step", "try")
THEMES = ("auto", "light", "dark")
RUNS = ("auto", "click", "visible")
"""When the embed starts its Python runtime (embed.js holds boot.js back for click / visible)."""
LANGS = ("en", "zh-TW")
MAX_AUTOPLAY_MS = 60_000
MIN_AUTOPLAY_MS = 200
MAX_ITEMS = 64
"""At most this many cells, arrows or dice outcomes per parameter."""
MAX_CAPTION = 500

_KEY = re.compile(r"(hl|arrow|cap)(?:\.(\d{1,4}))?(?:\.(en|zh-TW))?")
_POINT = re.compile(r"[A-Za-z0-9]{1,4}")
_IMG = re.compile(r"(?:https?://[^\s\"'<>]+|\.{0,2}/?[A-Za-z0-9_\-./]+\.(?:png|webp|jpg|jpeg|svg|gif)(?:\?[^\s\"'<>]*)?)")


@dataclass
class Note:
    """What is drawn over the board at a ply (or at every ply: ply None)."""

    cells: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()
    captions: dict[str, str] = field(default_factory=dict)  # lang ("" = any) -> text


@dataclass
class EmbedSpec:
    game: str | None = None
    share: str | None = None
    position: str | None = None
    seed: int | None = None
    players: int | None = None
    variant: str | None = None
    mode: str = "view"
    ply: int | None = None
    autoplay_ms: int = 0
    lang: str | None = None
    theme: str = "auto"
    bottom: int | None = None
    """The player (1-based) whose side is drawn at the bottom, where the game's view can turn."""
    dice: tuple[str, ...] = ()
    img: str | None = None
    run: str = "auto"
    notes: dict[int | None, Note] = field(default_factory=dict)

    def note(self, ply: int) -> Note:
        """The annotations shown at `ply`: that ply's, else the ones for every ply."""
        general = self.notes.get(None, Note())
        own = self.notes.get(ply)
        if own is None:
            return general
        captions = dict(general.captions)
        captions.update(own.captions)
        return Note(own.cells or general.cells, own.arrows or general.arrows, captions)

    def caption(self, ply: int, lang: str) -> str:
        captions = self.note(ply).captions
        return captions.get(lang) or captions.get("") or ""


def _int(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not re.fullmatch(r"\d{1,20}", text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _points(text: str) -> tuple[str, ...] | None:
    items = tuple(p.strip() for p in text.split(",") if p.strip())
    if len(items) > MAX_ITEMS or not all(_POINT.fullmatch(p) for p in items):
        return None
    return items


def _arrows(text: str) -> tuple[tuple[str, str], ...] | None:
    arrows = []
    for item in (p.strip() for p in text.split(",") if p.strip()):
        start, sep, end = item.partition("-")
        if not sep or not _POINT.fullmatch(start) or not _POINT.fullmatch(end):
            return None
        arrows.append((start, end))
    return tuple(arrows) if len(arrows) <= MAX_ITEMS else None


def parse(query: str) -> tuple[EmbedSpec, list[str]]:
    """The spec a query string asks for, and what could not be read in it."""
    spec, problems = EmbedSpec(), []
    try:
        pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=400)
    except ValueError:
        pairs = []
        problems.append("too many parameters")
    seen: set[str] = set()
    for key, value in pairs:
        if key in seen:
            continue  # the first of a repeated parameter counts
        seen.add(key)
        value = value.replace("\x00", "")
        if not _one(spec, key, value):
            shown = value if len(value) <= 40 else value[:40] + "…"
            problems.append(f"{key}={shown!r} cannot be read")
    return spec, problems


def _one(spec: EmbedSpec, key: str, value: str) -> bool:
    """Apply one parameter; False when its value cannot be read."""
    if key in ("embed", "v"):
        return value.strip() in ("1", "")
    if key == "game":
        ok = bool(re.fullmatch(r"[a-z][a-z0-9_]{0,31}", value))
        spec.game = value if ok else None
        return ok
    if key == "share":
        spec.share = value.strip() or None
        return spec.share is not None and len(value) <= 16_000
    if key == "pos":
        spec.position = value if value.strip() and len(value) <= 20_000 else None
        return spec.position is not None
    if key in ("seed", "players", "ply", "autoplay", "bottom"):
        limits = {"seed": (0, 2**64 - 1), "players": (1, 8), "ply": (0, 100_000),
                  "autoplay": (0, MAX_AUTOPLAY_MS), "bottom": (1, 8)}[key]
        number = _int(value, *limits)
        if number is None:
            return False
        if key == "autoplay":
            spec.autoplay_ms = number and max(MIN_AUTOPLAY_MS, number)
        else:
            setattr(spec, key, number)
        return True
    if key == "variant":
        ok = bool(re.fullmatch(r"[A-Za-z0-9_-]{1,32}", value))
        spec.variant = value if ok else None
        return ok
    if key == "mode":
        if value in MODES:
            spec.mode = value
            return True
        return False
    if key == "lang":
        lang = {"zh": "zh-TW", "zh-tw": "zh-TW", "zh-TW": "zh-TW", "en": "en"}.get(value)
        spec.lang = lang
        return lang is not None
    if key == "theme":
        if value in THEMES:
            spec.theme = value
            return True
        return False
    if key == "dice":
        items = tuple(p.strip() for p in value.split(";") if p.strip())
        if len(items) > MAX_ITEMS * 4 or any(len(p) > 40 for p in items):
            return False
        spec.dice = items
        return True
    if key == "run":
        if value in RUNS:
            spec.run = value
            return True
        return False
    if key == "img":
        ok = bool(_IMG.fullmatch(value)) and len(value) <= 2000
        spec.img = value if ok else None
        return ok
    match = _KEY.fullmatch(key)
    if match is None:
        return True  # unknown parameters are ignored (newer links on an older page)
    kind, ply_text, lang = match.groups()
    ply = int(ply_text) if ply_text is not None else None
    note = spec.notes.setdefault(ply, Note())
    if kind == "cap":
        if len(value) > MAX_CAPTION:
            return False
        note.captions[lang or ""] = value
        return True
    if lang:
        return False
    if kind == "hl":
        cells = _points(value)
        if cells is None:
            return False
        note.cells = cells
        return True
    arrows = _arrows(value)
    if arrows is None:
        return False
    note.arrows = arrows
    return True
