"""What the browser's computer-player worker calls: position text in, action text out.

Text at the boundary keeps the worker protocol tiny and makes a computer move reproducible from
its inputs alone (same game, position, level and seed: same move, on CPython and in Pyodide).
"""

from __future__ import annotations

from qipan import games
from qipan.ai import choose
from qipan.core import mix

LEVELS = ("easy", "medium", "hard")
"""The levels a seat can be given in the app (random and greedy are for tests and benches)."""


def think(game_id: str, position: str, level: str, seed: str) -> str:
    """The action text a computer player of `level` plays in `position`."""
    game = games.get(game_id)
    state = game.parse_position(position)
    return game.action_text(state, choose(state, games.ai(game_id), level, int(seed)))


def move_seed(match_seed: int, ply: int) -> str:
    """The search seed for a computer move at `ply` (text: JS numbers cannot hold 64 bits)."""
    return str(mix(match_seed, 0x41495345, ply))
