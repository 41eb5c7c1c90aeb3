"""bench/main_thread.py: a page's main-thread tasks read from a Chromium trace (e2e/test_slow_cpu.py
fails on one that needs over 50 ms of a 4× slower CPU)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import machine_speed  # noqa: E402 (bench/ is not a package)
import main_thread  # noqa: E402

MAIN, OTHER = (7, 1), (7, 2)
MARK = machine_speed.MARK


def task(thread, ts, dur, tdur=None, name="ThreadControllerImpl::RunTask", **args):
    pid, tid = thread
    event = {"ph": "X", "pid": pid, "tid": tid, "ts": ts, "dur": dur, "name": name, "args": args}
    if tdur is not None:
        event["tdur"] = tdur
    return event


def mark(thread, ts):
    pid, tid = thread
    return {"ph": "R", "pid": pid, "tid": tid, "ts": ts, "name": MARK}


def test_the_tasks_of_the_thread_that_marked_the_work_with_their_cpu_time():
    trace = {"traceEvents": [
        mark(MAIN, 1500),
        task(MAIN, 1000, 4000, 3900),  # the work: its mark is in it
        task(MAIN, 10_000, 20_000, 6000),  # 20 ms of wall time, 6 ms of CPU
        task(MAIN, 12_000, 3000, 2000, name="EventDispatch", data={"type": "keydown"}),
        task(MAIN, 13_000, 1000, 900, name="TimerFire"),
        task(OTHER, 10_000, 90_000, 90_000),  # another thread (a worker, the compositor)
    ]}
    found = main_thread.tasks(json.dumps(trace).encode(), MARK)
    assert [(t.start, t.wall_ms, t.cpu_ms, t.work) for t in found] == [(1000, 4.0, 3.9, True), (10_000, 20.0, 6.0, False)]
    assert found[1].what == ("EventDispatch keydown 3.0 ms", "a timer 1.0 ms")


def test_a_task_in_another_task_is_part_of_it():
    trace = [mark(MAIN, 0), task(MAIN, 0, 1000, 1000), task(MAIN, 5000, 9000, 8000),
             task(MAIN, 6000, 2000, 2000, name="RunTask")]
    assert [t.cpu_ms for t in main_thread.tasks(trace, MARK)] == [1.0, 8.0]


def test_no_mark_no_tasks():
    assert main_thread.tasks({"traceEvents": [task(MAIN, 0, 100, 100)]}, MARK) == []


def test_the_work_marks_itself():
    assert f'performance.mark("{MARK}")' in machine_speed.WORK


@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 10**5), st.booleans()), max_size=30))
def test_tasks_are_in_order_and_never_overlap(spans):
    events = [mark(MAIN, 0), task(MAIN, 0, 1, 1)]
    events += [task(MAIN if main else OTHER, ts, dur, dur // 2) for ts, dur, main in spans]
    found = main_thread.tasks({"traceEvents": events}, MARK)
    assert found[0].work
    for before, after in zip(found, found[1:]):
        assert before.start + 1000 * before.wall_ms <= after.start
    assert all(t.cpu_ms <= t.wall_ms for t in found)


def input_mark(thread, ts):
    pid, tid = thread
    return {"ph": "R", "pid": pid, "tid": tid, "ts": ts, "name": "input"}


def test_each_input_s_longest_task_comes_after_its_mark_and_before_the_next_input_s():
    trace = [mark(MAIN, 0), task(MAIN, 0, 1000, 1000),  # the work, before any input
             task(MAIN, 1500, 100, 100),  # before the first input: no input's
             input_mark(MAIN, 2000), task(MAIN, 2100, 5000, 4000), task(MAIN, 8000, 9000, 7000),  # a handler, a timer
             mark(MAIN, 20_000), task(MAIN, 20_000, 30_000, 30_000),  # the work between inputs is no input's
             input_mark(MAIN, 60_000),  # an input with no task of its own
             input_mark(MAIN, 70_000), task(MAIN, 70_100, 2000, 1500)]
    found = main_thread.longest_per_input(trace, MARK, "input")
    assert [t.cpu_ms if t else None for t in found] == [7.0, None, 1.5]
    assert found[0].start == 8000
