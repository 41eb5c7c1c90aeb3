"""LYNGK moves in words for the move log: "C7 onto C6 (claims red)" / "C7 疊到 C6(佔領紅色)"."""

from __future__ import annotations


from qipan.games.lyngk import PASS, LyngkState, Move, chain_path
from qipan.games.lyngk.board import label
from qipan.boardkit.words import Ply, Tr, Words



def describe(ply: Ply, tr: Tr) -> str:
    """The words of one LYNGK turn (the claim, the move, its LYNGK points, what it scored)."""
    before: LyngkState = ply.before
    after: LyngkState = ply.after
    move: Move = ply.action
    if move == PASS:
        return tr("lyngk.log.pass")
    mover = before.player
    details = []
    if move.claim:
        details.append(tr("lyngk.log.claims", colour=tr(f"lyngk.colour.{move.claim}")))
    stops = chain_path(before, move)[1:-1]
    if stops:
        details.append(tr("lyngk.log.via", points=tr("log.list_sep").join(label(p) for p in stops)))
    completed = not after.stacks[move.dest]
    gained = after.removed[mover] - before.removed[mover] - (1 if completed else 0)
    if gained > 0:
        details.append(tr("lyngk.log.takes", n=gained))
    if completed:
        details.append(tr("lyngk.log.completes"))
    else:
        details.append(tr("lyngk.log.height", n=len(after.stacks[move.dest])))
    if after.winner == mover:
        details.append(tr("lyngk.log.six"))
    words = tr("lyngk.log.move", origin=label(move.origin), dest=label(move.dest))
    return tr("lyngk.log.details", move=words, details=tr("log.detail_sep").join(details))


WORDS = Words(describe=describe)
"""What the move log, the hint and the embed's step line say of this game's actions."""
