"""Where to click on the Calavera canvas: the app's own layout, computed from the canvas box."""

from __future__ import annotations

from qipan.games.calavera import GAME
from qipan.games.calavera.ui.view import Layout
from support import settled


def position_text(page) -> str:
    return page.locator("#position-text").text_content().strip()


def layout(page) -> tuple[Layout, dict]:
    box = page.locator("#board").bounding_box()
    players = GAME.parse_position(position_text(page)).players
    return Layout(box["width"], box["height"], players), box


def click_die(page, slot: int) -> None:
    """Click die slot 0..5 on the tray as a player would."""
    lay, box = layout(page)
    x, y = lay.die_xy(slot)
    page.mouse.click(box["x"] + x + lay.die / 2, box["y"] + y + lay.die / 2)
    settled(page)


def click_box(page, player: int, row: int, box_index: int) -> None:
    """Click a box of a player's sheet."""
    lay, box = layout(page)
    x, y = lay.box_xy(player, row, box_index)
    page.mouse.click(box["x"] + x + lay.unit / 2, box["y"] + y + lay.unit / 2)
    settled(page)
