"""The embed's placeholder (assets/js/embed.js, painted before Python runs) names the games exactly
as the app's string table does, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from qipan.games import GAME_IDS
from qipan.i18n.app import STRINGS

EMBED_JS = Path(__file__).resolve().parent.parent / "assets" / "js" / "embed.js"


def embed_names() -> dict[str, dict[str, str]]:
    table = re.search(r"const NAMES = \{(.*?)\n  \};", EMBED_JS.read_text(), re.S)
    assert table, "embed.js has no NAMES table"
    rows = re.findall(r'(\w+): \{ en: "([^"]*)", "zh-TW": "([^"]*)" \}', table.group(1))
    return {game: {"en": en, "zh-TW": zh} for game, en, zh in rows}


def test_the_placeholder_names_every_game_as_the_app_does():
    names = embed_names()
    assert set(names) == set(GAME_IDS)
    for game in GAME_IDS:
        assert names[game] == STRINGS[f"game.{game}"], game
