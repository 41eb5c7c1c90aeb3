"""Table Gype for the computer players: evaluation and move ordering.

A piece is worth its progress toward the goal row plus what its face lets it do next; an Ear
is stuck until re-rolled. Jumps and Hat leaps roll the pieces they pass, and the search
averages over those rolls exactly (chance nodes), so a jump that turns an opponent's Ear into
a mover, or a blocked piece into a runner, is charged for what it hands over.
"""

from __future__ import annotations

from typing import Sequence

from ...ai.search import squash
from ...core import Rng
from .board import FORWARD, GOAL, SIZE, ZONES
from .rules import BOOK, EAR, FLAME, HAT, SWORDS, TREE, GypeState, Jump, Leap, Roll, Step

FACE_VALUE = {EAR: -1.2, BOOK: 0.2, TREE: 0.7, FLAME: 0.6, SWORDS: 0.3, HAT: 0.4}
"""What each face adds to a piece not yet home (Tree and Flame move forward best)."""
HOME_BONUS = 3.0
"""A piece in its goal row, on top of its progress."""
SPREAD = 12.0
BUDGETS = {"easy": 150, "medium": 1000, "hard": 6000}


def progress(seat: str, cell: int) -> int:
    """How far along its way a piece of `seat` on `cell` is: 0 in the start row, 9 at the goal."""
    x, y = cell % SIZE, cell // SIZE
    fx, fy = FORWARD[seat]
    return y if fy > 0 else (9 - y) if fy < 0 else x if fx > 0 else 9 - x


def _material(state: GypeState, player: int) -> float:
    seat = state.seat(player)
    zones = ZONES[seat]
    board = state.board
    total = 0.0
    for cell in state.pieces(player):
        if zones[cell] == GOAL:
            total += 9 + HOME_BONUS
        else:
            total += progress(seat, cell) + FACE_VALUE[board[cell] % 6]
    return total


def evaluate_all(state: GypeState) -> tuple[float, ...]:
    """Every player's value in [-1, 1]: its material against the best other player's."""
    material = [_material(state, p) for p in range(state.players)]
    out = []
    for p, m in enumerate(material):
        rival = max(v for q, v in enumerate(material) if q != p)
        out.append(squash((m - rival) / SPREAD))
    return tuple(out)


def evaluate(state: GypeState, player: int) -> float:
    """The value of `state` for `player` in [-1, 1]."""
    return evaluate_all(state)[player]


def order(state: GypeState, actions: Sequence) -> list:
    """The longest forward moves first; re-rolling an Ear before other re-rolls."""
    if state.setup or state.pending:
        return list(actions)
    seat = state.seat(state.current)
    board = state.board

    def key(action) -> float:
        if isinstance(action, (Step, Leap)):
            return -(progress(seat, action.to) - progress(seat, action.frm))
        if isinstance(action, Jump):
            return -(progress(seat, action.landings[-1]) - progress(seat, action.frm)) - 0.5
        if isinstance(action, Roll):
            return 0.5 if board[action.cell] % 6 == EAR else 3.0
        return 0.0

    return sorted(actions, key=key)


def search(state: GypeState, level: str, rng: Rng):
    """The set-up row (§3): any arrangement, drawn from the seed (the evaluation scores them
    all alike, and searching 2,520 of them would take seconds); play goes to MCTS."""
    if state.setup and state.to_move >= 0:
        return rng.choice(state.legal_actions())
    return None
