"""How fast this machine runs a page's main-thread work at this moment, against the reference machine.

The same keys at 4× CPU throttling took 35 ms a task in one run and 70–80 ms in the next, every task
of the run alike, on the same quiet VM (docs/performance.md, "Eighth round"): its host is slower at
times. A fixed piece of work (`WORK`: a loop of plain arithmetic, its own task) run between the
inputs measures that; divided by what it takes on the reference machine when quiet (`REFERENCE_MS`,
at 4×), it says how much slower the machine is right then. e2e/test_slow_cpu.py scales its 50 ms bar
by it (never below 50 ms); bench/latency.py prints it beside its figures. It covers a slower host,
not a busier machine: with a process busy on the second core the work ran about as fast while the
app's tasks (which need the compositor's and the browser's threads too) took two to three times as
long.
"""

from __future__ import annotations

import statistics
from typing import Any

WORK = """() => {
  const start = performance.now();
  let x = 1;
  for (let i = 0; i < 200000; i++) x = (x * 48271) % 2147483647;
  const ms = performance.now() - start;
  (window.__machineSpeed ??= []).push([start, ms, x]);
  return ms;
}"""
"""The work: 3.9 ms at full speed on the reference machine (the result is kept, so none of it is
optimised away). Each run is recorded as [start, ms, result] in `window.__machineSpeed`."""

REFERENCE_MS = 17.6
"""`WORK`'s median at 4× throttling on the reference machine (this project's 2-core CI VM kind),
quiet: the slowest of the medians of quiet runs (16.3–17.6 ms over 15 game runs), so that a quiet
machine gets the bar of 50 ms itself. `python3 bench/latency.py --rates 4` prints each row's median
("work" column)."""

NEAREST = 7
"""How many runs of the work, the nearest in time to a task, tell the machine's speed for it."""


def sample(page: Any) -> None:
    """Run the work once in `page`, as a task of its own."""
    page.evaluate(WORK)


def samples(page: Any) -> list[tuple[float, float]]:
    """The runs of the work in `page` so far: (start, ms) each, in performance.now() time."""
    return [(start, ms) for start, ms, _x in page.evaluate("window.__machineSpeed ?? []")]


def slowness(runs: list[tuple[float, float]], at: float) -> float:
    """How many times slower than the reference machine this one ran around time `at`: the median
    of the `NEAREST` runs of the work nearest to it, over `REFERENCE_MS`; 1 when it ran as fast or
    faster (the bar is never made stricter than asked, nor looser on a fast machine)."""
    nearest = sorted(runs, key=lambda run: abs(run[0] - at))[:NEAREST]
    if not nearest:
        return 1.0
    return max(1.0, statistics.median(ms for _start, ms in nearest) / REFERENCE_MS)


def outside_work(tasks: list[tuple[float, float]], runs: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The long `tasks` (start, ms) that are not a run of the work itself (one starts inside them)."""
    return [(start, ms) for start, ms in tasks if not any(start <= at <= start + ms for at, _ms in runs)]


def median_ms(runs: list[tuple[float, float]]) -> float:
    """The work's median time over `runs` (NaN when there are none)."""
    return statistics.median(ms for _start, ms in runs) if runs else float("nan")
