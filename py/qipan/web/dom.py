"""Small helpers over the browser DOM (the only ui module besides app/screens that touches js)."""

from __future__ import annotations

import traceback
from typing import Any, Callable

from pyscript import document, window
from pyodide.ffi import jsnull
from pyscript.ffi import create_proxy

from qipan.boardkit.store import Storage, reach

_kept: list[Any] = []  # proxies stay alive as long as the page


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


def on(target: Any, event: str, handler: Callable[[Any], None]) -> None:
    """Listen to `event` on `target` for the life of the page. A handler that fails is reported
    on the console (where the tests see it) instead of vanishing silently."""

    def guarded(event_object: Any) -> None:
        try:
            handler(event_object)
        except Exception:
            window.console.error(f"qipan: {event} handler failed:\n{traceback.format_exc()}")

    proxy = create_proxy(guarded)
    _kept.append(proxy)
    target.addEventListener(event, proxy)


def run_reported(task: Callable[[], None], when: str = "after the frame") -> None:
    """Run a task queued for later (`after_paint`, `before_paint`, the app's `run_waiting`); one
    that fails is reported on the console, as `on`'s handlers are, and the caller goes on."""
    try:
        task()
    except Exception:
        window.console.error(f"qipan: a task {when} failed:\n{traceback.format_exc()}")


def after_paint(task: Callable[[], None]) -> None:
    """Run `task` once, in a task of its own after the browser has painted its next frame (what a
    key or tap changed is on screen first). A task that fails is reported as `on`'s handlers are."""
    from pyodide.ffi import create_once_callable

    def run(*_args: Any) -> None:
        try:
            run_reported(task)
        finally:
            later.destroy()

    later = create_proxy(run)
    window.requestAnimationFrame(create_once_callable(lambda *_args: window.setTimeout(later, 0)))


def soon(task: Callable[[], None], when: str) -> None:
    """Run `task` once, in a task of its own as soon as the browser has answered what it is doing
    (a timer of no delay: it comes after the input being handled and before the next frame's
    paint, unless a frame was due first). A task that fails is reported as `on`'s handlers are."""
    from pyodide.ffi import create_once_callable

    window.setTimeout(create_once_callable(lambda *_args: run_reported(task, when)), 0)


def before_paint(task: Callable[[], None]) -> None:
    """Run `task` once, just before the browser's next frame is laid out and painted (an animation
    frame callback): a scroll there reads the layout the frame makes anyway. A task that fails is
    reported as `on`'s handlers are."""
    from pyodide.ffi import create_once_callable

    window.requestAnimationFrame(create_once_callable(lambda *_args: run_reported(task, "before the frame")))


def observe_size(target: Any, handler: Callable[[], None]) -> None:
    """Call `handler` whenever `target`'s box changes size (window resize, rotation, layout)."""
    proxy = create_proxy(lambda _entries, _observer: handler())
    _kept.append(proxy)
    window.ResizeObserver.new(proxy).observe(target)


def query(selector: str) -> Any | None:
    """The first element matching `selector`, or None (Pyodide hands JS null over as `jsnull`)."""
    node = document.querySelector(selector)
    return None if node is None or node is jsnull else node


def text_or_none(value: Any) -> str | None:
    """A JS string as Python text; None for null/undefined (Pyodide's `jsnull` is not None)."""
    return value if isinstance(value, str) else None


def local_storage() -> Storage:
    """The app's Storage over window.localStorage if the browser lets this page read it (a full
    storage is read, and says it is full), else in memory (boardkit/store.py, `reach`)."""
    return reach(lambda: window.localStorage)


def utc_offset_minutes(seconds: float) -> int:
    """How many minutes the player's clock was ahead of UTC at a moment (Unix seconds)."""
    return -int(window.Date.new(seconds * 1000).getTimezoneOffset())


def download(filename: str, text: str, mime: str = "application/json") -> None:
    """Offer `text` as a file download named `filename`."""
    from pyodide.ffi import create_once_callable, to_js

    blob = window.Blob.new(window.Array.of(text), to_js({"type": mime}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


def read_file_bytes(file: Any, done: Callable[[bytes | None], None]) -> None:
    """Read a picked file, then call `done` with its bytes (None if the browser could not read it).
    A failing `done` is reported on the console, as `on` does."""
    reader = window.FileReader.new()

    def finished(_event: Any) -> None:
        proxy.destroy()
        try:
            failed = reader.error is not None and reader.error is not jsnull
            done(None if failed else bytes(reader.result.to_bytes()))
        except Exception:
            window.console.error(f"qipan: reading a file failed:\n{traceback.format_exc()}")

    proxy = create_proxy(finished)
    reader.addEventListener("loadend", proxy)
    reader.readAsArrayBuffer(file)


def copy_text(text: str, done: Callable[[bool], None]) -> None:
    """Put `text` on the clipboard, then call `done(True)`; `done(False)` when the browser has no
    clipboard here or refuses (a permission, a frame): the caller then offers the text to select."""
    from pyodide.ffi import create_proxy

    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None:
        done(False)
        return

    def settle(result: bool) -> None:
        worked.destroy()
        failed.destroy()
        done(result)

    worked = create_proxy(lambda _value: settle(True))
    failed = create_proxy(lambda _error: settle(False))
    clipboard.writeText(text).then(worked, failed)


# -- correspondence play (app/correspondence/ui.py) -------------------------------------------------

QR_SCRIPT = "./assets/vendor/qrcode-generator/qrcode.js"
"""qrcode-generator's browser build, copied by tools/vendor.py; loaded the first time a QR code is drawn."""


def _blob(data: bytes, mime: str) -> Any:
    from pyodide.ffi import to_js

    return window.Blob.new(window.Array.of(to_js(data)), to_js({"type": mime}, dict_converter=window.Object.fromEntries))


def download_bytes(filename: str, data: bytes, mime: str = "application/octet-stream") -> None:
    """Offer `data` as a file download named `filename`."""
    from pyodide.ffi import create_once_callable

    url = window.URL.createObjectURL(_blob(data, mime))
    anchor = document.createElement("a")
    anchor.href = url
    anchor.download = filename
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


def base_url() -> str:
    """The app's address without its query and fragment (where a link's `#c1.…` goes)."""
    return str(window.location.href).split("?")[0].split("#")[0]


def _file(filename: str, data: bytes) -> Any:
    from pyodide.ffi import to_js

    return window.File.new(window.Array.of(to_js(data)), filename,
                           to_js({"type": "application/octet-stream"}, dict_converter=window.Object.fromEntries))


def can_share(with_file: bool) -> bool:
    """Whether the browser has Web Share here (with a file, when asked)."""
    navigator = window.navigator
    if getattr(navigator, "share", None) is None:
        return False
    if not with_file:
        return True
    if getattr(navigator, "canShare", None) is None:
        return False
    from pyodide.ffi import to_js

    files = to_js({"files": [_file("probe.qipan-c1", b"qipan-c1\n")]}, dict_converter=window.Object.fromEntries)
    return bool(navigator.canShare(files))


def share(title: str, url: str, filename: str | None, data: bytes | None) -> None:
    """Open the system's share sheet with a link, or with a file (a refusal or a cancel is quiet:
    the sheet's other ways stay offered)."""
    from pyodide.ffi import create_once_callable, to_js

    payload: dict[str, Any] = {"title": title}
    if url:
        payload["url"] = url
    if filename is not None and data is not None:
        payload["files"] = [_file(filename, data)]
    promise = window.navigator.share(to_js(payload, dict_converter=window.Object.fromEntries))
    promise.catch(create_once_callable(lambda _error: None))


def qr_svg(text: str, done: Callable[[str | None], None]) -> None:
    """Draw `text` as a QR code (an SVG element's markup) with the vendored qrcode-generator, loading
    it the first time; `done(None)` when it cannot be loaded or the text does not fit a QR code."""
    from pyodide.ffi import create_once_callable

    def draw(_event: Any = None) -> None:
        try:
            code = window.qrcode(0, "L")
            code.addData(text)
            code.make()
            svg = str(code.createSvgTag(4, 16))
        except Exception:
            done(None)
            return
        done(svg)

    if getattr(window, "qrcode", None) is not None:
        draw()
        return
    script = document.createElement("script")
    script.src = QR_SCRIPT
    script.addEventListener("load", create_once_callable(draw))
    script.addEventListener("error", create_once_callable(lambda _e: done(None)))
    document.head.appendChild(script)
