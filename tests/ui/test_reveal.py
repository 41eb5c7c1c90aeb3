"""What is new in the panel is scrolled into view in the panel alone, and never in an embed, where
only the reader's blog post around the frame could scroll (boardkit/screen.py `reveal`)."""

from __future__ import annotations

from typing import Any

from qipan.boardkit.screen import reveal


class Page:
    """A page's root element: its content's height and its window's."""

    def __init__(self, content: int, window: int) -> None:
        self.scrollHeight, self.clientHeight = content, window  # noqa: N815 (DOM names)


class Document:
    def __init__(self, page: Page) -> None:
        self.documentElement = page  # noqa: N815 (DOM name)


class Node:
    """An element in a page, embedded or not: records how it was asked to scroll."""

    def __init__(self, embedded: bool, page: Page | None = None) -> None:
        self.embedded = embedded
        self.ownerDocument = Document(page or Page(900, 900))  # noqa: N815 (DOM name)
        self.scrolls: list[dict[str, Any]] = []

    def closest(self, selector: str) -> "Node | None":
        assert selector == "body.embed"
        return self if self.embedded else None

    def scrollIntoView(self, **options: Any) -> None:  # noqa: N802 (DOM name)
        self.scrolls.append(options)


def test_a_message_in_the_app_scrolls_its_panel_alone_the_shortest_way():
    node = Node(embedded=False)
    reveal(node)
    assert node.scrolls == [{"block": "nearest", "container": "nearest"}]


def test_nothing_in_an_embedded_board_as_tall_as_its_frame_scrolls_the_page_around_it():
    node = Node(embedded=True, page=Page(content=1326, window=1326))  # (the post sized the frame to it)
    reveal(node)
    assert node.scrolls == []


def test_an_embedded_board_in_a_frame_shorter_than_it_scrolls_its_own_page():
    node = Node(embedded=True, page=Page(content=1326, window=640))  # (a frame of a fixed height)
    reveal(node)
    assert node.scrolls == [{"block": "nearest", "container": "nearest"}]
