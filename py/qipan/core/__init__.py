"""The contract every game follows; core knows no game."""

from .errors import IllegalAction, NotationError, RecordError
from .protocol import CHANCE, TERMINAL, Action, Game, Outcome, State, require
from .record import GameRecord
from .rng import Rng, mix

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Game", "GameRecord", "IllegalAction", "NotationError",
    "Outcome", "RecordError", "Rng", "State", "mix", "require",
]
