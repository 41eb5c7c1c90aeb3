"""The analysis in the page, without a browser: the worker's entry yields one step per ply and the
analysis last; the result is kept with the save (and dropped when the analysed moves are undone);
the log's grade marks, the graph and the table in both languages."""

from __future__ import annotations

import json
import re

from qipan import games
from qipan.ai import choose
from qipan.analysis import Analysis, analyse
from qipan.app.analysis_html import SYMBOLS, graph_svg, marks, result_html
from qipan.app.computer import analyse_steps
from qipan.app.move_log import entries, group, list_html
from qipan.app.storage import save_match, store_analysis, stored_analysis
from qipan.boardkit.store import Storage
from qipan.i18n import t
from qipan.match import Match


def played(game_id: str, plies: int, seed: int = 3) -> Match:
    match = Match.new(game_id, 2, seed)
    ai = games.ai(game_id)
    for i in range(plies):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play(match.game.action_text(match.state, choose(match.state, ai, "greedy", i)))
    return match


def tr(lang: str):
    return lambda key, **values: t(key, lang, **values)


def test_the_worker_entry_steps_ply_by_ply_and_ends_with_the_analysis():
    match = played("lyngk", 6)
    steps = [json.loads(s) for s in analyse_steps(json.dumps(match.record().to_json()))]
    assert [s["done"] for s in steps] == [0, 1, 2, 3, 4, 5, 6]
    assert "analysis" in steps[-1] and all("analysis" not in s for s in steps[:-1])
    assert Analysis.from_json(steps[-1]["analysis"]) == analyse(match)


def test_the_analysis_is_kept_with_the_save_until_its_moves_are_undone():
    storage = Storage(None)
    match = played("lyngk", 6)
    save_id = save_match(storage, match)
    data = analyse(match).to_json()
    assert store_analysis(storage, save_id, data, match.actions)
    assert stored_analysis(storage, save_id, match.record().to_json()) == data
    match.play(match.game.action_text(match.state, match.state.legal_actions()[0]))
    save_match(storage, match, save_id=save_id)  # played on: still the analysis of its first moves
    assert stored_analysis(storage, save_id, match.record().to_json()) == data
    match.undo()
    match.undo()
    save_match(storage, match, save_id=save_id)  # undone into the analysed moves: dropped
    assert stored_analysis(storage, save_id, match.record().to_json()) is None
    assert not store_analysis(storage, save_id, data, played("lyngk", 6, seed=4).actions)  # another game's


def test_the_log_shows_each_graded_decision_by_symbol_and_name():
    match = played("lyngk", 8)
    analysis = analyse(match)
    grades = marks(analysis)
    assert grades and set(grades) <= set(range(1, 9))
    for lang in ("en", "zh-TW"):
        text = list_html(group(entries(match, tr(lang))), 0, tr(lang), (), grades)
        for ply, grade in grades.items():
            line = re.search(rf'data-ply="{ply}".*?</li>', text).group(0)
            assert SYMBOLS[grade] in line and t(f"analysis.grade.{grade}", lang) in line


def test_the_graph_and_the_summary_in_both_languages():
    match = played("calavera", 60)
    analysis = analyse(match)
    for lang in ("en", "zh-TW"):
        names = [t("player.n", lang, n=p + 1) for p in range(2)]
        svg = graph_svg(analysis, tr(lang), names)
        assert "<title" in svg and "<desc" in svg and 'role="img"' in svg
        assert svg.count("<polyline") == 1  # two players: player 1's line (the other is its mirror)
        if analysis.turning_point() is not None:
            assert "graph-turning" in svg
        page = result_html(analysis, tr(lang), lang, names)
        assert t("analysis.per_player", lang) in page
    assert "from the dice" in result_html(analysis, tr("en"), "en", ["Player 1", "Player 2"])
