"""Issue "Fast on a tablet": with the CPU slowed 4× (Chromium's throttling: a mid-range tablet),
playing each game by keyboard (cursor moves, picks, a roll, moves) and by taps on its panel (a
Calavera turn, toggles, a die) makes no main-thread task over 50 ms. The keys and taps are
bench/latency.py's (`PLAYS`): the keys first once at full speed, as a page's first roll or move also
compiles the code it runs, then keys and taps, slowed. bench/latency.py measures the same
with figures; this test fails on one long task.

Not in `make test` yet (marker `slow_cpu`; `make test-slow-cpu` runs it). Alone on a quiet machine
its longest tasks are 15–37 ms since the seventh round (30–50 ms before), and 16 runs of 16 passed;
inside the whole suite it failed one CI run of two (51 and 57 ms), and after three game modules in
the same browser one run of five, and alone right after a CI run three of seven: this VM is slower
at times (docs/performance.md, "Seventh round"). A process busy on the
second core stretches every task 2–3× (Chromium's throttling spins one of the two): a LYNGK key of
19 ms took 70."""

from __future__ import annotations

import sys

import pytest
from support import ROOT, boot, click, press, watch

sys.path.insert(0, str(ROOT / "bench"))
from latency import GAMES, PLAYS, SEED, tappable  # noqa: E402 (bench/ is not a package)

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
}).observe({type: 'longtask', buffered: false});
"""
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
    for key in play.keys:
        press(page, key)
        page.evaluate(PACE)
    played = page.locator("#position-text").text_content()
    for tap in play.taps:  # the seed is fixed: each is there and enabled when its turn comes
        assert tappable(page, tap), f"{game}: no enabled {tap} on the panel"
        click(page, tap)
        page.evaluate(PACE)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    long_tasks = page.evaluate("window.__longTasks")
    assert played != before  # the keys played, not only moved the cursor
    assert not long_tasks, f"{game}: main-thread tasks over 50 ms at 4× slower: {long_tasks} ms"
    seen.assert_clean()
    page.close()
