"""Table Gype's hidden set-up (rules §3): while rows are still secret, no share link, embed code
or record file carries them (the log, board and position text already hide them)."""

from __future__ import annotations

from qipan.app import share
from qipan.app.saved_games import ExportSecret, export_text
from qipan.app.storage import game_key, save_match
from qipan.boardkit.store import Storage
from qipan.i18n import TABLE
from qipan.match import Match

import pytest


def tr_in(lang):
    return lambda key, **values: TABLE[key][lang].format(**values)


def in_setup() -> Match:
    match = Match.new("gype", 2, 5)
    match.play_action(match.state.legal_actions()[0])  # the first row arranged, the second not yet
    assert match.state.setup
    return match


def test_no_link_is_made_while_start_rows_are_secret():
    match = in_setup()
    for lang in ("en", "zh-TW"):
        refused = share.links(match, "https://example.org/", tr_in(lang))
        assert isinstance(refused, str) and ("hidden set-up" in refused or "隱藏布陣" in refused)
    while match.state.setup or match.state.is_chance():
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(match.state.legal_actions()[0])
    rows = share.links(match, "https://example.org/", tr_in("en"))
    assert not isinstance(rows, str) and "?share=r1." in rows[0][1]


def test_no_record_file_is_exported_while_start_rows_are_secret():
    storage = Storage(None)
    match = in_setup()
    save_match(storage, match, ("human", "human"))
    with pytest.raises(ExportSecret):
        export_text(storage.get(game_key("gype")))
    while match.state.setup or match.state.is_chance():
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(match.state.legal_actions()[0])
    save_match(storage, match, ("human", "human"))
    assert '"game": "gype"' in export_text(storage.get(game_key("gype")))
