"""The Calavera game object: names, player counts, options, set-up and notation."""

from __future__ import annotations

from typing import Any

from qipan.core import Game, Rng
from qipan.games.calavera import notation
from qipan.games.calavera.actions import Action
from qipan.games.calavera.rules import MAX_PLAYERS, MIN_PLAYERS, RULE_CHOICES, CalaveraState, Rules, new_state

CalaveraState.use_notation(notation.position_text, notation.action_text)


class Calavera(Game[CalaveraState, Action]):
    """Calavera (骷髏骰), Klaus-Jürgen Wrede, 2019: dice, a shared score-sheet race, 2-4 players."""

    id = "calavera"
    names = {"en": "Calavera", "zh-TW": "骷髏骰"}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    variants = ("standard",)
    options = {
        **{name: choices[0] for name, choices in RULE_CHOICES.items()},
        "start_player": -1,
    }
    """Every rules-file GUESS as a switch (see docs/notation/calavera.md); `start_player` -1
    draws the start player from the seed (rules §4, A17)."""
    option_choices = {name: choices for name, choices in RULE_CHOICES.items() if isinstance(choices[0], str)}

    def new(self, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> CalaveraState:
        """A new game; the start player is drawn from `seed` unless `start_player` names one."""
        _, full = self.setup(players, variant, options)
        start = full["start_player"]
        if start == -1:
            start = Rng(seed).randbelow(players)
        return new_state(players, start, Rules(*(full[name] for name in Rules._fields)))

    def option_bounds(self, players: int) -> dict[str, tuple[int, int | None]]:
        """What `setup` accepts: -1 (random) or a player."""
        return {"start_player": (-1, players - 1)}

    def parse_position(self, text: str) -> CalaveraState:
        return notation.parse_position(text)

    def position(self, state: CalaveraState) -> str:
        return notation.position_text(state)

    def parse_action(self, state: CalaveraState, text: str) -> Action:
        return notation.parse_action(state, text)

    def action_text(self, state: CalaveraState, action: Action) -> str:
        return notation.action_text(state, action)

    def max_plies(self, players: int) -> int:
        """A safe practical bound. A turn has at most 9 + (players - 1) plies (3 rolls, 2 keep
        decisions, stop, choose, the others' marks), but busts and empty rolls can repeat
        without end (rules §4.4), so no true bound exists; see docs/notation/calavera.md."""
        return 400 * (9 + players)


GAME = Calavera()
