"""LYNGK input handling without a browser: what a click on a point means in a given state.

The view reports clicks on points; this module asks the engine's legal actions (the view
holds no rules) and answers with an intent: select a stack, play a move, or a message saying
why not. Messages are (i18n key, values) pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from qipan.games.lyngk import PASS, LyngkState, Move
from qipan.games.lyngk.board import label

Message = tuple[str, dict[str, object]]


@dataclass
class Selection:
    """The player's choices this turn before the move: a colour to claim and a stack."""

    claim: str = ""
    origin: int | None = None


@dataclass(frozen=True)
class Intent:
    """The answer to a click: a move to play, a new selection, and/or a message."""

    play: Move | None = None
    selection: Selection = field(default_factory=Selection)
    message: Message | None = None


def targets(state: LyngkState, claim: str, origin: int) -> frozenset[int]:
    """Destinations of the stack on `origin` if the player claims `claim` ("" for none)."""
    return frozenset(m.dest for m in state.legal_actions() if m.origin == origin and m.claim == claim)


def movable(state: LyngkState, claim: str) -> frozenset[int]:
    """Origins that have a legal move with this claim choice."""
    return frozenset(m.origin for m in state.legal_actions() if m.claim == claim and m != PASS)


def must_pass(state: LyngkState) -> bool:
    return state.legal_actions() == (PASS,)


def must_claim(state: LyngkState) -> bool:
    """§9 forced claim: moves exist, but none without a claim."""
    actions = state.legal_actions()
    return bool(actions) and actions != (PASS,) and all(m.claim for m in actions)


def click(state: LyngkState, selection: Selection, point: int) -> Intent:
    """Interpret a click (or Enter) on `point`."""
    claim, origin = selection.claim, selection.origin
    if origin is not None:
        if point == origin:
            return Intent(selection=Selection(claim), message=("lyngk.pick_stack", {}))
        if point in targets(state, claim, origin):
            return Intent(play=Move(claim, origin, point))
        if point not in movable(state, claim):
            if any(m.origin == origin and m.dest == point for m in state.legal_actions()):
                return Intent(selection=selection, message=("lyngk.err.needs_claim", {}))
            return Intent(selection=selection,
                          message=("lyngk.err.not_target", {"origin": label(origin), "point": label(point)}))
    if point in movable(state, claim):
        n = len(targets(state, claim, point))
        return Intent(selection=Selection(claim, point),
                      message=("lyngk.pick_target", {"point": label(point), "n": n}))
    return Intent(selection=Selection(claim), message=_why_not_origin(state, point))


def _why_not_origin(state: LyngkState, point: int) -> Message:
    stack = state.stacks[point]
    where = {"point": label(point)}
    if not stack:
        return ("lyngk.err.empty", where)
    if stack == "J":
        return ("lyngk.err.joker", {})
    if stack[-1] in state.claims[1 - state.player]:
        return ("lyngk.err.foreign", where)
    if any(m.origin == point for m in state.legal_actions()):
        return ("lyngk.err.needs_claim", {})
    return ("lyngk.err.stuck", where)
