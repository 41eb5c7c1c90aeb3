"""Which games have a play screen: `qipan.web.<id>_screen` defines a GameScreen subclass `SCREEN`."""

from __future__ import annotations

import importlib
import importlib.util

from qipan import games
from qipan.boardkit.screen import GameScreen


def screen_class(game_id: str) -> type[GameScreen] | None:
    """The play screen of a game, or None while it has none."""
    try:
        module = importlib.import_module(f"qipan.games.{game_id}.ui.screen")
    except ModuleNotFoundError as exc:
        if exc.name != f"qipan.games.{game_id}.ui.screen":
            raise
        return None
    return module.SCREEN


def playable() -> tuple[str, ...]:
    """Games with an engine and a play screen, in picker order (found without importing them)."""
    return tuple(g for g in games.available() if importlib.util.find_spec(f"qipan.games.{g}.ui.screen") is not None)
