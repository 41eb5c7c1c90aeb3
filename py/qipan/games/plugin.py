"""The registry entry of one game (`GamePlugin`): its engine, its strings, and loaders for what is
imported only when first wanted (the computer player's evaluation, the UI)."""

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
    """Everything a game gives the app, handed to `qipan.games` by the game's package."""

    game: Game[Any, Any]
    """The engine (the registry reads every game through the contract alone)."""
    strings: Strings
    """Every string of the game (keys start with its id, or its editor's `editor.<id>.`; `blurb.<id>`
    describes it; its names come from the Game as `game.<id>`)."""
    load_ai: Callable[[], GameAI[Any, Any]]
    load_ui: Callable[[], "GameUI"]
    one: Mapping[str, str] = field(default_factory=dict)
    """English texts of counted strings for n == 1 (i18n's ONE)."""
