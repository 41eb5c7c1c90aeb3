"""What is new in the panel is scrolled into view in the panel alone, and never in an embed, where
only the reader's blog post around the frame could scroll (boardkit/screen.py `reveal`)."""

from __future__ import annotations

from typing import Any

from qipan.boardkit.screen import reveal


class Node:
    """An element in a page, embedded or not: records how it was asked to scroll."""

    def __init__(self, embedded: bool) -> None:
        self.embedded = embedded
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


def test_nothing_in_an_embedded_board_scrolls_the_page_around_it():
    node = Node(embedded=True)
    reveal(node)
    assert node.scrolls == []


def test_a_node_that_cannot_scroll_is_left_alone():
    reveal(object())  # (no scrollIntoView: a stand-in in a test, or a node already gone)
