"""The values the analysis compares: `V`, the game's evaluation with the chance ahead averaged
exactly, and the search value of each legal action at a decision (docs/analysis.md).

Everything is deterministic: the search is exhaustive within its depth (no sampling), actions are
taken in the game's order and ties go to the first, and a deeper search that does not fit its
budget is dropped whole for the shallower one (never mixed), so the same match and settings give
the same numbers on CPython and in Pyodide.
"""

from __future__ import annotations

from typing import Any, Sequence

from qipan.ai.search import VISITS, expected_values, float_outcomes, ordered, terminal_values
from qipan.core import CHANCE, TERMINAL, GameAI, State, Values

MEMO_LIMIT = 200_000
"""Positions whose V is remembered; beyond that the memory is emptied and filled again."""


class OutOfBudget(Exception):
    """A deeper search needed more positions than its budget."""


class Valuer:
    """`V` and the decision search over one game's `GameAI`, remembering V by position.

    `chance_depth`: the chance levels V enumerates exactly before it evaluates a position as it
    stands (`qipan.ai.search.expected_values`).
    """

    def __init__(self, game_ai: GameAI[Any, Any], chance_depth: int) -> None:
        self.game_ai = game_ai
        self.chance_depth = chance_depth
        self._memo: dict[State[Any], Values] = {}
        self.spent = 0
        """Positions valued since the counter was last reset (a deeper search's budget)."""

    def value(self, state: State[Any]) -> Values:
        """V(state): the result at the end, else the game's `turn_value` where it has one, else the
        evaluation with `chance_depth` levels of chance ahead averaged with their exact
        probabilities. One fixed function of the position."""
        known = self._memo.get(state)
        if known is not None:
            return known
        visited = VISITS.count
        if state.to_move == TERMINAL:
            result = terminal_values(state)
        elif self.game_ai.turn_value is not None:
            result = self.game_ai.turn_value(state)
        else:
            result = expected_values(state, self.game_ai, self.chance_depth)
        # the positions a game's turn search visited for it count against a deeper search's budget
        self.spent += 1 + (len(state.legal_actions()) if state.to_move == CHANCE else 0) + VISITS.count - visited
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[state] = result
        return result

    def chance(self, state: State[Any]) -> tuple[list[tuple[State[Any], float, Values]], Values]:
        """At a chance node: the position after every outcome with its probability and V, and
        the probability-weighted mean of V (the value before the dice fall)."""
        outcomes = []
        for action, p in float_outcomes(state):
            child = state.apply_unchecked(action)
            outcomes.append((child, p, self.value(child)))
        mean = [0.0] * state.players
        for _, p, values in outcomes:
            for i, v in enumerate(values):
                mean[i] += p * v
        return outcomes, tuple(mean)

    def searched(self, state: State[Any], depth: int, budget: int | None, chances: int | None = None) -> Values:
        """The value of `state` searched `depth` decisions deep (max-n: each decider takes the
        child best for them; chance nodes average exactly and cost no depth, but no more than
        `chance_depth` of them on a line), V at the leaves. Raises `OutOfBudget` when more than
        `budget` positions were valued (None: no limit)."""
        if budget is not None and self.spent > budget:
            raise OutOfBudget
        mover = state.to_move
        left = self.chance_depth if chances is None else chances
        if depth <= 0 or mover == TERMINAL or (mover == CHANCE and left <= 0):
            return self.value(state)
        if mover == CHANCE:
            mean = [0.0] * state.players
            for action, p in float_outcomes(state):
                for i, v in enumerate(self.searched(state.apply_unchecked(action), depth, budget, left - 1)):
                    mean[i] += p * v
            return tuple(mean)
        best: Values | None = None
        for action in ordered(state, self.game_ai):
            values = self.searched(state.apply_unchecked(action), depth - 1, budget, left)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None, "a decision has legal actions"
        return best

    def actions(self, state: State[Any]) -> Sequence[Any]:
        """The legal actions in the game's order (ties in value go to the first)."""
        return ordered(state, self.game_ai)

    def decision(self, state: State[Any], depth: int, budget: int) -> tuple[Sequence[Any], list[Values], int]:
        """Every legal action of the decision `state` with its search value, and the depth reached:
        `depth` if the whole search fits in `budget` positions, else the deepest that does (1, the
        value of the position each action leads to, always)."""
        actions = self.actions(state)
        shallow = [self.searched(state.apply_unchecked(a), 0, None) for a in actions]
        reached, results = 1, shallow
        for d in range(2, depth + 1):
            self.spent = 0
            try:
                results = [self.searched(state.apply_unchecked(a), d - 1, budget) for a in actions]
            except OutOfBudget:
                break
            reached = d
        return actions, results, reached
