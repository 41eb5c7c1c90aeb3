"""合縱連橫 (Hezong Lianheng) on the 4rdp board: `GAME` is the engine's game object.

Helpers for a UI or AI: `HezongState.placement_cells()`, `.attack_targets(cell)`,
`.effective_directions(cell)`, `.tallies()` (live scores), `.score_table()` (final table),
`state.map.regions` / `state.map.shapes` (region of each cell, shape letter per region).
"""

from __future__ import annotations

from qipan.games.hezong.game import GAME, HezongGame
from qipan.games.hezong.geometry import ALL_DIRECTIONS, DIRECTION_NAMES, cell_name, parse_cell
from qipan.games.hezong.rules import Action, Forfeit, HezongState, Place, Rules, ScoreRow, Tally, Termination
from qipan.games.hezong.tiling import HezongMap, build_map, random_map
from typing import TYPE_CHECKING

from qipan.core import GameAI
from qipan.games.hezong import strings
from qipan.games.plugin import GamePlugin

if TYPE_CHECKING:  # the UI sits above the engine; it is imported when first asked for
    from qipan.boardkit.plugin import GameUI

__all__ = [
    "ALL_DIRECTIONS", "DIRECTION_NAMES", "GAME", "Forfeit", "HezongGame", "HezongMap", "HezongState", "Place",
    "Rules", "ScoreRow", "Tally", "Termination", "build_map", "cell_name", "parse_cell", "random_map",
]


def _load_ai() -> GameAI[HezongState, Action]:
    from qipan.games.hezong.ai import AI
    return AI


def _load_ui() -> GameUI:
    from qipan.games.hezong.ui import UI
    return UI


PLUGIN = GamePlugin(GAME, strings.STRINGS, _load_ai, _load_ui, one=strings.ONE)
"""This game, as the registry (`qipan.games`) knows it."""
