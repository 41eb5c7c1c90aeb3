"""The protocol every game follows (docs/architecture.md, "The engine contract").

A `Game` is a stateless description (names, player counts, variants, options, notation).
A `State` is an immutable, hashable value: whose turn it is, the legal actions in a fixed
order, the exact chance outcomes at a chance node, and `apply` that returns the next state.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Hashable, Mapping, Self, TypeVar

from qipan.core.errors import IllegalAction, NotationError

if TYPE_CHECKING:  # (annotations only: a game without chance never imports fractions, docs/startup.md)
    from fractions import Fraction

CHANCE = -1
"""`State.to_move` at a chance node: the next action is drawn, not chosen."""
TERMINAL = -4
"""`State.to_move` once the game is over."""

Action = Hashable
"""What any game's actions are to game-independent code: hashable values."""

A = TypeVar("A", bound=Hashable)
"""A game's action type (`State[A]`, `Game[S, A]`): its union of action classes."""
S = TypeVar("S", bound="State[Any]")
"""A game's state type (`Game[S, A]`)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    `winners` is empty for a draw and holds several players for a shared win. `scores` are the
    per-player points the game counts; `tiebreak` holds per-player vectors compared after the
    scores (what a player needs to see to understand a close result).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    termination: enum.Enum
    tiebreak: tuple[tuple[int, ...], ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners


class State(ABC, Generic[A]):
    """One position of a game. Immutable: `apply` returns a new state. `A` is the game's action type.

    Every game writes its state the same way: a frozen, slotted dataclass (equality and hash by
    content) whose legal actions are cached, on first use, in a field left out of init,
    comparison, hashing and repr (`_legal`; LYNGK's `_solved` also holds whose turn it is).
    """

    __slots__ = ()

    _notation: ClassVar[tuple[Callable[[Any], str], Callable[[Any, Any], str]] | None] = None
    """The game's position and action writers, set by `use_notation` (None: use repr)."""

    @classmethod
    def use_notation(cls, position_text: Callable[[Any], str],
                     action_text: Callable[[Any, Any], str]) -> None:
        """Let `illegal` name positions and actions in the game's own text.

        A game's game.py calls it, so that rules.py need not import its notation module.
        """
        cls._notation = (position_text, action_text)

    @property
    @abstractmethod
    def players(self) -> int:
        """How many players the game has."""

    @property
    @abstractmethod
    def to_move(self) -> int:
        """A player index (0-based), `CHANCE` or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action (at a chance node: every outcome), in a deterministic order."""

    def chance_outcomes(self) -> tuple[tuple[A, Fraction], ...]:
        """At a chance node, the outcomes with exact probabilities summing to 1."""
        raise IllegalAction(f"not a chance node: player {self.to_move} is to move")

    @abstractmethod
    def apply_unchecked(self, action: A) -> Self:
        """The next state, trusting that `action` is legal (for search)."""

    def apply(self, action: A) -> Self:
        """The next state. Raises `IllegalAction` (this state is unchanged) if not legal."""
        if action not in self.legal_actions():
            raise self.illegal(action)
        return self.apply_unchecked(action)

    def illegal(self, action: object) -> IllegalAction:
        """The error for `action` not being legal here: it names the action and the position."""
        notation = type(self)._notation
        if notation is None:
            return IllegalAction(f"{action!r} is not legal in {self!r}")
        position_text, action_text = notation
        try:
            name = action_text(self, action)
        except (ValueError, LookupError, AttributeError, TypeError):  # not an action of this game
            name = repr(action)
        return IllegalAction(f"{name} is not legal in {position_text(self)}")

    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def is_chance(self) -> bool:
        return self.to_move == CHANCE

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once terminal, else None."""


class Game(ABC, Generic[S, A]):
    """A game's static description and notation. Subclasses set the class attributes; `S` is the
    game's state type, `A` its action type."""

    id: str
    names: Mapping[str, str]
    """The game's title by language: {"en": ..., "zh-TW": ...}."""
    min_players: int = 2
    max_players: int = 2
    variants: tuple[str, ...] = ("standard",)
    """Variant names; the first is the default."""
    options: Mapping[str, Any] = {}
    """House-rule switches and their defaults (bool, int or str)."""
    option_choices: Mapping[str, tuple[Any, ...]] = {}
    """For every text option, the values it accepts (so a UI can offer them); `setup` checks them."""

    @abstractmethod
    def new(self, players: int = 2, seed: int = 0, variant: str | None = None, **options: Any) -> S:
        """The start of a game; random set-up is drawn from `seed`."""

    @abstractmethod
    def parse_position(self, text: str) -> S:
        """Parse position text. Raises `NotationError` for bad or impossible positions."""

    @abstractmethod
    def position(self, state: S) -> str:
        """The position text of `state` (its normal form)."""

    @abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """Parse an action. `NotationError` if malformed, `IllegalAction` if not legal here."""

    @abstractmethod
    def action_text(self, state: S, action: A) -> str:
        """The text of `action`, played in `state`."""

    def option_bounds(self, players: int) -> dict[str, tuple[int, int | None]]:
        """For every int option, the lowest and highest value `new` accepts with `players` players
        (None: no highest), so a UI can offer just those; `setup` checks them."""
        return {}

    def max_plies(self, players: int) -> int:
        """An upper bound on the number of actions (chance outcomes included) in a game."""
        return 10_000

    def setup(self, players: int, variant: str | None, options: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        """Check a set-up; returns the variant and the full options (defaults filled in).

        Raises `ValueError` naming what is wrong: a player count out of range, an unknown
        variant or option, an option value of the wrong type, a text option not among its
        `option_choices` or an int option outside its `option_bounds`.
        """
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id} is for {self.min_players}-{self.max_players} players, not {players!r}")
        chosen = self.variants[0] if variant is None else variant
        if chosen not in self.variants:
            raise ValueError(f"{self.id} has no variant {variant!r} (known: {', '.join(self.variants)})")
        full = dict(self.options)
        for key, value in options.items():
            if key not in self.options:
                raise ValueError(f"{self.id} has no option {key!r} (known: {', '.join(self.options) or 'none'})")
            default = self.options[key]
            if type(value) is not type(default):
                raise ValueError(f"option {key!r} takes a {type(default).__name__}, not {value!r}")
            full[key] = value
        for key, allowed in self.option_choices.items():
            if full[key] not in allowed:
                raise ValueError(f"option {key!r} must be one of {', '.join(map(str, allowed))}, "
                                 f"not {full[key]!r}")
        for key, (low, high) in self.option_bounds(players).items():
            if full[key] < low or (high is not None and full[key] > high):
                span = f"{low}..{high}" if high is not None else f"{low} or more"
                raise ValueError(f"option {key!r} must be {span}, not {full[key]!r}")
        return chosen, full

    def find_action(self, state: S, text: str) -> A:
        """The legal action whose text is `text` (after stripping), else `IllegalAction`."""
        wanted = text.strip()
        actions: tuple[A, ...] = state.legal_actions()
        for action in actions:
            if self.action_text(state, action) == wanted:
                return action
        raise IllegalAction(f"{wanted!r} is not legal in {self.position(state)}")


def require(condition: bool, message: str) -> None:
    """Raise `NotationError(message)` unless `condition` holds (for parsers)."""
    if not condition:
        raise NotationError(message)
