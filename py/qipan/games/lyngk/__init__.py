"""LYNGK (彩疊棋): the engine. `GAME` is the game object; see rules.py, notation.py, board.py."""

from __future__ import annotations

from qipan.games.lyngk.game import GAME, LyngkGame
from qipan.games.lyngk.rules import (
    PASS,
    LyngkState,
    Move,
    Termination,
    can_claim,
    chain_path,
    tiebreak_vector,
)
from typing import TYPE_CHECKING

from qipan.core import GameAI
from qipan.games.lyngk import strings
from qipan.games.plugin import GamePlugin

if TYPE_CHECKING:  # the UI sits above the engine; it is imported when first asked for
    from qipan.boardkit.plugin import GameUI

__all__ = ["GAME", "PASS", "LyngkGame", "LyngkState", "Move", "Termination", "can_claim", "chain_path",
           "tiebreak_vector"]


def _load_ai() -> GameAI[LyngkState, Move]:
    from qipan.games.lyngk.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.lyngk.ui import UI
    return UI


PLUGIN = GamePlugin(GAME, strings.STRINGS, _load_ai, _load_ui, one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
