"""The embed URL contract, version 1 (docs/embed.md): parsing only, pure and total.

`read(query, origin)` reads a query string (`embed=1&game=<id>&share=r1.…&mode=step…`) into an
`EmbedSpec` and a list of `Problem`s, which the page names in its language; `parse(query)` gives
the problems as English sentences. Neither raises, whatever the text: a parameter that cannot be
read is dropped and named in the problems, so a typo in a blog post shows a clear message instead
of a broken frame. `players_problems` and `bottom_problems` check the numbers that only the game
can judge, once it is known.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable
from urllib.parse import parse_qsl, urlsplit

from qipan.i18n import t

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

_NOTE_KEY = re.compile(r"(hl|arrow|cap)(?:\.(.*))?", re.DOTALL)
_MOVE_NUMBER = re.compile(r"[0-9]{1,5}")
_POINT = re.compile(r"[A-Za-z0-9]{1,4}")
_IMG = re.compile(r"(?:https?://[^\s\"'<>]+|\.{0,2}/?[A-Za-z0-9_\-./]+\.(?:png|webp|jpg|jpeg|svg|gif)(?:\?[^\s\"'<>]*)?)",
                  re.IGNORECASE)  # (as assets/js/embed.js reads it)


@dataclass(frozen=True)
class Problem:
    """A parameter that was ignored, and why: the string `embed.why.<why>`, filled with `param`
    (as written, shortened) and `values` (a `game` value is a game id, named in the reader's
    language)."""

    param: str
    why: str = "unreadable"
    values: tuple[tuple[str, str | int], ...] = ()

    def text(self, tr: Callable[..., str]) -> str:
        """The sentence in the language of `tr` (an app's or a host's tr(key, **values))."""
        values = dict(self.values)
        if "game" in values:
            values["game"] = tr(f"game.{values['game']}")
        return tr(f"embed.why.{self.why}", param=self.param, **values)

    def __str__(self) -> str:
        return self.text(lambda key, **values: t(key, "en", **values))


def _param(key: str, value: str) -> str:
    return f"{key}={value if len(value) <= 40 else value[:40] + '…'}"


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
    analysis: bool = False
    """Show the analysis the share link carries (step mode: grades, best moves and the graph)."""
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
    if not re.fullmatch(r"[0-9]{1,20}", text):
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
    """The spec a query string asks for, and what could not be read in it (English sentences)."""
    spec, problems = read(query)
    return spec, [str(problem) for problem in problems]


def read(query: str, origin: str = "") -> tuple[EmbedSpec, list[Problem]]:
    """The spec a query string asks for, and what is ignored in it. `origin` is the page's own
    (`https://host:port`): an absolute img= is taken only from there (without it, from nowhere)."""
    spec, problems = EmbedSpec(), []
    try:
        pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True, max_num_fields=400)
    except ValueError:
        pairs = []
        problems.append(Problem("", "too_many"))
    seen: set[str] = set()
    for key, value in pairs:
        if key in seen:
            continue  # the first of a repeated parameter counts
        seen.add(key)
        value = value.replace("\x00", "")
        problem = _one(spec, key, value, origin)
        if problem is not None:
            problems.append(problem)
    return spec, problems


def players_problems(spec: EmbedSpec, game_id: str, low: int, high: int) -> list[Problem]:
    """players= outside the game's range (`low`–`high`): named, and dropped (the game's least)."""
    if spec.players is None or low <= spec.players <= high:
        return []
    problem = (Problem(f"players={spec.players}", "players_exactly", (("game", game_id), ("n", low))) if low == high
               else Problem(f"players={spec.players}", "players", (("game", game_id), ("low", low), ("high", high))))
    spec.players = None
    return [problem]


def analysis_problems(spec: EmbedSpec, carried: bool, unread: bool) -> list[Problem]:
    """analysis=1 where nothing can be shown: not in step mode, or the link carries no analysis
    (`carried`), or one that cannot be read (`unread`)."""
    if not spec.analysis:
        return []
    if spec.mode != "step":
        return [Problem("analysis=1", "analysis_step")]
    if unread:
        return [Problem("analysis=1", "analysis_unread")]
    return [] if carried else [Problem("analysis=1", "no_analysis")]


def bottom_problems(spec: EmbedSpec, game_id: str, players: int) -> list[Problem]:
    """bottom= naming a player the game on show does not have: named, and dropped."""
    if spec.bottom is None or spec.bottom <= players:
        return []
    problem = Problem(f"bottom={spec.bottom}", "bottom", (("game", game_id), ("players", players)))
    spec.bottom = None
    return [problem]


def same_site(url: str, origin: str) -> bool:
    """Whether the picture at `url` is on the page's own site `origin` (a relative path is)."""
    parts = urlsplit(url)
    if not parts.scheme and not parts.netloc:
        return True
    return bool(origin) and f"{parts.scheme}://{parts.netloc}".lower() == origin.rstrip("/").lower()


def _one(spec: EmbedSpec, key: str, value: str, origin: str) -> Problem | None:
    """Apply one parameter; what is wrong with it, if anything."""
    note = _NOTE_KEY.fullmatch(key)
    if note is not None:
        return _note(spec, key, value, *note.groups())
    if not _read_value(spec, key, value):
        return Problem(_param(key, value))
    if key == "img" and not same_site(value, origin):
        spec.img = None  # the page's Content-Security-Policy would block it
        return Problem(_param(key, value), "img_site")
    return None


def _read_value(spec: EmbedSpec, key: str, value: str) -> bool:
    """Apply one parameter that is not a note; False when its value cannot be read."""
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
        limits = {"seed": (0, 2**64 - 1), "players": (0, 999), "ply": (0, 100_000),
                  "autoplay": (0, MAX_AUTOPLAY_MS), "bottom": (1, 999)}[key]
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
    if key == "analysis":
        if value in ("0", "1"):
            spec.analysis = value == "1"
            return True
        return False
    if key == "img":
        ok = bool(_IMG.fullmatch(value)) and len(value) <= 2000
        spec.img = value if ok else None
        return ok
    return True  # unknown parameters are ignored (newer links on an older page)


def _note(spec: EmbedSpec, key: str, value: str, kind: str, suffix: str | None) -> Problem | None:
    """hl / arrow / cap, for every ply or (`suffix` `5`, `5.en`, `en`) one ply or language."""
    parts = suffix.split(".") if suffix is not None else []
    ply = int(parts.pop(0)) if parts and _MOVE_NUMBER.fullmatch(parts[0]) else None
    lang = parts.pop(0) if kind == "cap" and len(parts) == 1 and parts[0] in LANGS else None
    if parts:
        why = "note_cap" if kind == "cap" else "note_ply"
        return Problem(_param(key, value), why, (("part", ".".join(parts)), ("name", kind)))
    note = spec.notes.setdefault(ply, Note())
    if kind == "cap":
        if len(value) > MAX_CAPTION:
            return Problem(_param(key, value))
        note.captions[lang or ""] = value
        return None
    if kind == "hl":
        cells = _points(value)
        if cells is not None:
            note.cells = cells
            return None
        return Problem(_param(key, value))
    arrows = _arrows(value)
    if arrows is None:
        return Problem(_param(key, value))
    note.arrows = arrows
    return None
