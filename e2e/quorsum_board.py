"""Driving the Quorsum page: where to tap on the canvas (the app's own Layout), which panel button
to press for an engine action, and a CPython mirror of the page's match to assert against."""

from __future__ import annotations

from qipan.games.quorsum import GAME
from qipan.games.quorsum.actions import Allot, Choose, EndTurn, Go, Place, Step, Stop, Try
from qipan.games.quorsum.rules import ROLLOFF
from qipan.match import Match
from qipan.games.quorsum.ui.view import Layout
from support import click, settled


def position_text(page) -> str:
    return page.locator("#position-text").text_content().strip()


def cell_point(page, cell: int) -> tuple[float, float]:
    """The page coordinates of a cell's centre."""
    box = page.locator("#board").bounding_box()
    x, y = Layout(box["width"], box["height"]).centre(cell)
    return box["x"] + x, box["y"] + y


def tap(page, cell: int) -> None:
    page.mouse.click(*cell_point(page, cell))
    settled(page)


def perform(page, action) -> None:
    """Play an engine action through the UI as a player would: taps and panel buttons."""
    if isinstance(action, Allot):
        tap(page, action.cell)
        if action.kind == "flip" and page.locator("#message").text_content().startswith("Move the pawn"):
            tap(page, action.cell)  # a second tap on an own pawn switches to flipping its tile
        click(page, f'.qs-tray [data-action="dice"][data-value="{action.dice}"]')
    elif isinstance(action, (Try, Step)):
        tap(page, action.cell)
    elif isinstance(action, Go):
        click(page, '[data-action="go"]')
    elif isinstance(action, Stop):
        click(page, '[data-action="stop"]')
    elif isinstance(action, EndTurn):
        click(page, '[data-action="end"]')
    elif isinstance(action, Choose):
        click(page, f'[data-action="choose"][data-value="{action.option}"]')
    elif isinstance(action, Place):
        for corner in action.corners:
            tap(page, corner)
    else:
        raise ValueError(f"no UI for {action!r}")


class Mirror:
    """The page's match replayed on CPython: the same seed draws the same dice."""

    def __init__(self, seed: int) -> None:
        self.match = Match.new("quorsum", 2, seed)

    def copy(self) -> "Mirror":
        """An independent mirror at the same point (the record replayed)."""
        twin = Mirror.__new__(Mirror)
        twin.match = Match.from_record(self.match.record())
        return twin

    @property
    def state(self):
        return self.match.state

    def position(self) -> str:
        return GAME.position(self.state)

    def play(self, action) -> None:
        self.match.play_action(action)
        self.settle()

    def roll(self) -> None:
        self.match.sample_chance()
        self.settle()

    def settle(self) -> None:
        """Throw the rolls the screen throws at once (all but the opening roll)."""
        while self.state.is_chance() and self.state.phase != ROLLOFF:
            self.match.sample_chance()

    def undo(self) -> None:
        self.match.undo()
