"""Issue "Fast on a tablet": on a tablet's CPU, 4× slower than this machine's, playing each game by
keyboard (cursor moves, picks, a roll, moves) and by taps on its panel (a Calavera turn, toggles, a
die) makes no main-thread task over 50 ms. The keys and taps are bench/latency.py's (`PLAYS`): the
keys first once, as a page's first roll or move also compiles the code it runs, then keys and taps
traced. A task fails when the CPU time its thread spent in it, times four, is over 50 ms.

Why not the wall time with Chromium's throttling on, as bench/latency.py measures: the throttling
spins for three times the wall time since its last pause, so on this shared two-core machine a
moment the main thread did not have the core or waited counts four times, and one task in some two
hundred took 56–72 ms where the same input takes 25–35 ms (four runs of thirteen failed so, in the
eighth round). The CPU time is the thread's own (bench/main_thread.py): the same work took 4.1–5.6 ms
of it at full speed, where at 4× it took 7.8–22.4 ms of wall time (docs/performance.md, "Ninth
round").

The runtime's code is optimized up front (`STEADY`): what is measured is the app's work, not when
V8 gets round to optimizing the interpreter's functions.

The bar is 50 ms on the reference machine. This VM is slower at times (its host's load), so a fixed
piece of work runs between the inputs (bench/machine_speed.py), and a task fails when it is over
50 ms times how much more CPU time than on the reference machine that work took around it (1 when
not more: then the bar is exactly 50 ms). A failure names what ran in the task.

Each game is played twice, each time in a fresh context (the same seeded game), and an input fails
when its longest task is over the bar in both plays, or over twice the bar in either (`CEILING`). The CPU time of one task is noisy on this VM:
in a run of Calavera whose tasks took 9–12 ms, one took 16.2 ms with nothing else in it (no garbage
collection, no other event), while the work around it ran at its usual speed (docs/performance.md,
"Tenth round"). Work the app does too slowly is too slow in every play, and fails; one task the
machine slowed in one play does not. Python's own work is deterministic here: the same seed, keys
and taps run the same code. What this does not filter: a slowdown of a whole run (every task
longer, the calibration work not: seen once in the tenth round), as the two plays run one after the
other."""

from __future__ import annotations

import json
import sys

import pytest
from support import OUTPUT, ROOT, boot, click, press, watch

sys.path.insert(0, str(ROOT / "bench"))
import machine_speed  # noqa: E402 (bench/ is not a package)
import main_thread  # noqa: E402
from latency import GAMES, PLAYS, SEED, tappable  # noqa: E402

RATE = 4
"""How many times slower a tablet's CPU is than this machine's (the issue's 4× throttling)."""
BAR_MS = 50.0
PACE = "new Promise((done) => requestAnimationFrame(() => setTimeout(done, 30)))"
"""A player's pace: the frame painted and what the input queued after it run before the next one."""
INPUT_MARK = "qipan-input"
MARK_INPUT_JS = f"performance.mark('{INPUT_MARK}')"
"""Run just before each input: a task belongs to the input whose mark came last before it."""
PLAYS_EACH = 2
"""How many times each game's keys and taps are played, each in a fresh context (below)."""
CEILING = 2.0
"""An input whose longest task is over this many bars in any one play fails, however it ran in the
other: twice the bar is beyond what the machine's noise was seen to add to one task (1.5×)."""


STEADY = "--js-flags=--no-wasm-dynamic-tiering"
"""V8 compiles the runtime's WebAssembly with its optimizing compiler up front, instead of first with
a baseline one and a function again once it has run enough, at a moment that varies from run to run
(a Quorsum move's task took 5–6 ms of CPU in one run, 8–9 in the next, before its code was
optimized). The check measures the app's work, as a player meets it once the code it runs is
optimized: a few minutes into a game."""


@pytest.fixture(scope="module")
def steady_browser(browser_type, browser_type_launch_args):
    log = f"--log-file={OUTPUT / 'chromium-steady.log'}"  # (its own: e2e/conftest.py CHROMIUM_LOG)
    browser = browser_type.launch(**{**browser_type_launch_args,
                                     "args": [*browser_type_launch_args.get("args", ()), STEADY, log]})
    yield browser
    browser.close()


def traced_play(browser, server: str, game: str) -> tuple[list[main_thread.Task | None], list[tuple[float, float]]]:
    """One play of `game`'s keys and taps, traced, in a context of its own (a fresh storage: the same
    seeded game every time): per input, its longest task (`main_thread.longest_per_input`), and the
    machine-speed work's runs (start, CPU ms)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    try:
        # Not the first visit's one-time full-snapshot worker (docs/startup.md): a whole Python booting
        # on the core the main thread needs is not what a tablet's player meets while playing.
        context.route("**/snapshot-worker.js", lambda route: route.abort())
        seen = watch(context)
        page = context.new_page()
        trace = _play(browser, page, server, game)
        seen.assert_clean()
    finally:  # (a page left running would share the CPU with the next play)
        context.close()
    play = PLAYS[game]
    runs = [(task.start, task.cpu_ms) for task in main_thread.tasks(trace, machine_speed.MARK) if task.work]
    # (a run of the work before the first input: the trace was recording when it came)
    assert len(runs) > len(play.keys) + len(play.taps), "the trace began after the first input"
    longest = main_thread.longest_per_input(trace, machine_speed.MARK, INPUT_MARK)
    assert len(longest) == len(play.keys) + len(play.taps)
    return longest, runs


def _play(browser, page, server: str, game: str) -> dict:
    """Boot `game`, play its warming keys, then its keys and taps with a trace recording; the trace."""
    boot(page, f"{server}?game={game}&seed={SEED}")
    play = PLAYS[game]
    while page.locator('[data-action="arrange"]').count():  # Table Gype: every start row as dealt
        click(page, '[data-action="arrange"]')
    page.focus("#board")
    for key in play.warm:
        press(page, key)
    if play.then == "undo":
        while page.locator("#btn-undo").is_enabled():
            click(page, "#btn-undo")
    elif play.then:
        page.click(play.then)
    page.focus("#board")
    before = page.locator("#position-text").text_content()
    page.evaluate(PACE)
    browser.start_tracing(page=page, categories=list(main_thread.CATEGORIES))
    try:
        for _ in range(machine_speed.NEAREST):
            machine_speed.sample(page)
        for key in play.keys:
            page.evaluate(MARK_INPUT_JS)
            press(page, key)
            page.evaluate(PACE)
            machine_speed.sample(page)
        played = page.locator("#position-text").text_content()
        for tap in play.taps:  # the seed is fixed: each is there and enabled when its turn comes
            assert tappable(page, tap), f"{game}: no enabled {tap} on the panel"
            page.evaluate(MARK_INPUT_JS)
            click(page, tap)
            page.evaluate(PACE)
            machine_speed.sample(page)
    finally:
        trace = json.loads(browser.stop_tracing())
    assert played != before  # the keys played, not only moved the cursor
    return trace


def bar_ms(task: main_thread.Task, runs: list[tuple[float, float]]) -> float:
    """The bar for `task`: 50 ms times how much slower the machine ran around it than the reference."""
    return BAR_MS * machine_speed.slowness(runs, task.start, machine_speed.REFERENCE_CPU_MS)


@pytest.mark.parametrize("game", GAMES)
def test_keys_and_taps_need_no_task_over_50_ms_of_a_4x_slower_cpu(steady_browser, server, game):
    plays = [traced_play(steady_browser, server, game) for _ in range(PLAYS_EACH)]
    inputs = [*PLAYS[game].keys, *PLAYS[game].taps]
    over = []
    for index, tasks in enumerate(zip(*(longest for longest, _runs in plays))):
        measured = [(task, bar_ms(task, runs)) for task, (_longest, runs) in zip(tasks, plays) if task is not None]
        slow_every_time = len(measured) == len(plays) and all(RATE * task.cpu_ms > bar for task, bar in measured)
        far_over_once = any(RATE * task.cpu_ms > CEILING * bar for task, bar in measured)
        if slow_every_time or far_over_once:
            over.append(f"{inputs[index]}: " + "; ".join(
                f"{task.cpu_ms:.1f} ms of CPU, {RATE * task.cpu_ms:.0f} ms at {RATE}× (bar {bar:.0f}; "
                f"{', '.join(task.what)})" for task, bar in measured))
    medians = ", ".join(f"{machine_speed.median_ms(runs):.1f}" for _longest, runs in plays)
    assert not over, (f"{game}: inputs whose longest main-thread task was over {BAR_MS:.0f} ms on a {RATE}× slower "
                      f"CPU in every play, or over {CEILING:g}× that in one, the bar scaled by the machine's speed "
                      f"(the work's median {medians} ms of CPU against {machine_speed.REFERENCE_CPU_MS} ms): {over}")
