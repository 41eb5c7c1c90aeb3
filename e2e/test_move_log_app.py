"""The move log end to end in Chromium: a Quorsum turn and LYNGK moves appear in words (English,
then Traditional Chinese), a click on an earlier entry shows that position (the board takes no
input meanwhile), arrow keys and the step buttons move through the game, back to the live game;
at tablet and phone sizes. One page for the module; the tests run in order."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import boot, click, press, resize, shot, watch
from lyngk_board import click_point, play_move
from quorsum_board import Mirror, perform

from qipan.games.lyngk import GAME as LYNGK
from qipan.games.lyngk.board import label
from qipan.games.quorsum.actions import MOVE, Allot, Step, Try
from qipan.games.quorsum.rules import ALLOCATE, CHAIN, RESOLVE
from qipan.i18n import t
from qipan.match import Match
from qipan.app import move_log
from qipan.games.lyngk.ui.words import describe as lyngk_describe

SEED = 20261125


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=quorsum&seed={SEED}")
    yield page, seen, {}
    context.close()


def position_text(page) -> str:
    return page.locator("#position-text").text_content().strip()


def log_words(page) -> list[str]:
    """The words of every entry after the start position, as the page shows them."""
    return [w.strip() for w in page.locator("#log-list .log-entry .log-words").all_text_contents()][1:]


def expected(match: Match, lang: str) -> list[str]:
    return [e.words for e in move_log.entries(match, lambda key, **v: t(key, lang, **v))]


def current_ply(page) -> int:
    return int(page.locator('#log-list [aria-current="step"]').get_attribute("data-ply"))


def test_a_quorsum_turn_is_logged_with_the_dice_as_they_fell(app):
    page, _, kept = app
    mirror = Mirror(SEED)
    click(page, '[data-action="roll"]')
    mirror.roll()
    choice = mirror.state.legal_actions()[1]  # place the pawns
    perform(page, choice)
    mirror.play(choice)
    placement = mirror.state.legal_actions()[0]
    perform(page, placement)
    mirror.play(placement)
    me = mirror.state.player
    while mirror.state.player == me and not mirror.state.is_terminal():
        state = mirror.state
        legal = state.legal_actions()
        if state.phase == ALLOCATE:
            action = next((a for a in legal if isinstance(a, Allot) and a.kind == MOVE and a.dice == 4), legal[0])
        elif state.phase in (RESOLVE, CHAIN):
            action = next(a for a in legal if isinstance(a, (Try, Step)))
        else:
            action = legal[0]
        perform(page, action)
        mirror.play(action)
        assert position_text(page) == mirror.position()
    words = expected(mirror.match, "en")
    assert log_words(page) == words
    assert any(w.startswith("rolled ") for w in words) and words[0].startswith("opening roll")
    assert page.locator("#log-list .log-who").first.text_content() == "Set-up and dice"
    assert current_ply(page) == len(mirror.match.actions)
    kept["quorsum"] = mirror
    shot(page, "move-log-01-quorsum")


def test_lyngk_moves_in_english_words(app):
    page, _, kept = app
    page.click("#nav-games")
    page.click('[data-game="lyngk"]')
    expect(page.locator("#screen-play")).to_be_visible()
    state = LYNGK.parse_position(position_text(page))
    start = state
    moves = []
    for want_claim in (False, True, False):
        move = next(m for m in state.legal_actions() if bool(m.claim) == want_claim)
        text = LYNGK.action_text(state, move)
        play_move(page, text)
        moves.append(text)
        state = state.apply(move)
        assert position_text(page) == LYNGK.position(state)
    plies = []
    before = start
    for i, text in enumerate(moves):
        action = LYNGK.parse_action(before, text)
        after = before.apply(action)
        plies.append(move_log.Ply(i, 0, before, action, text, after, state))
        before = after
    kept["lyngk"] = (start, plies)
    words = [lyngk_words(p, "en") for p in plies]
    assert log_words(page) == words
    assert "claims" in words[1]
    notes = page.locator("#log-list .log-notation").all_text_contents()
    assert notes == moves
    assert page.locator("#log-list .log-who").nth(1).text_content() == "Turn 2 · Player 2"
    shot(page, "move-log-02-lyngk-en")


def lyngk_words(ply, lang: str) -> str:
    return lyngk_describe(ply, lambda key, **v: t(key, lang, **v))


def test_the_log_speaks_traditional_chinese(app):
    page, _, kept = app
    page.click("#nav-lang")
    expect(page.locator(".log-heading")).to_have_text("棋譜")
    _, plies = kept["lyngk"]
    assert log_words(page) == [lyngk_words(p, "zh-TW") for p in plies]
    assert "疊到" in log_words(page)[0]
    shot(page, "move-log-03-lyngk-zh")
    page.click("#nav-lang")
    expect(page.locator(".log-heading")).to_have_text("Moves")


def test_clicking_an_entry_shows_that_position_and_the_board_waits(app):
    page, _, kept = app
    start, plies = kept["lyngk"]
    page.click('#log-list [data-ply="1"]')
    assert position_text(page) == LYNGK.position(plies[0].after)
    expect(page.locator(".review-banner")).to_contain_text("Viewing move 1 of 3")
    assert current_ply(page) == 1
    assert "Player 2 to move" in page.locator("#board").get_attribute("aria-label")
    # A click on the board does nothing while a past position is shown.
    movable = next(m for m in plies[0].after.legal_actions() if m.origin >= 0)
    click_point(page, label(movable.origin))
    assert position_text(page) == LYNGK.position(plies[0].after)
    assert page.locator("#message").text_content() == ""
    shot(page, "move-log-04-review")


def test_arrow_keys_and_step_buttons(app):
    page, _, kept = app
    start, plies = kept["lyngk"]
    page.focus("#log-list")
    press(page, "ArrowLeft")
    assert current_ply(page) == 0 and position_text(page) == LYNGK.position(start)
    press(page, "ArrowRight")
    press(page, "ArrowDown")
    assert current_ply(page) == 2 and position_text(page) == LYNGK.position(plies[1].after)
    press(page, "Home")
    assert current_ply(page) == 0
    press(page, "End")
    assert current_ply(page) == 3 and page.locator(".review-banner").count() == 0
    page.click('[data-step="back"]')
    assert current_ply(page) == 2
    page.click('[data-step="start"]')
    assert current_ply(page) == 0 and position_text(page) == LYNGK.position(start)
    expect(page.locator('[data-step="back"]')).to_be_disabled()
    page.click('[data-step="forward"]')
    assert current_ply(page) == 1


def test_back_to_the_game_and_play_on(app):
    page, seen, kept = app
    _, plies = kept["lyngk"]
    page.click('.review-banner [data-action="live"]')
    live = plies[-1].after
    assert position_text(page) == LYNGK.position(live)
    assert page.locator(".review-banner").count() == 0
    move = next(m for m in live.legal_actions() if not m.claim)
    play_move(page, LYNGK.action_text(live, move))
    assert position_text(page) == LYNGK.position(live.apply(move))
    assert len(log_words(page)) == 4 and current_ply(page) == 4
    # Undo while reviewing returns to the game and takes the move back.
    page.click('#log-list [data-ply="2"]')
    click(page, "#btn-undo")
    assert position_text(page) == LYNGK.position(live) and page.locator(".review-banner").count() == 0
    # Hint while reviewing returns to the game too, and suggests a move for it (it used to do nothing).
    page.click('#log-list [data-ply="1"]')
    click(page, "#btn-hint")
    assert page.locator(".review-banner").count() == 0 and position_text(page) == LYNGK.position(live)
    expect(page.locator("#message")).to_contain_text("Hint: the hard computer player would choose", timeout=60_000)
    seen.assert_clean()


def test_phone_and_tablet_layouts(app):
    page, seen, kept = app
    page.click('#log-list [data-ply="1"]')
    shot(page, "move-log-05-tablet-review")
    resize(page, 390, 844)
    page.click('.review-banner [data-action="live"]')
    box = page.locator(".log-box")
    if box.get_attribute("open") is None:
        page.click(".log-box > summary")
    expect(page.locator("#log-list")).to_be_visible()
    height = page.locator("#log-list").bounding_box()["height"]
    assert height <= 9.5 * 16 + 4
    for control in ("#btn-undo", "#btn-new", ".log-step >> nth=0"):
        assert page.locator(control).bounding_box()["height"] >= 44
    page.locator("#btn-undo").scroll_into_view_if_needed()
    expect(page.locator("#btn-undo")).to_be_in_viewport()
    shot(page, "move-log-06-phone")
    resize(page, 1024, 768)
    seen.assert_clean()
