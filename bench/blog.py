"""A blog post with one board against one with four: when is the first board in view interactive?

    python3 bench/blog.py [--runs 5] [--before REF]

Issue "Fast on a tablet", item 4: a post with four embeds shows a still picture of every board at
once, and its first board in view is interactive within 1.5x the time of a post with one board.

Serves the app (this tree, and with `--before REF` the tree at a git commit, built from `git
archive`) with tools/serve.py on 127.0.0.1, and two blog posts from a plain static server on
localhost (another site, as a blog is): one with the LYNGK board of e2e/blog-demo.html, one with
the first four boards of that page (LYNGK, Quorsum, Gype, 合縱連橫), 320 px frames in a 900×1000
window, so the first two or three are in view. Each run opens a fresh browser profile on disk,
visits the one-board post once to fill the HTTP cache (a reader who has met a board before), then
opens each post in a new tab, in turn, and reads in the blog's own time (ms since its navigation):
- stills: when every frame in view has painted (the last one's first contentful paint; a frame
  out of view is not painted by Chromium, but has its still picture in its page);
- first board: when the top board is interactive (its body[data-ready-ms], moved to the blog's clock);
- earliest: when the first of the boards in view to get there is interactive;
- boards in view: when the last board that was in view at the start is interactive.
Prints medians (min–max) and the four-board/one-board ratio of "first board" (target <= 1.5x).
Service workers are blocked: warm means the HTTP cache. docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import html
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import ARGS, ROOT, serve  # noqa: E402

TIMEOUT_MS = 180_000


def boards() -> list[str]:
    """The embed queries of e2e/blog-demo.html's first four boards that start on their own (one
    per game)."""
    text = (ROOT / "e2e" / "blog-demo.html").read_text(encoding="utf-8")
    queries = [html.unescape(query) for query in re.findall(r'data-src="([^"]+)"', text)]
    return [query for query in queries if "run=click" not in query][:4]


def post(frames: list[str]) -> str:
    figures = "\n".join(f'<figure><iframe class="qipan" src="{html.escape(src)}"></iframe></figure>' for src in frames)
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>A post</title><style>
body {{ font: 17px/1.6 Georgia, serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; }}
iframe.qipan {{ display: block; width: 100%; height: 320px; border: 1px solid #ccc; }}
</style></head><body><h1>A post</h1><p>Some words before the boards.</p>
{figures}
<p>Some words after them.</p></body></html>"""


def blog_site(folder: Path, app: str) -> tuple[subprocess.Popen, str]:
    queries = boards()
    frames = [f"{app}embed.html{query}" for query in queries]
    (folder / "one.html").write_text(post(frames[:1]), encoding="utf-8")
    (folder / "four.html").write_text(post(frames), encoding="utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            urlopen(f"http://127.0.0.1:{port}/one.html", timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    return proc, f"http://localhost:{port}/"


FRAME_STATE = """() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const ready = document.body && document.body.dataset.readyMs;
    return [performance.timeOrigin, paint ? paint.startTime : null, ready ? Number(ready) : null,
            document.body ? document.body.dataset.boot || '' : ''];
}"""


def measure(page: Page, url: str) -> dict[str, float]:
    page.goto(url)
    origin = page.evaluate("performance.timeOrigin")
    iframes = page.locator("iframe.qipan")
    count = iframes.count()
    height = page.viewport_size["height"]
    in_view = [i for i in range(count) if iframes.nth(i).bounding_box()["y"] < height]
    frames = [iframes.nth(i).element_handle().content_frame() for i in range(count)]
    for i in in_view:
        frames[i].wait_for_selector("body[data-ready-ms]", state="attached", timeout=TIMEOUT_MS)
    for i in in_view:  # (Chromium paints no cross-site frame out of view: those have their still in the page)
        frames[i].wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0",
                                    timeout=TIMEOUT_MS, polling=100)
    states = [frame.evaluate(FRAME_STATE) for frame in frames]
    assert all(frame.evaluate("Boolean(document.querySelector('#embed-first .embed-still'))") for frame in frames)

    def blog_time(i: int, index: int) -> float:
        return states[i][0] + states[i][index] - origin

    return {
        "stills": max(blog_time(i, 1) for i in in_view),
        "first": blog_time(0, 2),
        "earliest": min(blog_time(i, 2) for i in in_view),
        "in view": max(blog_time(i, 2) for i in in_view),
        "in view count": len(in_view),
        "ready out of view": sum(states[i][2] is not None for i in range(count) if i not in in_view),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", help="also the app at this git commit")
    args = parser.parse_args()
    temporary = tempfile.TemporaryDirectory()
    servers: list[subprocess.Popen] = []
    sites: list[tuple[str, str]] = []
    try:
        for name, ref in [("this tree", None)] + ([(f"before ({args.before})", args.before)] if args.before else []):
            folder = Path(temporary.name) / (ref or "now")
            app_proc, app = serve(folder / "site", ref)
            (folder / "blog").mkdir()
            blog_proc, blog = blog_site(folder / "blog", app)
            servers += [app_proc, blog_proc]
            sites.append((name, blog))
        results: dict[tuple[str, str], list[dict[str, float]]] = {}
        with sync_playwright() as p:
            for run in range(args.runs):
                for name, blog in sites:
                    profile = tempfile.mkdtemp(dir=temporary.name)
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path="/usr/bin/chromium", args=ARGS, service_workers="block",
                        viewport={"width": 900, "height": 1000})
                    page = context.new_page()
                    measure(page, blog + "one.html")  # fills the HTTP cache
                    posts = ["one", "four"] if run % 2 == 0 else ["four", "one"]
                    for which in posts:
                        page.close()
                        page = context.new_page()
                        results.setdefault((name, which), []).append(measure(page, f"{blog}{which}.html"))
                    context.close()
    finally:
        for proc in servers:
            proc.terminate()
            proc.wait(5)
        temporary.cleanup()

    def fmt(runs: list[dict[str, float]], key: str) -> str:
        values = [r[key] for r in runs]
        return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"

    print(f"Blog posts, {args.runs} runs, medians (min–max), ms since the blog's navigation; warm HTTP cache")
    print("| app | post | stills in view painted | top board interactive | earliest board interactive |"
          " boards in view interactive | in view | out of view and booted |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name, _ in sites:
        for which in ("one", "four"):
            runs = results[(name, which)]
            print(f"| {name} | {which} | {fmt(runs, 'stills')} | {fmt(runs, 'first')} | {fmt(runs, 'earliest')} |"
                  f" {fmt(runs, 'in view')} |"
                  f" {statistics.median(r['in view count'] for r in runs):.0f} |"
                  f" {statistics.median(r['ready out of view'] for r in runs):.0f} |")
        one = statistics.median(r["first"] for r in results[(name, "one")])
        four = statistics.median(r["first"] for r in results[(name, "four")])
        early = statistics.median(r["earliest"] for r in results[(name, "four")])
        print(f"{name}: four-board post / one-board post: top board {four / one:.2f}x,"
              f" earliest board {early / one:.2f}x   (target <= 1.5x)")


if __name__ == "__main__":
    main()
