"""What is new in the panel is scrolled into view in the panel alone, and in an embed within the
frame's own page alone, never the reader's blog post around it (boardkit/screen.py `reveal`)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, strategies as st

from qipan.boardkit.screen import reveal


class Window:
    """A frame's window: its height, and how far it was asked to scroll its own page."""

    def __init__(self, height: float) -> None:
        self.innerHeight = height  # noqa: N815 (DOM name)
        self.scrolled: list[float] = []

    def scrollBy(self, x: float, y: float) -> None:  # noqa: N802 (DOM name)
        assert x == 0
        self.scrolled.append(y)


class Box:
    def __init__(self, top: float, bottom: float) -> None:
        self.top, self.bottom = top, bottom


class Document:
    def __init__(self, window: Window) -> None:
        self.defaultView = window  # noqa: N815 (DOM name)


class Node:
    """An element in a page, embedded or not, at `top`..`bottom` of its window: records how it was
    asked to scroll."""

    def __init__(self, embedded: bool, top: float = 0, bottom: float = 40, window: float = 900) -> None:
        self.embedded, self.box = embedded, Box(top, bottom)
        self.ownerDocument = Document(Window(window))  # noqa: N815 (DOM name)
        self.scrolls: list[dict[str, Any]] = []

    def closest(self, selector: str) -> "Node | None":
        assert selector == "body.embed"
        return self if self.embedded else None

    def getBoundingClientRect(self) -> Box:  # noqa: N802 (DOM name)
        return self.box

    def scrollIntoView(self, **options: Any) -> None:  # noqa: N802 (DOM name)
        self.scrolls.append(options)


def test_a_message_in_the_app_scrolls_its_panel_alone_the_shortest_way():
    node = Node(embedded=False)
    reveal(node)
    assert node.scrolls == [{"block": "nearest", "container": "nearest"}]


def test_an_embedded_board_never_scrolls_the_page_around_its_frame():
    node = Node(embedded=True, top=1200, bottom=1240, window=1326)  # (the post sized the frame to it)
    reveal(node)
    assert node.scrolls == [] and node.ownerDocument.defaultView.scrolled == []


def test_an_embedded_board_in_a_frame_shorter_than_it_scrolls_its_own_page_to_the_message():
    node = Node(embedded=True, top=1200, bottom=1240, window=640)  # (a frame of a fixed height)
    reveal(node)
    assert node.scrolls == [] and node.ownerDocument.defaultView.scrolled == [600]


@given(top=st.floats(-2000, 2000), height=st.floats(0, 1500), window=st.floats(100, 2000))
def test_in_a_frame_the_node_ends_in_view_or_at_the_top(top, height, window):
    """After the frame's page scrolled, the node is wholly in the window, or starts at its top
    when it is taller than the window; nothing scrolls when it was in view."""
    node = Node(embedded=True, top=top, bottom=top + height, window=window)
    reveal(node)
    moved = sum(node.ownerDocument.defaultView.scrolled)
    after_top, after_bottom = top - moved, top + height - moved
    if 0 <= top and top + height <= window:
        assert moved == 0
    elif height <= window:
        assert -1e-6 <= after_top and after_bottom <= window + 1e-6
    else:
        assert after_top <= 1e-6
