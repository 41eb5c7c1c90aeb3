"""Helpers for the LYNGK tests: sparse positions by label, destinations by label."""

from __future__ import annotations

from qipan.games.lyngk import GAME, LyngkState
from qipan.games.lyngk.board import LABELS, label, parse_point


def board(stacks: dict[str, str], claims: tuple[str, str] = ("", ""), to_move: int = 1,
          removed: tuple[int, int] = (0, 0), variant: str = "standard", extras: str = "") -> LyngkState:
    """A position built from {per-column label: stack}, parsed from its text (players are 1 and 2)."""
    cells = [stacks.get(name, ".") for name in LABELS]
    assert set(stacks) <= set(LABELS), f"unknown labels {set(stacks) - set(LABELS)}"
    text = " ".join(["/".join(cells), "/".join(c or "-" for c in claims), str(to_move),
                     f"{removed[0]}/{removed[1]}", variant] + ([extras] if extras else []))
    return GAME.parse_position(text)


def dests(state: LyngkState, origin: str, claim: str = "") -> set[str]:
    """The destinations of the legal moves from `origin` with the given claim ("" for none)."""
    o = parse_point(origin)
    return {label(a.dest) for a in state.legal_actions() if a.origin == o and a.claim == claim}


def texts(state: LyngkState) -> set[str]:
    """The texts of every legal action."""
    return {GAME.action_text(state, a) for a in state.legal_actions()}


def play(state: LyngkState, *actions: str) -> LyngkState:
    """Play action texts (checked)."""
    for text in actions:
        state = state.apply(GAME.parse_action(state, text))
    return state


def at(state: LyngkState, point: str) -> str:
    """The stack on a point."""
    return state.stacks[parse_point(point)]
