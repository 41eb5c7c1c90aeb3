"""Table Gype actions in words for the move log: set-up rows, re-rolls, steps, jump chains,
Hat paths and the faces the dice rolled."""

from __future__ import annotations


from qipan.games.gype.board import cell_name
from qipan.games.gype.rules import Arrange, Dealt, GypeState, Jump, Leap, Roll, Rolled, Step
from qipan.games.gype.ui.view import PLAYER_FILL
from qipan.boardkit.words import Ply, Tr, Words

PLAYER_COLOURS = PLAYER_FILL


def actor(state: GypeState) -> int:
    """The player whose turn a ply belongs to (their own rolls included)."""
    return state.current


def secret(state: GypeState) -> bool:
    """While the set-up goes on, the rows already arranged stay hidden (rules §3)."""
    return state.setup


def in_setup(state: GypeState) -> bool:
    """Arranging the start rows (rules §3): set-up, not a turn of the race."""
    return state.setup


def hidden(ply) -> bool:
    """An arrangement made while the set-up still goes on: its words and its notation both
    wait until every row is arranged."""
    return isinstance(ply.action, Arrange) and secret(ply.final)


def start_row(faces: tuple[int, ...], tr: Tr) -> str:
    """The words of a start row's faces, left to right ("start row: Book, Swords, …")."""
    return tr("gype.log.arrange", faces=tr("log.list_sep").join(tr(f"gype.face.{f}") for f in faces))


def describe(ply: Ply, tr: Tr) -> str:
    """The words of one Gype action or die roll."""
    before: GypeState = ply.before
    action = ply.action
    sep = tr("log.list_sep")

    def face(f: int) -> str:
        return tr(f"gype.face.{f}")

    if isinstance(action, Arrange):
        return tr("gype.log.arranged") if hidden(ply) else start_row(action.faces, tr)
    if isinstance(action, Dealt):
        return tr("gype.log.dealt", faces=sep.join(face(f) for f in action.faces))
    if isinstance(action, Roll):
        return tr("gype.log.roll", face=face(before.board[action.cell] % 6), cell=cell_name(action.cell))
    if isinstance(action, Rolled):
        return tr("gype.log.rolled", cell=cell_name(action.cell), face=face(action.face))
    mover = face(before.board[action.frm] % 6)
    if isinstance(action, Step):
        words = tr("gype.log.step", face=mover, frm=cell_name(action.frm), to=cell_name(action.to))
    elif isinstance(action, Jump) and len(action.landings) == 1:
        words = tr("gype.log.jump", face=mover, frm=cell_name(action.frm), to=cell_name(action.landings[0]))
    elif isinstance(action, Jump):
        words = tr("gype.log.chain", face=mover, frm=cell_name(action.frm),
                   cells=sep.join(cell_name(c) for c in action.landings))
    elif isinstance(action, Leap):
        words = tr("gype.log.leap", frm=cell_name(action.frm), to=cell_name(action.to),
                   path=tr(f"gype.log.path.{action.path}"))
    else:
        raise TypeError(f"not a Gype action: {action!r}")
    rolled = before.rolled_cells(action)
    if rolled:
        words += tr("log.detail_sep") + tr("gype.log.rerolls", cells=sep.join(cell_name(c) for c in rolled))
    return words


WORDS = Words(
    describe=describe, actor=actor, secret=secret, in_setup=in_setup, hidden=hidden,
    player_colours=PLAYER_COLOURS)
"""What the move log, the hint and the embed's step line say of this game's actions."""
