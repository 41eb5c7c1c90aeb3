"""The registry entry of one game (`GamePlugin`): the facts the app needs before the game is opened
(its id, names, player counts, strings), and loaders for what is imported only when first wanted:
the engine's `Game`, the computer player's evaluation, the UI (docs/startup.md, "Loaded when first
used"). `engine_names` makes a game package's engine names importable from it without importing the
engine at start."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping, Sequence

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


def engine_names(package: str, modules: Sequence[str], names: Collection[str]) -> Callable[[str], Any]:
    """A game package's module `__getattr__` (PEP 562): each of `names` is looked up in the
    package's `modules` (in order), imported when the name is first asked for, and kept in the
    package. Any other name raises AttributeError (so `from package import submodule` still
    imports the submodule)."""

    def __getattr__(name: str) -> Any:
        if name in names:
            for module in modules:
                found = vars(importlib.import_module(f"{package}.{module}"))
                if name in found:
                    vars(importlib.import_module(package))[name] = found[name]
                    return found[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
