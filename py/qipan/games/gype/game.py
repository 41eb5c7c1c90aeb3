"""The Gype game object: names, options, set-up and the notation entry points."""

from __future__ import annotations

from typing import Any

from qipan.core import Game, Rng, mix
from qipan.games.gype.notation import action_text, parse_action_text, parse_position_text, position_text
from qipan.games.gype.rules import Action, GypeState, Rules

_FIRST_PLAYER_STREAM = 0x47595045  # "GYPE": the first-player draw, apart from other streams


class GypeGame(Game):
    """Uncle Chestnut's Table Gype for 2-4 players (rules/gype.md)."""

    id = "gype"
    names = {"en": "Uncle Chestnut's Table Gype", "zh-TW": "栗子叔叔的 Table Gype"}
    min_players = 2
    max_players = 4
    variants = ("standard",)
    options = {
        "no_roll_on_jumps": False,     # §10 V0: jumped pieces are not rolled
        "no_roll_on_hat": True,        # §10 V0 GUESS: V0 also stops the Hat path's rolls
        "random_start": False,         # §10 V1: roll the 8 dice, then arrange them as rolled
        "reroll_start_ears": True,     # §10 V1 sub-switch: Ears are re-rolled before arranging
        "utter_chaos": False,          # §10 V2: no landing in the far half while any piece is home
        "chaos_every_landing": True,   # §10 V2 GUESS: every landing of a chain, not just the last
        "chain_rejump": True,          # §6 GUESS: a chain may jump a piece it already jumped
        "chain_leaves_goal": True,     # §8 GUESS: a chain may leave the goal row again
        "three_player_seats": "SWN",   # §2 GUESS: 3 players sit S, W, N ("SEN": S, E, N)
        "first_player": -1,            # §2: the first player; -1 draws one from the seed
        "stall_rounds": 30,            # §9 house rule: rounds without a goal-row entry; 0 = off
        "stall_result": "draw",        # §9 house rule: "draw" or "rank" (most pieces home win)
        "full_goal_win": False,        # §9 alternative: win with a full goal row holding one of yours
    }
    option_choices = {"three_player_seats": ("SWN", "SEN"), "stall_result": ("draw", "rank")}

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> GypeState:
        """The set-up phase of a new game (§3); the first player is drawn from `seed` unless given."""
        _, opts = self.setup(players, variant, options)
        if opts["three_player_seats"] not in ("SWN", "SEN"):
            raise ValueError(f"three_player_seats is 'SWN' or 'SEN', not {opts['three_player_seats']!r}")
        if opts["stall_result"] not in ("draw", "rank"):
            raise ValueError(f"stall_result is 'draw' or 'rank', not {opts['stall_result']!r}")
        if opts["stall_rounds"] < 0:
            raise ValueError("stall_rounds must be 0 (off) or positive")
        first = opts["first_player"]
        if not -1 <= first < players:
            raise ValueError(f"first_player must be -1 (drawn) or a player 0..{players - 1}, not {first}")
        if first < 0:
            first = Rng(mix(seed, _FIRST_PLAYER_STREAM)).randbelow(players)
        seats = {2: "SN", 3: "SWN" if opts["three_player_seats"] == "SWN" else "SNE", 4: "SWNE"}[players]
        rule_opts = {k: v for k, v in opts.items() if k not in ("three_player_seats", "first_player")}
        return GypeState(Rules(seats=seats, **rule_opts), (-1,) * 100, first, setup=True)

    def option_bounds(self, players: int) -> dict[str, tuple[int, int | None]]:
        """What `new` accepts: -1 (drawn) or a player; any stall limit from 0 (off) up."""
        return {"first_player": (-1, players - 1), "stall_rounds": (0, None)}

    def parse_position(self, text: str) -> GypeState:
        return parse_position_text(text)

    def position(self, state: GypeState) -> str:
        return position_text(state)

    def parse_action(self, state: GypeState, text: str) -> Action:
        return parse_action_text(state, text)

    def action_text(self, state: GypeState, action: Action) -> str:
        return action_text(action)

    def max_plies(self, players: int) -> int:
        """A true bound for the default options (stall_rounds=30).

        A piece that ends a move in its goal row never moves again, so at most 8n turns enter a
        goal row; between two entries at most 30n turns pass before the stall valve ends the
        game; a turn is one decision plus at most 8n - 1 rolls. Set-up takes 2n plies.
        """
        turns = (8 * players + 1) * self.options["stall_rounds"] * players
        return 2 * players + turns * 8 * players


GAME = GypeGame()

__all__ = ["GAME", "GypeGame"]
