"""合縱連橫 input without a browser: what a click (or Enter) on a cell means in a given state.

A first click on a legal cell selects it and previews the attack (the stones it would remove);
a second click on the same cell places the stone. Illegal cells are refused with the reason.
Messages are (i18n key, values) pairs.
"""

from __future__ import annotations

from dataclasses import dataclass

from qipan.games.hezong import HezongState, Place, cell_name

Message = tuple[str, dict[str, object]]


@dataclass(frozen=True)
class Intent:
    """The answer to a click: a placement to play, or the new selection with a message."""

    play: Place | None = None
    selected: int | None = None
    message: Message | None = None
    error: bool = False


def click(state: HezongState, selected: int | None, cell: int) -> Intent:
    """Interpret a click (or Enter) on `cell` while `selected` is the previewed cell (or None)."""
    if state.is_terminal():
        return Intent()
    if cell in state.placement_cells():
        if cell == selected:
            options = fire_options(state, cell)
            if len(options) == 1:
                return Intent(play=options[0])
            return Intent(selected=cell, message=("hezong.choose_attacks", {"cell": cell_name(cell)}))
        return Intent(selected=cell, message=preview_message(state, cell, selected=True))
    return Intent(selected=selected, message=why_not(state, cell), error=True)


def fire_options(state: HezongState, cell: int) -> tuple[Place, ...]:
    """The legal placements on `cell`: one with automatic attacks; with the "choose" house
    rule, one per set of attacks the mover may fire (no attack included)."""
    return tuple(a for a in state.legal_actions() if isinstance(a, Place) and a.cell == cell)


def preview_message(state: HezongState, cell: int, selected: bool) -> Message:
    """What placing on `cell` would do; for a selected cell also how to confirm."""
    targets = state.attack_targets(cell)
    key = f"hezong.{'sel' if selected else 'at'}_{'attack' if targets else 'quiet'}"
    return (key, {"cell": cell_name(cell), "n": len(targets), "cells": tuple(cell_name(t) for t in targets)})


def why_not(state: HezongState, cell: int) -> Message:
    """Why `cell` cannot take the mover's stone."""
    name = cell_name(cell)
    stone = state.stones[cell]
    if stone >= 0:
        return ("hezong.err.taken", {"cell": name, "n": stone + 1})
    if stone < -1:
        return ("hezong.err.closed", {"cell": name})
    return ("hezong.err.off_line", {"cell": name, "last": cell_name(state.last)})


def removed_by(before: HezongState, after: HezongState) -> tuple[tuple[int, int], ...]:
    """The (cell, player) stones an action removed: on the board before, gone after."""
    return tuple((cell, stone) for cell, stone in enumerate(before.stones)
                 if stone >= 0 and after.stones[cell] != stone)


def start_cursor(state: HezongState) -> int:
    """Where the keyboard cursor appears: on the last stone (its row and column are the legal
    range), or the middle of the board before the first stone."""
    return state.last if state.last >= 0 else 5 * 12 + 5
