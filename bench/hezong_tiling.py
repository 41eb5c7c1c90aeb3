"""Print the timing of the 合縱連橫 map generator (rules §2.2): median, 99th percentile and worst case.

Usage: python bench/hezong_tiling.py [boards]   (default 300). Figures, not a test.
In Pyodide (the browser's Python), after `make vendor`: node bench/pyodide_node.mjs bench/hezong_tiling.py [boards]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from qipan.core import Rng  # noqa: E402
from qipan.games.hezong import GAME  # noqa: E402
from qipan.games.hezong.tiling import NODE_BUDGET, random_map  # noqa: E402


def main(boards: int) -> None:
    times, restarts = [], []
    for seed in range(boards):
        began = time.perf_counter()
        _, used = random_map(Rng(seed))
        times.append(time.perf_counter() - began)
        restarts.append(used)
    times.sort()
    runtime = "Pyodide (Node)" if sys.platform == "emscripten" else sys.implementation.name
    print(f"hezong tiling: {boards} boards on {runtime} {sys.version.split()[0]}, "
          f"node budget {NODE_BUDGET}")
    print(f"  median {statistics.median(times) * 1000:.1f} ms   mean {statistics.fmean(times) * 1000:.1f} ms   "
          f"p99 {times[int(0.99 * (boards - 1))] * 1000:.1f} ms   worst {times[-1] * 1000:.1f} ms")
    print(f"  restarts: median {statistics.median(restarts):.0f}, max {max(restarts)}, "
          f"fallback used {restarts.count(-1)} times")
    state = GAME.new(4, seed=1)
    began = time.perf_counter()
    plies = 0
    while not state.is_terminal():
        for action in state.legal_actions():
            state.apply_unchecked(action)
        state = state.apply_unchecked(state.legal_actions()[0])
        plies += 1
    print(f"  engine: one 4-player game, every legal action applied at each ply: "
          f"{(time.perf_counter() - began) * 1000:.1f} ms for {plies} plies")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
