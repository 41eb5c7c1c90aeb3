"""How fast this machine runs a page's main-thread work at this moment, against the reference machine.

The same keys at 4× CPU throttling took 35 ms a task in one run and 70–80 ms in the next, every task
of the run alike, on the same quiet VM (docs/performance.md, "Eighth round"): its host is slower at
times. A fixed piece of work (`WORK`: a loop of plain arithmetic, its own task) run between the
inputs measures that; divided by what it takes on the reference machine when quiet, it says how much
slower the machine is right then.
- bench/latency.py prints its wall time at 4× beside its figures (against `REFERENCE_MS`).
- e2e/test_slow_cpu.py scales its 50 ms bar by its CPU time at full speed, read from a trace
  (bench/main_thread.py; against `REFERENCE_CPU_MS`; `MARK` tells which task was the work), never
  below 50 ms.
It covers a slower host, not a busier machine: with a process busy on the second core the work's
wall time at 4× was about the same while the app's tasks took two to three times as long.
"""

from __future__ import annotations

import statistics
from typing import Any

MARK = "machine-speed"
"""The user-timing mark each run of the work makes at its start (a trace's task that holds one was
the work)."""

WORK = """() => {
  performance.mark("machine-speed");
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

REFERENCE_CPU_MS = 4.4
"""`WORK`'s main-thread CPU time at full speed on the reference machine, quiet: the slowest of the
medians of 15 game runs (4.2–4.4 ms; each run's runs 4.1–5.6 ms)."""

NEAREST = 7
"""How many runs of the work, the nearest in time to a task, tell the machine's speed for it."""


def sample(page: Any) -> None:
    """Run the work once in `page`, as a task of its own."""
    page.evaluate(WORK)


def samples(page: Any) -> list[tuple[float, float]]:
    """The runs of the work in `page` so far: (start, ms) each, in performance.now() time."""
    return [(start, ms) for start, ms, _x in page.evaluate("window.__machineSpeed ?? []")]


def slowness(runs: list[tuple[float, float]], at: float, reference: float = REFERENCE_MS) -> float:
    """How many times slower than the reference machine this one ran around time `at`: the median
    of the `NEAREST` runs of the work nearest to it, over `reference` (what the work takes there,
    measured the same way); 1 when it ran as fast or faster (the bar is never made stricter than
    asked, nor looser on a fast machine)."""
    nearest = sorted(runs, key=lambda run: abs(run[0] - at))[:NEAREST]
    if not nearest:
        return 1.0
    return max(1.0, statistics.median(ms for _start, ms in nearest) / reference)


def outside_work(tasks: list[tuple[float, float]], runs: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The long `tasks` (start, ms) that are not a run of the work itself (one starts inside them)."""
    return [(start, ms) for start, ms in tasks if not any(start <= at <= start + ms for at, _ms in runs)]


def median_ms(runs: list[tuple[float, float]]) -> float:
    """The work's median time over `runs` (NaN when there are none)."""
    return statistics.median(ms for _start, ms in runs) if runs else float("nan")
