"""Quorsum actions in words for the move log: allocations, the dice as they fell, chain steps,
flips ("rolled 3, 5, 5, 2 for b2 (value 4): 3 met, the pawn moves")."""

from __future__ import annotations


from qipan.core import Rng, mix
from qipan.games.quorsum.actions import (
    FLIP,
    Allot,
    Choose,
    Dice,
    EndTurn,
    Go,
    Lay,
    Place,
    RollOff,
    Step,
    Stop,
    Try,
)
from qipan.games.quorsum.board import CORNERS, cell_name
from qipan.games.quorsum.faces import roll_faces, rolloff_faces
from qipan.games.quorsum.rules import CHAIN, CHOOSING, LAYOUT, PLACING, ROLL, QuorsumState
from qipan.games.quorsum.ui.play import FACES_STREAM
from qipan.games.quorsum.ui.view import PLAYER_FILL
from qipan.boardkit.words import Ply, Tr, Words

PLAYER_COLOURS = PLAYER_FILL


def actor(state: QuorsumState) -> int:
    """The player whose turn a ply belongs to (-1 for the opening roll and a new layout)."""
    return state.player


def in_setup(state: QuorsumState) -> bool:
    """The opening choice and the placement of the pawns (rules §3): set-up, not a turn."""
    return state.phase in (CHOOSING, PLACING)


def opens_game(ply) -> bool:
    """The first tile laid for a later game of a match (the log starts "Game 2" there)."""
    before: QuorsumState = ply.before
    return before.phase == LAYOUT and not any(before.values)


def describe(ply: Ply, tr: Tr) -> str:
    """The words of one Quorsum action or chance outcome."""
    before: QuorsumState = ply.before
    action = ply.action
    sep = tr("log.list_sep")
    faces_rng = Rng(mix(ply.seed, FACES_STREAM, ply.index))  # the faces the board showed for this roll
    if isinstance(action, RollOff):
        throws = sep.join(f"{a}–{b}" for a, b in rolloff_faces(action, faces_rng))
        return tr("quorsum.log.rolloff", throws=throws, n=1 if action.first > action.second else 2)
    if isinstance(action, Lay):
        cell = before.values.index(0)
        return tr("quorsum.log.lay", cell=cell_name(cell), value=action.value,
                  side=tr(f"quorsum.log.side.{action.colour}"))
    if isinstance(action, Choose):
        return tr(f"quorsum.log.choose_{action.option}")
    if isinstance(action, Place):
        others = [c for c in CORNERS if c not in action.corners]
        return tr("quorsum.log.place", cells=sep.join(cell_name(c) for c in action.corners),
                  others=sep.join(cell_name(c) for c in others))
    if isinstance(action, Allot):
        return tr(f"quorsum.log.allot_{action.kind}", dice=_dice(action.dice, tr), cell=cell_name(action.cell))
    if isinstance(action, Go):
        left = before.dice_left()
        return tr("quorsum.log.go_give_up", dice=_dice(left, tr)) if left else tr("quorsum.log.go")
    if isinstance(action, Try):
        values = {"cell": cell_name(action.cell), "dice": _dice(action.dice, tr)}
        if ply.after.phase not in (ROLL, CHAIN):
            return tr("quorsum.log.wasted" if action.kind == FLIP else "quorsum.log.stuck", **values)
        return tr(f"quorsum.log.try_{action.kind}", **values)
    if isinstance(action, Step):
        return tr("quorsum.log.step", cell=cell_name(action.cell), value=before.values[action.cell])
    if isinstance(action, Stop):
        return tr("quorsum.log.stop")
    if isinstance(action, Dice):
        return _roll(before, action, ply.after, faces_rng, tr)
    if isinstance(action, EndTurn):
        return tr("quorsum.log.end")
    raise TypeError(f"not a Quorsum action: {action!r}")


def _roll(before: QuorsumState, outcome: Dice, after: QuorsumState, faces_rng: Rng, tr: Tr) -> str:
    kind, cell, dice = before.roll
    value = before.values[cell]
    faces = tr("log.list_sep").join(str(f) for f in roll_faces(dice, value, outcome, faces_rng))
    where = {"faces": faces, "cell": cell_name(cell), "value": value}
    if kind == FLIP:
        if not outcome.met:
            return tr("quorsum.log.flip_fail", **where)
        return tr("quorsum.log.flip_ok", side=tr(f"quorsum.log.side.{before.colours[cell] ^ 1}"), **where)
    if not outcome.met:
        return tr("quorsum.log.step_fail", **where)
    words = tr("quorsum.log.step_ok", met=outcome.met, **where)
    if after.score != before.score:
        words += tr("log.detail_sep") + tr("quorsum.log.home")
    return words


def _dice(n: int, tr: Tr) -> str:
    return tr("quorsum.log.die") if n == 1 else tr("quorsum.log.dice", n=n)


WORDS = Words(
    describe=describe, actor=actor, in_setup=in_setup, opens_game=opens_game,
    player_colours=PLAYER_COLOURS, notation_in_sentences=False)
"""What the move log, the hint and the embed's step line say of this game's actions."""
