"""Uncle Chestnut's Table Gype (rules/gype.md): exports the game object `GAME`.

Modules: board (geometry, cell names), rules (state, actions, legal moves), notation
(position and action text v1), game (the Game object).
"""

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

__all__ = ["GAME", "GypeGame", "GypeState", "Rules", "Termination", "Arrange", "Dealt", "Roll",
           "Rolled", "Step", "Jump", "Leap", "EAR", "BOOK", "TREE", "FLAME", "SWORDS", "HAT",
           "FACE_LETTERS", "FACE_NAMES"]
