"""The Calavera tutorial played by keyboard alone (e2e/test_guide.py)."""

from __future__ import annotations

from support import press, press_on

from qipan.games.calavera import GAME
from qipan.games.calavera.dice import FACE_LETTERS, faces_of
from qipan.games.calavera.notation import parse_action


def _state(page):
    return GAME.parse_position(page.locator("#position-text").text_content().strip())


def play_by_keys(page, text: str, state: dict) -> None:
    """Play one action by keys: Roll and Stop by Tab and Enter, dice by arrows and Space on the
    board then R, marking options by arrows and Enter on the board."""
    verb, _, letters = text.partition(" ")
    if verb == "roll":
        press_on(page, '[data-action="roll"]')
    elif verb == "stop":
        press_on(page, '[data-action="stop"]')
    elif verb == "reroll":
        faces = faces_of(_state(page).dice)
        wanted = [FACE_LETTERS.index(letter) for letter in letters]
        slots = []
        for face in wanted:  # one slot per die to re-roll, each slot once
            slots.append(next(s for s, f in enumerate(faces) if f == face and s not in slots))
        page.focus("#board")
        cursor = -1  # the first arrow shows the cursor on die 1
        for slot in sorted(slots):
            for _ in range(slot - cursor):
                press(page, "ArrowRight")
            cursor = slot
            press(page, " ")
        press(page, "r")
    else:  # a marking option: colour X, roses X, freeze X, pass
        current = _state(page)
        index = current.legal_actions().index(parse_action(current, text))
        page.focus("#board")
        for _ in range(index + 1):  # the first arrow puts the cursor on option 1
            press(page, "ArrowRight")
        press(page, "Enter")
