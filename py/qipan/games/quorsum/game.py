"""The Quorsum game object of the engine contract: set-up, options, notation."""

from __future__ import annotations

from typing import Any

from qipan.core import Game, Rng
from qipan.games.quorsum import notation
from qipan.games.quorsum.actions import Action
from qipan.games.quorsum.rules import (
    DARK,
    LIGHT,
    OPTION_BOUNDS,
    OPTION_CHOICES,
    OPTION_DEFAULTS,
    ROLLOFF,
    QuorsumState,
    Rules,
)

PLY_BOUND = 20_000

QuorsumState.use_notation(notation.position_text, notation.action_text)


class Quorsum(Game[QuorsumState, Action]):
    """The game object of the engine contract (docs/architecture.md)."""

    id = "quorsum"
    names = {"en": "Quorsum", "zh-TW": "骰棋"}
    min_players = 2
    max_players = 2
    variants = notation.VARIANTS
    options = OPTION_DEFAULTS
    option_choices = OPTION_CHOICES

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None,
            **options: Any) -> QuorsumState:
        """§3.1: 16 of the 25 tiles in random order and random sides, drawn from `seed`."""
        chosen, full = self.setup(players, variant, options)
        rules = Rules(sprint=chosen == "sprint", **full)
        rng = Rng(seed)
        tiles = [v for v in (2, 3, 4, 5, 6) for _ in range(5)]
        rng.shuffle(tiles)
        if rules.sprint:
            colours = [DARK] * 16
        elif rules.setup_colours == "balanced":
            colours = [DARK] * 8 + [LIGHT] * 8
            rng.shuffle(colours)
        else:
            colours = [rng.randbelow(2) for _ in range(16)]
        return QuorsumState(rules, tuple(tiles[:16]), tuple(colours), (-1,) * 16, (), ROLLOFF, -1)

    def option_bounds(self, players: int) -> dict[str, tuple[int, int | None]]:
        """A13 draw points, §8 match target."""
        return dict(OPTION_BOUNDS)

    def parse_position(self, text: str) -> QuorsumState:
        return notation.parse_position(text)

    def position(self, state: QuorsumState) -> str:
        return notation.position_text(state)

    def parse_action(self, state: QuorsumState, text: str) -> Action:
        return notation.parse_action(state, text)

    def action_text(self, state: QuorsumState, action: Action) -> str:
        return notation.action_text(state, action)

    def max_plies(self, players: int) -> int:
        """A practical bound for one game with the default options.

        No true bound exists: a chain can go on while every die keeps meeting the value, and
        under the default stalemate rule (A10) a pawn may step away and back forever. Random
        play ends far below this (see tests/games/quorsum); a match multiplies it by its games.
        """
        return PLY_BOUND


GAME = Quorsum()
