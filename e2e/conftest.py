"""Playwright set-up: Debian's Chromium and the app served by tools/serve.py.

Each module boots the page once and reuses it (a Pyodide boot costs seconds). The helpers the
modules call (boot, watch, shot) are in support.py.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from support import OUTPUT, free_port, serving  # noqa: E402 (after the path above)

CHROMIUM_LOG = OUTPUT / "chromium.log"
"""What the browser and its pages log (their console included): a crashed page's last words are
there, and a failure that names a crash shows them (`pytest_runtest_makereport`). A browser a module
launches for itself logs to a file of its own (`chromium-<name>.log`: a browser starting deletes
the file it logs to)."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
                 "--enable-logging", f"--log-file={CHROMIUM_LOG}"]
CHROMIUM_STDERR = OUTPUT / "chromium-stderr.log"
"""What every browser the tests launch writes to its standard error, appended: a renderer's last
words when it dies outside Chromium's logging (a signal, V8 out of memory) are printed there, and
Playwright reads the stream only to drop it."""
NOISE = ("dbus", "D-Bus", "unexpected operator")
"""Log lines of a machine without a desktop session, on every start (and of Debian's launcher's
/dev/shm check, which a second mount line confuses)."""


def machine_state() -> str:
    """The memory, the shared-memory space and each browser log's last lines, for a report of a
    crash (a renderer killed for want of memory or of /dev/shm says so only there)."""
    meminfo = Path("/proc/meminfo").read_text().splitlines() if Path("/proc/meminfo").exists() else []
    lines = [line for line in meminfo if line.startswith(("MemTotal", "MemAvailable"))]
    if Path("/dev/shm").exists():
        total, used, _ = shutil.disk_usage("/dev/shm")
        lines.append(f"/dev/shm: {used >> 20} MiB used of {total >> 20} MiB")
    for log in sorted(OUTPUT.glob("chromium*.log")):
        kept = [line for line in log.read_text(errors="replace").splitlines() if not any(n in line for n in NOISE)]
        lines += [f"-- {log.name}, its last lines:", *kept[-60:]]
    return "\n".join(lines)


CRASHED = ("crashed", "has been closed")
"""What Playwright says of a page whose renderer died, and of a browser that died with it."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # type: ignore[no-untyped-def]
    """A failure that names a crashed page or browser gets the machine's state and the browsers'
    last log lines beside it (the cause of a crash seen once in many CI runs)."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and any(word in str(report.longrepr).lower() for word in CRASHED):
        try:
            state = machine_state()
        except OSError as error:  # (what could not be read is said; the report stays the test's)
            state = f"not read: {error}"
        report.sections.append(("the machine and the browser's log when it crashed", state))


def chromium_keeping_stderr() -> Path:
    """A launcher of Debian's Chromium (written into test-output/) that appends its standard error
    to CHROMIUM_STDERR; the pipes Playwright drives it by are left as they are."""
    launcher = OUTPUT / "chromium"
    launcher.write_text(f'#!/bin/sh\nexec /usr/bin/chromium "$@" 2>>"{CHROMIUM_STDERR}"\n')
    launcher.chmod(0o755)
    CHROMIUM_STDERR.write_text("")
    return launcher


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    OUTPUT.mkdir(exist_ok=True)  # (for the logs)
    return {**browser_type_launch_args, "executable_path": str(chromium_keeping_stderr()), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def server():
    """The app served exactly as `make play` serves it; yields its base URL.

    The vendor step runs first so that the page always carries the current py/ sources.
    """
    subprocess.run([sys.executable, str(ROOT / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{(port := free_port())}/"
    with serving([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), "--quiet"], base):
        yield base
