"""Input latency: a key press on the board to the end of its redraw, in every game, CPU slowed.

    python3 bench/latency.py [--rates 4,1] [--before REF] [--games lyngk,gype] [--runs 3]

Serves the app with tools/serve.py, drives Debian's Chromium with Playwright and slows its CPU
with the DevTools protocol (Emulation.setCPUThrottlingRate: 4 is a mid-range tablet), then presses
keys on the focused board as a player would (arrows that move the cursor, Enter that picks, Escape,
and per game the keys that play: a roll, a move; `PLAYS`), one at a time, after playing the same
kind of keys once at full speed (a page's first roll or move also compiles the code it runs: a cost
of its own, not what this measures), then taps the game's panel controls (`Play.taps`: a Calavera
turn by taps, a toggle, a die), moves the mouse over the board and clicks Undo and Redo (while
there is something to take back), and prints per game and rate the median and 95th
percentile of
- draw: from the key event's timestamp to the last drawing call on the board canvas after it
  (CanvasRenderingContext2D's fill, stroke, fillText… wrapped by an init script, so the same
  measure holds whether Python calls the context itself or hands a display list to
  assets/js/replay.js);
- done: from the key event's timestamp to the end of the page's own handling of it (a bubbling
  keydown listener on window, which runs after the board's), or, where the app refreshes the page
  around the board in a task of its own after the board's answer (App.after_board), to the end of
  that refresh of the panel (its User Timing mark "qipan:page"; since the seventh round the move
  log and analysis box follow in a task of their own, not counted here: before, they were);
and the longest main-thread task (PerformanceObserver "longtask") and how many took over 50 ms, and
whether the measured keys played (the position changed: else the row measured cursor moves only).

`--before REF` also measures the app as it was at a git commit (e.g. the parent of the display
list), built from `git archive` into a temporary folder and vendored there, page for page beside
the current tree (interleaved: the machine's load falls on both alike). docs/performance.md has
the figures and the method.
"""

from __future__ import annotations

import argparse
import statistics
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable
from urllib.request import urlopen

import machine_speed
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
GAMES = ("lyngk", "quorsum", "gype", "hezong", "calavera")
SEED = 20261123
PATTERN = ("ArrowRight", "ArrowRight", "ArrowDown", "Enter", "ArrowLeft", "ArrowDown", "ArrowRight", "Enter",
           "ArrowUp", "ArrowLeft", "Escape")
"""Cursor moves, picks (which select, move or keep) and a cancel."""
CORNERS = ("ArrowDown",) * 3 + ("ArrowLeft",) * 3 + ("Enter",) + ("ArrowRight",) * 3 + ("Enter",)
"""Quorsum: the first two pawns onto the corners a1 and d1."""
TURN = ("Enter", "ArrowRight", "Enter", "ArrowRight", "Enter", "r", "s", "ArrowRight", "Enter")
"""Calavera: roll, pick two dice, re-roll them, stop, take the first row offered."""


@dataclass(frozen=True)
class Play:
    """One game's keys: `warm` at full speed (each path runs once), then `then` (Undo back to the
    start, or a control clicked), then the measured `keys`, which play (a move or a roll) besides
    moving the cursor. The seed is fixed, so every run plays the same."""

    warm: tuple[str, ...]
    then: str
    keys: tuple[str, ...]
    taps: tuple[str, ...] = ()
    """Controls of the game's panel tapped after the keys (each one there and enabled, as a player
    on a tablet plays), at the same rate."""


TURN_TAPS = ('[data-action="die"][data-value="0"]', '[data-action="die"][data-value="1"]', '[data-action="reroll"]',
             '[data-action="stop"]', '[data-action="option"][data-value="0"]', '[data-action="option"][data-value="0"]',
             '[data-action="roll"]')
"""Calavera: a turn by taps on the panel, from its first roll: two dice picked and re-rolled, stop,
the first row offered taken by the mover and then by the other player, the next turn's roll."""

PLAYS = {
    "quorsum": Play(("r", *PATTERN, *PATTERN), "#qs-choose-first", (*CORNERS, *PATTERN, *PATTERN),
                    ('[data-action="dice"]', '[data-action="cancel"]')),  # a die picked for a plan, the plan dropped
    "gype": Play(("ArrowUp",) * 9 + ("Enter", "r", *PATTERN), "",  # a die of each player re-rolled
                 ("ArrowDown",) * 9 + ("Enter", "r", *PATTERN, *PATTERN),
                 ('[data-action="rotate"]',) * 2),  # the board turned and back
    "lyngk": Play(PATTERN * 3, "undo", PATTERN * 3, ('[data-action="claim"]',)),  # the same moves again
    "hezong": Play(("ArrowUp", "Enter", "Enter", "r", *PATTERN, *PATTERN), "undo",  # a stone, the regions view
                   ("ArrowUp", "Enter", "Enter", "r", *PATTERN, *PATTERN), ('[data-action="regions"]',) * 2),
    "calavera": Play(TURN, "", (*TURN, *PATTERN), TURN_TAPS * 2),  # whole turns by keys, then by taps
}

INSTRUMENT = """
window.__lat = {keys: [], tasks: [], lastDraw: 0, lastPage: 0};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__lat.tasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: false});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name === 'qipan:page') window.__lat.lastPage = e.startTime;
}).observe({type: 'mark'});
for (const type of ['keydown', 'pointermove', 'click']) {
  addEventListener(type, (e) => { window.__lat.keys.push([e.key || type, e.timeStamp, 0]); }, true);
  addEventListener(type, () => { const k = window.__lat.keys.at(-1); if (k) k[2] = performance.now(); });
}
for (const name of ['fill', 'stroke', 'fillText', 'strokeText', 'fillRect', 'strokeRect', 'clearRect', 'drawImage']) {
  const proto = CanvasRenderingContext2D.prototype;
  const original = proto[name];
  proto[name] = function (...args) {
    const result = original.apply(this, args);
    if (this.canvas.id === 'board') window.__lat.lastDraw = performance.now();
    return result;
  };
}
"""


def serve(root: Path) -> tuple[subprocess.Popen, str]:
    """Vendor `root`, then serve it; returns the server and its base URL."""
    subprocess.run([sys.executable, str(root / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, str(root / "tools" / "serve.py"), "--port", str(port), "--quiet"],
                            stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urlopen(base, timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    return proc, base


def checkout(ref: str, into: Path) -> Path:
    """The tree at git `ref`, unpacked into `into` (node_modules shared with this one)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "node_modules").symlink_to(ROOT / "node_modules")
    return into


Row = tuple[str, float | None, float]
"""Per input: its kind, event → last draw on the board (None: nothing drawn), event → done (its
handler, and the page around the board where that is refreshed in a task of its own after)."""
KINDS = ("arrow", "pick", "esc", "letter", "hover", "button")
HOVERS = 12
BUTTONS = 6


def kind(name: str) -> str:
    """An input's kind: arrow, pick (Enter), esc, letter (a roll…), hover or button."""
    named = {"Enter": "pick", "Escape": "esc", "pointermove": "hover", "click": "button"}
    return named.get(name, "arrow" if name.startswith("Arrow") else "letter")


def measure(page: Page, game: str, rate: float) -> tuple[list[Row], bool]:
    """At CPU throttling `rate`: play the game's keys (`PLAYS`), tap its panel controls (those
    there and enabled), move the mouse over the board HOVERS times, then press Undo and Redo
    (BUTTONS clicks, while there is something to take back); the machine's speed is sampled after
    each (bench/machine_speed.py). Also says whether the keys played (changed the position)."""
    play = PLAYS[game]
    while page.locator('[data-action="arrange"]').count():  # Table Gype: every start row as dealt
        page.click('[data-action="arrange"]')
        page.wait_for_function("() => !window.qipanPageWaiting")  # (the next row's button is the page's)
    page.focus("#board")
    for key in play.warm:  # at full speed: the first calls of each path, before counting
        _input(page, "key", key)
    if play.then == "undo":
        while page.locator("#btn-undo").is_enabled():
            page.click("#btn-undo")
            page.wait_for_function("() => !window.qipanPageWaiting")  # (the button's state is the page's)
    elif play.then:
        page.click(play.then)
    page.focus("#board")
    position = page.locator("#position-text").text_content()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.evaluate("window.__lat.keys = []; window.__lat.tasks = []")
    rows = [_input(page, "key", key) for key in play.keys]
    played = page.locator("#position-text").text_content() != position
    rows += [_input(page, "click", tap) for tap in play.taps if tappable(page, tap)]
    box = page.locator("#board").bounding_box()
    assert box is not None
    for i in range(HOVERS):  # points spread over the board, a different cell each time
        x = box["x"] + box["width"] * (0.1 + 0.8 * ((i * 0.37) % 1))
        y = box["y"] + box["height"] * (0.15 + 0.7 * ((i * 0.61) % 1))
        rows.append(_input(page, "move", (x, y)))
    for i in range(BUTTONS):
        button = "#btn-undo" if i % 2 == 0 else "#btn-redo"
        if page.locator(button).is_enabled():
            rows.append(_input(page, "click", button))
    page.focus("#board")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.detach()
    return [row for row in rows if row is not None], played


def tappable(page: Page, selector: str) -> bool:
    """The panel shows the control `selector` now, and it is enabled."""
    found = page.locator(selector)
    return bool(found.count()) and found.first.is_enabled()


def _input(page: Page, how: str, what: Any) -> Row | None:
    """One input: a key ("key", its name), a mouse move ("move", (x, y)) or a click ("click", a selector)."""
    page.evaluate("window.__lat.lastDraw = 0; window.__lat.lastPage = 0; window.__lat.keys = []")
    if how == "key":
        page.keyboard.press(what)
    elif how == "move":
        page.mouse.move(*what)
    else:
        page.click(what)
    name = what if how == "key" else {"move": "pointermove", "click": "click"}[how]
    # Let the frame be painted and any task the input queued run before the next one.
    page.evaluate("new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)))")
    machine_speed.sample(page)  # (after the input's tasks: how fast the machine runs now)
    found = page.evaluate("[window.__lat.keys.filter((k) => k[0] === %r).at(-1), window.__lat.lastDraw, "
                          "window.__lat.lastPage]" % name)
    event, drawn, paged = found
    if not event or not event[2]:
        return None
    _, stamp, handled = event
    return kind(name), (drawn - stamp if drawn > stamp else None), max(handled, paged) - stamp


def tasks(page: Page) -> list[float]:
    """The long tasks' durations while measuring, but the machine-speed work's own."""
    return [ms for _start, ms in machine_speed.outside_work(page.evaluate("window.__lat.tasks"),
                                                            machine_speed.samples(page))]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rates", default="4,1", help="CPU throttling rates")
    parser.add_argument("--before", help="also measure the app at this git commit (e.g. main)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--runs", type=int, default=1, help="measure everything this many times (medians shown)")
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    chosen = [g for g in args.games.split(",") if g]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        sites = []
        if args.before:
            sites.append((f"before ({args.before})", serve(checkout(args.before, Path(tmp)))))
        sites.append(("now", serve(ROOT)))
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        results: dict[tuple[str, str, float], list[Measured]] = {}
        try:
            for _run in range(args.runs):
                for game in chosen:
                    for label, (_proc, base) in sites:  # interleaved: a game at a time, each site in turn
                        for rate in rates:  # (a page each: every rate plays from the same start)
                            context = browser.new_context(viewport={"width": 1024, "height": 768},
                                                          service_workers="block")
                            context.add_init_script(INSTRUMENT)
                            page = context.new_page()
                            page.goto(f"{base}?game={game}&seed={SEED}")
                            page.wait_for_selector("body[data-py-ready]", state="attached", timeout=120_000)
                            rows, played = measure(page, game, rate)
                            work = machine_speed.median_ms(machine_speed.samples(page))
                            results.setdefault((game, label, rate), []).append((rows, tasks(page), played, work))
                            context.close()
        finally:
            browser.close()
            for _label, (proc, _base) in sites:
                proc.terminate()
                proc.wait(5)
    report(results, chosen, rates, [label for label, _ in sites], args)


Measured = tuple[list[Row], list[float], bool, float]
"""One run of a game at one rate: its inputs, the long tasks meanwhile, whether the keys played, and
the median time of the machine-speed work (bench/machine_speed.py) meanwhile."""


def median(runs: list[Measured], figure: Callable[[list[Row], list[float]], float]) -> float:
    """A figure's median over the runs."""
    return statistics.median(figure(rows, long) for rows, long, _played, _work in runs)


def draws(rows: list[Row], of: str | None = None) -> list[float]:
    """The inputs' times to their last draw (of one kind, or all)."""
    return [d for k, d, _ in rows if d is not None and (of is None or k == of)]


def report(results: dict[tuple[str, str, float], list[Measured]], chosen: list[str],
           rates: list[float], labels: list[str], args: argparse.Namespace) -> None:
    """One line per game, site and rate: each figure the median over the runs; "met" counts the
    runs where the draw's p95 was within 50 ms and no task took over 50 ms."""
    print(f"each game's keys (PLAYS: rolls, moves, {' '.join(PATTERN)} …), panel taps (PLAYS' taps), "
          f"{HOVERS} mouse moves over the board, up to {BUTTONS} Undo/Redo clicks per row (taps and clicks: "
          f"kind 'button'); {args.runs} run(s), medians; times in ms from the input event")
    kinds = " ".join(f"{k:>6}" for k in KINDS)
    print(f"{'game':9} {'site':16} {'cpu':>3} {'draw p50':>8} {'p95':>5} {'done p50':>8} {'p95':>5} | draw p95 by "
          f"kind: {kinds} | {'longest':>7} {'>50ms':>5} {'met':>5} {'played':>6} {'work':>5}")
    for game in chosen:
        for rate in rates:
            for label in labels:
                runs = results[(game, label, rate)]
                by_kind = " ".join(f"{median(runs, lambda rows, _l, k=k: pct(draws(rows, k), .95)):6.0f}"
                                   for k in KINDS)
                met = sum(1 for rows, long, _p, _w in runs if pct(draws(rows), .95) <= 50 and max(long, default=0) <= 50)
                played = sum(1 for *_, p, _w in runs if p)
                work = statistics.median(w for *_, w in runs)
                print(f"{game:9} {label[:16]:16} {rate:>2g}x {median(runs, lambda r, _l: pct(draws(r), .5)):8.0f} "
                      f"{median(runs, lambda r, _l: pct(draws(r), .95)):5.0f} "
                      f"{median(runs, lambda r, _l: pct([h for *_, h in r], .5)):8.0f} "
                      f"{median(runs, lambda r, _l: pct([h for *_, h in r], .95)):5.0f} | {'':18}{by_kind} | "
                      f"{median(runs, lambda _r, long: max(long, default=0)):7.0f} "
                      f"{median(runs, lambda _r, long: sum(1 for t in long if t > 50)):5.0f} {met:>2}/{len(runs)} "
                      f"{played:>3}/{len(runs)} {work:5.1f}")
    print("(draw: to the last drawing call on the board; done: to the end of the input's handler, or of"
          " the page's refresh around the board where the app does that in a task of its own after (its mark);"
          " longest: the longest main-thread task while measuring, >50ms: how many; met: runs with draw p95"
          " <= 50 ms and no task over 50 ms; played: runs whose keys changed the position; work: the"
          f" machine-speed work's median, {machine_speed.REFERENCE_MS} ms at 4x on the reference machine, quiet)")


if __name__ == "__main__":
    main()
