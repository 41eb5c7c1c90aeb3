"""合縱連橫 for the computer players: evaluation and move ordering, for any number of players.

The evaluation is the live score (rules §4) of each player against the best of the others,
less the stones the player to move can take next (rules §3.2): a player sees the attacks its
own placement exposes it to, because the position after it is scored with the next mover's
best strike already counted.
"""

from __future__ import annotations

from typing import Sequence

from qipan.core import GameAI, Grades
from qipan.ai.search import squash
from qipan.games.hezong.geometry import ALL_DIRECTIONS, RAYS
from qipan.games.hezong.rules import Action, HezongState, Place

STRIKE_VALUE = 0.9
"""What one stone the next mover can remove is worth (to the mover and against its owner)."""
SPREAD = 4.0
"""Score lead that maps to a value of 0.5."""
BUDGETS = {"easy": 100, "medium": 500, "hard": 2500}


_STRIKES: dict[HezongState, dict[int, tuple[int, ...]]] = {}
"""Recently computed strikes by position (the ordering and the evaluation both need them)."""


def strikes(state: HezongState) -> dict[int, tuple[int, ...]]:
    """For each cell the mover may use, the stones a placement there removes (rules §3.2).

    Only directions with a stone next to the cell can fire, so the others are not asked."""
    found = _STRIKES.get(state)
    if found is not None:
        return found
    if len(_STRIKES) > 4096:
        _STRIKES.clear()
    stones = state.stones
    found = {}
    for cell in state.placement_cells():
        targets: tuple[int, ...] = ()
        for d, ray in enumerate(RAYS[cell]):
            if ray and stones[ray[0]] >= 0:
                targets += state.direction_targets(cell, d)
        found[cell] = tuple(sorted(set(targets)))
    _STRIKES[state] = found
    return found


def _strike(state: HezongState) -> tuple[int, ...]:
    """The owners of the stones the player to move removes with its best strike."""
    best: tuple[int, ...] = ()
    for targets in strikes(state).values():
        if len(targets) > len(best):
            best = targets
    return tuple(state.stones[t] for t in best)


def evaluate_all(state: HezongState) -> tuple[float, ...]:
    """Every player's value in [-1, 1]."""
    scores = [float(t.score) for t in state.tallies()]
    mover = state.to_move
    if mover >= 0:
        victims = _strike(state)
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


def order(state: HezongState, actions: Sequence[Action]) -> list[Action]:
    """Strikes first (most stones taken), then cells in regions the mover does not hold yet."""
    mover = state.to_move
    regions = state.map.regions
    cell_strikes = strikes(state)
    held = [0] * 36
    for cell, stone in enumerate(state.stones):
        if stone >= 0:
            held[regions[cell]] |= 1 << stone

    def key(action: Action) -> tuple[int, int]:
        if not isinstance(action, Place):
            return (0, 0)
        mask = held[regions[action.cell]]
        gain = 0 if mask >> mover & 1 else (2 if not mask else 1)
        hits = cell_strikes.get(action.cell, ()) if action.fire == ALL_DIRECTIONS else \
            state.attack_targets(action.cell, action.fire)
        return (-len(hits), -gain)

    return sorted(actions, key=key)


GRADES = Grades(inaccuracy=0.12, mistake=0.20, blunder=0.25)
"""The analysis's grade thresholds: the losses the easy level's moves exceed a quarter, a tenth and
a twentieth of the time (bench/analysis.py --calibrate; docs/analysis.md, "Thresholds per game")."""

AI: GameAI[HezongState, Action] = GameAI(evaluate_all=evaluate_all, order=order, budgets=BUDGETS, grades=GRADES)
"""What this game gives the computer players."""
