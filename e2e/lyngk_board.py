"""Where to click on the LYNGK canvas: the app's own layout, computed from the canvas box."""

from __future__ import annotations

from qipan.games.lyngk import GAME
from qipan.games.lyngk.board import parse_point
from qipan.games.lyngk.ui.view import Layout
from support import click, settled


def position_text(page) -> str:
    return page.locator("#position-text").text_content().strip()


def click_point(page, label: str) -> None:
    """Click the top piece on a point (or the empty point) as a player would."""
    box = page.locator("#board").bounding_box()
    state = GAME.parse_position(position_text(page))
    point = parse_point(label)
    x, y = Layout(box["width"], box["height"]).top_px(point, len(state.stacks[point]))
    page.mouse.click(box["x"] + x, box["y"] + y)
    settled(page)


def play_move(page, text: str) -> None:
    """Play an action given in notation by clicking: the claim button, the origin, the target."""
    if text == "pass":
        click(page, '[data-action="pass"]')
        return
    claim, _, move = text.rpartition(" ")
    if claim:
        click(page, f'[data-action="claim"][data-value="{claim[1:]}"]')
    origin, dest = move.split("-")
    click_point(page, origin)
    click_point(page, dest)
