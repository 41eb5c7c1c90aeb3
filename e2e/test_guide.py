"""Rules pages and tutorials in Chromium: one boot; for each game, open the rules from the
picker (screenshot), then complete the tutorial by keyboard alone: Tab/Enter to reach buttons,
arrow keys and Enter on the board (screenshot of the end)."""

from __future__ import annotations

import importlib

import pytest
from playwright.sync_api import expect
from quorsum_board import cell_point
from support import (boot, click, engines_imported, modules_imported, next_frame, press_on, resize, seen, settled,
                     shot, watch)

from qipan import games
from qipan.boardkit.guide import Guide

TUTORIAL_GAMES = [g for g in games.GAME_IDS if games.ui(g).guide is not None]


def guide(game_id: str) -> Guide:
    found = games.ui(game_id).guide
    assert found is not None
    return found


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, server)
    yield page, seen
    context.close()


def test_the_picker_imports_no_games_engine(app):
    """The cards' names, player counts and guide buttons come from the plug-ins (docs/startup.md).
    (First in the module: the page it shares has opened no game yet.)"""
    page, _ = app
    expect(page.locator(".game-card")).to_have_count(len(games.GAME_IDS))
    assert engines_imported(page) == []
    assert modules_imported(page) == []  # nor what a link, a share, the analysis or a new game needs


def position(page) -> str:
    return page.locator("#position-text").text_content().strip()


# -- keyboard drivers: play one scripted action on the focused board ---------------------------------

def driver(game_id: str):
    """`play_by_keys(page, action_text, state)` of e2e/guide_keys_<id>.py: one game's keyboard
    driver; `state` is a dict it may keep things in between the steps of one tutorial."""
    return importlib.import_module(f"guide_keys_{game_id}").play_by_keys


@pytest.mark.parametrize("game_id", TUTORIAL_GAMES)
def test_rules_then_the_tutorial_by_keyboard(app, game_id):
    page, seen = app
    page.click("#nav-games")
    page.focus(f'[data-game="{game_id}"]')
    press_on(page, f'[data-guide="rules"][data-value="{game_id}"]')
    expect(page.locator("#screen-guide")).to_be_visible()
    sections = guide(game_id).rules
    expect(page.locator(".guide-section")).to_have_count(len(sections))
    expect(page.locator(".guide-diagram")).to_have_count(sum(1 for s in sections if s.diagram))
    expect(page.locator(".guide-choices tbody tr")).to_have_count(len(games.get(game_id).options))
    shot(page, f"guide-{game_id}-rules")
    page.locator(".guide-choices").scroll_into_view_if_needed()
    shot(page, f"guide-{game_id}-choices")

    page.focus("#guide-top")
    press_on(page, f'[data-guide="tutorial"][data-value="{game_id}"]')
    expect(page.locator("#screen-play.tutorial")).to_be_visible()
    keys_state: dict[str, object] = {}  # what the driver remembers between steps (its cursor)
    tutorial = guide(game_id).tutorial
    for n, step in enumerate(tutorial.steps):
        expect(page.locator(".guide-box")).to_have_attribute("data-guide-step", str(n + 1))
        if n == 0:
            shot(page, f"guide-{game_id}-tutorial-1")
        driver(game_id)(page, step.accept[0], keys_state)
    expect(page.locator(".guide-box")).to_have_attribute("data-guide-step", "done")
    shot(page, f"guide-{game_id}-tutorial-done")
    seen.assert_clean()


def test_another_games_rules_open_at_the_top_and_each_keeps_its_place(app):
    """One element scrolls every rules page: Table Gype's opened where LYNGK's was left, a new
    reader landing at "Home rows" and missing the goal. Each game's page now opens where its own
    reader left it in this visit, at its top the first time (docs/guide.md). (Table Gype's is left
    at its top first: an earlier test may have read it.)"""
    page, seen = app
    rules = page.locator("#screen-guide")
    page.click("#nav-games")
    page.click('[data-guide="rules"][data-value="gype"]')
    rules.evaluate("(node) => { node.scrollTop = 0; }")
    page.click('[data-guide="back"]')
    page.click('[data-guide="rules"][data-value="lyngk"]')
    rules.evaluate("(node) => { node.scrollTop = 1500; }")
    left_at = rules.evaluate("(node) => node.scrollTop")
    assert left_at > 1000
    page.click('[data-guide="back"]')
    expect(page.locator("#screen-picker")).to_be_visible()
    page.click('[data-guide="rules"][data-value="gype"]')
    expect(page.locator(".guide-rules h1")).to_contain_text("Table Gype")
    assert rules.evaluate("(node) => node.scrollTop") == 0
    first = page.locator(".guide-section h2").first
    expect(first).to_be_in_viewport()
    shot(page, "guide-gype-rules-at-top")
    page.click('[data-guide="back"]')
    page.click('[data-guide="rules"][data-value="lyngk"]')
    expect(page.locator(".guide-rules h1")).to_contain_text("LYNGK")
    assert rules.evaluate("(node) => node.scrollTop") == left_at
    page.click('[data-guide="back"]')
    seen.assert_clean()


def in_panel_view(page, selector: str) -> bool:
    """Whether `selector` lies wholly within the panel's view, and its middle is not covered (by the
    sticky turn line, the step card, the controls bar)."""
    return page.evaluate("""(s) => {
        const node = document.querySelector(s), box = node.getBoundingClientRect();
        const panel = document.getElementById("panel").getBoundingClientRect();
        if (box.top < panel.top - 0.5 || box.bottom > panel.bottom + 0.5) return false;
        const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
        return !!hit && node.contains(hit);
    }""", selector)


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024)])
def test_the_steps_instruction_stays_in_view_while_it_is_followed(app, size):
    """Tapping a1 as Quorsum's step 1 says revealed the ×1–×4 buttons and scrolled the step card
    off the panel's top: the instruction being followed ("press 3 (or the ×3 button)") and every
    next one were hidden. The card now sticks at the panel's top beside a tablet's panel, what a tap
    reveals scrolls below it, and the tutorial's bar with a lone greyed Redo is gone."""
    from qipan.games.quorsum.board import CELL_OF

    page, watched = app
    resize(page, *size)
    try:
        page.click("#nav-games")
        page.click('[data-guide="tutorial"][data-value="quorsum"]')
        expect(page.locator(".guide-box")).to_have_attribute("data-guide-step", "1")
        expect(page.locator("#btn-redo")).to_be_hidden()
        page.mouse.click(*cell_point(page, CELL_OF["a1"]))
        settled(page)
        next_frame(page)  # (the answer's reveal runs just before the frame)
        three = '[data-action="dice"][data-value="3"]'
        assert in_panel_view(page, ".guide-say"), "step 1's instruction scrolled out of view"
        assert in_panel_view(page, three), "the ×3 button it names is not in view"
        shot(page, f"guide-quorsum-tutorial-a1-{size[0]}x{size[1]}")
        seen(page, three)
        click(page, three)
        expect(page.locator(".guide-box")).to_have_attribute("data-guide-step", "2")
        next_frame(page)
        assert in_panel_view(page, ".guide-say"), "step 2's instruction is out of view"
        click(page, '[data-action="guide-exit"]')
        expect(page.locator("#screen-picker")).to_be_visible()
    finally:
        resize(page, 1024, 768)
    watched.assert_clean()


def test_a_wrong_move_gets_the_hint_and_the_language_follows(app):
    page, seen = app
    page.click("#nav-games")
    page.click('[data-guide="tutorial"][data-value="lyngk"]')
    keys_state: dict[str, object] = {}  # what the driver remembers between steps (its cursor)
    before = position(page)
    driver("lyngk")(page, "E4-E5", keys_state)  # legal in the game, not the scripted move
    assert position(page) == before
    expect(page.locator(".guide-hint")).to_contain_text("blue piece on E5")
    page.click("#nav-lang")
    expect(page.locator(".guide-say")).to_contain_text("E5")
    expect(page.locator(".guide-count")).to_have_text("第 1 步，共 5 步")
    shot(page, "guide-lyngk-tutorial-zh")
    click(page, '[data-action="guide-exit"]')
    expect(page.locator("#screen-picker")).to_be_visible()
    page.click("#nav-lang")
    seen.assert_clean()
