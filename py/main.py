"""The page's Python entry point (loaded by index.html through PyScript)."""

from pyscript import document, window

document.body.dataset.pyStartMs = str(window.performance.now())  # bench/startup.py splits the boot here

from qipan.web.app import start  # noqa: E402 (the mark above must come first)

start()
