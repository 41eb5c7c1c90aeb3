"""LYNGK (彩疊棋): the engine. `GAME` is the game object; see rules.py, notation.py, board.py."""

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

__all__ = ["GAME", "PASS", "LyngkGame", "LyngkState", "Move", "Termination", "can_claim", "chain_path",
           "tiebreak_vector"]
