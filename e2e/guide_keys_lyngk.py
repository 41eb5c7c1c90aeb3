"""The LYNGK tutorial played by keyboard alone (e2e/test_guide.py)."""

from __future__ import annotations

from support import arrow_keys, press, press_on


def play_by_keys(page, text: str, state: dict) -> None:
    """Play one action by keys: claim buttons by Tab and Enter, points by arrows and Enter."""
    from qipan.games.lyngk.board import parse_point
    from qipan.games.lyngk.ui.view import ARROWS, Layout

    claim, _, move = text.rpartition(" ")
    if claim:
        press_on(page, f'[data-action="claim"][data-value="{claim[1:]}"]')
    box = page.locator("#board").bounding_box()
    layout = Layout(box["width"], box["height"])
    origin, dest = (parse_point(p) for p in move.split("-"))
    page.focus("#board")
    cursor = state.get("cursor")
    if cursor is None:
        press(page, "ArrowUp")  # the first arrow shows the cursor on E4
        cursor = parse_point("E4")
    for goal in (origin, dest):
        for key in arrow_keys(layout.neighbour_in_direction, ARROWS, cursor, goal):
            press(page, key)
        press(page, "Enter")
        cursor = goal
    state["cursor"] = cursor
