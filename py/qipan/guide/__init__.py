"""Rules pages and first-game tutorials, written for players, in English and zh-TW.

Pure data (no browser): one module per game (`qipan.guide.<id>`) defines `RULES` (sections of
paragraphs, each with an optional diagram: a position in the game's own notation, drawn by the
game's own renderer) and `TUTORIAL` (a short script of steps on fixed positions). The "Our
choices" section is built here from the engine's options, named as the new-game dialog's House
rules name them. `ui/guide_screen.py` shows both; tests/guide checks every position and action.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any

from qipan import games
from qipan.core import State
from qipan.i18n import has, t
from qipan.match import Match

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
    players: int = 2
    """How many players the diagram's position has (for games that need it to parse)."""
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
    players: int = 2
    seats: tuple[str, ...] = field(default=())


def guide(game_id: str) -> Any:
    """The guide module of a game (RULES, TUTORIAL, NOTES)."""
    return importlib.import_module(f"qipan.games.{game_id}.guide")


def has_guide(game_id: str) -> bool:
    return importlib.util.find_spec(f"qipan.games.{game_id}.guide") is not None


class ScriptedMatch(Match):
    """A Match that starts from a given position and draws chance outcomes from a script."""

    def __init__(self, game_id: str, players: int, state: State) -> None:
        super().__init__(game_id, players, 0, None, {})
        self._states = [state]
        self.script: list[str] = []
        """Chance outcomes still to come, in order (from the tutorial's steps)."""

    @classmethod
    def at(cls, game_id: str, position: str, players: int = 2) -> "ScriptedMatch":
        game = games.get(game_id)
        return cls(game_id, players, game.parse_position(position))

    def sample_chance(self) -> str:
        if self.script and self.state.is_chance():
            self.play(self.script.pop(0))
            return self._actions[-1]
        return super().sample_chance()

    def can_undo(self) -> bool:
        return False


def names_a_player(name: str, default: Any) -> bool:
    """A whole-number option that names a player (-1: drawn at random), e.g. the start player: it is
    shown as Random, Player 1, Player 2…, not as the engine's 0-based number."""
    return isinstance(default, int) and not isinstance(default, bool) and name.endswith("_player")


def option_value(game_id: str, name: str, value: Any, lang: str) -> str:
    """An option's value as the new-game dialog shows it."""
    if isinstance(value, bool):
        return t("guide.on" if value else "guide.off", lang)
    if names_a_player(name, value):
        return t("newgame.random_player", lang) if value < 0 else t("player.n", lang, n=value + 1)
    if isinstance(value, int):
        return str(value)
    key = f"{game_id}.option.{name}.{value}"
    return t(key, lang) if has(key) else str(value)
