"""Stand-ins for the browser objects a screen touches, so screens and views run on CPython.

`RecordingContext` records every CanvasRenderingContext2D call and property set; `FakeHost`
gives a GameScreen its elements, storage and strings without a browser.
"""

from __future__ import annotations

from typing import Any

from qipan.i18n import t
from qipan.app.storage import save_match
from qipan.boardkit.display import DisplayList
from qipan.boardkit.store import Storage

BACKDROP = "rgb(236, 220, 188)"  # --board of the light theme, as getComputedStyle gives it


class RecordingContext:
    """A 2D context that records calls (name, args) and property sets ("set", name, value)."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any) -> None:
            self.calls.append((name, args))
        return call

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append(("set", name, value))

    def texts(self) -> list[str]:
        """Every string drawn with fillText, in order."""
        return [args[0] for name, *rest in self.calls if name == "fillText" for args in rest]

    def count(self, name: str) -> int:
        return sum(1 for call in self.calls if call[0] == name)


class FakeElement:
    """An element with the attributes screens set."""

    def __init__(self) -> None:
        self.innerHTML = ""
        self.textContent = ""
        self.className = ""
        self.hidden = False
        self.disabled = False
        self.attributes: dict[str, str] = {}
        self.width = 0
        self.height = 0
        self.context = RecordingContext()

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 (DOM name)
        self.attributes[name] = value

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attributes.get(name)

    def getContext(self, _kind: str) -> RecordingContext:  # noqa: N802
        return self.context

    def toDataURL(self, kind: str = "image/png", *_quality: Any) -> str:  # noqa: N802
        return f"data:{kind};base64,AAAA"


class FakeHost:
    """What the app gives a screen: elements by id, storage in memory, English strings."""

    def __init__(self, lang: str = "en") -> None:
        self.storage = Storage(None)
        self.can_save = True
        self.keeps_pictures = True
        self.dark = False
        self.lang = lang
        self.elements: dict[str, FakeElement] = {}
        self.notices: list[str] = []
        self.changes = 0
        self.sounds: list[str] = []
        self.offscreens: list[FakeElement] = []

    def tr(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    def notify(self, text: str) -> None:
        self.notices.append(text)

    def rendered(self) -> None:
        """The app would mirror the turn for face-to-face play."""

    def refresh_records(self) -> None:
        """The app would refresh its move log and analysis box."""

    def play_sound(self, kind: str) -> None:
        self.sounds.append(kind)

    def autosave(self, screen: Any) -> None:
        """As the app: the game into its own save, and the game played last."""
        screen.save_id = save_match(self.storage, screen.match, screen.seats, screen.save_id)
        self.storage.set("last", screen.game_id)

    def after_frame(self, task: Any) -> None:
        """The app would run it once the frame is painted: here at once."""
        task()

    def set_html(self, node: Any, markup: str) -> None:
        node.innerHTML = markup

    def before_paint(self, task: Any) -> None:
        """The app would run it just before the next frame is painted: here at once."""
        task()

    def after_board(self, screen: Any) -> None:
        """The app would refresh the page around a board answering input in a task of its own: here at once."""
        screen.render_page()

    def changed(self) -> None:
        """The app would now let a computer player move, if one is to move."""
        self.changes += 1

    def backdrop(self) -> str:
        """The board area's colour in the light theme (assets/css/app.css's --board)."""
        return BACKDROP

    def offscreen(self, width: int, height: int) -> FakeElement:
        canvas = FakeElement()
        canvas.width, canvas.height = width, height
        self.offscreens.append(canvas)
        return canvas

    def paint(self, ctx: Any, frame: DisplayList) -> None:
        """As the app's, call for call (the app makes them in JavaScript)."""
        frame.replay(ctx)

    def element(self, element_id: str) -> FakeElement:
        return self.elements.setdefault(element_id, FakeElement())
