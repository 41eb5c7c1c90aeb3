"""Calavera (骷髏骰): six dice, four colour rows, roses and skulls (rules/calavera.md).

Modules: `sheet` (the score-sheet layout as data), `dice` (faces and roll distributions),
`actions`, `rules` (state and legal actions), `invariants` (what a reachable position
satisfies), `notation` (position and action text), `odds` (re-roll probabilities), `game`.
Importing this package imports no engine: `PLUGIN` is built from the game's facts and strings, and
the engine's names below are imported when first asked for (`engine_names`, docs/startup.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import Game, GameAI
from qipan.games.calavera import strings
from qipan.core.lazy_names import engine_names
from qipan.games.plugin import GamePlugin

__all__ = ["GAME", "Calavera"]

if TYPE_CHECKING:  # the UI and the engine are imported when first asked for
    from qipan.boardkit.plugin import GameUI
    from qipan.games.calavera.actions import Action
    from qipan.games.calavera.game import GAME, Calavera
    from qipan.games.calavera.rules import CalaveraState
else:
    __getattr__ = engine_names(__name__, ("game",), __all__)


def _load_game() -> Game[CalaveraState, Action]:
    from qipan.games.calavera.game import GAME
    return GAME


def _load_ai() -> GameAI[CalaveraState, Action]:
    from qipan.games.calavera.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.calavera.ui import UI
    return UI


PLUGIN = GamePlugin(id="calavera", names={"en": "Calavera", "zh-TW": "骷髏骰"}, min_players=2, max_players=4,
                    strings=strings.STRINGS, load_game=_load_game, load_ai=_load_ai, load_ui=_load_ui, guide=True,
                    one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
