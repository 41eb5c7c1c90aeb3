"""What a game hands the move log: its actions in words (`Words`), read from a `Ply`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from qipan.core import Action, State

Tr = Callable[..., str]
"""The current language's `t`: key and values in, text out."""


@dataclass(frozen=True)
class Ply:
    """One action of a match, with the positions around it (what a describer reads)."""

    index: int
    """0 for the first action; the position after it is match.states()[index + 1]."""
    seed: int
    before: State
    action: Action
    text: str
    after: State
    final: State
    """The live position now (a describer hides what its players must not see yet)."""


def _deciding_player(state: State) -> int:
    return state.to_move if state.to_move >= 0 else -1


def _never(_: object) -> bool:
    return False


def _nobody(_: State) -> int | None:
    return None


@dataclass(frozen=True)
class Words:
    """A game's move-log words. `describe` says one action; the rest have defaults that fit a game
    where the player to move acts, every action is public and a game is played once."""

    describe: Callable[[Ply, Tr], str]
    """The action of a ply in words, in the language of `tr`."""
    actor: Callable[[State], int] = _deciding_player
    """The player a ply belongs to: the one deciding, or for chance the one whose turn it is (-1: nobody)."""
    turn_owner: Callable[[State], int | None] = _nobody
    """Whose turn a ply is in, where others act within it (Calavera's marks); None: the actor's."""
    in_setup: Callable[[State], bool] = _never
    """A player's set-up choice (not counted as a turn)."""
    opens_game: Callable[[Ply], bool] = _never
    """The first action of a later game of a match."""
    hidden: Callable[[Ply], bool] = _never
    """A ply the players must not see yet: its notation is left out (its words hide it themselves)."""
    secret: Callable[[State], bool] = _never
    """A position whose text would give away what is hidden."""
    player_colours: tuple[str, ...] = ()
    """Each player's colour, for the log's markers."""
    notation_in_sentences: bool = True
    """Whether a sentence (the hint) cites the notation in brackets after the words. False where
    the notation is made of English words the words say already (Quorsum's `move a4 x1`): in the
    Chinese page it would read as English. The move log and the embed show it as the record."""
