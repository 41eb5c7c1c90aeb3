"""Issue "Fast on a tablet": with the CPU slowed 4× (Chromium's throttling: a mid-range tablet),
playing each game by keyboard (cursor moves, picks, a roll, moves) and by taps on its panel (a
Calavera turn, toggles, a die) makes no main-thread task over 50 ms. The keys and taps are
bench/latency.py's (`PLAYS`): the keys first once at full speed, as a page's first roll or move also
compiles the code it runs, then keys and taps, slowed. bench/latency.py measures the same
with figures; this test fails on one long task.

The bar is 50 ms on the reference machine. This VM is slower at times (its host's load): in one run
on a quiet machine every task took twice what it took the run before. So a fixed piece of work runs between the inputs (bench/machine_speed.py), and
a task fails when it is over 50 ms times how much slower than the reference machine that work ran
around it (1 when not slower: then the bar is exactly 50 ms). A failure names what ran in the task
(its long animation frame's scripts).

Not in `make test` yet (marker `slow_cpu`; `make test-slow-cpu` runs it): alone on a quiet machine
it still failed 4 runs of 13 in the eighth round, each on one task of 56–72 ms while the machine ran
at its usual speed (a Quorsum key's handler of 63 ms, a timer of 57 ms), where the same inputs take
25–35 ms in other runs. Chromium's throttling is uneven from task to task (the same 4 ms of work
took 6–37 ms at 4×), so the longest of some 200 tasks is a tail figure; the tasks must get shorter
still before one over 50 ms is a regression and not the throttling's tail (docs/performance.md,
"Eighth round")"""

from __future__ import annotations

import sys

import pytest
from support import ROOT, boot, click, press, watch

sys.path.insert(0, str(ROOT / "bench"))
import machine_speed  # noqa: E402 (bench/ is not a package)
from latency import GAMES, PLAYS, SEED, tappable  # noqa: E402

LONG_TASKS = """
window.__longTasks = [];
window.__longFrames = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: false});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const scripts = e.scripts.map((s) => `${s.invoker} ${Math.round(s.duration)} ms`).join(", ");
    const render = e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0;
    window.__longFrames.push([e.startTime, e.duration, `${scripts}; rendering ${render} ms`]);
  }
}).observe({type: 'long-animation-frame', buffered: false});
"""
"""Long tasks as [start, ms]; and long animation frames with what ran in them (a failure says
which scripts a long task was: a key's handler, a timer, a frame's callbacks, or none: the
browser's own work, a garbage collection)."""
PACE = "new Promise((done) => requestAnimationFrame(() => setTimeout(done, 30)))"
"""A player's pace: the frame painted and what the key queued after it run before the next key."""


@pytest.fixture(scope="module")
def context(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    context.add_init_script(LONG_TASKS)
    # Not the first visit's one-time full-snapshot worker (docs/startup.md): a whole Python booting
    # on the core the main thread needs is not what a tablet's player meets while playing.
    context.route("**/snapshot-worker.js", lambda route: route.abort())
    yield context
    context.close()


@pytest.mark.slow_cpu
@pytest.mark.parametrize("game", GAMES)
def test_keys_and_taps_on_a_slow_cpu_make_no_long_task(context, server, game):
    seen = watch(context)
    page = context.new_page()
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
    cdp = context.new_cdp_session(page)
    page.evaluate(PACE)
    page.evaluate("window.__longTasks = []")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    for _ in range(machine_speed.NEAREST):
        machine_speed.sample(page)
    for key in play.keys:
        press(page, key)
        page.evaluate(PACE)
        machine_speed.sample(page)
    played = page.locator("#position-text").text_content()
    for tap in play.taps:  # the seed is fixed: each is there and enabled when its turn comes
        assert tappable(page, tap), f"{game}: no enabled {tap} on the panel"
        click(page, tap)
        page.evaluate(PACE)
        machine_speed.sample(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    runs = machine_speed.samples(page)
    long_tasks = machine_speed.outside_work(page.evaluate("window.__longTasks"), runs)
    bars = [(start, ms, 50 * machine_speed.slowness(runs, start)) for start, ms in long_tasks]
    frames = page.evaluate("window.__longFrames")
    over = [f"{ms:.0f} ms (bar {bar:.0f}; in its frame: "
            f"{'; '.join(what for at, length, what in frames if at <= start + 1 and start + ms <= at + length + 1)})"
            for start, ms, bar in bars if ms > bar]
    assert played != before  # the keys played, not only moved the cursor
    assert not over, (f"{game}: main-thread tasks over 50 ms at 4× slower, the bar scaled by the machine's "
                      f"speed then (the work's median {machine_speed.median_ms(runs):.1f} ms against "
                      f"{machine_speed.REFERENCE_MS} ms): {over}")
    seen.assert_clean()
    page.close()
