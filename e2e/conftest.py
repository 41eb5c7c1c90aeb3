"""Playwright set-up: Debian's Chromium, the app served by tools/serve.py, and guards.

Each module boots the page once and reuses it (a Pyodide boot costs seconds). Every page is
watched: a request to any host but the local server is aborted and recorded, and console errors
are recorded; `Watch.assert_clean()` fails on either.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import urlopen

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "test-output"
sys.path.insert(0, str(ROOT / "py"))

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
BOOT_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    """The app served exactly as `make play` serves it; yields its base URL.

    The vendor step runs first so that the page always carries the current py/ sources.
    """
    subprocess.run([sys.executable, str(ROOT / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
    port = _free_port()
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urlopen(base, timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    yield base
    proc.terminate()
    proc.wait(5)


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


def _watch_console(page, seen: Watch) -> None:
    page.on("console", lambda m: seen.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.errors.append(str(e)))


def boot(page, url: str) -> None:
    """Open `url` and wait until Python has set body[data-py-ready]."""
    page.goto(url)
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)


def shot(page, name: str) -> Path:
    """Save a screenshot under test-output/ for a person to look at."""
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path))
    return path
