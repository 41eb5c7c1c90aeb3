"""Playwright set-up: Debian's Chromium and the app served by tools/serve.py.

Each module boots the page once and reuses it (a Pyodide boot costs seconds). The helpers the
modules call (boot, watch, shot) are in support.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from support import free_port, serving  # noqa: E402 (after the path above)

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def server():
    """The app served exactly as `make play` serves it; yields its base URL.

    The vendor step runs first so that the page always carries the current py/ sources.
    """
    subprocess.run([sys.executable, str(ROOT / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{(port := free_port())}/"
    with serving([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), "--quiet"], base):
        yield base
