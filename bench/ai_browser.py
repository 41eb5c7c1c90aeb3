"""The computer player's think time in the browser: each hard move from the request posted to the
worker to its reply, in every game, on the page itself.

    python3 bench/ai_browser.py [--games lyngk,gype] [--seeds 3] [--moves 10] [--rates 1,4] [--before REF]

Serves this tree (and, with `--before REF`, the tree at a git commit, built from `git archive`)
with tools/serve.py, drives Debian's Chromium with Playwright at 1024x768 and, per game and seed,
opens `?game=<id>&seed=<seed>` over a saved game (so the new-game dialog opens with that seed),
gives every seat to the hard computer and starts: the computers play each other as they would a
player. An init script wraps the page's `Worker`: the time of each move request (not the analysis,
not the hint) from its `postMessage` to the worker's reply is recorded with the page's clock. The
worker's boot is kept out of the figures: the first request of a page is held back until the
worker has answered a warm-up request (a random move in the same position), as a player's worker
has long booted by their second move.
`--moves` computer moves are measured per seed (fewer if the game ends sooner); it prints, per
game, site and CPU rate, the median, 90th percentile and longest move in seconds, and the number
of moves. The sites are measured game by game in turn (the machine's load falls on both alike).

CPU rates other than 1 use the DevTools protocol (Emulation.setCPUThrottlingRate, 4 = a
mid-range tablet), set on the page's target. The searches count nodes, not time, so a seed plays
the same moves at every rate: the last column, "slower", is the median of each move's time over
the same move's time at the first rate, which says whether this Chromium slows the worker too.
docs/ai.md and docs/performance.md have the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, TimeoutError as PlaywrightTimeout, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from latency import pct  # noqa: E402
from startup import ARGS, serve  # noqa: E402

GAMES = ("lyngk", "quorsum", "gype", "hezong", "calavera")
MOVE_BOUND_MS = 120_000  # the longest a hard move may take unthrottled (a move takes seconds at most)
SEED = 20261126
LEVEL = "hard"

INSTRUMENT = """
(() => {
  const ai = window.__ai = {moves: [], warm: false, last: performance.now(), busy: 0};
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(url, options) {
      super(url, options);
      const sent = new Map();
      let held = null;
      this.addEventListener('message', (event) => {
        const data = event.data;
        if (data.id === -1) {  // the warm-up: the worker has booted; now the held request goes
          event.stopImmediatePropagation();
          ai.warm = true;
          ai.boot = data.booted;
          const [message, rest] = held;
          held = null;
          sent.set(message.id, [performance.now(), message]);
          Original.prototype.postMessage.call(this, message, ...rest);
          return;
        }
        const start = sent.get(data.id);
        if (!start) return;
        sent.delete(data.id);
        ai.busy -= 1;
        ai.last = performance.now();
        ai.moves.push({ms: ai.last - start[0], game: start[1].game, level: start[1].level,
                       error: data.error || null});
      }, true);
      this.postMessage = (message, ...rest) => {
        if (message && message.type === undefined && message.level) {
          ai.busy += 1;
          if (!ai.warm && held === null) {
            held = [message, rest];
            const warmUp = {...message, id: -1, level: 'random'};
            return Original.prototype.postMessage.call(this, warmUp);
          }
          sent.set(message.id, [performance.now(), message]);
        }
        return Original.prototype.postMessage.call(this, message, ...rest);
      };
    }
  };
})();
"""


def measure(browser: Browser, base: str, game: str, seed: int, moves: int, rate: float) -> list[float]:
    """Seconds of each hard computer move (request to reply) over the first `moves` of a game."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    context.add_init_script(INSTRUMENT)
    page = context.new_page()
    try:
        page.goto(f"{base}?game={game}&seed={seed}")  # a first game, saved: the next link opens the dialog
        _ready(page)
        page.goto(f"{base}?game={game}&seed={seed}")
        _ready(page)
        page.wait_for_selector("#dlg-new[open]")
        for select in page.locator('#dlg-new label.seat:not([hidden]) select').all():
            select.select_option(LEVEL)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.click("#btn-start")
        # until enough moves, or the game is over (no request for 5 s with none under way)
        bound = MOVE_BOUND_MS * max(1.0, rate) * moves
        try:
            page.wait_for_function(
                "(n) => window.__ai.moves.length >= n || (window.__ai.busy === 0 && performance.now() - window.__ai.last > 5000"
                " && !document.body.dataset.thinking)", arg=moves, timeout=bound, polling=250)
        except PlaywrightTimeout:
            done = page.evaluate("window.__ai.moves.length")
            raise RuntimeError(f"{game}: {done} of {moves} computer moves in {bound / 1000:.0f} s (CPU slowed {rate}x):"
                               " the computer player stalled or the page stopped asking it") from None
        found = page.evaluate("window.__ai.moves")
    finally:
        context.close()
    errors = [m["error"] for m in found if m["error"]]
    if errors:
        raise RuntimeError(f"{game}: the computer player failed: {errors[0]}")
    return [m["ms"] / 1000 for m in found[:moves]]


def _ready(page: Page) -> None:
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=180_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seeds", type=int, default=3, help="games (seeds) per game id")
    parser.add_argument("--moves", type=int, default=10, help="computer moves measured per seed")
    parser.add_argument("--rates", default="1", help="CPU throttling rates, e.g. 1,4")
    parser.add_argument("--before", help="also measure the app at this git commit")
    args = parser.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    chosen = [g for g in args.games.split(",") if g]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        sites = []
        if args.before:
            sites.append((f"before ({args.before})", serve(Path(tmp) / "before", args.before)))
        sites.append(("now", serve(Path(tmp) / "now")))
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        results: dict[tuple[str, str, float], list[float]] = {}
        try:
            for game in chosen:
                for rate in rates:
                    for s in range(args.seeds):
                        for label, (_proc, base) in sites:  # interleaved, seed by seed
                            times = measure(browser, base, game, SEED + s, args.moves, rate)
                            results.setdefault((game, label, rate), []).extend(times)
                            print(f"  {game} {label} {rate:g}x seed {SEED + s}: "
                                  + " ".join(f"{t:.2f}" for t in times), file=sys.stderr, flush=True)
        finally:
            browser.close()
            for _label, (proc, _base) in sites:
                proc.terminate()
                proc.wait(5)
    print(f"hard computer moves, request posted to the worker -> reply (s); {args.seeds} seeds x "
          f"up to {args.moves} moves, every seat hard")
    print(f"{'game':10} {'site':22} {'cpu':>4} {'moves':>6} {'median':>7} {'p90':>7} {'max':>7} {'slower':>7}")
    for game in chosen:
        for rate in rates:
            for label, _ in sites:
                times = results[(game, label, rate)]
                base = results[(game, label, rates[0])]
                slower = (f"{statistics.median(t / b for t, b in zip(times, base)):7.2f}"
                          if rate != rates[0] and len(times) == len(base) else "")
                print(f"{game:10} {label:22} {rate:>3g}x {len(times):6d} {statistics.median(times):7.2f} "
                      f"{pct(times, .9):7.2f} {max(times):7.2f} {slower}")


if __name__ == "__main__":
    main()
