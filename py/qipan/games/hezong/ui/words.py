"""合縱連橫 actions in words for the move log: where the stone went and which stones it removed."""

from __future__ import annotations

from collections import Counter

from qipan.games.hezong import DIRECTION_NAMES, Forfeit, HezongState, Place, cell_name
from qipan.games.hezong.ui.play import removed_by
from qipan.games.hezong.ui.view import STONE_FILL
from qipan.boardkit.words import Ply, Tr, Words

PLAYER_COLOURS = STONE_FILL


def describe(ply: Ply, tr: Tr) -> str:
    """The words of one placement (with the stones its attacks removed) or a forfeit."""
    before: HezongState = ply.before
    action = ply.action
    if isinstance(action, Forfeit):
        return tr("hezong.log.forfeit")
    if not isinstance(action, Place):
        raise TypeError(f"not a 合縱連橫 action: {action!r}")
    parts = [tr("hezong.log.place", cell=cell_name(action.cell))]
    if before.rules.attack == "choose":
        names = [name for bit, name in enumerate(DIRECTION_NAMES) if action.fire >> bit & 1]
        parts.append(tr("hezong.log.fires", directions=" ".join(names)) if names else tr("hezong.log.holds_fire"))
    gone = removed_by(before, ply.after)
    if gone:
        lost = Counter(player for _, player in gone)
        owners = tr("log.list_sep").join(tr("player.n", n=player + 1) + (f" ×{lost[player]}" if lost[player] > 1 else "")
                                         for player in sorted(lost))
        key = "hezong.log.removes_one" if len(gone) == 1 else "hezong.log.removes"
        parts.append(tr(key, n=len(gone), owners=owners))
    return tr("log.detail_sep").join(parts)


WORDS = Words(describe=describe, player_colours=PLAYER_COLOURS)
"""What the move log, the hint and the embed's step line say of this game's actions."""
