"""What a game hands the position editor: its click tools, form fields and refusals in words
(`EditorTools`), and the shared types they are made of. Pure: the editor (app/editor.py) draws and
binds them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from qipan.core import State

Text = tuple[str, dict[str, Any]]
"""A string of the table and its values; a value that is itself a Text is translated too."""
Translate = Callable[..., str]
MOVE = "move"
"""The tool that picks a piece up with one click and puts it down with the next (modules with
`holds(state, point)` and `move(state, origin, dest)`). A module with more such tools lists
them in `TWO_CLICK`; they get the tool too: `holds(state, point, tool)`, `move(..., tool)`, and
its `HOLDING` maps a tool to the legality line's text while it holds a point.

A module whose points are not board points of the notation (Calavera's sheet boxes) places them
itself: `spot(state, width, height, point)` gives a point's centre and radius on the canvas and
`draw_marks(ctx, state, width, height, points, dark)` draws the cursor and the held point."""


@dataclass(frozen=True)
class Tool:
    """A palette button: what a click on the board does."""

    key: str
    label: Text
    mark: str = ""
    fill: str = ""
    ink: str = ""


@dataclass(frozen=True)
class Choice:
    """One value of a form field, labelled by one or more texts (joined by " + ")."""

    value: str
    label: tuple[Text, ...]


@dataclass(frozen=True)
class Field:
    """A form field for what the board does not show (side to move, claims, scores...)."""

    name: str
    label: Text
    choices: tuple[Choice, ...]
    value: str


class Refused(ValueError):
    """An edit that cannot be made, with a message of the string table."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


Reason = tuple[str, str]
"""An engine refusal put in words: a regular expression that finds the engine's message and the
key of the string table that says it (the expression's named groups are the key's values)."""


def reworded(error: ValueError, reasons: tuple[Reason, ...], **convert: Callable[[str], Any]) -> Refused:
    """The engine's refusal of an edit (its NotationError) as a Refused of the string table: the
    key of the first reason that finds the message, `convert` turning named groups into values
    (e.g. a player number into a Text). A message no reason knows keeps its English words after
    a translated sentence (`editor.err.rule`)."""
    text = str(error)
    for pattern, key in reasons:
        found = re.search(pattern, text)
        if found:
            return Refused(key, **{name: convert.get(name, str)(value) for name, value in found.groupdict().items()})
    return Refused("editor.err.rule", reason=text)


def _as_it_is(state: State) -> State:
    return state


@dataclass(frozen=True)
class EditorTools:
    """A game's click tools. `apply(state, tool, point)` uses a one-click tool on a point;
    `set_field(state, name, value)` changes what `fields(state)` shows; a refusal of the engine
    (its NotationError) is put in words by `refusal`. The rest is for games that need it."""

    tools: Callable[[Any], tuple[Tool, ...]]
    points: Callable[[Any], tuple[str, ...]]
    """Every point a click or the keyboard cursor can reach, in the game's notation."""
    apply: Callable[[Any, str, str], Any]
    fields: Callable[[Any], tuple[Field, ...]]
    set_field: Callable[[Any, str, str], Any]
    refusal: Callable[[ValueError], Refused]
    prepare: Callable[[Any], Any] = _as_it_is
    """The position as the editor starts from it (e.g. dice that start the game already rolled)."""
    empty: Callable[[Any], Any] | None = None
    """The empty board, for games that offer "Clear the board"."""
    empty_start: bool = False
    """The chooser offers to start from the empty board."""
    holds: Callable[..., bool] | None = None
    """For MOVE and `two_click` tools: whether the first click picks something up."""
    move: Callable[..., Any] | None = None
    """For MOVE and `two_click` tools: the second click puts it down."""
    two_click: tuple[str, ...] = ()
    holding: Mapping[str, str] = field(default_factory=dict)
    """A two-click tool -> the key of the legality line's text while it holds a point."""
    spot: Callable[[Any, float, float, str], tuple[float, float, float] | None] | None = None
    """Where a point is, for games whose points are not board points of the notation."""
    draw_marks: Callable[..., None] | None = None
    """Draws the cursor and the held point, for the same games."""
