"""What the page's start costs in Python, inside Pyodide (run by bench/pyodide_node.mjs, which has
unpacked qipan.zip): unpacking the package, importing the modules main.py imports at start (the
`start` list of assets/vendor/snapshot.json), and importing the features made on first use
(docs/startup.md, "Loaded when first used"), which the start path imported before.

    node bench/pyodide_node.mjs bench/start_imports.py "$(python3 -c 'import json; \
        print(json.dumps(json.load(open("assets/vendor/snapshot.json"))["start"]))')"

One fresh interpreter per run: run it a few times, and compare its lines with each other (Node's
V8 is slower than Chromium's, and the machine may be shared).
"""

from __future__ import annotations

import importlib
import io
import json
import os
import sys
import time
import zipfile

LAZY = ("qipan.app.editor", "qipan.app.image_export", "qipan.app.saved_games", "qipan.app.guide_screen",
        "qipan.app.links", "qipan.app.analysis_html", "qipan.app.new_game")


def packed() -> bytes:
    """The package as a zip again (the same files qipan.zip held), to time unpacking it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for folder, _dirs, files in os.walk("qipan"):
            for name in sorted(files):
                archive.write(os.path.join(folder, name))
    return buffer.getvalue()


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    names = json.loads(sys.argv[1])
    data = packed()
    unpack = timed(lambda: zipfile.ZipFile(io.BytesIO(data)).extractall("/tmp/unpacked"))
    at_start = timed(lambda: [importlib.import_module(name) for name in names])
    later = timed(lambda: [importlib.import_module(name) for name in LAZY])
    print(f"unpack {len(data) / 1024:.0f} KiB zip: {unpack:.0f} ms; import the {len(names)} start modules:"
          f" {at_start:.0f} ms; then the features made on first use: {later:.0f} ms")


main()
