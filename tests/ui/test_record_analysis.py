"""A record file carries the game's analysis: exported from the save that keeps one, imported into
the new save (shown without running again); an analysis that cannot be read, or is not this game's,
is left out with a message in both languages while the game itself is imported (Hypothesis feeds
damaged analyses)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan.analysis import Analysis, analyse
from qipan.app.saved_games import export_text, import_record, parse_import
from qipan.app.storage import game_key, list_saves, save_match, store_analysis, stored_analysis
from qipan.boardkit.store import Storage
from qipan.i18n import t
from qipan.match import Match
from seeded import seeded


@pytest.fixture(scope="module")
def analysed() -> tuple[Match, dict]:
    match = seeded("lyngk", 10)
    return match, analyse(match).to_json()


def exported(match: Match, analysis: dict | None) -> dict:
    storage = Storage(None)
    save_id = save_match(storage, match, ("human", "easy"), now=1_763_880_000)
    if analysis is not None:
        assert store_analysis(storage, save_id, analysis, match.actions[:analysis["total"]])
    return json.loads(export_text(storage.get(game_key(match.game.id))))


def test_the_export_carries_the_analysis_and_the_import_keeps_it(analysed):
    match, analysis = analysed
    data = exported(match, analysis)
    assert data["analysis"] == analysis and data["analysis"]["format"] == "qipan-analysis"
    storage = Storage(None)
    save_id, imported = import_record(storage, json.dumps(data).encode(), now=1_763_890_000)
    assert imported.analysis_note == "" and Analysis.from_json(imported.analysis) == Analysis.from_json(analysis)
    # the new save has it: the page shows it at once (AnalysisView.show reads stored_analysis)
    assert Analysis.from_json(stored_analysis(storage, save_id, match.record().to_json())) == Analysis.from_json(analysis)


def test_a_save_without_analysis_exports_none(analysed):
    match, _ = analysed
    assert "analysis" not in exported(match, None)


def test_an_analysis_of_the_first_moves_travels_with_a_game_played_on(analysed):
    match, analysis = analysed
    longer = seeded("lyngk", 14)
    assert longer.actions[:len(match.actions)] == match.actions
    data = exported(longer, None)
    data["analysis"] = analysis
    imported = parse_import(json.dumps(data).encode())
    assert imported.analysis is not None and imported.analysis["total"] == len(match.actions)


@pytest.mark.parametrize("damage", [
    lambda a: "not an analysis",
    lambda a: {**a, "version": 99},
    lambda a: {**a, "game": "gype"},
    lambda a: {**a, "players": 3},
    lambda a: {**a, "total": a["total"] + 50},
    lambda a: {**a, "plies": [{**a["plies"][0], "played": "Z9-Z8"}] + a["plies"][1:]},
    lambda a: {**a, "series": a["series"][:-1]},
])
def test_a_bad_analysis_is_left_out_with_a_message_and_the_game_still_imports(analysed, damage):
    match, analysis = analysed
    data = exported(match, None)
    data["analysis"] = damage(analysis)
    storage = Storage(None)
    save_id, imported = import_record(storage, json.dumps(data).encode(), now=1.0)
    assert imported.analysis is None and imported.analysis_note == "saves.analysis_bad"
    assert imported.match.state == match.state and len(list_saves(storage)) == 1
    assert stored_analysis(storage, save_id, match.record().to_json()) is None
    for lang in ("en", "zh-TW"):
        assert t("saves.analysis_bad", lang) != "saves.analysis_bad"


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=16)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_analysis_value_either_imports_or_is_left_out_and_the_game_always_imports(analysed, data):
    match, analysis = analysed
    record = exported(match, None)
    key = data.draw(st.sampled_from(sorted(analysis)))
    record["analysis"] = data.draw(st.one_of(json_values, st.just({**analysis, key: data.draw(json_values)})))
    imported = parse_import(json.dumps(record).encode())
    assert imported.match.state == match.state
    assert (imported.analysis is None) == (imported.analysis_note == "saves.analysis_bad")
