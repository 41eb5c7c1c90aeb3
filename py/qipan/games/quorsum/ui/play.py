"""Quorsum input and odds without a browser: what a tap means, what each plan's chances are,
and which dice faces to show for the rolls already made.

A tap on a cell or a dice count becomes an intent: an engine action to play, a new plan (the
player's half-made choice), and/or a message (i18n key, values) saying what to do or why not.
Legality always comes from the engine's legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass
from fractions import Fraction

from qipan.core import Rng, mix
from qipan.games.quorsum import odds
from qipan.games.quorsum.actions import FLIP, MOVE, Allot, Choose, Dice, Place, RollOff, Step, Try
from qipan.games.quorsum.board import CORNERS, NEIGHBOURS, cell_name
from qipan.games.quorsum.faces import roll_faces, rolloff_faces
from qipan.games.quorsum.rules import (
    ALLOCATE,
    CHAIN,
    CHOOSING,
    LAYOUT,
    PLACING,
    RESOLVE,
    ROLL,
    ROLLOFF,
    QuorsumState,
)
from qipan.games.quorsum.ui.match_score import ending_message, ends_game, final_position

if TYPE_CHECKING:  # a match is handed in; the UI never makes one
    from qipan.match import Match

Message = tuple[str, dict[str, object]]
FACES_STREAM = 0x46414345  # "FACE": the display faces of a roll, apart from the chance draws


@dataclass(frozen=True)
class Plan:
    """The player's half-made choice: dice picked in the tray, a target waiting for dice, or
    the corners picked so far for player 1's pawns."""

    dice: int = 0
    target: tuple[str, int] | None = None
    corners: tuple[int, ...] = ()


@dataclass(frozen=True)
class Intent:
    """The answer to a tap: an action to play, the new plan, and/or a message."""

    play: object | None = None
    plan: Plan = Plan()
    message: Message | None = None


# -- odds ---------------------------------------------------------------------------------------


def pct(p: Fraction) -> str:
    """A chance as a short percentage that never rounds a possibility to 0 % or 100 %."""
    value = float(p) * 100
    if p == 1:
        return "100%"
    if p == 0:
        return "0%"
    if value < 1:
        return "<1%"
    if value > 99:
        return ">99%"
    return f"{value:.0f}%"


def pct1(p: Fraction) -> str:
    """A chance with one decimal, for the panel (e.g. '55.6%')."""
    return f"{float(p) * 100:.1f}%"


def flip_odds(state: QuorsumState, cell: int, dice: int, todo: tuple | None = None) -> odds.FlipPlan:
    """§5: what a planned flip of `cell` with `dice` dice will do, given everything planned
    (`todo`, default the state's): its chance if resolved next, why it fails unrolled, and
    whether the order of resolution matters."""
    return odds.flip_plan(state, cell, dice, todo)


def move_reach(state: QuorsumState, cell: int, dice: int) -> dict[int, Fraction]:
    """The chance of reaching each tile this turn, heading home by the likeliest steps."""
    return odds.reach_toward_home(state, cell, dice)


def step_odds(state: QuorsumState) -> dict[int, Fraction]:
    """In a chain: each legal next step with the chance that the dice left carry the pawn there."""
    cell, dice = state.chain
    return {y: odds.success(dice, state.values[y]) for y in state.step_targets(cell)}


# -- taps ---------------------------------------------------------------------------------------


def click(state: QuorsumState, plan: Plan, cell: int) -> Intent:
    """Interpret a tap (or Enter) on `cell`."""
    phase = state.phase
    if phase == ALLOCATE:
        return _click_allocate(state, plan, cell)
    if phase == RESOLVE:
        return _click_resolve(state, cell)
    if phase == CHAIN:
        return _click_chain(state, cell)
    if phase == PLACING:
        return _click_place(state, plan, cell)
    if phase == CHOOSING:
        return Intent(message=("quorsum.err.choose_in_panel", {}))
    if phase == ROLLOFF:
        return Intent(message=("quorsum.err.roll_first", {}))
    return Intent()


def kinds_at(state: QuorsumState, cell: int) -> tuple[str, ...]:
    """The actions one may allot dice to on `cell` now: move (own pawn) first, then flip."""
    legal = state.legal_actions()
    return tuple(kind for kind in (MOVE, FLIP) if Allot(kind, cell, 1) in legal)


def _click_allocate(state: QuorsumState, plan: Plan, cell: int) -> Intent:
    kinds = kinds_at(state, cell)
    if not kinds:
        return Intent(plan=Plan(plan.dice), message=_why_no_allot(state, cell))
    if plan.target is not None and plan.target[1] == cell:
        # Tapping the chosen target again: from moving the pawn to flipping its tile, then off.
        at = kinds.index(plan.target[0]) if plan.target[0] in kinds else len(kinds)
        if at + 1 >= len(kinds):
            return Intent(plan=Plan(plan.dice), message=("quorsum.msg.alloc", {"left": state.dice_left()}))
        kind = kinds[at + 1]
    else:
        kind = kinds[0]
    if plan.dice:
        return allot(state, Plan(plan.dice, (kind, cell)), plan.dice)
    return Intent(plan=Plan(0, (kind, cell)), message=target_message(state, kind, cell))


def target_message(state: QuorsumState, kind: str, cell: int) -> Message:
    if kind == MOVE:
        return ("quorsum.msg.target_move", {"cell": cell_name(cell)})
    return ("quorsum.msg.target_flip", {"cell": cell_name(cell), "value": state.values[cell]})


def allot(state: QuorsumState, plan: Plan, dice: int) -> Intent:
    """A dice count chosen in the tray (or by a digit key): allot it, or remember it."""
    left = state.dice_left()
    if not 1 <= dice <= left:
        return Intent(plan=plan, message=("quorsum.err.too_many", {"left": left}))
    if plan.target is None:
        if plan.dice == dice:
            return Intent(message=("quorsum.msg.alloc", {"left": left}))
        return Intent(plan=Plan(dice), message=("quorsum.msg.dice_picked", {"n": dice}))
    kind, cell = plan.target
    action = Allot(kind, cell, dice)
    if action not in state.legal_actions():
        return Intent(plan=Plan(), message=_why_no_allot(state, cell))
    return Intent(play=action)


def _why_no_allot(state: QuorsumState, cell: int) -> Message:
    where = {"cell": cell_name(cell)}
    me = state.player
    owner = state.occupant(cell)
    if owner == me:
        pawn = state.pawn_at(cell)
        if state.rules.freeze_home and pawn[0] == pawn[1]:
            return ("quorsum.err.frozen", where)
        return ("quorsum.err.taken", where)
    if state.rules.sprint:
        return ("quorsum.err.sprint", {})
    if owner >= 0:
        return ("quorsum.err.opponent_tile", where)
    if state.locks[cell] >= 0:
        return ("quorsum.err.locked", {**where, "n": state.locks[cell] + 1})
    return ("quorsum.err.taken", where)


def _click_resolve(state: QuorsumState, cell: int) -> Intent:
    tries = [a for a in state.legal_actions() if isinstance(a, Try) and a.cell == cell]
    if not tries:
        return Intent(message=("quorsum.err.no_action", {"cell": cell_name(cell)}))
    moves = [a for a in tries if a.kind == MOVE]
    return Intent(play=(moves or tries)[0])


def _click_chain(state: QuorsumState, cell: int) -> Intent:
    origin = state.chain[0]
    if Step(cell) in state.legal_actions():
        return Intent(play=Step(cell))
    where = {"origin": cell_name(origin), "cell": cell_name(cell)}
    if cell == origin:
        return Intent(message=("quorsum.msg.chain", {"cell": cell_name(origin), "n": state.chain[1]}))
    if cell not in NEIGHBOURS[origin]:
        return Intent(message=("quorsum.err.step_far", where))
    if state.occupant(cell) >= 0:
        return Intent(message=("quorsum.err.step_occupied", where))
    return Intent(message=("quorsum.err.step_colour", where))


def _click_place(state: QuorsumState, plan: Plan, cell: int) -> Intent:
    if cell not in CORNERS:
        return Intent(plan=plan, message=("quorsum.err.not_corner", {"cell": cell_name(cell)}))
    if cell in plan.corners:
        corners = tuple(c for c in plan.corners if c != cell)
    else:
        corners = tuple(sorted(plan.corners + (cell,)))
    if len(corners) == 2:
        return Intent(play=Place(corners))
    return Intent(plan=Plan(corners=corners),
                  message=("quorsum.msg.place_one", {"cell": cell_name(corners[0])}) if corners
                  else ("quorsum.msg.place", {}))


# -- rolls already made -------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """One roll of the game as shown: who rolled, for what, and the faces."""

    ply: int
    player: int
    kind: str          # MOVE (a step) or FLIP
    cell: int          # the tile stepped to or flipped
    value: int
    faces: tuple[int, ...]
    met: int


def faces_rng(match: Match, ply: int) -> Rng:
    """The generator for the display faces of the chance outcome at `ply` (stable on redraw)."""
    return Rng(mix(match.seed, FACES_STREAM, ply))


def recent_rolls(match: Match) -> tuple[Roll, ...]:
    """The rolls of the current turn, or else of the last turn that rolled, oldest first."""
    states, actions = match.states(), match.actions
    found: list[Roll] = []
    starts = 0
    for ply in range(len(actions) - 1, -1, -1):
        state = states[ply]
        if state.phase == ROLL:
            kind, cell, dice = state.roll
            outcome = match.game.parse_action(state, actions[ply])
            faces = roll_faces(dice, state.values[cell], outcome, faces_rng(match, ply))
            found.append(Roll(ply, state.player, kind, cell, state.values[cell], faces, outcome.met))
        elif state.phase == ALLOCATE and not state.todo:
            starts += 1
            if found or starts > 2:
                break
        elif state.phase in (PLACING, CHOOSING, ROLLOFF, LAYOUT):
            break  # (LAYOUT: the rolls before it were the previous game's)
    return tuple(reversed(found))


def rolloff_throws(match: Match) -> tuple[tuple[int, int], ...]:
    """The opening roll as thrown (any tied throws first), or () if it was not made this game."""
    states, actions = match.states(), match.actions
    for ply in range(len(actions) - 1, -1, -1):
        if states[ply].phase == ROLLOFF:
            outcome = match.game.parse_action(states[ply], actions[ply])
            return rolloff_faces(outcome, faces_rng(match, ply))
        if states[ply].phase == LAYOUT:
            break  # a later game of a match: its opening choice alternates, no roll (§8)
    return ()


def outcome_message(before: QuorsumState, action: object, after: QuorsumState) -> Message | None:
    """What a chance outcome or a roll-free resolution did, in words (the end of the game, when
    the action ended it)."""
    if ends_game(before, after):
        return ending_message(final_position(before, action), before)
    if isinstance(action, Dice):
        kind, cell, dice = before.roll
        where = {"cell": cell_name(cell), "value": before.values[cell], "met": action.met, "n": dice}
        if kind == FLIP:
            return ("quorsum.msg.flip_ok" if action.met else "quorsum.msg.flip_fail", where)
        return ("quorsum.msg.step_ok" if action.met else "quorsum.msg.step_fail", where)
    if isinstance(action, Try) and after.phase != ROLL and after.phase != CHAIN:
        key = "quorsum.msg.flip_wasted" if action.kind == FLIP else "quorsum.msg.move_stuck"
        return (key, {"cell": cell_name(action.cell), "n": action.dice})
    if isinstance(action, RollOff):
        return ("quorsum.msg.rolloff", {"a": action.first, "b": action.second,
                                        "n": 1 if action.first > action.second else 2})
    if isinstance(action, Choose):
        return ("quorsum.msg.chose_" + action.option, {"n": before.player + 1})
    return None
