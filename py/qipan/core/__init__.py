"""The contract every game follows; core knows no game."""

from qipan.core.plugins import GameAI, Grades, Values
from qipan.core.numbers import is_number, read_number
from qipan.core.errors import IllegalAction, NotationError, RecordError
from qipan.core.protocol import CHANCE, TERMINAL, Action, Game, Outcome, State, require
from qipan.core.record import GameRecord
from qipan.core.rng import Rng, mix

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Game", "GameAI", "GameRecord", "Grades", "IllegalAction", "NotationError",
    "Outcome", "RecordError", "Rng", "State", "Values", "is_number", "mix", "read_number", "require",
]
