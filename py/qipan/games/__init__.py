"""The registry of games: `get(game_id)` returns the game object of the engine contract."""

from __future__ import annotations

import importlib
import importlib.util

from qipan.core import Game

GAME_IDS = ("quorsum", "gype", "lyngk", "hezong", "calavera")
"""Every game the app knows, in the order the picker lists them."""


class UnknownGame(ValueError):
    """A game id that is not one of GAME_IDS, or whose engine is not built yet."""


def get(game_id: str) -> Game:
    """The game object for `game_id`. Raises `UnknownGame`."""
    if game_id not in GAME_IDS:
        raise UnknownGame(f"unknown game {game_id!r} (known: {', '.join(GAME_IDS)})")
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        raise UnknownGame(f"the game {game_id!r} is not built yet") from None
    return module.GAME


def available() -> tuple[str, ...]:
    """The ids whose engines are built, in picker order (found without importing them)."""
    return tuple(g for g in GAME_IDS if importlib.util.find_spec(f"{__name__}.{g}") is not None)
