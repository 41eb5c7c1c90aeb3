"""合縱連橫 for the computer players: evaluation and move ordering, for any number of players.

The evaluation is the live score (rules §4) of each player against the best of the others,
less the stones the player to move can take next (rules §3.2): a player sees the attacks its
own placement exposes it to, because the position after it is scored with the next mover's
best strike already counted.
"""

from __future__ import annotations

from typing import Sequence

from ...ai.search import squash
from .rules import HezongState, Place

STRIKE_VALUE = 0.9
"""What one stone the next mover can remove is worth (to the mover and against its owner)."""
SPREAD = 4.0
"""Score lead that maps to a value of 0.5."""
BUDGETS = {"easy": 50, "medium": 200, "hard": 700}


def _strike(state: HezongState) -> tuple[int, tuple[int, ...]]:
    """The cell where the player to move removes the most stones, and those stones' owners."""
    best_cell, best_victims = -1, ()
    for cell in state.placement_cells():
        targets = state.attack_targets(cell)
        if len(targets) > len(best_victims):
            best_cell, best_victims = cell, tuple(state.stones[t] for t in targets)
    return best_cell, best_victims


def evaluate_all(state: HezongState) -> tuple[float, ...]:
    """Every player's value in [-1, 1]."""
    scores = [float(t.score) for t in state.tallies()]
    mover = state.to_move
    if mover >= 0:
        _, victims = _strike(state)
        for victim in victims:
            scores[victim] -= STRIKE_VALUE
            scores[mover] += STRIKE_VALUE
    out = []
    for p, score in enumerate(scores):
        rival = max(s for q, s in enumerate(scores) if q != p)
        out.append(squash((score - rival) / SPREAD))
    return tuple(out)


def evaluate(state: HezongState, player: int) -> float:
    """The value of `state` for `player` in [-1, 1]."""
    return evaluate_all(state)[player]


def order(state: HezongState, actions: Sequence[Place]) -> list[Place]:
    """Strikes first (most stones taken), then cells in regions the mover does not hold yet."""
    mover = state.to_move
    regions = state.map.regions
    held = [0] * 36
    for cell, stone in enumerate(state.stones):
        if stone >= 0:
            held[regions[cell]] |= 1 << stone

    def key(action) -> tuple[int, int]:
        if not isinstance(action, Place):
            return (0, 0)
        mask = held[regions[action.cell]]
        gain = 0 if mask >> mover & 1 else (2 if not mask else 1)
        return (-len(state.attack_targets(action.cell, action.fire)), -gain)

    return sorted(actions, key=key)
