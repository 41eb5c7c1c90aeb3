"""What a game hands the rules page and the tutorial (`Guide`): sections of paragraphs in both
languages, each with an optional diagram (a position in the game's own notation, drawn by the
game's own screen), and a short script of steps on fixed positions. Pure data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

LANGS = ("en", "zh-TW")
Text = dict[str, str]
"""One text in both languages: {"en": ..., "zh-TW": ...}."""


@dataclass(frozen=True)
class Section:
    """One part of a rules page: a title, paragraphs per language, and an optional diagram."""

    title: Text
    body: dict[str, tuple[str, ...]]
    diagram: str | None = None
    """A position text of the game, drawn by the game's own view into a small canvas."""
    caption: Text | None = None
    choices: bool = False
    """Append the table of the engine's options (House rules) with their defaults and NOTES."""

    def __post_init__(self) -> None:
        # A single paragraph may be written as a plain string.
        body = {lang: (paras,) if isinstance(paras, str) else tuple(paras) for lang, paras in self.body.items()}
        object.__setattr__(self, "body", body)


@dataclass(frozen=True)
class Step:
    """One step of a tutorial: what to do, which action(s) count, and what to say otherwise."""

    say: Text
    accept: tuple[str, ...]
    """Action texts that complete the step (the first is the one the script continues with).
    When the step starts at a chance node (a Roll button), these are the outcome it rolls."""
    hint: Text
    reply: tuple[str, ...] = ()
    """Actions played for the other players (and chance outcomes) after the player's action."""
    dice: tuple[str, ...] = ()
    """Chance outcomes, in order, for chance nodes reached right after the player's action."""
    position: str | None = None
    """Start this step from a fresh position (the script may jump between scenes)."""


@dataclass(frozen=True)
class Tutorial:
    position: str
    steps: tuple[Step, ...]
    intro: Text
    done: Text
    seats: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Guide:
    """A game's rules page, its first-game tutorial and the notes on its options (House rules)."""

    rules: tuple[Section, ...]
    tutorial: Tutorial
    notes: Mapping[str, Text] = field(default_factory=dict)
    """Option name -> why we chose its default, shown in "Our choices"."""
