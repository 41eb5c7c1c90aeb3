"""A page's main-thread tasks read from a Chromium trace: each task's wall time and the CPU time the
thread itself spent in it, and whether it was a run of the machine-speed work (bench/machine_speed.py).

Why CPU time: Chromium's CPU throttling on Linux pauses the main thread by a signal every 200 µs and
spins in the handler for three times the wall time since its last pause (×4). A moment when another
thread or process had the core, or when the main thread waited, becomes four times as long, so on a
shared two-core machine the same 4 ms of work took 6–37 ms at 4× (docs/performance.md, "Eighth round"
and "Ninth round").
The CPU time a task needs at full speed, times four, is what the throttling emulates, without the
machine's noise multiplied: the same work's CPU time varied 4.1–5.6 ms over 15 runs.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any

CATEGORIES = ("toplevel", "blink.user_timing", "devtools.timeline")
"""What a trace records: the tasks (`toplevel`), the work's mark (`blink.user_timing`) and what ran
in each task, to name it in a failure (`devtools.timeline`)."""

TASK_NAMES = frozenset({"ThreadControllerImpl::RunTask", "RunTask"})
"""The trace events that are one task of a thread's run loop."""


@dataclass(frozen=True)
class Task:
    """One main-thread task: its start (µs, the trace's clock), wall and CPU time (ms), whether it
    was a run of the machine-speed work, and what ran in it (its events' names, longest first)."""

    start: float
    wall_ms: float
    cpu_ms: float
    work: bool
    what: tuple[str, ...] = ()


def tasks(trace: bytes | str | dict[str, Any], mark: str) -> list[Task]:
    """The tasks of the thread that recorded the user-timing `mark` (the page's main thread), in
    order; a task is a work run when a `mark` lies in it. Tasks inside another task (a nested run
    loop) count as part of it."""
    data = json.loads(trace) if isinstance(trace, (bytes, str)) else trace
    events = data["traceEvents"] if isinstance(data, dict) else data
    threads = {(e.get("pid"), e.get("tid")) for e in events if e.get("name") == mark}
    mine = sorted((e for e in events if (e.get("pid"), e.get("tid")) in threads and e.get("ph") == "X"
                   and "ts" in e and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    starts = [e["ts"] for e in mine]
    marks = sorted(e["ts"] for e in events if e.get("name") == mark)
    found: list[Task] = []
    end = float("-inf")
    for index, event in enumerate(mine):
        if event["name"] not in TASK_NAMES or event["ts"] < end:
            continue
        start, end = event["ts"], event["ts"] + event["dur"]
        inside = [e for e in mine[index + 1:bisect_left(starts, end)] if e["name"] not in TASK_NAMES]
        found.append(Task(start, event["dur"] / 1000, event.get("tdur", event["dur"]) / 1000,
                          any(start <= at <= end for at in marks), _named(inside)))
    return found


def longest_per_input(trace: bytes | str | dict[str, Any], work: str, inputs: str) -> list[Task | None]:
    """Per input, in order, the longest task (CPU time) that ran after its user-timing mark `inputs`
    and before the next input's: its handler, and what it left for later (a timer, a frame). None
    for an input with no task of its own; runs of the work (`work`) are none of them."""
    data = json.loads(trace) if isinstance(trace, (bytes, str)) else trace
    events = data["traceEvents"] if isinstance(data, dict) else data
    marks = sorted(e["ts"] for e in events if e.get("name") == inputs)
    longest: list[Task | None] = [None] * len(marks)
    for task in tasks(data, work):
        index = bisect_right(marks, task.start) - 1
        if not task.work and index >= 0 and (longest[index] is None or task.cpu_ms > longest[index].cpu_ms):
            longest[index] = task
    return longest


def _named(events: list[dict[str, Any]]) -> tuple[str, ...]:
    """The names of `events` (a dispatched event's with its type), each with its longest time,
    longest first: the first five."""
    longest: dict[str, float] = {}
    for event in events:
        data = event.get("args", {}).get("data", {}) if isinstance(event.get("args"), dict) else {}
        name = event["name"]
        if name == "EventDispatch" and data.get("type"):
            name += f" {data['type']}"
        elif name == "TimerFire":
            name = "a timer"
        elif name == "FireAnimationFrame":
            name = "a frame's callbacks"
        longest[name] = max(longest.get(name, 0.0), event["dur"] / 1000)
    return tuple(f"{name} {ms:.1f} ms" for name, ms in sorted(longest.items(), key=lambda item: -item[1])[:5])
