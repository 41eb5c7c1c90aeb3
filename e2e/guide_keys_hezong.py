"""The 合縱連橫 tutorial played by keyboard alone (e2e/test_guide.py)."""

from __future__ import annotations

from support import press


def _loads() -> set[str]:
    """The positions the tutorial (re)loads its screen on: there the keyboard cursor is hidden."""
    from qipan.games.hezong import GAME
    from qipan.games.hezong.guide import TUTORIAL

    texts = [TUTORIAL.position] + [step.position for step in TUTORIAL.steps if step.position]
    return {GAME.position(GAME.parse_position(text)) for text in texts}


def play_by_keys(page, text: str, state: dict) -> None:
    """Place one stone by keys: the first arrow shows the cursor (on the last stone, or f6 on an
    empty board), arrows walk it to the cell, Enter previews and Enter again places."""
    from qipan.games.hezong import GAME
    from qipan.games.hezong.geometry import SIZE, parse_cell
    from qipan.games.hezong.ui.play import start_cursor

    before = page.locator("#position-text").text_content().strip()
    goal = parse_cell(text)
    page.focus("#board")
    cursor = state.get("cursor")
    if cursor is None:
        press(page, "ArrowUp")  # the first arrow only shows the cursor
        cursor = start_cursor(GAME.parse_position(before))
    (row, col), (goal_row, goal_col) = divmod(cursor, SIZE), divmod(goal, SIZE)
    keys = (["ArrowDown"] * (goal_row - row) + ["ArrowUp"] * (row - goal_row)
            + ["ArrowRight"] * (goal_col - col) + ["ArrowLeft"] * (col - goal_col))
    for key in keys:
        press(page, key)
    press(page, "Enter")  # preview the attack
    press(page, "Enter")  # place
    after = page.locator("#position-text").text_content().strip()
    # A step with a fresh position builds a new screen, whose cursor is hidden again.
    state["cursor"] = None if after != before and after in _loads() else goal
