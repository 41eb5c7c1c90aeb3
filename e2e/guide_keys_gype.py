"""The Table Gype tutorial played by keyboard alone (e2e/test_guide.py)."""

from __future__ import annotations

from support import arrow_keys, press, press_on


def play_by_keys(page, text: str, state: dict) -> None:
    """Play one action by keys: the board's cursor by arrows and Enter (South at the bottom),
    R to re-roll, a digit to choose between numbered paths, the Confirm button by Tab and Enter.

    `state` keeps the cursor and the step count: a step with a fresh position shows a new screen,
    whose cursor starts again at the centre.
    """
    from qipan.games.gype import GAME, Jump, Leap
    from qipan.games.gype.board import parse_cell
    from qipan.games.gype.guide import TUTORIAL
    from qipan.games.gype.ui import play as gype_play
    from qipan.games.gype.ui.view import ARROWS, Layout

    steps = TUTORIAL.steps
    n = state.get("n", 0)
    if n == 0 or (n < len(steps) and steps[n].position):
        state["cursor"] = None
    state["n"] = n + 1
    layout = Layout(1, 1, "S")
    page.focus("#board")

    def go(goal: int) -> None:
        cursor = state.get("cursor")
        if cursor is None:
            press(page, "ArrowUp")  # the first arrow only shows the cursor, on e4
            cursor = 44
        for key in arrow_keys(layout.neighbour, ARROWS, cursor, goal):
            press(page, key)
        press(page, "Enter")
        state["cursor"] = goal

    if text.startswith("arrange "):
        # Swap the staged row (the standard faces) into the scripted order, then confirm.
        from qipan.games.gype.board import ROW_CELLS
        from qipan.games.gype.rules import FACE_LETTERS, START_FACES
        faces = [FACE_LETTERS[f] for f in START_FACES]
        target = text.split()[1]
        cells = ROW_CELLS["S"]
        for i, want in enumerate(target):
            if faces[i] != want:
                j = next(k for k in range(i + 1, 8) if faces[k] == want and target[k] != want)
                go(cells[i])
                go(cells[j])
                faces[i], faces[j] = faces[j], faces[i]
        press_on(page, '[data-action="arrange"]')
        return
    if text.startswith("roll "):
        go(parse_cell(text.split()[1]))
        press(page, "r")
        return
    position = GAME.parse_position(page.locator("#position-text").text_content().strip())
    action = GAME.parse_action(position, text)
    dest = action.landings[-1] if isinstance(action, Jump) else action.to
    go(action.frm)
    go(dest)
    options = gype_play.choices(position, action.frm, dest)
    if len(options) > 1:
        rolled = set(position.rolled_cells(action))
        index = next(i for i, (move, cells) in enumerate(options)
                     if (move.path == action.path if isinstance(action, Leap) else set(cells) == rolled))
        press(page, str(index + 1))
