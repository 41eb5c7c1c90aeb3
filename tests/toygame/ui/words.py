"""Dice Race actions in words for the move log: "rolls 4, 6 this turn" / "擲出 4，本回合 6 點"."""

from __future__ import annotations

from qipan.boardkit.words import Ply, Tr, Words
from qipan.core import State

from toygame.rules import BANK, BUST, ROLL
from toygame.ui.view import COLOURS


def describe(ply: Ply, tr: Tr) -> str:
    """The words of one roll or decision."""
    before, after, action = ply.before, ply.after, ply.action
    if action == ROLL:
        return tr("race.log.again")
    if action == BANK:
        return tr("race.log.bank", n=before.total, cell=after.cells[before.player])
    if action == BUST:
        return tr("race.log.bust", n=before.total) if before.total else tr("race.log.one")
    if after.goal in after.cells:
        return tr("race.log.goal", face=action)
    return tr("race.log.roll", face=action, n=after.total)


def turn_player(state: State) -> int:
    """A roll belongs to the player whose turn it is, like the decisions."""
    return state.player


WORDS = Words(describe=describe, actor=turn_player, player_colours=COLOURS)
"""What the move log, the hint and the embed's step line say of this game's actions."""
