"""bench/machine_speed.py: how much slower than the reference machine a page ran around a task
(e2e/test_slow_cpu.py scales its 50 ms bar by it)."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import machine_speed  # noqa: E402 (bench/ is not a package)

REF = machine_speed.REFERENCE_MS


def test_a_machine_at_the_reference_speed_or_faster_keeps_the_bar():
    assert machine_speed.slowness([(t * 100.0, REF) for t in range(10)], 500.0) == 1.0
    assert machine_speed.slowness([(t * 100.0, REF / 3) for t in range(10)], 500.0) == 1.0
    assert machine_speed.slowness([], 500.0) == 1.0  # (nothing measured: the bar as asked)


def test_the_runs_nearest_the_task_tell_its_speed():
    quiet = [(t * 100.0, REF) for t in range(20)]
    slow = [(2000.0 + t * 100.0, 2 * REF) for t in range(20)]
    assert machine_speed.slowness(quiet + slow, 500.0) == 1.0
    assert machine_speed.slowness(quiet + slow, 3000.0) == 2.0


def test_one_slow_run_among_the_nearest_does_not_move_the_bar():
    runs = [(t * 100.0, REF) for t in range(machine_speed.NEAREST)]
    runs[3] = (300.0, 10 * REF)
    assert machine_speed.slowness(runs, 300.0) == 1.0


def test_a_run_of_the_work_is_not_one_of_the_app_s_long_tasks():
    runs = [(100.0, 60.0), (400.0, 15.0)]
    tasks = [(99.5, 61.0), (250.0, 70.0), (399.0, 52.0)]
    assert machine_speed.outside_work(tasks, runs) == [(250.0, 70.0)]


@given(st.lists(st.tuples(st.floats(0, 1e6), st.floats(0.1, 500)), min_size=1, max_size=40),
       st.floats(0, 1e6), st.floats(1, 8))
def test_slowness_is_at_least_one_and_scales_with_the_work(runs, at, factor):
    slowness = machine_speed.slowness(runs, at)
    assert slowness >= 1.0
    slower = machine_speed.slowness([(start, ms * factor) for start, ms in runs], at)
    assert slower >= slowness
    if slowness > 1.0:
        assert abs(slower - slowness * factor) <= 1e-6 * slower
