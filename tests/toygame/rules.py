"""Dice Race rules, section by section (a toy game that lives in tests/: docs/adding-a-game.md).

§1 Each player has a runner on a track of cells 0..goal; every runner starts on cell 0.
§2 A turn starts with a roll of one die (a chance node: six equally likely faces).
§3 A 1 busts: the turn's total is lost and the turn passes.
§4 Any other face adds to the turn's total. A runner whose cell plus the total reaches the goal
   moves there and wins at once. Otherwise the player decides: `roll` again (§2), or `bank`: the
   runner moves on by the total and the turn passes.
§5 After `rounds` rounds (every player has had that many turns) the race ends: the runners
   furthest along share the win; a draw when every runner is level.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from qipan.core import CHANCE, TERMINAL, Action, Outcome, State

FACES = (1, 2, 3, 4, 5, 6)
"""§2: the die's faces, the actions of a chance node."""
BUST = 1
"""§3: the face that loses the turn's total."""
ROLL = "roll"
"""§4: roll again (a decision)."""
BANK = "bank"
"""§4: move on by the turn's total and pass the turn (a decision)."""
OPTION_DEFAULTS = {"goal": 10, "rounds": 10}
"""House rules (§1, §5): the goal cell and the number of rounds."""
GOAL_RANGE = (6, 30)
ROUNDS_RANGE = (1, 30)


class Phase(enum.Enum):
    """Where a turn is (§2, §4)."""

    ROLL = "roll"
    """The die is about to be rolled (a chance node)."""
    CHOOSE = "choose"
    """The player decides: roll again or bank."""


class Termination(enum.Enum):
    """How a race ended."""

    GOAL = "goal"
    """§4: a runner reached the goal."""
    ROUNDS = "rounds"
    """§5: the last round was played."""


@dataclass(frozen=True, slots=True)
class RaceState(State):
    """A Dice Race position. Immutable; equality and hash by content."""

    cells: tuple[int, ...]
    """Each runner's cell (0..goal), by player."""
    turns: int
    """Turns finished so far; the player to move is `turns % players` (§5)."""
    phase: Phase
    total: int
    """The turn's total so far (§4), not yet banked."""
    goal: int = OPTION_DEFAULTS["goal"]
    rounds: int = OPTION_DEFAULTS["rounds"]
    _legal: tuple[int, tuple[Action, ...]] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def players(self) -> int:
        return len(self.cells)

    @property
    def player(self) -> int:
        """Whose turn it is (after the end: whose turn it would be)."""
        return self.turns % self.players

    def _solve(self) -> tuple[int, tuple[Action, ...]]:
        legal = self._legal
        if legal is None:
            if self.goal in self.cells or self.turns == self.rounds * self.players:
                legal = (TERMINAL, ())
            elif self.phase is Phase.ROLL:
                legal = (CHANCE, FACES)
            else:
                legal = (self.player, (BANK, ROLL))
            object.__setattr__(self, "_legal", legal)
        return legal

    @property
    def to_move(self) -> int:
        return self._solve()[0]

    def legal_actions(self) -> tuple[Action, ...]:
        """The faces at a roll, `(BANK, ROLL)` for a decision, `()` once the race is over."""
        return self._solve()[1]

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """§2: every face with probability 1/6."""
        if not self.is_chance():
            return State.chance_outcomes(self)  # the contract's refusal (a slotted dataclass has no super())
        return tuple((face, Fraction(1, len(FACES))) for face in FACES)

    def apply_unchecked(self, action: Action) -> "RaceState":
        if action == BANK:  # §4
            return self._next_turn(self.cells[self.player] + self.total)
        if action == ROLL:  # §4
            return RaceState(self.cells, self.turns, Phase.ROLL, self.total, self.goal, self.rounds)
        if action == BUST:  # §3
            return self._next_turn(self.cells[self.player])
        total = self.total + action
        if self.cells[self.player] + total >= self.goal:  # §4: the goal, at once
            return RaceState(self._moved(self.goal), self.turns, Phase.ROLL, 0, self.goal, self.rounds)
        return RaceState(self.cells, self.turns, Phase.CHOOSE, total, self.goal, self.rounds)

    def _moved(self, cell: int) -> tuple[int, ...]:
        cells = list(self.cells)
        cells[self.player] = cell
        return tuple(cells)

    def _next_turn(self, cell: int) -> "RaceState":
        return RaceState(self._moved(cell), self.turns + 1, Phase.ROLL, 0, self.goal, self.rounds)

    def outcome(self) -> Outcome | None:
        if self.to_move != TERMINAL:
            return None
        if self.goal in self.cells:  # §4
            return Outcome((self.cells.index(self.goal),), self.cells, Termination.GOAL)
        best = max(self.cells)  # §5
        leaders = tuple(p for p, cell in enumerate(self.cells) if cell == best)
        return Outcome(() if len(leaders) == self.players else leaders, self.cells, Termination.ROUNDS)


def turns_had(state: RaceState, player: int) -> int:
    """How many turns `player` has finished."""
    return state.turns // state.players + (1 if player < state.turns % state.players else 0)
