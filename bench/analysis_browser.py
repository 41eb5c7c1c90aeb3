"""Post-game analysis time in the page: a finished game opened from storage, "Analyse this game"
clicked, the wall time until the summary is shown (docs/analysis.md, "Figures").

    python3 bench/analysis_browser.py                    # both games, quick and deeper, 3 runs each
    python3 bench/analysis_browser.py --runs 1 --presets quick --games calavera

Serves the app with tools/serve.py (as bench/latency.py does) and drives Debian's Chromium with
Playwright, no CPU throttling. Each run is a fresh page: the game is written into localStorage as
its game's save, the page booted, the Analysis box opened and the button clicked; the time runs
from the click to the summary sentence (so it includes the start of the computer player's worker,
which boots its own Python on first use: printed apart as "boot", the time to the first ply done).

Each setting is the page's own button: "Analyse this game" (quick) and "Deeper" (deeper).

The games, seeded: LYNGK, the longest of the two-player games between random players of seeds 1..20
(a LYNGK game cannot reach 60 plies: every move puts one stack on another, so 43 single pieces
allow at most 42 moves); Calavera, a whole two-player game between medium players (seed 1), as in
bench/analysis.py. Prints each run and the median of the runs per game and setting.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from analysis import play  # noqa: E402  (bench/analysis.py: the seeded computer-vs-computer game)
from latency import ARGS, ROOT, serve  # noqa: E402

from qipan import games  # noqa: E402
from qipan.ai import choose  # noqa: E402
from qipan.app.storage import save_match  # noqa: E402
from qipan.boardkit.store import PREFIX, Storage  # noqa: E402
from qipan.match import Match  # noqa: E402

BOOT_MS = 120_000
RUN_MS = 900_000


class Items(dict[str, str]):
    """Web Storage in memory: the save the page will find, written by the app's own code."""

    @property
    def length(self) -> int:
        return len(self)

    def key(self, index: int) -> str | None:
        keys = list(self)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web Storage API's names)
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)


def longest_lyngk(seeds: range) -> Match:
    """The longest whole two-player LYNGK game between random players over `seeds`."""
    ai = games.ai("lyngk")
    found: Match | None = None
    for seed in seeds:
        match = Match.new("lyngk", 2, seed)
        while not match.state.is_terminal():
            action = choose(match.state, ai, "random", seed * 1000 + len(match.actions))
            match.play(match.game.action_text(match.state, action))
        if found is None or len(match.actions) > len(found.actions):
            found = match
    assert found is not None
    return found


def saved(match: Match) -> dict[str, str]:
    """The localStorage items of `match` saved as its game's slot (two human seats)."""
    items = Items()
    save_match(Storage(items), match, ("human", "human"))
    items.setItem(PREFIX + "last", match.game.id)
    return dict(items)


def run(page: Page, base: str, items: dict[str, str], preset: str) -> tuple[float, float]:
    """Open the save, click the preset's button; seconds from the click to the first ply done and to the end."""
    page.goto(base)
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=BOOT_MS)
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", items)
    page.goto(base)
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=BOOT_MS)
    if page.locator("#analysis-box").get_attribute("open") is None:
        page.click("#analysis-box > summary")
    start = time.perf_counter()
    page.click("#btn-analyse" if preset == "quick" else f"#btn-analyse-{preset}")
    page.wait_for_function("() => document.getElementById('analysis-progress').value >= 1", timeout=RUN_MS)
    first = time.perf_counter() - start
    page.wait_for_selector("#analysis-summary", state="visible", timeout=RUN_MS)
    return first, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--presets", default="quick,deeper")
    parser.add_argument("--games", default="lyngk,calavera")
    args = parser.parse_args()
    matches = {"lyngk": lambda: longest_lyngk(range(1, 21)), "calavera": lambda: play("calavera", "medium", 1, None)}
    proc, base = serve(ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            print(f"{'game':9} {'plies':>5} {'setting':8} {'runs (s)':24} {'median s':>9} {'boot s':>7}", flush=True)
            for game_id in args.games.split(","):
                match = matches[game_id]()
                items = saved(match)
                for preset in args.presets.split(","):
                    totals, boots = [], []
                    for _ in range(args.runs):
                        context = browser.new_context(viewport={"width": 1024, "height": 900},
                                                      service_workers="block")
                        first, total = run(context.new_page(), base, items, preset)
                        context.close()
                        totals.append(total)
                        boots.append(first)
                    runs = " ".join(f"{t:.1f}" for t in totals)
                    print(f"{game_id:9} {len(match.actions):5} {preset:8} {runs:24} "
                          f"{statistics.median(totals):9.1f} {statistics.median(boots):7.1f}", flush=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
