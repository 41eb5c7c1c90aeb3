"""The Hint says the hard computer player's choice in the move log's words, in the player's
language, with its notation after it (for players who read notation), unless the notation is
made of English words (Quorsum's, Calavera's: `Words.notation_in_sentences`; any notation holding a
word, as Table Gype's `roll c3`).
In Chinese no English word is shown (a cell's name, a letter and digits, is not one)."""

from __future__ import annotations

import re

import pytest
from fakes import FakeHost
from qipan import games
from seeded import seeded

from qipan.games import GAME_IDS
from qipan.app import move_log


@pytest.mark.parametrize("lang", ("en", "zh-TW"))
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_hint_names_the_move_in_words_and_notation(game_id, lang):
    match = seeded(game_id, plies=9)
    while match.state.is_chance():
        match.sample_chance()
    state = match.state
    action = state.legal_actions()[-1]
    text = match.game.action_text(state, action)
    host = FakeHost(lang)
    screen = games.ui(game_id).screen(host, match)
    screen.resize(1024, 700, 1)
    screen.show_hint(action, text)
    after = state.apply(action)
    ply = move_log.Ply(len(match.actions), match.seed, state, action, text, after, after)
    words = games.ui(game_id).words.describe(ply, screen.tr)
    shown = host.element("message").textContent
    if games.ui(game_id).words.notation_in_sentences:
        assert words and words in shown and shown.endswith(f"（{text}）。" if lang == "zh-TW" else f"({text}).")
    else:
        assert words and shown.endswith(f"「{words}」。" if lang == "zh-TW" else f"“{words}”.") and text not in shown
    assert shown.startswith("提示：" if lang == "zh-TW" else "Hint: ")
    if lang == "zh-TW":
        assert not re.search(r"[A-Za-z]{2,}", shown), shown
    assert len(match.actions) == len(match.states()) - 1 and match.state is state  # nothing was played
