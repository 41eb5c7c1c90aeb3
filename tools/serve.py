"""Serve the app from this folder on localhost, with the headers netlify.toml gives the real host.

    python3 tools/serve.py [--port 8000] [--host 127.0.0.1] [--quiet]

Paths without a Cache-Control rule are sent with `no-cache` (Netlify's default also revalidates),
so an edited file is never served stale.
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import http.server
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIME = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json", ".toml": "text/plain", ".zip": "application/zip"}


def header_rules(config: Path = ROOT / "netlify.toml") -> list[tuple[str, dict[str, str]]]:
    """The (path pattern, headers) pairs of netlify.toml, in file order."""
    data = tomllib.loads(config.read_text())
    return [(rule["for"], dict(rule.get("values", {}))) for rule in data.get("headers", [])]


def headers_for(path: str, rules: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    """The headers for a URL path: every matching rule, later rules winning."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        if fnmatch.fnmatchcase(path, pattern):
            found.update(values)
    found.setdefault("Cache-Control", "no-cache")
    return found


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with netlify.toml's headers and the MIME types the runtime needs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    rules: list[tuple[str, dict[str, str]]] = []
    quiet = False

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, value in headers_for(path, self.rules).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args()
    Handler.rules = header_rules()
    Handler.quiet = args.quiet
    handler = functools.partial(Handler, directory=str(ROOT))
    with http.server.ThreadingHTTPServer((args.host, args.port), handler) as server:
        print(f"Qipan is served at http://{args.host}:{args.port}/ (works offline; Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
