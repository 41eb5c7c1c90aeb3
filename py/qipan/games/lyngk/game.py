"""The LYNGK game object of the engine contract: set-up from a seed, variants, options, notation."""

from __future__ import annotations

from typing import Any

from qipan.core import Game, Rng

from qipan.games.lyngk import notation
from qipan.games.lyngk.board import POINTS
from qipan.games.lyngk.rules import COLOURS, JOKER, OPTION_DEFAULTS, VARIANTS, LyngkState, Move

LyngkState.use_notation(notation.position_text, notation.action_text)

_SET = "".join(colour * 8 for colour in COLOURS) + JOKER * 3
"""§1: 8 pieces of each colour (in the order IBRGK) and the 3 jokers, before the shuffle; the
spare piece of each colour is a marker only."""


class LyngkGame(Game[LyngkState, Move]):
    """LYNGK (彩疊棋), by Kris Burm: two players, 43 points, claim colours, build 5-stacks."""

    id = "lyngk"
    names = {"en": "LYNGK", "zh-TW": "彩疊棋"}
    min_players = 2
    max_players = 2
    variants = VARIANTS
    options = OPTION_DEFAULTS

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> LyngkState:
        """§1: all 43 pieces shuffled over the 43 points with `Rng(seed)`; player 0 starts."""
        chosen, full = self.setup(players, variant, options)
        pieces = list(_SET)
        Rng(seed).shuffle(pieces)
        assert len(pieces) == len(POINTS)
        return LyngkState(tuple(pieces), ("", ""), 0, (0, 0), chosen, **full)

    def parse_position(self, text: str) -> LyngkState:
        return notation.parse_position(text)

    def position(self, state: LyngkState) -> str:
        return notation.position_text(state)

    def parse_action(self, state: LyngkState, text: str) -> Move:
        return notation.parse_action(state, text)

    def action_text(self, state: LyngkState, action: Move) -> str:
        return notation.action_text(state, action)

    def max_plies(self, players: int) -> int:
        """§7 I-1: every move empties a point, so at most 42 moves; a pass is always followed by
        the opponent's move (§9), so at most 42 passes."""
        return 84


GAME = LyngkGame()
