"""合縱連橫 end to end in Chromium: a seeded 2-player start, then (one reload, which also resumes
the autosaved game) a seeded 3-player game played through the UI to the end: preview then
confirm by clicking, an illegal click refused, a move by keyboard alone, undo, the region view,
the end-of-game table, the other language and three screen sizes. One page for the module; the
tests run in order and build on each other's game."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from support import boot, click, press, resize, shot, watch
from hezong_board import click_cell, place, position_text, state_of

from qipan.games.hezong import GAME, Place, cell_name
from qipan.match import Match
from qipan.games.hezong.ui.play import start_cursor

SEED_2P = 20260709
SEED_3P = 4


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=hezong&seed={SEED_2P}")
    yield page, seen, server
    context.close()


def message(page) -> str:
    return page.locator("#message").text_content()


def test_the_browser_deals_the_same_map_as_cpython(app):
    page, _, _ = app
    state = Match.new("hezong", 2, SEED_2P).state
    assert position_text(page) == GAME.position(state)
    active = page.locator(".hz-scores tr.active th").text_content()
    assert active.endswith(f"Player {state.to_move + 1}")
    shot(page, "hezong-01-start-2p")


def test_two_placements_then_reload_resumes_and_a_seeded_three_player_game_starts(app):
    page, _, server = app
    state = state_of(page)
    for _ in range(2):
        cell = state.placement_cells()[7]
        place(page, cell)
        state = state.apply(Place(cell))
        assert position_text(page) == GAME.position(state)
    # The reload resumes the autosaved game; the seed in the address then offers a new game.
    boot(page, f"{server}?game=hezong&seed={SEED_3P}")
    assert position_text(page) == GAME.position(state)
    assert page.locator("#dlg-new").is_visible()
    page.check('#dlg-new input[name="players"][value="3"]')
    page.click("#btn-start")  # the dialog's close event starts the game a moment later
    expect(page.locator("#position-text")).to_have_text(GAME.position(Match.new("hezong", 3, SEED_3P).state))
    assert page.locator(".hz-scores tbody tr").count() == 3


def test_a_click_previews_and_a_second_click_places(app):
    page, _, _ = app
    state = state_of(page)
    cell = state.placement_cells()[40]
    click_cell(page, cell)
    assert message(page) == f"{cell_name(cell)} attacks nothing. Tap or click {cell_name(cell)} again (or press Enter) to place."
    assert position_text(page) == GAME.position(state)
    click_cell(page, cell)
    state = state.apply(Place(cell))
    assert position_text(page) == GAME.position(state)
    assert message(page) == f"Player {1 + (state.to_move - 1) % 3} placed on {cell_name(cell)}."
    assert f"row or column of {cell_name(cell)}" in page.locator(".hz-where").text_content()
    shot(page, "hezong-02-after-first-stone")


def test_an_illegal_click_is_refused_with_its_reason(app):
    page, _, _ = app
    before = position_text(page)
    state = GAME.parse_position(before)
    row, col = divmod(state.last, 12)
    off_line = ((row + 3) % 12) * 12 + (col + 5) % 12
    click_cell(page, off_line)
    assert message(page) == (f"{cell_name(off_line)} is not in the row or column of {cell_name(state.last)}, "
                             "the last stone.")
    assert "error" in page.locator("#message").get_attribute("class")
    click_cell(page, state.last)
    assert "already holds a stone" in message(page)
    assert position_text(page) == before


def _keys_to(start: int, goal: int) -> list[str]:
    """Arrow keys from one cell to another on the same row or column."""
    (r0, c0), (r1, c1) = divmod(start, 12), divmod(goal, 12)
    keys = ["ArrowDown" if r1 > r0 else "ArrowUp"] * abs(r1 - r0)
    return keys + ["ArrowRight" if c1 > c0 else "ArrowLeft"] * abs(c1 - c0)


def test_a_placement_by_keyboard_alone(app):
    page, _, _ = app
    state = state_of(page)
    goal = state.placement_cells()[-1]
    page.focus("#board")
    press(page, "ArrowUp")  # the first arrow shows the cursor on the last stone
    for key in _keys_to(start_cursor(state), goal):
        press(page, key)
    assert message(page).startswith(f"{cell_name(goal)}: a stone here")
    press(page, "Enter")
    assert "press Enter" in message(page)
    press(page, "Escape")
    assert position_text(page) == GAME.position(state)
    press(page, "Enter")
    press(page, "Enter")
    assert position_text(page) == GAME.position(state.apply(Place(goal)))


def test_undo_takes_back_the_last_stone(app):
    page, _, _ = app
    before = position_text(page)
    state = GAME.parse_position(before)
    place(page, state.placement_cells()[0])
    assert position_text(page) != before
    click(page, "#btn-undo")
    assert position_text(page) == before


def _attacking(state) -> list[int]:
    return [c for c in state.placement_cells() if state.attack_targets(c)]


def test_a_seeded_three_player_game_through_the_ui_to_the_end(app):
    """Moves from a seeded generator that attacks whenever it can (half the time), so the game
    has fights; every placement is two clicks, and the page must match the engine after each."""
    page, _, _ = app
    rng = random.Random(11)
    state = state_of(page)
    previewed = attacked = False
    while not state.is_terminal():
        attacks = _attacking(state)
        cell = rng.choice(attacks) if attacks and rng.random() < 0.5 else rng.choice(state.placement_cells())
        targets = state.attack_targets(cell)
        click_cell(page, cell)
        if targets and not previewed:
            names = ", ".join(cell_name(t) for t in targets)
            stones = "1 stone" if len(targets) == 1 else f"{len(targets)} stones"
            assert f"removes {stones}: {names}" in message(page)
            assert page.locator(".hz-victim").count() == len(targets)
            shot(page, "hezong-03-attack-preview")
            previewed = True
        click_cell(page, cell)
        state = state.apply(Place(cell))
        assert position_text(page) == GAME.position(state), f"after {cell_name(cell)}"
        if targets and not attacked:
            assert page.locator("#hezong-fx .hz-burst").count() == len(targets)
            assert "and removed" in message(page)
            page.wait_for_timeout(250)
            shot(page, "hezong-04-attack-animating")
            attacked = True
        if state.ply == 30:
            click(page, '[data-action="regions"]')
            assert page.locator('[data-action="regions"]').get_attribute("aria-pressed") == "true"
            shot(page, "hezong-05-regions")
            click(page, '[data-action="regions"]')
    assert previewed and attacked
    over = page.locator("#game-over")
    assert over.is_visible()
    table = state.score_table()
    winners = [r.player for r in table if r.winner]
    headline = over.locator("h2").text_content()
    assert (f"Player {winners[0] + 1} wins!" if len(winners) == 1 else "share the win") in headline
    rows = over.locator("tbody tr")
    for i, row in enumerate(table):
        cells = rows.nth(i).locator("td").all_text_contents()
        assert int(cells[0]) == row.rank and int(cells[-1].replace("−", "-")) == row.score
        assert rows.nth(i).get_attribute("data-player") == str(row.player)
    shot(page, "hezong-06-game-over")


def test_the_language_switch_keeps_the_game(app):
    page, _, _ = app
    before = position_text(page)
    page.click("#nav-lang")
    assert "遊戲結束" in page.locator("#game-over h2").text_content()
    assert "分數結算" in page.locator(".hz-scores caption").text_content()
    assert position_text(page) == before
    shot(page, "hezong-07-zh-TW")
    page.click("#nav-lang")


@pytest.mark.parametrize("width,height", [(390, 844), (768, 1024), (1440, 900)])
def test_the_board_fits_phone_tablet_and_desktop(app, width, height):
    page, _, _ = app
    resize(page, width, height)
    box = page.locator("#board").bounding_box()
    assert box["width"] > 300 and box["height"] > 250
    shot(page, f"hezong-08-{width}x{height}")
    resize(page, 1024, 768)


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen, _ = app
    seen.assert_clean()
