"""合縱連橫 (Hezong Lianheng) on the 4rdp board: `GAME` is the engine's game object.

Helpers for a UI or AI: `HezongState.placement_cells()`, `.attack_targets(cell)`,
`.effective_directions(cell)`, `.tallies()` (live scores), `.score_table()` (final table),
`state.map.regions` / `state.map.shapes` (region of each cell, shape letter per region).

Importing this package imports no engine: `PLUGIN` is built from the game's facts and strings, and
the engine's names below are imported when first asked for (`engine_names`, docs/startup.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from qipan.core import Game, GameAI
from qipan.games.hezong import strings
from qipan.core.lazy_names import engine_names
from qipan.games.plugin import GamePlugin

__all__ = [
    "ALL_DIRECTIONS", "DIRECTION_NAMES", "GAME", "Forfeit", "HezongGame", "HezongMap", "HezongState", "Place",
    "Rules", "ScoreRow", "Tally", "Termination", "build_map", "cell_name", "parse_cell", "random_map",
]

if TYPE_CHECKING:  # the UI and the engine are imported when first asked for
    from qipan.boardkit.plugin import GameUI
    from qipan.games.hezong.game import GAME, HezongGame
    from qipan.games.hezong.geometry import ALL_DIRECTIONS, DIRECTION_NAMES, cell_name, parse_cell
    from qipan.games.hezong.rules import Action, Forfeit, HezongState, Place, Rules, ScoreRow, Tally, Termination
    from qipan.games.hezong.tiling import HezongMap, build_map, random_map
else:
    __getattr__ = engine_names(__name__, ("game", "geometry", "rules", "tiling"), __all__)


def _load_game() -> Game[HezongState, Action]:
    from qipan.games.hezong.game import GAME
    return GAME


def _load_ai() -> GameAI[HezongState, Action]:
    from qipan.games.hezong.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.hezong.ui import UI
    return UI


PLUGIN = GamePlugin(id="hezong", names={"en": "Hezong Lianheng", "zh-TW": "合縱連橫"}, min_players=2, max_players=8,
                    strings=strings.STRINGS, load_game=_load_game, load_ai=_load_ai, load_ui=_load_ui, guide=True,
                    one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
