"""Dice Race (骰子賽跑): a toy sixth game that lives only in tests/, to prove that a game is one
folder (docs/adding-a-game.md). `PLUGIN` is what the registry takes: `qipan.games.register(PLUGIN)`;
like the app's games, importing this package imports no engine (`engine_names`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import Game, GameAI
from qipan.core.lazy_names import engine_names
from qipan.games.plugin import GamePlugin

from toygame import strings

__all__ = ["BANK", "GAME", "PLUGIN", "ROLL", "Phase", "RaceGame", "RaceState", "Termination"]

if TYPE_CHECKING:  # the UI and the engine are imported when first asked for
    from qipan.boardkit.plugin import GameUI
    from toygame.game import GAME, RaceGame
    from toygame.rules import BANK, ROLL, Phase, RaceState, Termination
else:
    __getattr__ = engine_names(__name__, ("game", "rules"), __all__)


def _load_game() -> Game:
    from toygame.game import GAME
    return GAME


def _load_ai() -> GameAI:
    from toygame.ai import AI
    return AI


def _load_ui() -> GameUI:
    from toygame.ui import UI
    return UI


PLUGIN = GamePlugin(id="race", names={"en": "Dice Race", "zh-TW": "骰子賽跑"}, min_players=2, max_players=4,
                    strings=strings.STRINGS, load_game=_load_game, load_ai=_load_ai, load_ui=_load_ui)
"""This game, as the registry (`qipan.games`) knows it."""
