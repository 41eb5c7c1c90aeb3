"""What the move-log word tests of every game share: a translator, random play, the check."""

from __future__ import annotations

import random
from typing import Callable

from qipan.core import Game, State
from qipan.i18n import t
from qipan.match import Match
from qipan.app.move_log import entries
from qipan.boardkit.words import Ply


def tr_for(lang: str) -> Callable[..., str]:
    return lambda key, **values: t(key, lang, **values)


def play_randomly(match: Match, seed: int, limit: int = 10_000) -> Match:
    """Random legal decisions (chance from the match's seed) to the end or `limit` actions."""
    pick = random.Random(seed)
    while not match.state.is_terminal() and len(match.actions) < limit:
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(pick.choice(match.state.legal_actions()))
    return match


def assert_words_for_every_action(match: Match) -> None:
    """Every action of the match is one log entry with words, in both languages."""
    for lang in ("en", "zh-TW"):
        items = entries(match, tr_for(lang))
        assert len(items) == len(match.actions) > 0
        assert all(item.words.strip() and "{" not in item.words for item in items)
        assert [item.notation for item in items] == list(match.actions)


def describe_action(describe: Callable[..., str], game: Game, position: str, text: str, lang: str = "en",
                    seed: int = 0, index: int = 0, final: State | None = None) -> str:
    """A describer's words for the action `text` played from `position` (seeded and numbered as
    given; `final` is the live position, the one after the action unless said)."""
    state = game.parse_position(position)
    action = game.parse_action(state, text)
    after = state.apply(action)
    return describe(Ply(index, seed, state, action, text, after, final or after), tr_for(lang))
