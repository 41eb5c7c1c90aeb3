"""Dice Race (骰子賽跑): a toy sixth game that lives only in tests/, to prove that a game is one
folder (docs/adding-a-game.md). `PLUGIN` is what the registry takes: `qipan.games.register(PLUGIN)`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import GameAI
from qipan.games.plugin import GamePlugin

from toygame import strings
from toygame.game import GAME, RaceGame
from toygame.rules import BANK, ROLL, Phase, RaceState, Termination

if TYPE_CHECKING:  # the UI sits above the engine; it is imported when first asked for
    from qipan.boardkit.plugin import GameUI

__all__ = ["BANK", "GAME", "PLUGIN", "ROLL", "Phase", "RaceGame", "RaceState", "Termination"]


def _load_ai() -> GameAI:
    from toygame.ai import AI
    return AI


def _load_ui() -> GameUI:
    from toygame.ui import UI
    return UI


PLUGIN = GamePlugin(GAME, strings.STRINGS, _load_ai, _load_ui)
"""This game, as the registry (`qipan.games`) knows it."""
