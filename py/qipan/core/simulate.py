"""The generic random-simulation checker, run by the tests over every game and player count.

It plays seeded random games and checks the contract at every step: legal actions are
deterministic and non-empty, chance probabilities are positive and sum to 1, `apply` never
raises on a legal action and never changes the state it was called on, position text
round-trips to an equal state, every action text round-trips, an illegal action raises
`IllegalAction`, and the game ends within `max_plies` with a sane outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from qipan.core.errors import IllegalAction
from qipan.core.protocol import CHANCE, TERMINAL, Game, State
from qipan.core.rng import Rng


class ContractViolation(AssertionError):
    """The engine broke the contract; the message names the position and the check."""


@dataclass(frozen=True)
class Playthrough:
    """What one random game did: its action texts and final state."""

    actions: tuple[str, ...]
    final: State[Any]


AnyGame = Game[Any, Any]
"""Any game: the checker reads every game through the contract alone."""


def _check(condition: bool, game: AnyGame, state: State[Any], message: str) -> None:
    if not condition:
        raise ContractViolation(f"{game.id}: {message}\n  at position: {game.position(state)}")


class _NotAnAction:
    """A value no game accepts as an action."""

    def __repr__(self) -> str:
        return "<not an action>"


def check_state(game: AnyGame, state: State[Any]) -> None:
    """Check every contract property of one state (not its successors)."""
    actions = state.legal_actions()
    _check(actions == state.legal_actions(), game, state, "legal_actions() is not deterministic")
    _check(len(set(actions)) == len(actions), game, state, "legal_actions() has duplicates")
    position = game.position(state)
    again = game.parse_position(position)
    _check(again == state, game, state, "parse_position(position(s)) != s")
    _check(hash(again) == hash(state), game, state, "equal states hash differently")
    _check(game.position(again) == position, game, state, "position text is not a fixed point")
    _check(again.legal_actions() == actions, game, state, "a re-parsed state has other legal actions")
    if state.to_move == TERMINAL:
        _check(not actions, game, state, "a terminal state has legal actions")
        outcome = state.outcome()
        _check(outcome is not None, game, state, "a terminal state has no outcome")
        return
    _check(state.outcome() is None, game, state, "a non-terminal state has an outcome")
    _check(bool(actions), game, state, "a non-terminal state has no legal action")
    if state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        _check(tuple(a for a, _ in outcomes) == actions, game, state,
               "chance_outcomes() does not list legal_actions() in order")
        _check(all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), game, state,
               "a chance probability is not a positive Fraction")
        _check(sum(p for _, p in outcomes) == 1, game, state, "chance probabilities do not sum to 1")
    for action in actions:
        text = game.action_text(state, action)
        _check(game.parse_action(state, text) == action, game, state, f"action text {text!r} does not round-trip")
    try:
        state.apply(cast(Any, _NotAnAction()))  # deliberately not an action of the game
    except IllegalAction:
        pass
    else:
        _check(False, game, state, "apply() accepted something that is not an action")
    _check(game.position(state) == position, game, state, "a refused action changed the state")


def random_playthrough(game: AnyGame, players: int, seed: int, variant: str | None = None,
                       check: bool = True, **options: Any) -> Playthrough:
    """Play one seeded random game, checking every state when `check` is set."""
    rng = Rng(seed)
    state = game.new(players, seed, variant, **options)
    texts: list[str] = []
    bound = game.max_plies(players)
    while True:
        if check:
            check_state(game, state)
        if state.is_terminal():
            break
        _check(len(texts) < bound, game, state, f"the game did not end within {bound} plies")
        if state.is_chance():
            action = rng.sample_outcome(state.chance_outcomes())
        else:
            action = rng.choice(state.legal_actions())
        before = game.position(state)
        texts.append(game.action_text(state, action))
        following = state.apply(action)
        _check(game.position(state) == before, game, state, "apply() changed the state it was called on")
        state = following
    outcome = state.outcome()
    assert outcome is not None
    _check(len(outcome.scores) == players, game, state, "outcome.scores has the wrong length")
    _check(all(0 <= w < players for w in outcome.winners), game, state, "outcome.winners names no player")
    return Playthrough(tuple(texts), state)
