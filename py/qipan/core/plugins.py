"""What a game hands the computer players: its evaluation and, where it wants them, a move order,
a search of its own and its budgets (`GameAI`). `qipan.ai` searches any game through it.

A typed object instead of module attributes probed by name: a misspelt hook is an error when the
object is built, not a feature silently switched off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Hashable, Mapping, Sequence, TypeVar

from qipan.core.rng import Rng

Values = tuple[float, ...]
"""Per-player values in [-1, 1]."""

S = TypeVar("S")
"""The game's state type."""
A = TypeVar("A", bound=Hashable)
"""The game's action type."""


@dataclass(frozen=True)
class Grades:
    """How much value a decision may lose before the post-game analysis (`qipan.analysis`) calls it
    an inaccuracy, a mistake or a blunder, in the units of the game's evaluation (values in
    [-1, 1] from the deciding player's view; docs/analysis.md). A loss below `inaccuracy` is
    "good", a loss of (nearly) nothing "best"."""

    inaccuracy: float = 0.04
    mistake: float = 0.10
    blunder: float = 0.20

    def __post_init__(self) -> None:
        if not 0.0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError(f"grade thresholds must rise: 0 < {self.inaccuracy} <= {self.mistake} <= {self.blunder}")


@dataclass(frozen=True)
class GameAI(Generic[S, A]):
    """A game's evaluation for the generic search (docs/ai.md), over its states `S` and actions `A`
    (the registry hands out `GameAI[Any, Any]`: the search takes the states the game made)."""

    evaluate_all: Callable[[S], Values]
    """Every player's value of a position that is not over, in [-1, 1]."""
    order: Callable[[S, Sequence[A]], Sequence[A]] | None = None
    """The legal actions, most promising first (None: as the engine lists them)."""
    search: Callable[[S, str, Rng], A | None] | None = None
    """A search of the game's own for a level (an exact endgame, a turn plan); None from it, or
    no search at all: the generic MCTS decides."""
    budgets: Mapping[str, int] | None = None
    """MCTS iterations per level (None: the search's defaults)."""
    slip: Mapping[str, int] | None = None
    """Percent of decisions a level plays at random (None: the search's defaults)."""
    grades: Grades | None = None
    """The post-game analysis's grade thresholds for this evaluation's scale (None: `Grades()`)."""
    turn_value: Callable[[S], Values] | None = None
    """Every player's value of any position that is not over (chance nodes too), counting the
    chance still held in the turn under way (dice in hand, re-rolls left) that `evaluate_all` does
    not see: the post-game analysis's V where set, so that a roll in the middle of a turn is worth
    what it leaves (None: `evaluate_all` with the chance ahead averaged; docs/analysis.md)."""
