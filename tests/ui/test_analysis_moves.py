"""The analysis box's newer parts, without a browser: the Deeper button, the count of grades in the
heading, the decision shown in words (best move, move played, value lost) in both languages, the
best move drawn on the board through the game's own marks, and the clickable graph."""

from __future__ import annotations

import re

import pytest
from fakes import FakeHost, RecordingContext

from qipan import games
from qipan.ai import choose
from qipan.analysis import Analysis, Decision, analyse
from qipan.app.analysis_html import best_marks, count_html, decision_at, grade_counts, graph_svg, move_html
from qipan.app.analysis_view import AnalysisView, shell_html
from qipan.i18n import t
from qipan.match import Match


def erring(game_id: str, plies: int, seed: int = 3) -> Match:
    """Player 1 greedy, player 2 at random: mistakes to grade."""
    match = Match.new(game_id, 2, seed)
    ai = games.ai(game_id)
    for i in range(plies):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.sample_chance()
        else:
            level = "greedy" if match.state.to_move == 0 else "random"
            match.play(match.game.action_text(match.state, choose(match.state, ai, level, i)))
    return match


def tr(lang: str):
    return lambda key, **values: t(key, lang, **values)


@pytest.fixture(scope="module")
def lyngk() -> tuple[Match, Analysis]:
    match = erring("lyngk", 16)
    return match, analyse(match)


def worst(analysis: Analysis) -> Decision:
    return max(analysis.decisions(), key=lambda d: d.loss)


def test_the_box_offers_a_deeper_analysis_that_says_it_takes_longer():
    for lang in ("en", "zh-TW"):
        shell = shell_html(tr(lang))
        assert 'data-preset="quick"' in shell and 'id="btn-analyse-deeper" data-preset="deeper"' in shell
        assert t("analysis.deeper", lang) in shell and t("analysis.deeper_help", lang) in shell
        assert 'id="analysis-count"' in shell


def test_the_heading_counts_the_grades(lyngk):
    _, analysis = lyngk
    counts = grade_counts(analysis)
    assert counts["n"] == sum(1 for d in analysis.decisions() if not d.forced)
    assert counts["n"] == sum(counts[g] for g in ("best", "good", "inaccuracy", "mistake", "blunder"))
    text = count_html(analysis, tr("en"))
    assert f'{counts["n"]} graded: {counts["blunder"]} ??, {counts["mistake"]} ?, {counts["inaccuracy"]} ?!' in text
    assert f'{counts["blunder"]} blunders' in text  # the words for screen readers
    assert f'已評 {counts["n"]} 步' in count_html(analysis, tr("zh-TW"))


def test_the_decision_shown_is_the_entry_of_the_log(lyngk):
    match, analysis = lyngk
    assert decision_at(analysis, 0) is None
    assert decision_at(analysis, len(analysis.plies) + 1) is None
    for k in range(1, len(analysis.plies) + 1):
        decision = decision_at(analysis, k)
        assert decision is not None and decision.ply == k - 1 and decision.played == match.actions[k - 1]


def test_a_lost_move_names_the_best_the_move_played_and_the_loss_in_both_languages(lyngk):
    match, analysis = lyngk
    decision = worst(analysis)
    assert decision.grade != "best" and decision.best != decision.played
    names = ["Player 1", "Player 2"]
    en = move_html(decision, match, tr("en"), names, drawn=True)
    assert f"Move {decision.ply + 1} ({t(f'analysis.grade.{decision.grade}', 'en')}): best: " in en
    assert f"; {names[decision.player]} played " in en and f"lost {decision.loss:.2f}." in en
    assert en.endswith("The arrow or ring on the board shows the best move.</p>") and "data-drawn" in en
    assert f'data-best="{decision.best}"' in en
    zh = move_html(decision, match, tr("zh-TW"), ["玩家 1", "玩家 2"], drawn=False)
    assert f"第 {decision.ply + 1} 步" in zh and zh.endswith(f"損失 {decision.loss:.2f}。</p>") and "data-drawn" not in zh
    drawn = move_html(decision, match, tr("zh-TW"), ["玩家 1", "玩家 2"], drawn=True)
    assert f"損失 {decision.loss:.2f}。棋盤上的箭頭或圓圈標示最佳著。" in drawn  # no space between sentences
    # the best move is told in the move log's own words
    assert re.search(r"best: .+;", en)


def test_the_best_move_is_drawn_on_the_board_only_where_the_move_played_was_not_it(lyngk):
    match, analysis = lyngk
    screen = games.ui("lyngk").screen(FakeHost(), match)
    decision = worst(analysis)
    marks = best_marks(screen, decision)
    start, end = decision.best.split()[-1].split("-")
    assert marks.arrows == ((start, end),)
    best = next(d for d in analysis.decisions() if d.grade == "best")
    assert not best_marks(screen, best) and not best_marks(screen, None)


class App:
    """What the analysis view reads of the app, on CPython."""

    def __init__(self, screen) -> None:
        self.screen, self.dark, self.lang = screen, False, "en"
        self.storage = screen.host.storage
        self.elements = screen.host.elements

    def tr(self, key: str, **values: object) -> str:
        return t(key, "en", **values)

    def element(self, ident: str):
        return self.screen.host.element(ident)


def test_the_screen_draws_the_best_move_over_the_board_when_that_entry_is_shown(lyngk):
    match, analysis = lyngk
    host = FakeHost()
    screen = games.ui("lyngk").screen(host, match)
    screen.resize(600, 600, 1)
    view = AnalysisView(App(screen))
    view.result, view.actions = analysis, tuple(match.actions[:analysis.total])
    screen.overlay = view._draw_best
    decision = worst(analysis)

    def strokes_after_view(ply: int | None) -> int:
        screen.view(ply)
        ctx = RecordingContext()
        screen.overlay(ctx)
        return ctx.count("stroke") + ctx.count("fill")

    assert strokes_after_view(decision.ply + 1) > 0  # an arrow: its line and its head
    best = next(d for d in analysis.decisions() if d.grade == "best")
    assert strokes_after_view(best.ply + 1) == 0
    assert view.shown_decision() == best


def test_the_graph_has_a_band_per_position_to_click_and_none_when_not_asked(lyngk):
    _, analysis = lyngk
    svg = graph_svg(analysis, tr("en"), ["Player 1", "Player 2"])
    plies = [int(k) for k in re.findall(r'class="graph-hit" data-ply="(\d+)"', svg)]
    assert plies == list(range(len(analysis.series)))
    assert t("analysis.graph.click", "en") in svg and "Show the position after move 3" in svg
    still = graph_svg(analysis, tr("en"), ["Player 1", "Player 2"], clickable=False)
    assert "graph-hit" not in still and t("analysis.graph.click", "en") not in still


def test_no_best_move_is_drawn_over_a_live_game_still_being_played(lyngk):
    match, analysis = lyngk
    decision = worst(analysis)
    cut = match.prefix(decision.ply + 1)  # the game goes on right after the worst move
    assert not cut.state.is_terminal()
    screen = games.ui("lyngk").screen(FakeHost(), cut)
    screen.resize(600, 600, 1)
    view = AnalysisView(App(screen))
    view.result, view.actions = analysis, tuple(cut.actions)
    assert view.shown_decision() == decision  # the box still says it in words
    ctx = RecordingContext()
    view._draw_best(ctx)
    assert ctx.count("stroke") + ctx.count("fill") == 0
