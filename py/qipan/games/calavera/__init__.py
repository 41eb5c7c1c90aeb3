"""Calavera (骷髏骰): six dice, four colour rows, roses and skulls (rules/calavera.md).

Modules: `sheet` (the score-sheet layout as data), `dice` (faces and roll distributions),
`actions`, `rules` (state and legal actions), `invariants` (what a reachable position
satisfies), `notation` (position and action text), `odds` (re-roll probabilities), `game`.
"""

from __future__ import annotations

from qipan.games.calavera.actions import Action
from qipan.games.calavera.game import GAME, Calavera
from qipan.games.calavera.rules import CalaveraState
from typing import TYPE_CHECKING

from qipan.core import GameAI
from qipan.games.calavera import strings
from qipan.games.plugin import GamePlugin

if TYPE_CHECKING:  # the UI sits above the engine; it is imported when first asked for
    from qipan.boardkit.plugin import GameUI

__all__ = ["GAME", "Calavera"]


def _load_ai() -> GameAI[CalaveraState, Action]:
    from qipan.games.calavera.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.calavera.ui import UI
    return UI


PLUGIN = GamePlugin(GAME, strings.STRINGS, _load_ai, _load_ui, one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
