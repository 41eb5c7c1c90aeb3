"""The page's Python entry point (loaded by index.html through PyScript)."""

from qipan.ui.app import start

start()
