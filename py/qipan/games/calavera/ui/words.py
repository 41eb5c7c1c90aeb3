"""Calavera actions in words for the move log: the dice as they fell, keeps and re-rolls, the
crosses each player marks, freezes and busts."""

from __future__ import annotations


from qipan.games.calavera.actions import Freeze, Pass, Reroll, Roll, Stop, TakeColour, TakeRoses
from qipan.games.calavera.dice import SKULL, faces_of
from qipan.games.calavera.rules import BUST_SKULLS, CalaveraState, row_value
from qipan.games.calavera.ui.play import mover
from qipan.boardkit.words import Ply, Tr, Words



def actor(state: CalaveraState) -> int:
    """The player a ply belongs to: the roller for a roll, the marker while the others mark."""
    return mover(state)


def turn_owner(state: CalaveraState) -> int:
    """The active player: the others' marks belong to the active player's turn (rules §4.3)."""
    return state.active


def describe(ply: Ply, tr: Tr) -> str:
    """The words of one Calavera action or roll."""
    before: CalaveraState = ply.before
    after: CalaveraState = ply.after
    action = ply.action
    if isinstance(action, Roll):
        words = tr("calavera.log.roll", n=before.rolls + 1, dice=_dice(action.dice, tr))
        skulls = before.skulls + action.dice[SKULL]
        if skulls >= BUST_SKULLS:
            words += tr("log.detail_sep") + tr("calavera.log.bust", skulls=skulls)
        return words
    if isinstance(action, Reroll):
        kept = tuple(have - gone for have, gone in zip(before.dice, action.dice))
        words = tr("calavera.log.reroll", dice=_dice(action.dice, tr))
        return words + (tr("log.detail_sep") + tr("calavera.log.keeps", dice=_dice(kept, tr)) if any(kept) else "")
    if isinstance(action, Stop):
        return tr("calavera.log.stop")
    if isinstance(action, Pass):
        return tr("calavera.log.pass")
    if not isinstance(action, (TakeColour, TakeRoses, Freeze)):
        raise TypeError(f"not a Calavera action: {action!r}")
    player, row = mover(before), action.row
    colour = tr(f"calavera.face.{row}")
    crosses = after.crosses[player][row]
    if isinstance(action, Freeze):
        return tr("calavera.log.freeze", colour=colour, value=row_value(crosses))
    key = "calavera.log.colour" if isinstance(action, TakeColour) else "calavera.log.roses"
    words = tr(key, colour=colour, n=crosses - before.crosses[player][row])
    if after.frozen[player][row] and not before.frozen[player][row]:
        words += tr("log.detail_sep") + tr("calavera.log.frozen", colour=colour, value=row_value(crosses))
    return words


def _dice(counts: tuple[int, ...], tr: Tr) -> str:
    return tr("log.list_sep").join(tr(f"calavera.face.{f}") for f in faces_of(counts))


WORDS = Words(describe=describe, actor=actor, turn_owner=turn_owner, notation_in_sentences=False)
"""What the move log, the hint and the embed's step line say of this game's actions (its notation,
"roses B", "reroll OOGR", is English words: a sentence gives the words alone)."""
