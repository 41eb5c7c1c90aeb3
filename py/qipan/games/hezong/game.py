"""The 合縱連橫 game object: names, options, set-up from a seed, and the notation entry points."""

from __future__ import annotations

from typing import Any

from qipan.core import Game, Rng
from qipan.games.hezong.geometry import CELLS
from qipan.games.hezong import notation
from qipan.games.hezong.rules import (
    ATTACK_MODES,
    ATTACK_RAYS,
    BLOCKED_LINE,
    EMPTY,
    FINAL_TIES,
    STONES_EACH,
    Action,
    HezongState,
    Rules,
)
from qipan.games.hezong.tiling import random_map

HezongState.use_notation(notation.position_text, notation.action_text)


class HezongGame(Game[HezongState, Action]):
    """合縱連橫 on the 4rdp board, 2-8 players (rules §1)."""

    id = "hezong"
    names = {"en": "Hezong Lianheng", "zh-TW": "合縱連橫"}
    min_players = 2
    max_players = 8
    variants = ("standard",)
    options = {
        "start_player": -1,                  # H12: -1 = drawn from the seed, else that player starts
        "attack_ray": "through_partner",     # K1 / H5: through_partner | from_new | both
        "attack": "automatic",               # K2 / H6: automatic | choose
        "blocked_line": "anywhere",          # P2 / H3: anywhere | forfeit
        "reuse_removed_cells": True,         # K4 / H9
        "final_tie": "shared",               # H10: shared | none
    }
    option_choices = {
        "attack_ray": ATTACK_RAYS,
        "attack": ATTACK_MODES,
        "blocked_line": BLOCKED_LINE,
        "final_tie": FINAL_TIES,
    }

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> HezongState:
        """A new game: the map and (unless `start_player` is set) the start player drawn from `seed`."""
        _, full = self.setup(players, variant, options)
        rng = Rng(seed)
        hmap, _ = random_map(rng)
        start = rng.randbelow(players) if full["start_player"] < 0 else full["start_player"]
        rules = Rules(full["attack_ray"], full["attack"], full["blocked_line"],
                      full["reuse_removed_cells"], full["final_tie"])
        each = STONES_EACH[players]
        return HezongState(hmap, (EMPTY,) * CELLS, start, (each,) * players, (0,) * players, -1, rules)

    def option_bounds(self, players: int) -> dict[str, tuple[int, int | None]]:
        """What `setup` accepts: -1 (drawn) or a player."""
        return {"start_player": (-1, players - 1)}

    def parse_position(self, text: str) -> HezongState:
        return notation.parse_position(text)

    def position(self, state: HezongState) -> str:
        return notation.position_text(state)

    def parse_action(self, state: HezongState, text: str) -> Action:
        return notation.parse_action(state, text)

    def action_text(self, state: HezongState, action: Action) -> str:
        return notation.action_text(state, action)

    def max_plies(self, players: int) -> int:
        """Exact: one action per stone, players × stones each (rules §3)."""
        return players * STONES_EACH[players]


GAME = HezongGame()
