"""Which evaluation module serves which game: game id -> `qipan.games.<id>.ai`, imported lazily."""

from __future__ import annotations

import importlib
from types import ModuleType

from qipan.core import State
from qipan.games import GAME_IDS

LEVELS = ("random", "greedy", "easy", "medium", "hard")
"""The computer players, weakest first."""

AI_MODULES: dict[str, str] = {game_id: f"qipan.games.{game_id}.ai" for game_id in GAME_IDS}
"""Game id -> the module holding its `evaluate` (and optional `order`, `search`, `BUDGETS`)."""


def game_id_of(state: State) -> str:
    """The id of the game a state belongs to (its rules live in `qipan.games.<id>`)."""
    parts = type(state).__module__.split(".")
    if len(parts) < 3 or parts[:2] != ["qipan", "games"] or parts[2] not in AI_MODULES:
        raise ValueError(f"{type(state).__name__} is not a state of a known game")
    return parts[2]


def ai_module(state: State) -> ModuleType:
    """The game's AI module for `state` (imported on first use)."""
    return importlib.import_module(AI_MODULES[game_id_of(state)])
