"""Calavera (骷髏骰): six dice, four colour rows, roses and skulls (rules/calavera.md).

Modules: `sheet` (the score-sheet layout as data), `dice` (faces and roll distributions),
`actions`, `rules` (state and legal actions), `invariants` (what a reachable position
satisfies), `notation` (position and action text), `odds` (re-roll probabilities), `game`.
"""

from qipan.games.calavera.game import GAME, Calavera

__all__ = ["GAME", "Calavera"]
