"""The Gype game object: names, options, set-up and the notation entry points."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from qipan.core import Game, Rng, mix
from qipan.games.gype import notation
from qipan.games.gype.rules import Action, GypeState, Rules

_FIRST_PLAYER_STREAM = 0x47595045  # "GYPE": the first-player draw, apart from other streams
SEATINGS_OF_THREE = ("SWN", "SEN")
_NEW_ONLY = {
    "three_player_seats": "SWN",   # §2 GUESS: 3 players sit S, W, N ("SEN": S, E, N)
    "first_player": -1,            # §2: the first player; -1 draws one from the seed
}
"""The options `new` uses and `Rules` does not hold."""

GypeState.use_notation(notation.position_text, notation.action_text)


def _options() -> dict[str, Any]:
    """The `Rules` switches with their defaults, and `_NEW_ONLY` listed before the stall valve
    (the order the house-rules dialog shows)."""
    options: dict[str, Any] = {}
    for switch in fields(Rules):
        if switch.name == "stall_rounds":
            options.update(_NEW_ONLY)
        if switch.name != "seats":
            options[switch.name] = switch.default
    return options


class GypeGame(Game[GypeState, Action]):
    """Uncle Chestnut's Table Gype for 2-4 players (rules/gype.md)."""

    id = "gype"
    names = {"en": "Uncle Chestnut's Table Gype", "zh-TW": "栗子叔叔的 Table Gype"}
    min_players = 2
    max_players = 4
    variants = ("standard",)
    options = _options()
    option_choices = {"three_player_seats": SEATINGS_OF_THREE, "stall_result": ("draw", "rank")}

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> GypeState:
        """The set-up phase of a new game (§3); the first player is drawn from `seed` unless given."""
        _, opts = self.setup(players, variant, options)
        first = opts["first_player"]
        if first < 0:
            first = Rng(mix(seed, _FIRST_PLAYER_STREAM)).randbelow(players)
        seats = {2: "SN", 3: "SWN" if opts["three_player_seats"] == "SWN" else "SNE", 4: "SWNE"}[players]
        rule_opts = {k: v for k, v in opts.items() if k not in _NEW_ONLY}
        return GypeState(Rules(seats=seats, **rule_opts), (-1,) * 100, first, setup=True)

    def option_bounds(self, players: int) -> dict[str, tuple[int, int | None]]:
        """What `setup` accepts: -1 (drawn) or a player; any stall limit from 0 (off) up."""
        return {"first_player": (-1, players - 1), "stall_rounds": (0, None)}

    def parse_position(self, text: str) -> GypeState:
        return notation.parse_position(text)

    def position(self, state: GypeState) -> str:
        return notation.position_text(state)

    def parse_action(self, state: GypeState, text: str) -> Action:
        return notation.parse_action(state, text)

    def action_text(self, state: GypeState, action: Action) -> str:
        return notation.action_text(state, action)

    def max_plies(self, players: int) -> int:
        """A true bound for the default options (stall_rounds=30).

        A piece that ends a move in its goal row never moves again, so at most 8n turns enter a
        goal row; between two entries at most 30n turns pass before the stall valve ends the
        game; a turn is one decision plus at most 8n - 1 rolls. Set-up takes 2n plies.
        """
        turns: int = (8 * players + 1) * self.options["stall_rounds"] * players
        return 2 * players + turns * 8 * players


GAME = GypeGame()

__all__ = ["GAME", "GypeGame"]
