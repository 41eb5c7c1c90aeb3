"""The one sentence a player can quote: who won (or leads) and what the decisions and the dice
gave them, in each language of `qipan.i18n`."""

from __future__ import annotations

from typing import Sequence

from qipan.analysis.result import Analysis
from qipan.i18n import t


def signed(value: float) -> str:
    """A value with its sign and two decimals ("+0.40", "-0.10"; "0.00" for nothing)."""
    text = f"{value:+.2f}"
    return "0.00" if text in ("+0.00", "-0.00") else text


def summary(analysis: Analysis, lang: str, names: Sequence[str] | None = None) -> str:
    """The summary sentence in `lang`; `names`: the players' names (default "Player 1", ...)."""
    leader = analysis.leader()
    if leader is None:
        return t("analysis.summary.draw" if analysis.finished else "analysis.summary.level", lang)
    player = names[leader] if names is not None else t("player.n", lang, n=leader + 1)
    skill, luck = analysis.edges(leader)
    dice = bool(analysis.rolls())
    key = ("analysis.summary.won" if analysis.finished else "analysis.summary.ahead") + ("" if dice else "_no_dice")
    return t(key, lang, player=player, skill=signed(skill), luck=signed(luck))
