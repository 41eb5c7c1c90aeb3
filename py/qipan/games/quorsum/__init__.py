"""Quorsum (骰棋): a 2-player dice race on a 4×4 board of two-sided tiles. Exports `GAME`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import GameAI
from qipan.games.plugin import GamePlugin
from qipan.games.quorsum import strings
from qipan.games.quorsum.actions import Action
from qipan.games.quorsum.game import GAME, Quorsum
from qipan.games.quorsum.rules import QuorsumState, Rules, Termination

if TYPE_CHECKING:  # the UI sits above the engine; it is imported when first asked for
    from qipan.boardkit.plugin import GameUI

__all__ = ["GAME", "Quorsum", "QuorsumState", "Rules", "Termination"]


def _load_ai() -> GameAI[QuorsumState, Action]:
    from qipan.games.quorsum.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.quorsum.ui import UI
    return UI


PLUGIN = GamePlugin(GAME, strings.STRINGS, _load_ai, _load_ui, one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
