"""Quorsum match play in Chromium: when a game of a match ends, a box says who won it and how,
the match score and what each player needs, and its focused "Next game" button (keyboard) starts
the next game; the next game's tiles are not laid before. Review over the pause, reload at the
pause, Traditional Chinese, the dark theme, phone and tablet sizes, and a stalemate ended by
giving up dice that Undo takes back. On a touch tablet (1024x768, then 768x1024) "Next game"
and the message are in view above the sticky controls the moment the pause appears, with no
scrolling by the test: a tap at the button's centre is a tap on it. One page for the module (a
saved match, seed 4 to 5 points, is put in storage before the page boots); the tests run in
order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support import boot, click, next_frame, OUTPUT, press, press_on, resize, shot, tap_control, watch
from quorsum_board import position_text, tap

from qipan.games.quorsum import GAME
from qipan.games.quorsum.actions import GO, Choose, Place, Step
from qipan.match import Match
from qipan.app.storage import save_match
from qipan.boardkit.store import PREFIX, Storage

DATA = Path(__file__).resolve().parent.parent / "tests" / "games" / "quorsum"
SEED, TARGET = 4, 5
BEFORE_DOUBLE = [line for line in (DATA / "match_before_double.txt").read_text().splitlines()
                 if line and not line.startswith("#")]
"""Game 1 up to Player 1's last step: d3 to d4 (the dice meet it) wins with a double win."""
D4 = 15


def _seeded_storage() -> dict[str, str]:
    match = Match.new("quorsum", 2, SEED, match_target=TARGET)
    for text in BEFORE_DOUBLE:
        match.play(text)
    storage = Storage(None)
    save_match(storage, match, ("human", "human"))
    storage.set("last", "quorsum")
    return {PREFIX + key: storage.get(key) for key in storage.keys()}


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True, service_workers="block")
    # The saved match goes into storage once, before the app reads it (not again on a reload).
    context.add_init_script(
        "(items => { try { if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); } } catch (e) {} })"
        f"({json.dumps(_seeded_storage())})")
    seen = watch(context)
    page = context.new_page()
    boot(page, server)
    mirror = Match.new("quorsum", 2, SEED, match_target=TARGET)
    for text in BEFORE_DOUBLE:
        mirror.play(text)
    yield page, seen, mirror
    context.close()


def box(page):
    return page.locator("#game-panel .qs-between")


def focused_id(page) -> str:
    return page.evaluate("() => document.activeElement && document.activeElement.id")


def hit_at_centre(page, selector: str) -> str:
    """What a tap at the centre of `selector` lands on (document.elementFromPoint): "itself", or
    the id or class of the element covering it (a button of the sticky controls, say)."""
    next_frame(page)
    return page.evaluate("""(s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const own = hit && hit.closest(s);
        return own ? "itself" : (hit ? (hit.id || hit.className || hit.tagName) : "nothing");
    }""", selector)


def assert_in_view(page, selector: str) -> None:
    """`selector` is whole in the panel's view, above its sticky controls, and not squeezed (once the
    page has scrolled what is new into view)."""
    next_frame(page)
    where = page.evaluate("""(s) => {
        const node = document.querySelector(s), r = node.getBoundingClientRect();
        const panel = document.getElementById("panel").getBoundingClientRect();
        const bar = document.querySelector("#panel .controls").getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, panel_top: panel.top, bar_top: bar.top,
                clipped: node.scrollHeight > node.clientHeight + 1};
    }""", selector)
    assert where["panel_top"] <= where["top"] and where["bottom"] <= where["bar_top"] + 0.5, where
    assert not where["clipped"], where


def test_the_winning_step_shows_the_box_and_not_the_next_layout(app):
    page, _, mirror = app
    assert position_text(page) == GAME.position(mirror.state)
    tap(page, D4)
    mirror.play_action(Step(D4))
    mirror.sample_chance()  # the dice of the step (the same seed draws the same dice)
    assert position_text(page) == GAME.position(mirror.state)
    assert "phase=layout" in position_text(page)
    expect(box(page)).to_be_visible()
    text = box(page).text_content()
    assert "Game 1: Player 1 wins" in text
    assert "a double win (2 points)" in text
    assert "Match score 2–0 (target 5)" in text
    assert "Player 1 needs 3 more, Player 2 needs 5 more" in text
    assert focused_id(page) == "qs-next-game"
    assert hit_at_centre(page, "#qs-next-game") == "itself"  # not under the sticky controls
    assert_in_view(page, "#qs-next-game")
    message = page.locator("#message").text_content()
    assert "both of Player 1's pawns are home" in message and "go on" not in message
    assert_in_view(page, "#message")  # the whole message, above the bar, not squeezed
    assert page.locator("#game-over").is_hidden()
    assert "Player 1's pawn on d4 heading for d4" in page.locator("#board").get_attribute("aria-label")
    shot(page, "quorsum-match-01-box-1024")


def test_review_steps_over_the_pause_without_a_stale_box(app):
    page, _, mirror = app
    pause = len(mirror.actions)
    if not page.locator("#log-box").evaluate("details => details.open"):
        page.click("#log-box > summary")
    page.click(f'#log-list [data-ply="{pause - 2}"]')
    expect(page.locator(".review-banner")).to_be_visible()
    assert box(page).count() == 0
    assert position_text(page) == GAME.position(mirror.states()[pause - 2])
    page.click(f'#log-list [data-ply="{pause}"]')  # the pause is the live position
    expect(page.locator(".review-banner")).to_have_count(0)
    expect(box(page)).to_be_visible()
    assert position_text(page) == GAME.position(mirror.state)


def test_a_reload_at_the_pause_shows_the_box_again(app):
    page, _, mirror = app
    boot(page, page.url.split("?")[0])
    assert position_text(page) == GAME.position(mirror.state)
    expect(box(page)).to_be_visible()
    press_on(page, "#qs-next-game", "Shift")  # the keyboard reaches it (Shift: presses nothing)


def test_chinese_dark_and_small_screens(app):
    page, _, _ = app
    page.click("#nav-lang")
    text = box(page).text_content()
    assert "第 1 場：玩家 1 獲勝" in text and "雙倍勝利" in text
    assert page.locator("#qs-next-game").text_content() == "下一場"
    shot(page, "quorsum-match-02-zh-TW")
    page.click("#nav-lang")
    page.click("#nav-settings")
    page.select_option('select[name="set-theme"]', "dark")
    press(page, "Escape")
    expect(page.locator("#dlg-settings")).not_to_be_visible()
    shot(page, "quorsum-match-03-dark")
    for name, size in (("phone", {"width": 390, "height": 844}), ("tablet", {"width": 1024, "height": 768})):
        resize(page, size["width"], size["height"])
        page.locator("#qs-next-game").scroll_into_view_if_needed()
        button = page.locator("#qs-next-game").bounding_box()
        assert button["height"] >= 44 and button["width"] >= 44
        shot(page, f"quorsum-match-04-{name}")
    page.click("#nav-settings")
    page.select_option('select[name="set-theme"]', "light")
    press(page, "Escape")


def test_next_game_by_keyboard_lays_out_game_two(app):
    page, _, mirror = app
    page.locator("#qs-next-game").focus()
    press(page, "Enter")
    mirror.sample_chance()
    while mirror.state.is_chance():
        mirror.sample_chance()
    assert position_text(page) == GAME.position(mirror.state)
    assert box(page).count() == 0
    assert "Game 2 of the match" in page.locator("#message").text_content()
    assert "makes this game's opening choice" in page.locator("#game-panel").text_content()
    assert page.locator("#game-panel .qs-throw").count() == 0
    assert focused_id(page) == "qs-choose-first"
    # The move log: a heading per game; the new layout stands under "Game 2".
    assert page.locator("#log-list .log-game-heading").all_text_contents() == ["Game 1", "Game 2"]
    last_heading = page.locator("#log-list li.log-game").last
    layout = last_heading.locator("xpath=following-sibling::li[1]").text_content()
    assert layout.startswith("Set-up and dice") and layout.count("tile ") == 16, layout
    last_heading.scroll_into_view_if_needed()
    page.locator("#log-box").screenshot(path=str(OUTPUT / "quorsum-match-05b-log-game-2.png"))
    shot(page, "quorsum-match-05-game-2")


def test_a_stalemate_by_giving_up_dice_and_undo_takes_it_back(app):
    page, _, mirror = app
    press(page, "Enter")  # "Go first" has the focus
    mirror.play_action(Choose("first"))
    tap(page, 0)
    tap(page, 3)
    mirror.play_action(Place((0, 3)))
    resize(page, 768, 1024)  # the tablet turned upright
    for _ in range(6):
        tap_control(page, '#game-panel [data-action="go"]')
        mirror.play_action(GO)
    assert position_text(page) == GAME.position(mirror.state)
    expect(box(page)).to_be_visible()
    assert focused_id(page) == "qs-next-game"
    assert hit_at_centre(page, "#qs-next-game") == "itself"
    assert_in_view(page, "#qs-next-game")
    assert_in_view(page, "#message")
    text = box(page).text_content()
    assert "Game 2: a draw" in text and "Stalemate" in text
    assert "Match score 3–1 (target 5)" in text
    shot(page, "quorsum-match-06-stalemate")
    click(page, "#btn-undo")
    assert box(page).count() == 0
    assert position_text(page) == GAME.position(mirror.states()[-2])
    click(page, "#btn-redo")
    expect(box(page)).to_be_visible()
    assert position_text(page) == GAME.position(mirror.state)
    assert focused_id(page) == "qs-next-game"
    assert hit_at_centre(page, "#qs-next-game") == "itself"
    bounds = page.locator("#qs-next-game").bounding_box()
    page.touchscreen.tap(bounds["x"] + bounds["width"] / 2, bounds["y"] + bounds["height"] / 2)
    expect(page.locator("#message")).to_contain_text("Game 3 of the match")  # Next game, not New game
    assert page.locator("#dlg-new").is_hidden()
    shot(page, "quorsum-match-07-game-3-768")
    resize(page, 1024, 768)


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen, _ = app
    seen.assert_clean()
