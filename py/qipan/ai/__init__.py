"""Computer players: `choose(state, game_ai, level, seed)` for any game, through the engine contract
and the `GameAI` the game hands over (`qipan.games.ai(id)`); this package imports `qipan.core` only.

Levels (docs/ai.md): "random" (a uniform legal action), "greedy" (one ply with the game's
evaluation, chance nodes by exact expectation), and "easy" / "medium" / "hard", defined by
search budgets counted in nodes, never in time, and by how often the level slips (plays a
uniform legal action instead of its search's choice, drawn from the seeded Rng), so the same arguments give the same action on
CPython and Pyodide. Each game adds only an evaluation, a move ordering and, where the rules
ask for exactness, a search of its own, in `qipan/games/<id>/ai.py`.
"""

from __future__ import annotations

from qipan.ai import search
from qipan.ai.search import A, S
from qipan.core import GameAI, Rng, mix

LEVELS = ("random", "greedy", "easy", "medium", "hard")
"""The computer players, weakest first."""

__all__ = ["LEVELS", "choose"]


def choose(state: S, game_ai: GameAI[S, A], level: str = "hard", seed: int = 0) -> A:
    """The action a computer player of `level` takes in the decision state `state`.

    Raises `ValueError` for an unknown level or a state where no player decides (a chance
    node or the end of the game).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    if state.to_move < 0:
        raise ValueError(f"no player decides here (to_move={state.to_move})")
    actions: tuple[A, ...] = state.legal_actions()
    rng = Rng(mix(seed, LEVELS.index(level)))
    if level == "random":
        return rng.choice(actions)
    if len(actions) == 1:
        return actions[0]
    slip = (game_ai.slip or search.SLIP).get(level, 0)
    if slip and rng.randbelow(100) < slip:
        return rng.choice(actions)
    if level == "greedy":
        return search.greedy(state, game_ai)
    if game_ai.search is not None:
        action = game_ai.search(state, level, rng)
        if action is not None:
            return action
    return search.mcts(state, game_ai, (game_ai.budgets or search.BUDGETS)[level], rng)
