"""What the browser's computer-player worker calls: position text in, action text out.

Text at the boundary keeps the worker protocol tiny and makes a computer move reproducible from
its inputs alone (same game, position, level and seed: same move, on CPython and in Pyodide).
"""

from __future__ import annotations

import json
from typing import Iterator

from qipan import games
from qipan.core import mix

LEVELS = ("easy", "medium", "hard")
"""The levels a seat can be given in the app (random and greedy are for tests and benches)."""


def think(game_id: str, position: str, level: str, seed: str) -> str:
    """The action text a computer player of `level` plays in `position`."""
    from qipan.ai import choose  # (the search: imported by the first move, not by the page's start)

    game = games.get(game_id)
    state = game.parse_position(position)
    return game.action_text(state, choose(state, games.ai(game_id), level, int(seed)))


def move_seed(match_seed: int, ply: int) -> str:
    """The search seed for a computer move at `ply` (text: JS numbers cannot hold 64 bits)."""
    return str(mix(match_seed, 0x41495345, ply))


def analyse_steps(record: str, preset: str = "quick") -> Iterator[str]:
    """The post-game analysis of a record (its JSON text), one ply per step, for the worker:
    each step yields `{"done": k, "total": n}` as JSON text; the last one also carries
    `"analysis"`: the whole `Analysis.to_json()`. The caller cancels by asking for no more steps.
    Raises `RecordError` / `ValueError` (at the first step) for a record that does not replay."""
    from qipan.analysis import PRESETS, Analyser  # (the search: imported when first asked for)

    analyser = Analyser(record, PRESETS[preset])
    yield json.dumps({"done": 0, "total": analyser.total})
    for progress in analyser.steps():
        if progress.done < progress.total:
            yield json.dumps({"done": progress.done, "total": progress.total})
    yield json.dumps({"done": analyser.total, "total": analyser.total, "analysis": analyser.result().to_json()},
                     ensure_ascii=False)
