"""Start-up figures: the app's first interactive LYNGK board vs a bare Pyodide boot.

    python3 bench/startup.py [--runs 5]

Serves the repo with tools/serve.py, drives Debian's Chromium with Playwright, and prints medians
(and ranges) of the time from navigation to ready, cold (a fresh browser context: empty cache and
storage) and warm (a reload), interleaving the two pages, plus the bytes each transfers cold.
"Ready" is the moment the page sets body[data-ready-ms] (performance.now()): for the app, after the
board is drawn and interactive. Service workers are blocked so that warm means the HTTP cache.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
PAGES = {"app (LYNGK board)": "?game=lyngk&seed=1", "bare Pyodide": "bench/bare.html"}


def serve() -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run([sys.executable, str(ROOT / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), "--quiet"])
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


def measure(browser, url: str) -> tuple[float, float, int, float]:
    """One cold load and one warm reload: (cold ms, warm ms, cold bytes, warm app share ms)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    cold = ready_ms(page)
    page.wait_for_timeout(300)
    size = transferred(page)
    page.reload()
    warm = ready_ms(page)
    share = app_share(page)
    context.close()
    return cold, warm, size, share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    proc, base = serve()
    results: dict[str, list[tuple[float, float, int, float]]] = {name: [] for name in PAGES}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for _ in range(args.runs):
                for name, path in PAGES.items():  # interleaved: both pages see the same machine noise
                    results[name].append(measure(browser, base + path))
            browser.close()
    finally:
        proc.terminate()

    def fmt(values: list[float]) -> str:
        return f"{statistics.median(values):7.0f} ms ({min(values):.0f}–{max(values):.0f})"

    print(f"Start-up, {args.runs} runs each, medians (min–max); Chromium headless, 2-core machine")
    print(f"{'page':22} {'cold':>26} {'warm':>26} {'cold bytes':>12}")
    for name, runs in results.items():
        cold, warm, size, _ = zip(*runs)
        print(f"{name:22} {fmt(list(cold)):>26} {fmt(list(warm)):>26} {statistics.median(size) / 2**20:9.2f} MiB")
    app, bare = results["app (LYNGK board)"], results["bare Pyodide"]
    share = statistics.median(r[3] for r in app)
    print(f"app, warm: main.py start -> interactive board (imports, first draw): {share:.0f} ms median")
    for i, label in ((0, "cold"), (1, "warm")):
        ratio = statistics.median(r[i] for r in app) / statistics.median(r[i] for r in bare)
        print(f"app / bare, {label}: {ratio:.2f}x" + ("   (target for warm: <= 1.15x)" if label == "warm" else ""))


if __name__ == "__main__":
    main()
