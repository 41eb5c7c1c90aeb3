"""Input latency: a key press on the board to the end of its redraw, in every game, CPU slowed.

    python3 bench/latency.py [--keys 40] [--rates 4,1] [--before REF] [--games lyngk,gype]

Serves the app with tools/serve.py, drives Debian's Chromium with Playwright and slows its CPU
with the DevTools protocol (Emulation.setCPUThrottlingRate: 4 is a mid-range tablet), then presses
keys on the focused board as a player would (arrows that move the cursor, Enter that picks, and
Escape), one at a time, and prints per game and rate the median and 95th percentile of
- draw: from the key event's timestamp to the last drawing call on the board canvas after it
  (CanvasRenderingContext2D's fill, stroke, fillText… wrapped by an init script, so the same
  measure holds whether Python calls the context itself or hands a display list to
  assets/js/replay.js);
- task: from the key event's timestamp to the end of the page's own handling of it (a bubbling
  keydown listener on window, which runs after the board's);
and the longest main-thread task (PerformanceObserver "longtask") and how many took over 50 ms.

`--before REF` also measures the app as it was at a git commit (e.g. the parent of the display
list), built from `git archive` into a temporary folder and vendored there, page for page beside
the current tree (interleaved: the machine's load falls on both alike). docs/performance.md has
the figures and the method.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
GAMES = ("lyngk", "quorsum", "gype", "hezong", "calavera")
SEED = 20261123
PATTERN = ("ArrowRight", "ArrowRight", "ArrowDown", "Enter", "ArrowLeft", "ArrowDown", "ArrowRight", "Enter",
           "ArrowUp", "ArrowLeft", "Escape")
"""The keys pressed, over and over: cursor moves, picks (which select, move, roll or keep), a cancel."""

INSTRUMENT = """
window.__lat = {keys: [], tasks: [], lastDraw: 0};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__lat.tasks.push(e.duration);
}).observe({type: 'longtask', buffered: false});
addEventListener('keydown', (e) => { window.__lat.keys.push([e.key, e.timeStamp, 0]); }, true);
addEventListener('keydown', () => { const k = window.__lat.keys.at(-1); if (k) k[2] = performance.now(); });
for (const name of ['fill', 'stroke', 'fillText', 'strokeText', 'fillRect', 'strokeRect', 'clearRect']) {
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


def measure(page: Page, keys: int, rate: float) -> list[tuple[str, float | None, float]]:
    """Press `keys` keys at CPU throttling `rate`; per key: (key, key→last draw, key→handled)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.focus("#board")
    for key in PATTERN:  # warm up (first calls of each path) before counting
        _press(page, key)
    page.evaluate("window.__lat.keys = []; window.__lat.tasks = []")
    rows = []
    for i in range(keys):
        key = PATTERN[i % len(PATTERN)]
        row = _press(page, key)
        if row is not None:
            rows.append(row)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.detach()
    return rows


def _press(page: Page, key: str) -> tuple[str, float | None, float] | None:
    page.evaluate("window.__lat.lastDraw = 0")
    page.keyboard.press(key)
    # Let the frame be painted and any task the key queued run before the next key.
    page.evaluate("new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)))")
    found = page.evaluate("[window.__lat.keys.at(-1), window.__lat.lastDraw]")
    (name, stamp, handled), drawn = found
    if name != key or not handled:
        return None
    return key, (drawn - stamp if drawn > stamp else None), handled - stamp


def tasks(page: Page) -> list[float]:
    return list(page.evaluate("window.__lat.tasks"))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", type=int, default=44, help="keys measured per game and rate")
    parser.add_argument("--rates", default="4,1", help="CPU throttling rates")
    parser.add_argument("--before", help="also measure the app at this git commit (e.g. main)")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    chosen = [g for g in args.games.split(",") if g]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        sites = []
        if args.before:
            sites.append((f"before ({args.before})", serve(checkout(args.before, Path(tmp)))))
        sites.append(("now", serve(ROOT)))
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        results: dict[tuple[str, str, float], tuple[list, list[float]]] = {}
        try:
            for game in chosen:
                for label, (_proc, base) in sites:  # interleaved: a game at a time, each site in turn
                    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
                    context.add_init_script(INSTRUMENT)
                    page = context.new_page()
                    page.goto(f"{base}?game={game}&seed={SEED}")
                    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=120_000)
                    for rate in rates:
                        rows = measure(page, args.keys, rate)
                        results[(game, label, rate)] = (rows, tasks(page))
                    context.close()
        finally:
            browser.close()
            for _label, (proc, _base) in sites:
                proc.terminate()
                proc.wait(5)
    print(f"{args.keys} keys per row ({' '.join(PATTERN)} …); times in ms from the key event")
    print(f"{'game':10} {'site':22} {'cpu':>4} {'draw p50':>9} {'draw p95':>9} {'task p50':>9} {'task p95':>9} "
          f"{'longest':>8} {'>50ms':>6}")
    for game in chosen:
        for rate in rates:
            for label, _ in sites:
                rows, long = results[(game, label, rate)]
                draws = [d for _, d, _ in rows if d is not None]
                handled = [h for _, _, h in rows]
                print(f"{game:10} {label:22} {rate:>3g}x {pct(draws, .5):9.0f} {pct(draws, .95):9.0f} "
                      f"{pct(handled, .5):9.0f} {pct(handled, .95):9.0f} {max(long, default=0):8.0f} "
                      f"{sum(1 for t in long if t > 50):6d}")
    print("(draw: to the last drawing call on the board; task: to the end of the key's handler;"
          " longest: the longest main-thread task while keys were pressed, >50ms: how many)")


if __name__ == "__main__":
    main()
