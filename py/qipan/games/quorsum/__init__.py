"""Quorsum (骰棋): a 2-player dice race on a 4×4 board of two-sided tiles. Exports `GAME`.

Importing this package imports no engine: `PLUGIN` is built from the game's facts and strings, and
the engine's names below are imported when first asked for (`engine_names`, docs/startup.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import Game, GameAI
from qipan.core.lazy_names import engine_names
from qipan.games.plugin import GamePlugin
from qipan.games.quorsum import strings

__all__ = ["GAME", "Quorsum", "QuorsumState", "Rules", "Termination"]

if TYPE_CHECKING:  # the UI and the engine are imported when first asked for
    from qipan.boardkit.plugin import GameUI
    from qipan.games.quorsum.actions import Action
    from qipan.games.quorsum.game import GAME, Quorsum
    from qipan.games.quorsum.rules import QuorsumState, Rules, Termination
else:
    __getattr__ = engine_names(__name__, ("game", "rules"), __all__)


def _load_game() -> Game[QuorsumState, Action]:
    from qipan.games.quorsum.game import GAME
    return GAME


def _load_ai() -> GameAI[QuorsumState, Action]:
    from qipan.games.quorsum.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.quorsum.ui import UI
    return UI


PLUGIN = GamePlugin(id="quorsum", names={"en": "Quorsum", "zh-TW": "骰棋"}, min_players=2, max_players=2,
                    strings=strings.STRINGS, load_game=_load_game, load_ai=_load_ai, load_ui=_load_ui, guide=True,
                    one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
