"""Start-up figures: the app's first interactive LYNGK board vs a bare Pyodide boot.

    python3 bench/startup.py [--before REF] [--runs 5]
    python3 bench/startup.py --soon 2 [--before REF] [--runs 5]

Serves the repo with tools/serve.py, drives Debian's Chromium with Playwright, and prints medians
(and ranges) of the time from navigation to ready, interleaving the pages (their order turned by one
place each run: `rotated`):
- bare Pyodide: cold (a fresh browser profile: empty cache and storage) and warm (a return visit);
- the app: cold (first visit, by a link naming LYNGK and a seed), then, once the memory snapshot is
  saved, warm with snapshot: a return visit by the app's start URL (what its icon or a bookmark
  opens: the game played last, resumed) and, beside it, one by the same link again (its seed asks,
  in the new-game dialog, whether to start that game: before 2026-11-27 the only return measured),
  and, after deleting the snapshot, warm without it (another return visit, by the link);
A return visit opens the page in a new tab of the same profile (same HTTP cache and storage) after
closing the old one: a reload would also count tearing down the old page's Pyodide.
Each run gets its own browser profile on disk, as a player's browser has: Playwright's default
contexts are incognito-like, and their in-memory HTTP cache does not keep the 9.6 MB
pyodide.asm.wasm (it was downloaded again on every "warm" visit, and V8's compiled-WebAssembly cache
never applied). `--incognito` measures that way instead, for comparison with older figures.
plus the first paint of a return visit (first contentful paint, and when the stored board picture
was painted), the bytes each page transfers cold, and the snapshot's size and making time. With
`--before REF` (repeatable) the app at a git commit (built from `git archive`) is measured too,
run for run beside this tree.
"Ready" is the moment the page sets body[data-ready-ms] (performance.now()): for the app, after the
board is drawn and interactive. Service workers are blocked so that warm means the HTTP cache, but
in one more profile per tree and run, where the app's own worker serves a later return (as it does
for a player who kept the app: `measure_installed`).
docs/startup.md has the figures and the design.

`--soon S` measures instead a player who returns S seconds after the first visit was ready
(closing the tab at once: whatever it was still doing in the background is lost): the first
visit's time to ready, the return's, and which boot the return got, against the bare warm boot;
with `--before REF` (repeatable) also for the app at a git commit (built from `git archive`), run for run beside
this tree. docs/performance.md has those figures.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


def serve(site: Path, ref: str | None = None) -> tuple[subprocess.Popen, str]:
    """Vendor, then serve a copy of the site: others' edits (and vendor runs) during the minutes the
    bench takes would otherwise change the snapshot's version between a visit and the next. With
    `ref`, the tree at that git commit instead, vendored in its copy."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    if ref:
        site.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(site)], input=archive, check=True)
        (site / "node_modules").symlink_to(ROOT / "node_modules")
        subprocess.run([sys.executable, str(site / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
    else:
        subprocess.run([sys.executable, str(ROOT / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
        shutil.copytree(ROOT, site, ignore=shutil.ignore_patterns(".git", "node_modules", "test-output", "__pycache__", ".*"))
    proc = subprocess.Popen([sys.executable, str(site / "tools" / "serve.py"), "--port", str(port), "--quiet"],
                            stderr=subprocess.DEVNULL)  # a reload cuts downloads short: no tracebacks
    base = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urlopen(base, timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    return proc, base


def ready_ms(page) -> float:
    page.wait_for_selector("body[data-ready-ms]", state="attached", timeout=120_000)
    return float(page.get_attribute("body", "data-ready-ms"))


def transferred(page) -> int:
    return int(page.evaluate("""() => performance.getEntriesByType('navigation').concat(
        performance.getEntriesByType('resource')).reduce((n, e) => n + (e.transferSize || 0), 0)"""))


def app_share(page) -> float:
    """For the app: ms from Python starting main.py to ready (imports, first draw); 0 for bare."""
    start = page.get_attribute("body", "data-py-start-ms")
    return ready_ms(page) - float(start) if start else 0.0


def paints(page) -> tuple[float, float]:
    """(first contentful paint, board picture painted) in ms since navigation; NaN if none."""
    return tuple(page.evaluate("""() => new Promise((done) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        new PerformanceObserver((list) => {
            const picture = list.getEntries().find((e) => e.identifier === 'last-board');
            done([fcp ? fcp.startTime : NaN, picture ? picture.renderTime || picture.loadTime : NaN]);
        }).observe({ type: 'element', buffered: true });
        setTimeout(() => done([fcp ? fcp.startTime : NaN, NaN]), 1000);
    })"""))


def snapshot_size(page) -> int:
    """Bytes of the snapshot stored in IndexedDB."""
    return page.evaluate("""async () => {
        const db = await new Promise((ok) => { const r = indexedDB.open('qipan-snapshot'); r.onsuccess = () => ok(r.result); });
        const record = await new Promise((ok) => {
            const r = db.transaction('snapshot').objectStore('snapshot').get('current'); r.onsuccess = () => ok(r.result); });
        db.close();
        return record.bytes.size;
    }""")


def computer_boot(page, expected: str) -> float:
    """Ask for a hint (the computer player's worker boots on first use); ms its Python took to start."""
    if page.locator("#dlg-new[open]").count():
        page.keyboard.press("Escape")  # a link's seed opens the new-game dialog over the resumed game
    page.click("#btn-hint")
    page.wait_for_selector("body[data-computer-boot-ms]", state="attached", timeout=120_000)
    assert page.get_attribute("body", "data-computer-boot") == expected
    return float(page.get_attribute("body", "data-computer-boot-ms"))


def forget_snapshot(page) -> None:
    page.evaluate("""() => new Promise((ok, fail) => {
        const r = indexedDB.deleteDatabase('qipan-snapshot'); r.onsuccess = ok; r.onerror = fail; r.onblocked = fail; })""")


def rotated(sites: list[tuple[str, tuple[subprocess.Popen, str]]], run: int) -> list[tuple[str | None, str]]:
    """The pages to measure in run `run`: each tree's app (name, base URL) and the bare boot (None),
    their order turned by one place each run. In a fixed order the first page measured was the
    slowest (2026-11-27: a tree's first visit 1.32x the bare cold boot measured first and 1.12x
    measured second, when paired visits of the two, alternating, were alike): with as many runs as
    pages, or a multiple, each page takes each place equally often."""
    pages: list[tuple[str | None, str]] = [(name, base) for name, (_, base) in sites] + [(None, "")]
    turn = run % len(pages)
    return pages[turn:] + pages[:turn]


def revisit(context, page, url: str):
    """Close the tab and open the page again in a new one (same context: same cache and storage)."""
    page.close()
    page = context.new_page()
    page.goto(url)
    return page


def measure_bare(new_context: Callable[[], BrowserContext], url: str) -> dict[str, float]:
    context = new_context()
    page = context.new_page()
    page.goto(url)
    run = {"cold": ready_ms(page)}
    page.wait_for_timeout(300)
    run["bytes"] = transferred(page)
    page = revisit(context, page, url)
    run["warm"] = ready_ms(page)
    context.close()
    return run


FULL_SNAPSHOT = "body[data-snapshot-stored=full], body[data-snapshot=saved]:not([data-snapshot-stored])"
"""The full snapshot is stored (before 2026-11-26 there was no other: data-snapshot=saved alone)."""


def wait_full_snapshot(page) -> None:
    page.wait_for_selector(FULL_SNAPSHOT, state="attached", timeout=300_000)


def measure_app(new_context: Callable[[], BrowserContext], url: str, home: str, home_first: bool) -> dict[str, float]:
    """First visit by `url` (a link naming the game and its seed); then return visits with the
    snapshot: by the same link (its seed asks, in the new-game dialog over the resumed game, whether
    to start that game) and by `home`, the app's start URL, as its icon or bookmark opens it (the
    game played last, resumed), `home` first or second (the later of two returns may find more of
    the browser's caches warm: runs alternate); then one by `url` without the snapshot (same HTTP
    cache)."""
    context = new_context()
    page = context.new_page()
    page.goto(url)
    run = {"cold": ready_ms(page), "share-cold": app_share(page)}
    run["bytes"] = transferred(page)
    wait_full_snapshot(page)
    run["make"] = float(page.get_attribute("body", "data-snapshot-make-ms"))
    run["saved"] = float(page.get_attribute("body", "data-snapshot-saved-ms")) - run["cold"]
    start = page.get_attribute("body", "data-snapshot-start-saved-ms")  # the page's own, of its start
    run["start-saved"] = float(start) - run["cold"] if start else float("nan")
    run["size"] = snapshot_size(page)
    for key, address in (("warm+snapshot", home), ("link+snapshot", url))[::1 if home_first else -1]:
        page = revisit(context, page, address)
        run[key] = ready_ms(page)
        assert page.get_attribute("body", "data-boot") == "snapshot", "the return visit did not use the snapshot"
        if address == home:
            run["share+snapshot"] = app_share(page)
            run["fcp"], run["picture"] = paints(page)
    run["computer+snapshot"] = computer_boot(page, "snapshot")
    forget_snapshot(page)
    page = revisit(context, page, url)
    run["warm"] = ready_ms(page)
    assert page.get_attribute("body", "data-boot") == "plain"
    run["share"] = app_share(page)
    # The snapshot is made in the background after a plain boot: let it finish, or the worker's
    # plain boot would share the machine with it.
    wait_full_snapshot(page)
    run["computer"] = computer_boot(page, "plain")
    context.close()
    return run


def measure_installed(new_context: Callable[..., BrowserContext], url: str, home: str) -> dict[str, float]:
    """A later return as a player who kept the app gets it: the service worker on (blocked in every
    other measure here), so the page and its files come from its precache instead of the HTTP
    cache's revalidations. First visit by `url`, until the full snapshot is stored and the worker is
    active; one return by `home` that the worker controls from its start (it fills the code caches
    of what it serves), then the one measured."""
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(url)
    ready_ms(page)
    wait_full_snapshot(page)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    run = {}
    for _ in range(2):
        page = revisit(context, page, home)
        run["installed"] = ready_ms(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null"), "the return was not the worker's"
        assert page.get_attribute("body", "data-boot") == "snapshot", "the return visit did not use the snapshot"
    run["installed-fcp"], run["installed-picture"] = paints(page)
    context.close()
    return run


def measure_soon(new_context: Callable[[], BrowserContext], url: str, seconds: float) -> dict[str, float]:
    """First visit; the player leaves `seconds` after it is ready and comes back in a new tab."""
    context = new_context()
    page = context.new_page()
    page.goto(url)
    run = {"cold": ready_ms(page)}
    page.wait_for_timeout(seconds * 1000)
    page = revisit(context, page, url)
    run["return"] = ready_ms(page)
    run["snapshot"] = float(page.get_attribute("body", "data-boot") == "snapshot")
    context.close()
    return run


def main_soon(args: argparse.Namespace) -> None:
    temporary = tempfile.TemporaryDirectory()
    sites = [("this tree", serve(Path(temporary.name) / "site"))]
    for ref in args.before or []:
        sites.append((f"at {ref}", serve(Path(temporary.name) / f"at-{ref}", ref)))
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sites}
    bare: list[dict[str, float]] = []
    try:
        with sync_playwright() as p:
            def new_context() -> BrowserContext:
                profile = tempfile.mkdtemp(dir=temporary.name)
                return p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", args=ARGS,
                                                            service_workers="block")

            for run in range(args.runs):  # interleaved: every page sees the same machine noise
                for name, base in rotated(sites, run):
                    if name is None:
                        bare.append(measure_bare(new_context, sites[0][1][1] + "bench/bare.html"))
                    else:
                        runs[name].append(measure_soon(new_context, base + "?game=lyngk&seed=1", args.soon))
    finally:
        for _, (proc, _) in sites:
            proc.terminate()
            proc.wait(5)
        temporary.cleanup()

    def fmt(values: list[float]) -> str:
        return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"

    warm = statistics.median(r["warm"] for r in bare)
    cold = statistics.median(r["cold"] for r in bare)
    print(f"Return {args.soon:g} s after the first visit was ready, {args.runs} runs, medians (min–max);"
          " a browser profile on disk per run")
    print("| app | first visit, ready | / bare cold | return, ready | return / bare warm | returns from a snapshot |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, measured in runs.items():
        back, first = [r["return"] for r in measured], [r["cold"] for r in measured]
        print(f"| {name} | {fmt(first)} | {statistics.median(first) / cold:.2f}x | {fmt(back)} |"
              f" {statistics.median(back) / warm:.2f}x | {sum(r['snapshot'] for r in measured):.0f} of {len(measured)} |")
    print(f"bare Pyodide: cold {fmt([r['cold'] for r in bare])}, warm {fmt([r['warm'] for r in bare])}"
          "   (targets: return <= 0.6x, first visit <= 1.3x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--incognito", action="store_true",
                        help="incognito-like contexts (in-memory HTTP cache) instead of a profile on disk")
    parser.add_argument("--soon", type=float, help="measure a return this many seconds after the first visit")
    parser.add_argument("--before", action="append", help="also the app at this git commit (repeatable)")
    args = parser.parse_args()
    if args.soon is not None:
        main_soon(args)
        return
    temporary = tempfile.TemporaryDirectory()
    sites = [("this tree", serve(Path(temporary.name) / "site"))]
    for ref in args.before or []:
        sites.append((f"at {ref}", serve(Path(temporary.name) / f"at-{ref}", ref)))
    apps: dict[str, list[dict[str, float]]] = {name: [] for name, _ in sites}
    bare: list[dict[str, float]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)

            def new_context(service_workers: str = "block") -> BrowserContext:
                if args.incognito:
                    return browser.new_context(service_workers=service_workers)
                profile = tempfile.mkdtemp(dir=temporary.name)
                return p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", args=ARGS,
                                                            service_workers=service_workers)

            for run in range(args.runs):  # interleaved: every page sees the same machine noise
                for name, base in rotated(sites, run):
                    if name is None:
                        bare.append(measure_bare(new_context, sites[0][1][1] + "bench/bare.html"))
                    else:
                        apps[name].append(measure_app(new_context, base + "?game=lyngk&seed=1", base, run % 2 == 0)
                                          | measure_installed(new_context, base + "?game=lyngk&seed=1", base))
            browser.close()
    finally:
        for _, (proc, _) in sites:
            proc.terminate()
            proc.wait(5)
        temporary.cleanup()

    def median(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    def fmt(runs: list[dict[str, float]], key: str) -> str:
        values = [r[key] for r in runs]
        return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"

    profile = "incognito-like contexts" if args.incognito else "a browser profile on disk per run"
    print(f"Start-up, {args.runs} runs each, medians (min–max), ms from navigation to ready;"
          f" Chromium headless, {profile}")
    print("| page | cold | warm, no snapshot | warm, snapshot: start URL | the same link again | cold bytes |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| bare Pyodide | {fmt(bare, 'cold')} | {fmt(bare, 'warm')} | – | – | {median(bare, 'bytes') / 2**20:.2f} MiB |")
    for name, app in apps.items():
        print(f"| app (LYNGK board), {name} | {fmt(app, 'cold')} | {fmt(app, 'warm')} | {fmt(app, 'warm+snapshot')} |"
              f" {fmt(app, 'link+snapshot')} | {median(app, 'bytes') / 2**20:.2f} MiB |")
    cold, warm = median(bare, "cold"), median(bare, "warm")
    print("| app | first visit / bare cold | warm with snapshot / bare warm: start URL, the link |"
          " warm without / bare warm | main.py start -> interactive board: first visit, warm without snapshot, with |")
    print("|---|---:|---:|---:|---:|")
    for name, app in apps.items():
        print(f"| {name} | {median(app, 'cold') / cold:.2f}x | {median(app, 'warm+snapshot') / warm:.2f}x,"
              f" {median(app, 'link+snapshot') / warm:.2f}x | {median(app, 'warm') / warm:.2f}x | {median(app, 'share-cold'):.0f}, {median(app, 'share'):.0f},"
              f" {median(app, 'share+snapshot'):.0f} ms |")
    for name, app in apps.items():
        print(f"{name}: a later return with the service worker (an installed app): {fmt(app, 'installed')},"
              f" {median(app, 'installed') / warm:.2f}x the bare warm boot; board picture painted {fmt(app, 'installed-picture')}")
    print("(targets: first visit <= 1.3x, warm with snapshot <= 0.35x)")
    for name, app in apps.items():
        print(f"{name}: return visit, first contentful paint: {fmt(app, 'fcp')}; board picture painted:"
              f" {fmt(app, 'picture')}   (target <= 200 ms)")
        print(f"{name}: computer player's worker, Python start: {fmt(app, 'computer')} plain,"
              f" {fmt(app, 'computer+snapshot')} from the snapshot")
        print(f"{name}: full snapshot: {median(app, 'size') / 2**20:.1f} MiB stored; made in the worker in"
              f" {fmt(app, 'make')}; saved {fmt(app, 'saved')} after the first visit was ready; the page's own"
              f" (its start) saved {median(app, 'start-saved'):.0f} ms after it")


if __name__ == "__main__":
    main()
