"""Decisions: grades follow the thresholds, a played best move loses nothing; the run is a
generator that can stop at any ply; the result survives JSON and its parser refuses bad input with
a clear ValueError; the summary sentence in both languages."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan import games
from qipan.analysis import (
    DEEPER, QUICK, Analyser, Analysis, AnalysisFormatError, Decision, Grades, Settings, Valuer, analyse, grade,
    grades_of, summary,
)
from qipan.match import Match
from seeded import seeded


def test_grades_follow_the_thresholds():
    g = Grades(inaccuracy=0.05, mistake=0.1, blunder=0.3)
    assert [grade(x, g) for x in (0.0, 1e-12, 0.01, 0.0499, 0.05, 0.0999, 0.1, 0.2999, 0.3, 1.5)] == [
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    with pytest.raises(ValueError, match="must rise"):
        Grades(0.2, 0.1, 0.3)
    with pytest.raises(ValueError):
        Grades(0.0, 0.1, 0.3)
    assert grades_of("lyngk") == Grades(0.05, 0.10, 0.12)  # calibrated per game (docs/analysis.md)


def test_every_decision_is_graded_by_its_loss_with_the_games_thresholds():
    match = seeded("quorsum", plies=40, seed=3)
    analysis = analyse(match, DEEPER)
    thresholds = grades_of("quorsum")
    decisions = analysis.decisions()
    assert decisions and any(d.loss > 0 for d in decisions)
    for d in decisions:
        assert d.loss == pytest.approx(max(0.0, d.best_value - d.played_value))
        assert d.grade == grade(d.loss, thresholds)
    strict = Analyser(match, DEEPER, grades=Grades(0.001, 0.002, 0.003)).run()
    assert all(d.grade == grade(d.loss, Grades(0.001, 0.002, 0.003)) for d in strict.decisions())


@pytest.mark.parametrize("game_id, settings_", [("lyngk", QUICK), ("hezong", QUICK), ("quorsum", QUICK),
                                                 ("quorsum", DEEPER), ("gype", QUICK)])
def test_a_played_best_move_loses_nothing(game_id, settings_):
    """Play the move the analysis calls best at every decision: each loses 0 and is graded best."""
    match = Match.new(game_id, 2, 5)
    valuer = Valuer(games.ai(game_id), settings_.chance_depth)
    while len(match.actions) < 16 and not match.state.is_terminal():
        state = match.state
        if state.is_chance():
            match.sample_chance()
            continue
        actions, results, _ = valuer.decision(state, settings_.depth, settings_.budget)
        me = state.to_move
        match.play_action(actions[max(range(len(actions)), key=lambda i: (results[i][me], -i))])
    analysis = analyse(match, settings_)
    assert analysis.decisions()
    for d in analysis.decisions():
        assert d.loss == 0.0 and d.grade == "best" and d.played == d.best, d


def test_the_run_yields_per_ply_and_can_stop_anywhere():
    match = seeded("gype", plies=20, seed=2)
    analyser = Analyser(match)
    seen = []
    for progress in analyser.steps():
        seen.append((progress.done, progress.total, progress.ply.ply))
        if progress.done == 7:
            break  # the caller cancels by no longer asking
    assert seen == [(k, analyser.total, k - 1) for k in range(1, 8)]
    partial = analyser.result()
    assert len(partial.plies) == 7 and len(partial.series) == 8 and not partial.complete
    whole = analyser.run()  # picks up where it stopped
    assert whole.complete and whole == analyse(match)
    assert whole.plies[:7] == partial.plies


def test_an_unfinished_game_is_analysed_up_to_now_and_a_record_works_as_well():
    match = seeded("quorsum", plies=25, seed=4)
    assert not match.state.is_terminal()
    analysis = analyse(match.record().to_json())
    assert analysis == analyse(match) and not analysis.finished and analysis.winners == ()
    assert len(analysis.plies) == 25 and len(analysis.series) == 26
    assert summary(analysis, "en").endswith("from the dice.") or summary(analysis, "en") == "No one is ahead so far."


def finished(game_id: str, seed: int = 1) -> Match:
    match = Match.new(game_id, 2, seed)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(match.state.legal_actions()[(len(match.actions) * 5) % len(match.state.legal_actions())])
    return match


def test_totals_turning_point_and_summary():
    match = next(m for m in map(lambda seed: finished("quorsum", seed), range(1, 30))
                 if len(m.state.outcome().winners) == 1)
    analysis = analyse(match, DEEPER)
    assert analysis.finished and analysis.complete and len(analysis.winners) == 1
    totals = analysis.totals()
    for t in totals:
        mine = [d for d in analysis.decisions() if d.player == t.player]
        assert t.skill_loss == pytest.approx(sum(d.loss for d in mine))
        assert t.decisions == sum(1 for d in mine if not d.forced) == sum(t.grades.values())
    assert totals[0].luck == pytest.approx(sum(r.luck[0] for r in analysis.rolls()))
    point = analysis.turning_point()
    assert point is not None
    size = max(abs(v) for v in point.swing)
    assert all(d.loss <= size for d in analysis.decisions())
    assert all(abs(v) <= size for r in analysis.rolls() for v in r.luck)
    winner = analysis.winners[0]
    skill, luck = analysis.edges(winner)
    en, zh = summary(analysis, "en"), summary(analysis, "zh-TW")
    assert en.startswith(f"Player {winner + 1} won: ") and "from the dice." in en
    assert zh.startswith(f"玩家 {winner + 1} 獲勝：") and "骰運貢獻" in zh
    assert f"{skill:+.2f}".lstrip("+-") in en
    assert summary(analysis, "en", names=["Ann", "Bo"]).startswith(("Ann won", "Bo won"))


def test_a_game_without_dice_says_nothing_of_dice():
    analysis = analyse(seeded("lyngk", plies=12))
    assert not analysis.rolls() and "dice" not in summary(analysis, "en") and "骰" not in summary(analysis, "zh-TW")


def test_json_round_trip():
    for analysis in (analyse(finished("quorsum", 2), DEEPER), analyse(seeded("hezong", plies=10)),
                     Analyser(seeded("gype", plies=15)).result()):
        data = analysis.to_json()
        text = json.dumps(data)
        assert Analysis.from_json(json.loads(text)) == analysis
        assert Analysis.loads(analysis.dumps()) == analysis
        assert data["version"] == 1 and data["format"] == "qipan-analysis"
        assert len(data["totals"]) == analysis.players


def test_the_parser_names_what_is_wrong():
    data = analyse(seeded("quorsum", plies=12)).to_json()
    bad = [
        ("[", "not JSON"),
        ({**data, "version": 2}, "version 2"),
        ({**data, "format": "qipan-record"}, "format"),
        ({**data, "series": data["series"][:-1]}, "series"),
        ({**data, "settings": {"depth": 0, "budget": 1, "chance_depth": 1}}, "depth"),
        ({**data, "plies": [{**data["plies"][0], "kind": "dream"}] + data["plies"][1:]}, "kind"),
        ({**data, "winners": [5]}, "winners"),
        ({**data, "series": [[math.inf, 0.0]] + data["series"][1:]}, "finite"),
    ]
    for value, words in bad:
        with pytest.raises(AnalysisFormatError, match=words):
            Analysis.from_json(value)
    assert issubclass(AnalysisFormatError, ValueError)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20)
VALID = analyse(seeded("quorsum", plies=10)).to_json()


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_the_parser_never_crashes_on_arbitrary_json(value):
    try:
        Analysis.from_json(value)
    except AnalysisFormatError:
        pass


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_parser_never_crashes_on_a_damaged_analysis(data):
    damaged = json.loads(json.dumps(VALID))
    # Damage one place: a top-level field, a ply's field, or a value in the series.
    where = data.draw(st.sampled_from(["top", "ply", "series"]))
    if where == "top":
        key = data.draw(st.sampled_from(sorted(damaged)))
        damaged[key] = data.draw(JSON)
    elif where == "ply":
        ply = damaged["plies"][data.draw(st.integers(0, len(damaged["plies"]) - 1))]
        ply[data.draw(st.sampled_from(sorted(ply)))] = data.draw(JSON)
    else:
        damaged["series"][data.draw(st.integers(0, len(damaged["series"]) - 1))][0] = data.draw(JSON)
    try:
        result = Analysis.from_json(damaged)
    except AnalysisFormatError:
        return
    assert isinstance(result, Analysis)
    if data.draw(st.booleans()):
        Analysis.from_json(result.to_json())  # what it read, it writes back readable


def test_settings_are_checked():
    with pytest.raises(ValueError, match="depth"):
        Settings(depth=0)
    with pytest.raises(ValueError, match="budget"):
        Settings(budget=-1)
    assert Settings() == QUICK and DEEPER.depth == 2


def test_a_deeper_search_that_does_not_fit_falls_back_whole():
    match = seeded("lyngk", plies=4)
    tight = analyse(match, Settings(depth=2, budget=10))
    assert {d.depth for d in tight.decisions()} == {1}
    assert [d.loss for d in tight.decisions()] == [d.loss for d in analyse(match).decisions()]
    assert isinstance(tight.plies[0], Decision)
