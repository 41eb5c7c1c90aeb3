"""The scripts that run before Python (an embed's placeholder, assets/js/embed.js) know each game's
names and board aspect from assets/vendor/games.js, which the vendor step writes from the registry."""

from __future__ import annotations

import sys
from pathlib import Path

from qipan import games

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
