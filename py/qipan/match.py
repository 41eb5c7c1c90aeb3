"""A game in progress: start by id, play checked actions, sample chance, undo/redo, records.

Chance outcomes are drawn from `Rng(mix(seed, ply))`, so the dice of a game are a function of
its seed and the ply: replaying a record needs no generator state, and undo can never re-roll
(it never steps back over a chance outcome).
"""

from __future__ import annotations

import copy

from typing import Any

from qipan import games
from qipan.core import Action, GameRecord, IllegalAction, RecordError, Rng, State, mix

_CHANCE_STREAM = 0x43484E43  # "CHNC": keeps chance draws apart from set-up draws


class Match:
    """One game being played: the state, the actions so far, and the redo list."""

    def __init__(self, game_id: str, players: int, seed: int, variant: str | None, options: dict[str, Any],
                 start: State[Any] | None = None) -> None:
        self.game = games.get(game_id)
        self.variant, self.options = self.game.setup(players, variant, options)
        self.players = players
        self.seed = seed
        self.start_position: str | None = None if start is None else self.game.position(start)
        """The position text a match from a position started at (None: from the game's set-up); its
        record cannot replay it, so only its positions can be shared."""
        self._states: list[State[Any]] = [start if start is not None else self.game.new(players, seed, self.variant, **self.options)]
        self._actions: list[str] = []
        self._chance: list[bool] = []
        self._redo: list[str] = []

    @classmethod
    def new(cls, game_id: str, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> "Match":
        """A new game. Raises `games.UnknownGame` or `ValueError` for a bad set-up."""
        return cls(game_id, players, seed, variant, options)

    @classmethod
    def from_position(cls, game_id: str, text: str, seed: int = 0) -> "Match":
        """A game that starts at a position text, with no actions before it (the editor, embeds
        and tutorials of a position). Its chance outcomes are drawn from `seed` like any match's.
        Raises `games.UnknownGame` or `NotationError`."""
        state = games.get(game_id).parse_position(text)
        match = cls(game_id, state.players, seed, None, {}, start=state)
        match.start_position = text
        return match

    def restart_at(self, state: State[Any]) -> None:
        """Forget every action and go on from `state` (the editor's board as it is edited)."""
        self._states = [state]
        self.start_position = self.game.position(state)
        self._actions.clear()
        self._chance.clear()
        self._redo.clear()

    @classmethod
    def from_record(cls, record: GameRecord | dict[str, Any] | str) -> "Match":
        """Replay a record to the identical state. Raises `RecordError` saying what failed."""
        if not isinstance(record, GameRecord):
            record = GameRecord.from_json(record)
        try:
            match = cls(record.game, record.players, record.seed, record.variant, dict(record.options))
        except ValueError as exc:
            raise RecordError(f"record cannot be set up: {exc}") from None
        for ply, text in enumerate(record.actions):
            try:
                match.play(text)
            except ValueError as exc:
                raise RecordError(f"record breaks at action {ply + 1} ({text!r}): {exc}") from None
        return match

    @property
    def state(self) -> State[Any]:
        return self._states[-1]

    @property
    def actions(self) -> tuple[str, ...]:
        """The texts of the actions played so far."""
        return tuple(self._actions)

    def states(self) -> tuple[State[Any], ...]:
        """Every state from the start to now (ply 0 .. len(actions))."""
        return tuple(self._states)

    def record(self) -> GameRecord:
        return GameRecord(self.game.id, self.players, self.seed, self.variant, dict(self.options), tuple(self._actions))

    def play(self, text: str) -> Action:
        """Play an action given as text (checked). Raises `NotationError` or `IllegalAction`."""
        action: Action = self.game.parse_action(self.state, text)
        self.play_action(action)
        return action

    def play_action(self, action: Action) -> None:
        """Play an action object (checked)."""
        state = self.state
        text = self.game.action_text(state, action)
        self._states.append(state.apply(action))
        self._actions.append(text)
        self._chance.append(state.is_chance())
        self._redo.clear()

    def sample_chance(self) -> str:
        """At a chance node, play the outcome this game's seed draws for this ply; its text."""
        state = self.state
        if not state.is_chance():
            raise IllegalAction("no chance outcome is due: a player is to move")
        rng = Rng(mix(self.seed, _CHANCE_STREAM, len(self._actions)))
        action = rng.sample_outcome(state.chance_outcomes())
        self.play_action(action)
        return self._actions[-1]

    def prefix(self, ply: int) -> "Match":
        """A copy of this match cut after `ply` actions (no replay: a match that started from a
        position text, which no record can replay, is cut the same way)."""
        cut = copy.copy(self)
        cut._states = self._states[:ply + 1]
        cut._actions = self._actions[:ply]
        cut._chance = self._chance[:ply]
        cut._redo = []
        return cut

    def was_chance(self, ply: int) -> bool:
        """Whether action number `ply` (0-based) was a chance outcome."""
        return self._chance[ply]

    def can_undo(self) -> bool:
        """True when the last action was a player's decision (chance outcomes stay as they fell)."""
        return bool(self._actions) and not self._chance[-1]

    def undo(self) -> str:
        """Take back the last decision; returns its text. Raises `IllegalAction` if none can be."""
        if not self.can_undo():
            raise IllegalAction("nothing to undo: the last action was a chance outcome or the game has not started")
        self._states.pop()
        self._chance.pop()
        text = self._actions.pop()
        self._redo.append(text)
        return text

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> str:
        """Play again the last undone decision; returns its text."""
        if not self._redo:
            raise IllegalAction("nothing to redo")
        text = self._redo.pop()
        redo = self._redo
        self._redo = []
        self.play(text)
        self._redo = redo
        return text
