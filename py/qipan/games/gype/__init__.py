"""Uncle Chestnut's Table Gype (rules/gype.md): exports the game object `GAME`.

Modules: board (geometry, cell names), rules (state, actions, legal moves), notation
(position and action text v1), game (the Game object). Importing this package imports no engine:
`PLUGIN` is built from the game's facts and strings, and the engine's names below are imported when
first asked for (`engine_names`, docs/startup.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import Game, GameAI
from qipan.games.gype import strings
from qipan.core.lazy_names import engine_names
from qipan.games.plugin import GamePlugin

__all__ = ["GAME", "GypeGame", "GypeState", "Rules", "Termination", "Arrange", "Dealt", "Roll",
           "Rolled", "Step", "Jump", "Leap", "EAR", "BOOK", "TREE", "FLAME", "SWORDS", "HAT",
           "FACE_LETTERS", "FACE_NAMES"]

if TYPE_CHECKING:  # the UI and the engine are imported when first asked for
    from qipan.boardkit.plugin import GameUI
    from qipan.games.gype.game import GAME, GypeGame
    from qipan.games.gype.rules import (
        BOOK,
        EAR,
        FACE_LETTERS,
        FACE_NAMES,
        FLAME,
        HAT,
        SWORDS,
        TREE,
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
else:
    __getattr__ = engine_names(__name__, ("game", "rules"), __all__)


def _load_game() -> Game[GypeState, Action]:
    from qipan.games.gype.game import GAME
    return GAME


def _load_ai() -> GameAI[GypeState, Action]:
    from qipan.games.gype.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.gype.ui import UI
    return UI


PLUGIN = GamePlugin(id="gype", names={"en": "Uncle Chestnut's Table Gype", "zh-TW": "栗子叔叔的 Table Gype"},
                    min_players=2, max_players=4, strings=strings.STRINGS, load_game=_load_game, load_ai=_load_ai,
                    load_ui=_load_ui, guide=True)
"""This game, as the registry (`qipan.games`) knows it."""
