"""Quorsum (骰棋): a 2-player dice race on a 4×4 board of two-sided tiles. Exports `GAME`."""

from __future__ import annotations

from typing import Any

from qipan.core import Game, Rng
from qipan.games.quorsum import notation
from qipan.games.quorsum.rules import (
    COLOUR_MODES,
    DARK,
    LIGHT,
    LOCK_MODES,
    MATCH_TIES,
    OPTION_DEFAULTS,
    PROGRESS_MODES,
    ROLLOFF,
    QuorsumState,
    Rules,
    Termination,
)

PLY_BOUND = 20_000


class Quorsum(Game):
    """The game object of the engine contract (docs/architecture.md)."""

    id = "quorsum"
    names = {"en": "Quorsum", "zh-TW": "骰棋"}
    min_players = 2
    max_players = 2
    variants = notation.VARIANTS
    options = OPTION_DEFAULTS
    option_choices = {"flip_lock": LOCK_MODES, "stalemate_progress": PROGRESS_MODES, "match_tie": MATCH_TIES,
                      "setup_colours": COLOUR_MODES}

    def rules(self, variant: str | None = None, **options: Any) -> Rules:
        """Checked `Rules` for a variant and options (ValueError naming what is wrong)."""
        chosen, full = self.setup(2, variant, options)
        rules = Rules(sprint=chosen == "sprint", **full)
        rules.check()
        return rules

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None,
            **options: Any) -> QuorsumState:
        """§3.1: 16 of the 25 tiles in random order and random sides, drawn from `seed`."""
        if players != 2:
            raise ValueError(f"quorsum is for 2 players, not {players!r}")
        rules = self.rules(variant, **options)
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
        """What `Rules.check` accepts (A13 draw points, §8 match target)."""
        return {"draw_points": (0, 2), "match_target": (0, 99)}

    def parse_position(self, text: str) -> QuorsumState:
        return notation.parse_position(text)

    def position(self, state: QuorsumState) -> str:
        return notation.position_text(state)

    def parse_action(self, state: QuorsumState, text: str) -> Any:
        return notation.parse_action(state, text)

    def action_text(self, state: QuorsumState, action: Any) -> str:
        return notation.action_text(action)

    def max_plies(self, players: int) -> int:
        """A practical bound for one game with the default options.

        No true bound exists: a chain can go on while every die keeps meeting the value, and
        under the default stalemate rule (A10) a pawn may step away and back forever. Random
        play ends far below this (see tests/games/quorsum); a match multiplies it by its games.
        """
        return PLY_BOUND


GAME = Quorsum()

__all__ = ["GAME", "Quorsum", "QuorsumState", "Rules", "Termination"]
