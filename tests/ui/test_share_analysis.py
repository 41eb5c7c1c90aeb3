"""A share link carries the game's analysis (token r2: the record and the compact analysis) when it
fits in LINK_LIMIT characters, else the game alone (r1) and the dialog says so; the compact form
reads back to the same grades, best moves and (rounded) values; an analysis in a link that cannot
be read leaves the game readable; the embed session checks it against the game."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeded import seeded

from qipan.analysis import Analysis, AnalysisFormatError, analyse
from qipan.app import share
from qipan.app.analysis_link import compact, expand, read_analysis
from qipan.app.embed import EmbedSession
from qipan.app.embed_params import parse
from qipan.i18n import t
from qipan.match import Match


@pytest.fixture(scope="module")
def analysed() -> tuple[Match, Analysis]:
    match = seeded("gype", 60)
    return match, analyse(match)


def same_within_rounding(a: Analysis, b: Analysis) -> None:
    assert [(d.ply, d.player, d.best, d.grade, d.forced, d.depth) for d in a.decisions()] == \
           [(d.ply, d.player, d.best, d.grade, d.forced, d.depth) for d in b.decisions()]
    assert all(abs(x.loss - y.loss) <= 1e-3 and abs(x.best_value - y.best_value) <= 1e-3
               for x, y in zip(a.decisions(), b.decisions()))
    assert all(abs(u - v) <= 1e-3 for x, y in zip(a.series, b.series) for u, v in zip(x, y))
    assert [r.outcome for r in a.rolls()] == [r.outcome for r in b.rolls()]
    assert (a.total, a.finished, a.winners, a.settings, a.grades) == (b.total, b.finished, b.winners, b.settings, b.grades)


def test_the_compact_form_reads_back_to_the_same_analysis(analysed):
    match, analysis = analysed
    back = Analysis.from_json(expand(compact(analysis), match.game.id, match.players, match.actions))
    same_within_rounding(analysis, back)


def test_a_link_with_the_analysis_round_trips_and_stays_short(analysed):
    match, analysis = analysed
    token = share.encode_record(match.record(), analysis)
    assert token.startswith("r2.") and len(token) <= share.LINK_LIMIT
    shared = share.decode(token)
    assert shared.record == match.record() and shared.analysis_error == ""
    same_within_rounding(analysis, read_analysis(shared.analysis, match))
    # an old reader's kind of link is still written without an analysis, and still read
    assert share.encode_record(match.record()).startswith("r1.")
    assert share.decode(share.encode_record(match.record())).analysis is None


def test_an_analysis_too_long_for_a_link_is_left_out_and_the_dialog_says_so(analysed, monkeypatch):
    match, analysis = analysed
    monkeypatch.setattr(share, "LINK_LIMIT", 200)
    token = share.encode_record(match.record(), analysis)
    assert token.startswith("r1.") and share.decode(token).record == match.record()
    tr = lambda key, **v: t(key, "en", **v)  # noqa: E731
    rows = share.links(match, "https://example.test/", tr, analysis)
    assert rows[0][0] == t("share.game_link_too_long", "en")
    assert "analysis=1" not in rows[-1][1]


def test_the_dialog_names_a_link_with_the_analysis_and_its_embed_shows_it(analysed):
    match, analysis = analysed
    for lang in ("en", "zh-TW"):
        rows = share.links(match, "https://example.test/", lambda key, lang=lang, **v: t(key, lang, **v), analysis)
        assert rows[0][0] == t("share.game_link_analysis", lang) and "?share=r2." in rows[0][1]
        assert "&amp;analysis=1&amp;share=r2." in rows[-1][1]
    plain = share.links(match, "https://example.test/", lambda key, **v: t(key, "en", **v))
    assert plain[0][0] == t("share.game_link", "en") and "analysis=1" not in plain[-1][1]


def pack(value: object) -> str:
    return "r2." + base64.urlsafe_b64encode(zlib.compress(json.dumps(value).encode())).decode().rstrip("=")


def test_a_damaged_analysis_in_a_link_leaves_the_game(analysed):
    match, analysis = analysed
    bad = {**compact(analysis), "p": [["d", 9, 0, "", 0, 0, 0, 1]]}
    shared = share.decode(pack({"record": match.record().to_json(), "analysis": bad}))
    assert shared.record == match.record() and shared.analysis is None and "move 1" in shared.analysis_error
    session = EmbedSession(parse(f"share={pack({'record': match.record().to_json(), 'analysis': 'x'})}")[0])
    assert session.analysis is None and session.analysis_error
    with pytest.raises(share.ShareError, match="no record"):
        share.decode(pack({"analysis": compact(analysis)}))


def test_an_analysis_of_other_moves_is_refused_by_the_session(analysed):
    match, analysis = analysed
    other = seeded("gype", 60, seed=8)
    token = pack({"record": other.record().to_json(), "analysis": compact(analysis)})
    session = EmbedSession(parse(f"share={token}")[0])
    assert session.analysis is None and "move" in session.analysis_error
    good = EmbedSession(parse(f"share={share.encode_record(match.record(), analysis)}")[0])
    assert good.analysis is not None and good.analysis_error == ""


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
                           max_leaves=24)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_any_compact_value_expands_to_an_analysis_or_a_clear_error(analysed, data):
    match, analysis = analysed
    good = compact(analysis)
    key = data.draw(st.sampled_from(sorted(good)))
    value = data.draw(st.one_of(json_values, st.just({**good, key: data.draw(json_values)})))
    try:
        read_analysis(expand(value, match.game.id, match.players, match.actions), match)
    except AnalysisFormatError as exc:
        assert str(exc)
