"""An embed's analysis (analysis=1, docs/embed.md): the parameter is read, named when it cannot be
shown (not step mode, no analysis in the link, one that cannot be read), and the part under the
step bar holds the sentence, the move shown against the best found and the graph with the shown
position marked, in both languages."""

from __future__ import annotations

import re

import pytest
from seeded import seeded

from qipan.analysis import analyse
from qipan.app import share
from qipan.app.analysis_html import embed_html
from qipan.app.embed import EmbedSession
from qipan.app.embed_params import analysis_problems, parse, read
from qipan.i18n import t


@pytest.fixture(scope="module")
def token() -> str:
    match = seeded("hezong", 8)
    return share.encode_record(match.record(), analyse(match))


def test_the_parameter_is_read_and_a_bad_value_named():
    assert read("embed=1&analysis=1")[0].analysis
    assert not read("embed=1&analysis=0")[0].analysis
    spec, problems = parse("embed=1&analysis=yes")
    assert not spec.analysis and any("analysis=yes" in p for p in problems)


def test_it_is_named_where_it_cannot_be_shown(token):
    plain = share.encode_record(seeded("hezong", 8).record())
    cases = {f"mode=step&analysis=1&share={token}": [],
             f"mode=view&analysis=1&share={token}": ["analysis_step"],
             f"mode=step&analysis=1&share={plain}": ["no_analysis"],
             f"mode=step&share={plain}": []}
    for query, whys in cases.items():
        spec = read(query)[0]
        session = EmbedSession(spec)
        found = analysis_problems(spec, session.analysis is not None, bool(session.analysis_error))
        assert [p.why for p in found] == whys, query
        for problem in found:
            for lang in ("en", "zh-TW"):
                assert "analysis=1" in problem.text(lambda key, lang=lang, **v: t(key, lang, **v))


def test_the_part_under_the_bar_has_the_sentence_the_move_and_the_graph(token):
    session = EmbedSession(read(f"mode=step&analysis=1&share={token}")[0])
    analysis = session.analysis
    lost = next(d for d in analysis.decisions() if d.grade != "best")
    for lang, names in (("en", ["Player 1", "Player 2"]), ("zh-TW", ["玩家 1", "玩家 2"])):
        tr = lambda key, lang=lang, **v: t(key, lang, **v)  # noqa: E731
        part = embed_html(analysis, session.full, lost.ply + 1, tr, lang, names, drawn=True)
        assert part.startswith('<div id="embed-analysis"') and 'class="analysis-summary"' in part
        assert f'data-ply="{lost.ply + 1}" data-grade="{lost.grade}" data-best="{lost.best}" data-drawn' in part
        assert re.search(r'<line class="graph-now" x1="([\d.]+)"', part)
        assert len(re.findall(r'class="graph-hit"', part)) == len(analysis.series)
    start = embed_html(analysis, session.full, 0, lambda key, **v: t(key, "en", **v), "en", ["A", "B"], drawn=False)
    assert 'id="analysis-move"' not in start  # the start: no move to judge
