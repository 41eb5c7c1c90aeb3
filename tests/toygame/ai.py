"""Dice Race for the computer players: an evaluation of how far each runner is ahead."""

from __future__ import annotations

from qipan.ai.search import squash
from qipan.core import GameAI, Values

from toygame.rules import FACES, RaceState

AT_RISK = 1 - 1 / len(FACES)
"""The part of an unbanked total counted: one roll in six busts it (§3)."""
SPREAD = 0.3
"""A lead of this part of the track maps to a value of 0.5."""
BUDGETS = {"easy": 40, "medium": 150, "hard": 500}


def progress(state: RaceState, player: int) -> float:
    """How far along `player` is, as a part of the track (the turn's total counted at risk)."""
    cell = state.cells[player] + (AT_RISK * state.total if player == state.player else 0.0)
    return cell / state.goal


def evaluate_all(state: RaceState) -> Values:
    """Each player's lead over the best of the others, squashed into [-1, 1]."""
    ahead = [progress(state, p) for p in range(state.players)]
    return tuple(squash((mine - max(ahead[:p] + ahead[p + 1:])) / SPREAD) for p, mine in enumerate(ahead))


AI = GameAI(evaluate_all=evaluate_all, budgets=BUDGETS)
"""What this game gives the computer players."""
