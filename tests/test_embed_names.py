"""The scripts that run before Python (an embed's placeholder, assets/js/embed.js) know each game's
names and board aspect, and the words they say, from assets/vendor/games.js, which the vendor step
writes from the registry and Python's strings."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from qipan import games
from qipan.app.embed import STEPS
from qipan.i18n import LANGS, t
from qipan.i18n.embed import EARLY

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import vendor  # noqa: E402


def test_the_game_table_is_the_registrys():
    table = vendor.game_table()
    assert list(table) == list(games.GAME_IDS)
    for game_id, entry in table.items():
        assert entry["names"] == dict(games.get(game_id).names)
        assert entry["aspect"] == games.ui(game_id).aspect
    assert table["calavera"]["aspect"] < 1 and table["lyngk"]["names"]["zh-TW"] == "彩疊棋"


def test_the_page_loads_the_table_before_the_embed_script_reads_it():
    page = (ROOT / "index.html").read_text()
    assert page.index("assets/vendor/games.js") < page.index("assets/js/embed.js")
    script = (ROOT / "assets" / "js" / "embed.js").read_text()
    assert "self.QIPAN_GAMES" in script
    for game_id in games.GAME_IDS:
        assert game_id not in script, f"embed.js names {game_id}: it should come from games.js"


def test_the_words_said_before_python_are_pythons_own_in_both_languages():
    words = vendor.early_words()
    assert list(words) == list(EARLY)
    for key, entry in words.items():
        # (embed.js fills a "{n}" by replacing it: the same text as Python's formatting)
        assert set(entry) == set(LANGS) and all(entry[lang].replace("{n}", "3") == t(key, lang, n=3) for lang in LANGS)
    assert words["embed.starting"]["zh-TW"] == "正在啟動棋盤…"


def test_the_embed_script_says_only_those_words_and_writes_none_of_its_own():
    script = (ROOT / "assets" / "js" / "embed.js").read_text()
    assert "self.QIPAN_EMBED_WORDS" in script
    said = set(re.findall(r'say\("([a-z._]+)"\)', script)) | {f"embed.{action}" for action in STEPS} | {"embed.pause"}
    assert said <= set(EARLY), said - set(EARLY)
    assert set(re.findall(r"[\u4e00-\u9fff]+", script)) == {"棋盤"}  # the name "棋盤 Qipan" alone
    literals = [a or b for a, b in re.findall(r'"([^"\n]*)"|`([^`\n]*)`', script)]
    for key in EARLY:
        english = t(key, "en", n=3).replace("3", "")  # (a number filled in, or not)
        assert not [text for text in literals if english in text], f"embed.js spells out {key}: it should come from games.js"
