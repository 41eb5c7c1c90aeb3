"""The Quorsum tutorial played by keyboard alone (e2e/test_guide.py)."""

from __future__ import annotations

from support import press, press_on


def _go_to(page, cell: int) -> None:
    """Put the board's cursor on `cell`: down and left to a1 first (the cursor stops at the edges,
    and the first arrow only shows it), then up and right."""
    for _ in range(4):
        press(page, "ArrowDown")
    for _ in range(3):
        press(page, "ArrowLeft")
    rank, file = divmod(cell, 4)
    for _ in range(rank):
        press(page, "ArrowUp")
    for _ in range(file):
        press(page, "ArrowRight")


def play_by_keys(page, text: str, state: dict) -> None:
    """Play one action by keys: tiles by arrows and Enter, dice counts by digits, s stop, e end,
    r roll; the opening choice and placement buttons by Tab and Enter."""
    from qipan.games.quorsum.board import CELL_OF

    words = text.split()
    page.focus("#board")
    if words[0] in ("move", "flip"):           # allot: select the pawn or tile, then the dice
        cell = CELL_OF[words[1]]
        _go_to(page, cell)
        press(page, "Enter")
        if words[0] == "flip" and page.locator("#message").text_content().startswith("Move the pawn"):
            press(page, "Enter")       # a second Enter on an own pawn: flip its tile instead
        press(page, words[2][1:])
    elif words[0] == "try" and words[1] == "flip" and \
            page.locator(f'[data-action="try"][data-value^="move:{CELL_OF[words[2]]}:"]').count():
        # a flip under one of your own pawns that also moves: Enter there would move it; use the panel
        press_on(page, f'[data-action="try"][data-value="flip:{CELL_OF[words[2]]}:{words[3][1:]}"]')
    elif words[0] in ("try", "step"):          # resolve an action, or a chain's next step: its tile
        _go_to(page, CELL_OF[words[-2] if words[0] == "try" else words[1]])
        press(page, "Enter")
    elif words[0] in ("stop", "end", "roll"):
        press(page, words[0][0])
    elif words[0] == "choose":
        press_on(page, f'[data-action="choose"][data-value="{words[1]}"]')
    elif words[0] == "place":
        for name in words[1].split(","):
            _go_to(page, CELL_OF[name])
            press(page, "Enter")
    else:
        raise ValueError(f"no keys for {text!r}")
