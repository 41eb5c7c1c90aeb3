"""The Dice Race game object of the engine contract: set-up, options, notation."""

from __future__ import annotations

from typing import Any

from qipan.core import Action, Game

from toygame import notation
from toygame.rules import GOAL_RANGE, OPTION_DEFAULTS, ROUNDS_RANGE, Phase, RaceState

RaceState.use_notation(notation.position_text, notation.action_text)


class RaceGame(Game):
    """Dice Race (骰子賽跑): 2-4 runners, roll or bank, first to the goal."""

    id = "race"
    names = {"en": "Dice Race", "zh-TW": "骰子賽跑"}
    min_players, max_players = notation.PLAYERS
    options = OPTION_DEFAULTS

    def option_bounds(self, players: int) -> dict[str, tuple[int, int | None]]:
        return {"goal": GOAL_RANGE, "rounds": ROUNDS_RANGE}

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> RaceState:
        """§1: every runner on cell 0, player 1 to roll (the seed draws nothing)."""
        _, full = self.setup(players, variant, options)
        return RaceState((0,) * players, 0, Phase.ROLL, 0, **full)

    def parse_position(self, text: str) -> RaceState:
        return notation.parse_position(text)

    def position(self, state: RaceState) -> str:
        return notation.position_text(state)

    def parse_action(self, state: RaceState, text: str) -> Action:
        return notation.parse_action(state, text)

    def action_text(self, state: RaceState, action: Action) -> str:
        return notation.action_text(state, action)

    def max_plies(self, players: int) -> int:
        """Every turn (§5) is at most r scoring rolls, each followed by a decision, then one last
        roll; a scoring roll adds 2 or more and the total stays below the goal, so r < goal / 2."""
        scoring = (GOAL_RANGE[1] - 1) // 2
        return ROUNDS_RANGE[1] * players * (2 * scoring + 1)


GAME = RaceGame()
