"""Where to click on the 合縱連橫 canvas: the app's own layout, computed from the canvas box."""

from __future__ import annotations

from qipan.games.hezong import GAME, HezongState
from qipan.games.hezong.ui.view import Layout
from support import settled


def position_text(page) -> str:
    return page.locator("#position-text").text_content().strip()


def state_of(page) -> HezongState:
    """The engine's state for the position the page shows."""
    return GAME.parse_position(position_text(page))


def layout_of(page) -> Layout:
    box = page.locator("#board").bounding_box()
    return Layout(box["width"], box["height"])


def click_cell(page, cell: int) -> None:
    """Click the centre of a cell as a player would."""
    box = page.locator("#board").bounding_box()
    x, y = Layout(box["width"], box["height"]).centre(cell)
    page.mouse.click(box["x"] + x, box["y"] + y)
    settled(page)


def place(page, cell: int) -> None:
    """Place a stone: the first click previews, the second confirms."""
    click_cell(page, cell)
    click_cell(page, cell)
