"""Small helpers over the browser DOM (the only ui module besides app/screens that touches js)."""

from __future__ import annotations

from html import escape
from typing import Any, Callable

from pyscript import document, window
from pyscript.ffi import create_proxy

_kept: list[Any] = []  # proxies stay alive as long as the page


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


def on(target: Any, event: str, handler: Callable[[Any], None]) -> None:
    """Listen to `event` on `target` for the life of the page."""
    proxy = create_proxy(handler)
    _kept.append(proxy)
    target.addEventListener(event, proxy)


def observe_size(target: Any, handler: Callable[[], None]) -> None:
    """Call `handler` whenever `target`'s box changes size (window resize, rotation, layout)."""
    proxy = create_proxy(lambda _entries, _observer: handler())
    _kept.append(proxy)
    window.ResizeObserver.new(proxy).observe(target)


def text_or_none(value: Any) -> str | None:
    """A JS string as Python text; None for null/undefined (Pyodide's `jsnull` is not None)."""
    return value if isinstance(value, str) else None


def html(text: object) -> str:
    return escape(str(text))


def local_storage() -> Any | None:
    """window.localStorage if the browser lets this page use it (checked by a write), else None."""
    try:
        storage = window.localStorage
        storage.setItem("qipan/v1/probe", "1")
        storage.removeItem("qipan/v1/probe")
        return storage
    except Exception:  # SecurityError in a storage-blocked iframe arrives as a JS exception
        return None
