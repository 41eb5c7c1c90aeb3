"""Uncle Chestnut's Table Gype (rules/gype.md): exports the game object `GAME`.

Modules: board (geometry, cell names), rules (state, actions, legal moves), notation
(position and action text v1), game (the Game object).
"""

from __future__ import annotations

from qipan.games.gype.game import GAME, GypeGame
from qipan.games.gype.rules import (
    EAR,
    BOOK,
    TREE,
    FLAME,
    SWORDS,
    HAT,
    FACE_LETTERS,
    FACE_NAMES,
    Action,
    Arrange,
    Dealt,
    GypeState,
    Jump,
    Leap,
    Roll,
    Rolled,
    Rules,
    Step,
    Termination,
)
from typing import TYPE_CHECKING

from qipan.core import GameAI
from qipan.games.gype import strings
from qipan.games.plugin import GamePlugin

if TYPE_CHECKING:  # the UI sits above the engine; it is imported when first asked for
    from qipan.boardkit.plugin import GameUI

__all__ = ["GAME", "GypeGame", "GypeState", "Rules", "Termination", "Arrange", "Dealt", "Roll",
           "Rolled", "Step", "Jump", "Leap", "EAR", "BOOK", "TREE", "FLAME", "SWORDS", "HAT",
           "FACE_LETTERS", "FACE_NAMES"]


def _load_ai() -> GameAI[GypeState, Action]:
    from qipan.games.gype.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.gype.ui import UI
    return UI


PLUGIN = GamePlugin(GAME, strings.STRINGS, _load_ai, _load_ui)
"""This game, as the registry (`qipan.games`) knows it."""
