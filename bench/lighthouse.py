"""Lighthouse accessibility and best-practices scores of the main screens (figures, not a test).

    python3 bench/lighthouse.py [--version 13.5.0]

Installs Lighthouse from the npm registry into a temporary folder (not into the project), serves
the app with tools/serve.py, runs it against Debian's Chromium on the picker and on each game's
screen, and prints the scores and every audit that did not pass.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.request import urlopen

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update "
         "--no-first-run --disable-sync")
SCREENS = ["", "?game=lyngk&seed=1", "?game=quorsum&seed=1", "?game=gype&seed=1", "?game=hezong&seed=1",
           "?game=calavera&seed=1"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", default="13.5.0")
    parser.add_argument("--screens", type=int, default=len(SCREENS), help="only the first N screens")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="qipan-lighthouse-"))
    subprocess.run(["npm", "install", "--prefix", str(work), "--no-audit", "--no-fund", f"lighthouse@{args.version}"],
                   check=True, stdout=subprocess.DEVNULL)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run([sys.executable, str(ROOT / "tools" / "vendor.py")], check=True, stdout=subprocess.DEVNULL)
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), "--quiet"])
    try:
        for _ in range(100):
            try:
                urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        print(f"Lighthouse {args.version}, Debian Chromium, headless; scores 0-100")
        for path in SCREENS[:args.screens]:
            report = work / "report.json"
            subprocess.run([str(work / "node_modules" / ".bin" / "lighthouse"), f"http://127.0.0.1:{port}/{path}",
                            "--only-categories=accessibility,best-practices", f"--chrome-flags={FLAGS}",
                            "--output=json", f"--output-path={report}", "--quiet", "--max-wait-for-load=90000"],
                           check=True, env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"})
            data = json.loads(report.read_text())
            scores = ", ".join(f"{c['title']} {round(c['score'] * 100)}" for c in data["categories"].values())
            print(f"{path or '(picker)':24} {scores}")
            for audit in data["audits"].values():
                if audit.get("scoreDisplayMode") in ("binary", "numeric") and (audit.get("score") or 0) < 1:
                    print(f"    not passed: {audit['id']}: {audit['title']}")
                    for item in (audit.get("details") or {}).get("items", [])[:3]:
                        print(f"        {json.dumps(item, ensure_ascii=False)[:300]}")
    finally:
        server.terminate()


if __name__ == "__main__":
    main()
