"""The post-game analysis end to end in Chromium: a seeded LYNGK game (a whole game between greedy
players) and a seeded Calavera game (its first 60 plies) are put in the browser's storage as saves
and opened; Analyse runs in the computer player's worker with a progress bar, Cancel stops it, and
the result (grades in the move log, the evaluation graph, the table, the summary sentence) is kept
with the save and shown again after a reload, in English and in Traditional Chinese. One page for
the module; each test seeds its own save and reloads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support import OUTPUT, boot, resize, shot, watch
from lyngk_board import play_move

from qipan import games
from qipan.ai import choose
from qipan.analysis import analyse
from qipan.app import share
from qipan.app.storage import save_match, store_analysis
from qipan.boardkit.store import PREFIX, Storage
from qipan.i18n import t
from qipan.match import Match

SEED = 20261126
RUN_MS = 120_000  # the worker boots its own Python first, on a shared 2-core machine


class Items:
    """Web Storage in memory, to write the saves the page will find."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.length = 0

    def key(self, index):
        return list(self.items)[index] if 0 <= index < len(self.items) else None

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value
        self.length = len(self.items)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)
        self.length = len(self.items)


def seeded(game_id: str, plies: int) -> Match:
    match = Match.new(game_id, 2, SEED)
    ai = games.ai(game_id)
    for i in range(plies):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.sample_chance()
        else:
            level = "greedy" if match.state.to_move == 0 else "random"  # player 2 errs: grades to see
            match.play(match.game.action_text(match.state, choose(match.state, ai, level, i)))
    return match


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 900}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, server)
    yield page, seen
    context.close()


def open_saved(page, match: Match, analysed: bool = False) -> None:
    """Empty the storage, write `match` as its game's save (`analysed`: with its analysis, as
    the page would have kept it), and load the page again on it."""
    backend = Items()
    save_id = save_match(Storage(backend), match, ("human", "human"))
    if analysed:
        assert store_analysis(Storage(backend), save_id, analyse(match).to_json(), match.actions)
    backend.setItem(PREFIX + "last", match.game.id)
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  backend.items)
    boot(page, page.url.split("?")[0])
    # (every move of the save; the page may roll on at once where chance is next)
    expect(page.locator("#log-list .log-entry").nth(len(match.actions))).to_be_attached()


def open_box(page) -> None:
    if page.locator("#analysis-box").get_attribute("open") is None:
        page.click("#analysis-box > summary")


def run_to_the_end(page) -> None:
    open_box(page)
    page.click("#btn-analyse")
    expect(page.locator("#analysis-running")).to_be_visible()
    expect(page.locator("#analysis-summary")).to_be_visible(timeout=RUN_MS)
    expect(page.locator("#analysis-running")).to_be_hidden()


def test_analyse_is_offered_once_the_game_has_a_move(app):
    """A new game has nothing to analyse; its first move (here a computer's, or a player's) makes
    Analyse available, without the page being opened again (it used to stay disabled)."""
    page, _ = app
    match = Match.new("lyngk", 2, SEED)
    open_saved(page, match)
    open_box(page)
    expect(page.locator("#btn-analyse")).to_be_disabled()
    play_move(page, match.game.action_text(match.state, match.state.legal_actions()[0]))
    expect(page.locator("#btn-analyse")).to_be_enabled()


def test_the_progress_bar_moves_and_cancel_stops_the_analysis(app):
    page, seen = app
    open_saved(page, seeded("lyngk", 80))
    open_box(page)
    # The deeper run: a whole quick run of this game can end between two steps of the test (the
    # Cancel button then gone); the deeper one takes tens of times as long per move.
    page.click("#btn-analyse-deeper")
    progress = page.locator("#analysis-progress")
    expect(progress).to_be_visible()
    page.wait_for_function("() => document.getElementById('analysis-progress').value >= 2", timeout=RUN_MS)
    expect(page.locator("#analysis-progress-text")).to_contain_text("Analysing move")
    shot(page, "analysis-lyngk-running")
    page.click("#btn-analysis-cancel")
    expect(page.locator("#analysis-status")).to_have_text(t("analysis.cancelled", "en"))
    expect(page.locator("#analysis-running")).to_be_hidden()
    expect(page.locator("#btn-analyse")).to_be_focused()
    # Nothing more arrives from the cancelled run: no grades, no result, and nothing kept.
    expect(page.locator("#log-list .log-grade")).to_have_count(0)
    expect(page.locator("#analysis-result")).to_be_empty()
    stored = page.evaluate("() => localStorage.getItem('qipan/v1/game/lyngk')")
    assert "analysis" not in json.loads(stored)
    seen.assert_clean()


def board_pixels(page) -> str:
    return page.evaluate("() => document.getElementById('board').toDataURL()")


def wait_for_repaint(page, before: str) -> None:
    """Until the board's pixels differ from `before` (board_pixels): it was drawn again."""
    page.wait_for_function("(before) => document.getElementById('board').toDataURL() !== before", arg=before)


def choose_theme(page, theme: str) -> None:
    """Choose the theme in the settings dialog, as a player does (the board is drawn in it)."""
    page.click("#nav-settings")
    page.select_option('select[name="set-theme"]', theme)
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    page.click('#dlg-settings button[value="close"]')
    expect(page.locator("#dlg-settings")).to_be_hidden()


def test_lyngk_grades_graph_and_summary_appear_and_survive_a_reload(app):
    page, seen = app
    match = seeded("lyngk", 80)
    assert match.state.is_terminal()
    worst = max(analyse(match).decisions(), key=lambda d: d.loss)
    assert worst.grade in ("mistake", "blunder") and worst.best != worst.played
    open_saved(page, match)
    open_box(page)
    deeper = page.locator("#btn-analyse-deeper")  # the longer run is offered beside the quick one
    expect(deeper).to_have_text(t("analysis.deeper", "en"))
    expect(deeper).to_have_attribute("title", t("analysis.deeper_help", "en"))
    worst_entry = page.locator(f'#log-list .log-entry[data-ply="{worst.ply + 1}"]')
    worst_entry.click()
    expect(worst_entry).to_have_attribute("aria-current", "step")
    plain = board_pixels(page)
    run_to_the_end(page)
    # The position on screen is a graded mistake: its best move is drawn over it and said in words.
    expect(worst_entry).to_have_attribute("aria-current", "step")
    move = page.locator("#analysis-move")
    expect(move).to_have_attribute("data-best", worst.best)
    expect(move).to_have_attribute("data-drawn", "")
    expect(move).to_contain_text(f"Move {worst.ply + 1} ({t(f'analysis.grade.{worst.grade}', 'en')}): best: ")
    expect(move).to_contain_text(f"lost {worst.loss:.2f}")
    wait_for_repaint(page, plain)
    expect(page.locator("#analysis-count")).to_contain_text(" graded: ")
    resize(page, 1024, 768)
    page.locator("#analysis-move").scroll_into_view_if_needed()
    shot(page, "analysis-best-move-1024")
    light = board_pixels(page)
    choose_theme(page, "dark")
    wait_for_repaint(page, light)
    page.locator("#analysis-move").scroll_into_view_if_needed()
    shot(page, "analysis-best-move-1024-dark")
    choose_theme(page, "light")
    resize(page, 1024, 900)
    grades = page.locator("#log-list .log-grade")
    assert grades.count() >= len(match.actions) // 2 - 2  # every unforced decision of both players
    first = grades.first.text_content()
    assert any(t(f"analysis.grade.{g}", "en") in first for g in ("best", "good", "inaccuracy", "mistake", "blunder"))
    summary = page.locator("#analysis-summary").text_content()
    assert " won: " in summary and "from the decisions" in summary and "dice" not in summary
    svg = page.locator(".analysis-graph svg")
    expect(svg).to_have_attribute("role", "img")
    assert "Turning point: move" in page.locator("#analysis-graph-desc").text_content()
    expect(page.locator(".graph-turning")).to_have_count(1)
    stored = json.loads(page.evaluate("() => localStorage.getItem('qipan/v1/game/lyngk')"))
    assert stored["analysis"]["format"] == "qipan-analysis"
    page.locator("#analysis-box").scroll_into_view_if_needed()
    shot(page, "analysis-lyngk-done")
    # Clicking a graded entry shows that position (the log's own way).
    entry = page.locator("#log-list .log-entry", has=page.locator(".log-grade")).nth(2)
    entry.click()
    expect(entry).to_have_attribute("aria-current", "step")
    # The graph too: a click on a point shows that position.
    page.locator('.analysis-graph .graph-hit[data-ply="5"]').click()
    expect(page.locator('#log-list .log-entry[data-ply="5"]')).to_have_attribute("aria-current", "step")
    expect(page.locator(".graph-now")).to_have_count(1)

    boot(page, page.url.split("?")[0])  # reload: shown again without running
    expect(page.locator("#log-list .log-grade")).to_have_count(grades.count())
    open_box(page)
    expect(page.locator("#analysis-summary")).to_have_text(summary)
    expect(page.locator("#btn-analyse")).to_have_text(t("analysis.again", "en"))

    page.click("#nav-lang")  # the other language: the sentence, the grades, the graph's words
    expect(page.locator("#analysis-summary")).to_contain_text("獲勝：決策貢獻")
    expect(page.locator("#log-list .log-grade").first).to_contain_text(
        next(t(f"analysis.grade.{g}", "zh-TW") for g in ("best", "good", "inaccuracy", "mistake", "blunder")
             if t(f"analysis.grade.{g}", "en") in first))
    assert "轉捩點" in page.locator("#analysis-graph-desc").text_content()
    page.locator("#analysis-box").scroll_into_view_if_needed()
    shot(page, "analysis-lyngk-zh")
    page.click("#nav-lang")
    seen.assert_clean()


def test_an_exported_record_brings_its_analysis_into_the_import(app, tmp_path):
    page, seen = app
    match = seeded("hezong", 30)
    open_saved(page, match, analysed=True)
    expect(page.locator("#log-list .log-grade").first).to_be_attached()  # kept: shown without running
    grades = page.locator("#log-list .log-grade").count()
    page.click("#nav-games")
    page.click("#btn-saves")
    with page.expect_download() as info:
        page.locator('#saves-list > li[data-save-game="hezong"] [data-saves="export"]').first.click()
    data = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert data["analysis"]["format"] == "qipan-analysis" and data["analysis"]["total"] == len(match.actions)
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    bad.write_text(json.dumps({**data, "analysis": {**data["analysis"], "version": 99}}), encoding="utf-8")
    page.set_input_files("#saves-file", str(good))
    expect(page.locator("#screen-play")).to_be_visible()
    expect(page.locator("#log-list .log-grade")).to_have_count(grades)  # without running it again
    expect(page.locator("#analysis-running")).to_be_hidden()
    # On a phone: a graded entry, its best move on the board and in words.
    resize(page, 390, 844)
    if page.locator("#log-box").get_attribute("open") is None:
        page.click("#log-box > summary")
    worst = page.locator('.log-grade:is([data-grade="blunder"], [data-grade="mistake"], [data-grade="inaccuracy"])')
    page.locator("#log-list .log-entry", has=worst).first.click()  # (the grades follow the game's thresholds)
    open_box(page)
    expect(page.locator("#analysis-move")).to_have_attribute("data-drawn", "")
    page.locator("#board").scroll_into_view_if_needed()
    shot(page, "analysis-best-move-phone-board")
    page.locator("#analysis-move").scroll_into_view_if_needed()
    shot(page, "analysis-best-move-phone-box")
    # Its picture can mark the turning point: that position, its move, a caption (PNG and SVG).
    resize(page, 1024, 768)
    page.click("#btn-image")
    expect(page.locator("#dlg-image")).to_be_visible()
    page.check("#image-turning")
    preview = page.locator("#image-preview")
    expect(preview).to_have_attribute("alt", re.compile(r"^Turning point: move \d+, "))
    expect(preview).to_have_attribute("src", re.compile("^data:image/png"))
    shot(page, "analysis-image-turning-dialog")
    with page.expect_download() as info:
        page.click("#image-download")
    assert re.fullmatch(r"qipan-hezong-move-\d+\.png", info.value.suggested_filename)
    info.value.save_as(OUTPUT / "analysis-image-turning.png")  # the exported picture, to look at
    page.check("#image-format-svg")
    expect(preview).to_have_attribute("src", re.compile("^data:image/svg"))
    assert "Turning%20point" in preview.get_attribute("src")
    page.click('#dlg-image button[value="close"]')
    resize(page, 1024, 900)
    page.click("#nav-games")
    page.click("#btn-saves")
    page.set_input_files("#saves-file", str(bad))  # a bad analysis: the game still comes in
    expect(page.locator("#screen-play")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text(t("saves.analysis_bad", "en"))
    expect(page.locator("#log-list .log-entry")).to_have_count(len(match.actions) + 1)
    expect(page.locator("#log-list .log-grade")).to_have_count(0)
    seen.assert_clean()


def test_a_share_link_with_the_analysis_shows_it_and_keep_keeps_it(app):
    page, seen = app
    match = seeded("lyngk", 30)
    analysis = analyse(match)
    token = share.encode_record(match.record(), analysis)
    assert token.startswith("r2.")
    page.evaluate("() => localStorage.clear()")
    boot(page, page.url.split("?")[0] + f"?share={token}")
    expect(page.locator("#share-banner")).to_be_visible()
    expect(page.locator("#log-list .log-grade")).to_have_count(
        sum(1 for d in analysis.decisions() if not d.forced))  # shown at once, nothing run
    open_box(page)
    expect(page.locator("#analysis-summary")).to_be_visible()
    page.click('[data-share="keep"]')
    expect(page.locator("#share-banner")).to_have_count(0)
    stored = json.loads(page.evaluate("() => localStorage.getItem('qipan/v1/game/lyngk')"))
    assert stored["analysis"]["total"] == len(match.actions)
    expect(page.locator("#log-list .log-grade").first).to_be_attached()
    seen.assert_clean()


def test_calavera_analysis_has_luck_and_works_in_the_dark_theme(app):
    page, seen = app
    match = seeded("calavera", 60)
    open_saved(page, match)
    light = board_pixels(page)
    choose_theme(page, "dark")
    wait_for_repaint(page, light)
    run_to_the_end(page)
    summary = page.locator("#analysis-summary").text_content()
    assert "from the decisions" in summary and "from the dice" in summary
    expect(page.locator(".analysis-covered")).to_be_visible()  # unfinished: the game so far
    expect(page.locator(".analysis-table thead")).to_contain_text("Luck")
    assert page.locator("#log-list .log-grade").count() > 0
    page.locator("#analysis-box").scroll_into_view_if_needed()
    shot(page, "analysis-calavera-dark")
    boot(page, page.url.split("?")[0])
    open_box(page)
    expect(page.locator("#analysis-summary")).to_have_text(summary)
    page.click("#nav-lang")
    expect(page.locator("#analysis-summary")).to_contain_text("骰運貢獻")
    page.click("#nav-lang")
    seen.assert_clean()


def test_leaving_the_game_stops_the_analysis(app):
    page, seen = app
    open_saved(page, seeded("calavera", 60))
    open_box(page)
    page.click("#btn-analyse")
    page.wait_for_function("() => document.getElementById('analysis-progress').value >= 1", timeout=RUN_MS)
    page.click("#nav-games")
    expect(page.locator("#screen-picker")).to_be_visible()
    page.click('[data-game="calavera"]')
    expect(page.locator("#analysis-running")).to_be_hidden()
    expect(page.locator("#log-list .log-grade")).to_have_count(0)
    seen.assert_clean()
