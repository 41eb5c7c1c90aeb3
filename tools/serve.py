"""Serve the app from this folder on localhost, with the headers and redirects netlify.toml gives
the real host.

    python3 tools/serve.py [--port 8000] [--host 127.0.0.1] [--quiet]

Paths without a Cache-Control rule are sent with `no-cache` (Netlify's default also revalidates),
so an edited file is never served stale. Redirects: the subset netlify.toml uses (an exact `from`
path, `query` placeholders that match when the parameter is present, `force`; the query string is
passed on, as Netlify does).
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import http.server
import tomllib
from urllib.parse import parse_qs
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


def redirect_rules(config: Path = ROOT / "netlify.toml") -> list[dict]:
    """The [[redirects]] tables of netlify.toml, in file order."""
    return list(tomllib.loads(config.read_text()).get("redirects", []))


def redirect_for(path: str, query: str, rules: list[dict], root: Path = ROOT) -> tuple[int, str] | None:
    """(status, location) of the first redirect that matches, as Netlify applies it, or None.

    A `query` value ":name" matches when the parameter is present, any other value when it is
    equal; a rule whose path is a file that exists applies only with `force` (Netlify's shadowing).
    """
    present = parse_qs(query, keep_blank_values=True)
    for rule in rules:
        if rule["from"] != path:
            continue
        wanted = rule.get("query", {})
        if not all(name in present and (value.startswith(":") or value in present[name])
                   for name, value in wanted.items()):
            continue
        target = root / path.lstrip("/")
        if not rule.get("force") and (target.is_file() or (target / "index.html").is_file()):
            continue
        return int(rule.get("status", 301)), rule["to"] + (f"?{query}" if query else "")
    return None


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with netlify.toml's headers and the MIME types the runtime needs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    rules: list[tuple[str, dict[str, str]]] = []
    redirects: list[dict] = []
    quiet = False

    def send_head(self):  # type: ignore[no-untyped-def]
        path, _, query = self.path.split("#", 1)[0].partition("?")
        found = redirect_for(path, query, self.redirects, Path(self.directory))
        if found is None:
            return super().send_head()
        status, location = found
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()
        return None

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
    Handler.redirects = redirect_rules()
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
