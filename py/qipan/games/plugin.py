"""The registry entry of one game (`GamePlugin`): the facts the app needs before the game is opened
(its id, names, player counts, strings), and loaders for what is imported only when first wanted:
the engine's `Game`, the computer player's evaluation, the UI (docs/startup.md, "Loaded when first
used"). A game package's engine names are importable from it without importing the engine at start
(`qipan.core.lazy_names.engine_names`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from qipan.core import Game, GameAI

if TYPE_CHECKING:  # the UI sits above the engines; the registry imports it only when asked
    from qipan.boardkit.plugin import GameUI

Strings = Mapping[str, Mapping[str, str]]
"""key -> {"en": ..., "zh-TW": ...}."""


@dataclass(frozen=True)
class GamePlugin:
    """Everything a game gives the app, handed to `qipan.games` by the game's package. The facts
    repeat the engine's (tests/test_game_plugins.py checks that they agree), so that the picker, the
    saved games and the start-up path need no engine."""

    id: str
    """The engine's `Game.id`."""
    names: Mapping[str, str]
    """The engine's `Game.names` (language -> name); the string table's `game.<id>`."""
    min_players: int
    max_players: int
    strings: Strings
    """Every string of the game (keys start with its id, or its editor's `editor.<id>.`; `blurb.<id>`
    describes it)."""
    load_game: Callable[[], Game[Any, Any]]
    """Imports the engine and returns its Game (`qipan.games.get`)."""
    load_ai: Callable[[], GameAI[Any, Any]]
    load_ui: Callable[[], "GameUI"]
    guide: bool = False
    """The UI has a rules page and tutorial (`GameUI.guide` is not None): the picker's card shows
    their buttons."""
    one: Mapping[str, str] = field(default_factory=dict)
    """English texts of counted strings for n == 1 (i18n's ONE)."""
