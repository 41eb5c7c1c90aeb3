"""LYNGK (彩疊棋): the engine. `GAME` is the game object; see rules.py, notation.py, board.py.

Importing this package imports no engine: `PLUGIN` is built from the game's facts and strings, and
the engine's names below are imported when first asked for (`engine_names`, docs/startup.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import Game, GameAI
from qipan.games.lyngk import strings
from qipan.core.lazy_names import engine_names
from qipan.games.plugin import GamePlugin

__all__ = ["GAME", "PASS", "LyngkGame", "LyngkState", "Move", "Termination", "can_claim", "chain_path",
           "tiebreak_vector"]

if TYPE_CHECKING:  # the UI and the engine are imported when first asked for
    from qipan.boardkit.plugin import GameUI
    from qipan.games.lyngk.game import GAME, LyngkGame
    from qipan.games.lyngk.rules import PASS, LyngkState, Move, Termination, can_claim, chain_path, tiebreak_vector
else:
    __getattr__ = engine_names(__name__, ("game", "rules"), __all__)


def _load_game() -> Game[LyngkState, Move]:
    from qipan.games.lyngk.game import GAME
    return GAME


def _load_ai() -> GameAI[LyngkState, Move]:
    from qipan.games.lyngk.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.lyngk.ui import UI
    return UI


PLUGIN = GamePlugin(id="lyngk", names={"en": "LYNGK", "zh-TW": "彩疊棋"}, min_players=2, max_players=2,
                    strings=strings.STRINGS, load_game=_load_game, load_ai=_load_ai, load_ui=_load_ui, guide=True,
                    one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
