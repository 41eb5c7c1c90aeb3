"""LYNGK for the computer players: evaluation, move ordering, and an exact endgame solver.

The evaluation counts what the end of the game counts (rules §8): removed stacks first, then
the tie-break vector of own-topped stacks by height, and the claim still to come: a player with
a claim left can take the colour that tops the most valuable neutral stacks (claim timing).
"""

from __future__ import annotations

from typing import Sequence

from qipan.ai.search import solve, squash
from qipan.core import GameAI, Grades, Rng
from qipan.games.lyngk.rules import COLOURS, LyngkState, Move, cap

HEIGHT_VALUE = (0.0, 0.1, 0.5, 1.3, 3.0, 5.0, 8.0)
"""What an own-topped stack of each height is worth (a 4 is one move from a point)."""
REMOVED_VALUE = 10.0
"""One removed stack (a point, rules §5)."""
SPREAD = 10.0
"""Material difference that maps to a value of 0.5."""
ENDGAME_STACKS = 12
"""The solver is tried once this few stacks are left on the board."""
SOLVER_NODES = {"easy": 0, "medium": 3000, "hard": 10000}
"""Nodes the exact endgame search may use per level before MCTS takes over."""
BUDGETS = {"easy": 60, "medium": 400, "hard": 3000}


def _material(state: LyngkState, player: int, tops: dict[str, float]) -> float:
    mine = state.claims[player]
    total = REMOVED_VALUE * state.removed[player] + sum(tops[c] for c in mine)
    if len(mine) < 2:
        free = [tops[c] for c in COLOURS if c not in state.claims[0] and c not in state.claims[1]]
        if free:
            total += 0.6 * max(free) * (2 - len(mine)) / 2
    return total


def _tops(state: LyngkState) -> dict[str, float]:
    tops = dict.fromkeys(COLOURS, 0.0)
    limit = cap(state.variant)
    for stack in state.stacks:
        if stack and stack[-1] in tops:
            h = len(stack)
            # a finished neutral stack scores for nobody unless a claim captures it (A9)
            tops[stack[-1]] += HEIGHT_VALUE[h] if h < limit else REMOVED_VALUE * 0.8
    return tops


def evaluate_all(state: LyngkState) -> tuple[float, float]:
    """Both players' values in [-1, 1] (zero-sum)."""
    tops = _tops(state)
    diff = _material(state, 0, tops) - _material(state, 1, tops)
    v = squash(diff / SPREAD)
    return (v, -v)


def evaluate(state: LyngkState, player: int) -> float:
    """The value of `state` for `player` in [-1, 1]."""
    return evaluate_all(state)[player]


def order(state: LyngkState, actions: Sequence[Move]) -> list[Move]:
    """Tall results first (they complete or build stacks), claims after plain moves."""
    heights = [len(s) for s in state.stacks]
    # one integer per move (the height key doubled, plus 1 for a claim): sorts as the pair would
    return sorted(actions, key=lambda a: (-2 * (heights[a.origin] + heights[a.dest]) if a.origin >= 0 else 0)
                  + (a.claim != ""))


def search(state: LyngkState, level: str, rng: Rng) -> Move | None:
    """The endgame solver: with few stacks left, play a move proved best if one wins or draws."""
    nodes = SOLVER_NODES[level]
    if not nodes or sum(1 for s in state.stacks if s) > ENDGAME_STACKS:
        return None
    solved = solve(state, AI, nodes)
    if solved is None or solved[1] < 0:
        return None
    return solved[0]


GRADES = Grades(inaccuracy=0.05, mistake=0.10, blunder=0.12)
"""The analysis's grade thresholds: the losses the easy level's moves exceed a quarter, a tenth and
a twentieth of the time (bench/analysis.py --calibrate; docs/analysis.md, "Thresholds per game")."""

AI: GameAI[LyngkState, Move] = GameAI(evaluate_all=evaluate_all, order=order, search=search, budgets=BUDGETS,
                                      grades=GRADES)
"""What this game gives the computer players."""
