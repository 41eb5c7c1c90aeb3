"""The browser, as the app's features use it (`Page`), installed by the shell (`qipan.web`) when the
page starts. The features stay importable and testable on CPython: a test installs a stand-in."""

from __future__ import annotations

from typing import Any, Callable, Protocol


class Page(Protocol):
    """What a feature asks of the browser (qipan/web/dom.py implements it)."""

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...
    def observe_size(self, target: Any, handler: Callable[[], None]) -> None: ...
    def utc_offset_minutes(self, seconds: float) -> int: ...
    def download(self, filename: str, text: str, mime: str = "application/json") -> None: ...
    def read_file_bytes(self, file: Any, done: Callable[[bytes | None], None]) -> None: ...
    def copy_text(self, text: str, done: Callable[[bool], None]) -> None: ...
    def download_bytes(self, filename: str, data: bytes, mime: str = "application/octet-stream") -> None: ...
    def base_url(self) -> str: ...
    def can_share(self, with_file: bool) -> bool: ...
    def share(self, title: str, url: str, filename: str | None, data: bytes | None) -> None: ...
    def qr_svg(self, text: str, done: Callable[[str | None], None]) -> None: ...


_installed: list[Page] = []


def install(page: Page) -> None:
    """Make `page` the browser the features use (the shell calls this once at start)."""
    _installed[:] = [page]


def page() -> Page:
    """The installed browser. Raises RuntimeError before the shell (or a test) installed one."""
    if not _installed:
        raise RuntimeError("no page is installed: qipan.web.app.start() installs the browser's")
    return _installed[0]
