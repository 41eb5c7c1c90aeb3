"""What every e2e module uses: booting a page, guarding it, and saving screenshots.

(Kept out of conftest.py so that modules import it by a name no other test folder uses.)
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator
from urllib.parse import urlparse
from urllib.request import urlopen

from qipan.app.taps import DOUBLE_TAP_MS

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "test-output"
BOOT_TIMEOUT_MS = 60_000


@dataclass
class Watch:
    """What a page did that it must not: foreign requests and console errors."""

    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        assert not self.foreign, f"requests to other hosts: {self.foreign}"
        assert not self.errors, f"console errors: {self.errors}"


def watch(context, allowed_hosts=("127.0.0.1",)) -> Watch:
    """Abort and record any request to a host not in `allowed_hosts`; record console errors."""
    seen = Watch()

    def route(route):
        url = route.request.url
        host = urlparse(url).hostname
        if url.startswith(("data:", "blob:")) or host in allowed_hosts:
            route.continue_()
        else:
            seen.foreign.append(url)
            route.abort()

    context.route("**/*", route)
    context.on("page", lambda page: _watch_console(page, seen))
    return seen


def watch_console(context) -> Watch:
    """Record the console errors of every page of `context`, routing nothing: for a context whose
    service worker runs (Playwright's routes and a service worker do not mix; its advice is to block
    workers when routing)."""
    seen = Watch()
    context.on("page", lambda page: _watch_console(page, seen))
    return seen


def _watch_console(page, seen: Watch) -> None:
    page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.errors.append(str(e)))


def boot(page, url: str) -> None:
    """Open `url` and wait until Python has set body[data-py-ready]."""
    page.goto(url)
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)


def resize(page, width: int, height: int) -> None:
    """Set the window's size, then wait until the board (when one is shown) has been fitted to it
    (the app resizes the canvas from a ResizeObserver: a click aimed before that can miss)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        """([w, h]) => {
          if (innerWidth !== w || innerHeight !== h) return false;
          const area = document.getElementById("board-area"), board = document.getElementById("board");
          if (!area || !board || !area.offsetParent) return true;
          const r = devicePixelRatio || 1;
          // (within a pixel: the app rounds in Python, halves to even)
          return Math.abs(board.width - area.clientWidth * r) <= 1 && Math.abs(board.height - area.clientHeight * r) <= 1;
        }""", arg=[width, height], timeout=5000)


def shot(page, name: str) -> Path:
    """Save a screenshot under test-output/ for a person to look at."""
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def next_frame(page) -> None:
    """Wait until the page has run its callbacks for the next frame: the app scrolls what is new
    into view just before a frame is painted (GameScreen.render's `before_paint`), and animation
    frame callbacks run in the order they were asked for."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => done()))")


def settled(page) -> None:
    """Wait until the page around the board shows what the last key or tap on the board did: the
    app answers board input on the board at once, then refreshes the panel and message in a task of
    its own, then the move log and analysis box in another (App.after_board). (`page` may be a frame.)"""
    page.wait_for_function("() => !window.qipanPageWaiting")


PRESSING_KEYS = ("Enter", " ", "Space")
"""The keys that press the focused control."""


def press(page, *keys: str) -> None:
    """Press `keys` one after the other, as a player would (one that presses a control of the game's
    panel once it could be seen: `seen`), then wait until the page shows them."""
    for key in keys:
        if key in PRESSING_KEYS:
            page.wait_for_function("""(ms) => {
                const node = document.activeElement;
                return !node || !node.matches('#game-panel [data-action]') || performance.now() - qipanShownAt(node) >= ms;
            }""", arg=DOUBLE_TAP_MS)
        page.keyboard.press(key)
    settled(page)


def click(page, selector: str, **options) -> None:
    """Click `selector` (Undo, Redo, a control of the game's panel: answered on the board first),
    then wait until the page shows it. `options` are page.click's."""
    page.click(selector, **options)
    settled(page)


def seen(page, selector: str) -> None:
    """Wait until the panel control `selector` has been on the screen, for the player to move, long
    enough to be seen. (A tap sooner after it appeared or the turn passed, which the browser counts as
    a double tap's second, is ignored as meant for what was there before: qipan/app/taps.py. A person
    needs longer than that to see a new control and tap it.)"""
    page.wait_for_function("""([s, ms]) => {
        const node = document.querySelector(s);
        return !!node && performance.now() - qipanShownAt(node) >= ms;
    }""", arg=[selector, DOUBLE_TAP_MS])


def tap_control(page, selector: str) -> None:
    """Tap the panel control `selector` as a person does, once it could be seen (`seen`), then wait
    until the page shows what it did."""
    seen(page, selector)
    page.locator(selector).tap()
    settled(page)


def press_on(page, selector: str, key: str = "Enter") -> None:
    """Tab until `selector` has the focus, then press `key` (keyboard alone)."""
    for _ in range(60):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            press(page, key)
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def arrow_keys(step, arrows: dict[str, tuple[int, int]], start, goal) -> list[str]:
    """The shortest arrow-key sequence that takes a game's keyboard cursor from `start` to `goal`;
    `step(point, dx, dy)` is the game's own rule for where an arrow moves the cursor."""
    paths = {start: []}
    frontier = [start]
    while frontier and goal not in paths:
        following = []
        for point in frontier:
            for key, (dx, dy) in arrows.items():
                other = step(point, dx, dy)
                if other not in paths:
                    paths[other] = paths[point] + [key]
                    following.append(other)
        frontier = following
    return paths[goal]


def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(command: list[str], probe: str) -> Iterator[None]:
    """Run a server (`command`) until the block ends, from the moment `probe` (a URL) answers;
    a server that never answers fails the fixture instead of letting its tests fail later."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urlopen(probe, timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server {command} never answered {probe}") from None
                time.sleep(0.1)  # the server is starting: poll until it answers
        yield
    finally:
        proc.terminate()
        proc.wait(5)


@contextmanager
def static_site(probe: str) -> Iterator[str]:
    """A plain static server of e2e/ (no app headers, as a blog's own host), up once `probe` is
    served. Its address names localhost: another site than the app's 127.0.0.1."""
    port = free_port()
    with serving([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                  str(Path(__file__).parent)], f"http://127.0.0.1:{port}/{probe}"):
        yield f"http://localhost:{port}/"


@contextmanager
def app_site(root: Path) -> Iterator[str]:
    """The app at `root` (a copy of the site with its own tools/serve.py) served as conftest.py's
    `server` serves the worktree, on another port (another origin: its own service worker and
    storage); yields its base URL once it answers."""
    base = f"http://127.0.0.1:{(port := free_port())}/"
    with serving([sys.executable, str(root / "tools" / "serve.py"), "--port", str(port), "--quiet"], base):
        yield base


# Asked of the page's own interpreter (snapshot.js hands PyScript the one it booted, and gives it again).
ENGINES_IMPORTED = """async () => {
  const runtime = await import(new URL("assets/js/snapshot.js", document.baseURI));
  const pyodide = await runtime.loadPyodide();
  return pyodide.runPython(`
import json, sys
json.dumps(sorted({name.split(".")[2] for name in sys.modules if name.startswith("qipan.games.")
                   and name.count(".") >= 3 and not name.endswith(".strings")}))`);
}"""


def engines_imported(page) -> list[str]:
    """The games whose engine the page's Python has imported (any module of the game's package but
    its strings: the registry imports those for every game; docs/startup.md)."""
    return json.loads(page.evaluate(ENGINES_IMPORTED))


MODULES_IMPORTED = """async (names) => {
  const runtime = await import(new URL("assets/js/snapshot.js", document.baseURI));
  const pyodide = await runtime.loadPyodide();
  pyodide.globals.set("asked", pyodide.toPy(names));
  return pyodide.runPython(`
import json, sys
json.dumps([name for name in asked if name in sys.modules])`);
}"""

FROM_BYTECODE = """async (names) => {
  const runtime = await import(new URL("assets/js/snapshot.js", document.baseURI));
  const pyodide = await runtime.loadPyodide();
  pyodide.globals.set("asked", pyodide.toPy(names));
  return pyodide.runPython(`
import importlib.machinery, importlib.util, json, sys
def from_bytecode(spec):
    with open(spec.origin, "rb") as file:
        magic = file.read(4)
    return isinstance(spec.loader, importlib.machinery.SourcelessFileLoader) and magic == importlib.util.MAGIC_NUMBER
json.dumps([name for name in asked if from_bytecode(sys.modules[name].__spec__)])`);
}"""


def from_bytecode(page, names: tuple[str, ...]) -> list[str]:
    """Those of `names` (imported modules whose files are on the page's disk) that the page's Python
    imported from bytecode of its own version (docs/startup.md, "Bytecode")."""
    return json.loads(page.evaluate(FROM_BYTECODE, list(names)))


LAZY_AT_START = ("qipan.app.links", "qipan.app.share", "qipan.app.embed", "qipan.app.analysis_html", "qipan.analysis",
                 "qipan.app.new_game")
"""Modules of features the page imports on first use (tests/ui/test_lazy_features.py has them all)."""


def modules_imported(page, names: tuple[str, ...] = LAZY_AT_START) -> list[str]:
    """Those of `names` the page's Python has imported (docs/startup.md, "Loaded when first used")."""
    return json.loads(page.evaluate(MODULES_IMPORTED, list(names)))
