"""LYNGK end to end in Chromium: boot, pick, claim and move by clicking and by keyboard, an
illegal click refused, undo, new game, reload and resume, a whole seeded game to its end.
One page for the module; the tests run in order and build on each other's game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import arrow_keys, boot, click, engines_imported, modules_imported, press, resize, seen, settled, shot, watch
from lyngk_board import click_point, play_move, position_text

from qipan.core import Rng
from qipan.games.lyngk import GAME
from qipan.games.lyngk.board import label, parse_point
from qipan.match import Match
from qipan.games.lyngk.ui.view import ARROWS, Layout
from qipan import games

SEED = 20261123


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed={SEED}")
    yield page, seen
    context.close()


def test_the_browser_deals_the_same_board_as_cpython(app):
    """The seeded set-up (core.Rng in Pyodide) equals the one CPython draws for the same seed."""
    page, _ = app
    assert position_text(page) == GAME.position(Match.new("lyngk", 2, SEED).state)
    assert page.locator(".player.active h3").text_content() == "Player 1"
    shot(page, "lyngk-01-start")


def test_a_first_visit_to_a_game_imports_that_games_engine_only(app):
    """docs/startup.md, "Loaded when first used": the registry knows every game from its plug-in.
    (Early in the module: the page it shares has opened no other game yet.)"""
    page, _ = app
    assert engines_imported(page) == ["lyngk"]
    assert modules_imported(page) == []  # nor what a link, a share, the analysis or a new game needs


def test_a_shared_game_and_a_new_game_import_their_modules_when_they_are_asked_for(app):
    """The first share and the first new game import what they need (docs/startup.md)."""
    page, _ = app
    page.click("#btn-share")
    expect(page.locator("#share-form textarea").first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-share")).to_be_hidden()
    assert modules_imported(page, ("qipan.app.share", "qipan.app.new_game")) == ["qipan.app.share"]
    page.click("#btn-new")
    expect(page.locator("#dlg-new")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-new")).to_be_hidden()
    assert modules_imported(page, ("qipan.app.new_game",)) == ["qipan.app.new_game"]


def test_an_illegal_click_is_refused_with_a_message(app):
    page, _ = app
    before = position_text(page)
    state = GAME.parse_position(before)
    joker = next(i for i, s in enumerate(state.stacks) if s == "J")
    click_point(page, label(joker))
    assert "joker" in page.locator("#message").text_content()
    assert "error" in page.locator("#message").get_attribute("class")
    assert position_text(page) == before


def test_picking_a_stack_shows_its_targets_and_a_click_moves_it(app):
    page, _ = app
    state = GAME.parse_position(position_text(page))
    move = next(m for m in state.legal_actions() if not m.claim)
    click_point(page, label(move.origin))
    n = sum(1 for m in state.legal_actions() if m.origin == move.origin and not m.claim)
    assert page.locator("#message").text_content() == f"Pick where the stack on {label(move.origin)} goes ({n} targets)."
    shot(page, "lyngk-02-selected")
    click_point(page, label(move.dest))
    assert position_text(page) == GAME.position(state.apply(move))
    assert page.locator(".player.active h3").text_content() == "Player 2"


def test_the_focus_a_player_puts_on_the_board_right_after_a_panel_tap_stays_there(app):
    """The page around the board is refreshed in a task after a tap on a panel control, and then
    gives the focus back to that control; a player who has gone on to the board before it came
    keeps the board (the tap, and the board taking the focus, in one task: before the refresh)."""
    page, _ = app
    claim = '[data-action="claim"][data-value="R"]'
    seen(page, claim)  # (a click sooner after the control appeared would be ignored: app/taps.py)
    page.evaluate("""(claim) => {
      const control = document.querySelector(claim);
      control.focus();
      control.click();
      document.getElementById('board').focus();
    }""", claim)
    settled(page)
    assert page.locator(claim).get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.activeElement.id") == "board"
    click(page, claim)  # (the claim dropped again: the game as it was)
    assert page.locator(claim).get_attribute("aria-pressed") == "false"
    assert page.evaluate("document.activeElement.getAttribute('data-value')") == "R"  # a tap's focus comes back


def test_claiming_is_a_visible_control_before_the_move(app):
    page, _ = app
    state = GAME.parse_position(position_text(page))
    move = next(m for m in state.legal_actions() if m.claim == "R")
    click(page, '[data-action="claim"][data-value="R"]')
    assert page.locator('[data-action="claim"][data-value="R"]').get_attribute("aria-pressed") == "true"
    assert page.locator("#message").text_content() == "You will claim red with this move."
    click_point(page, label(move.origin))
    click_point(page, label(move.dest))
    after = GAME.parse_position(position_text(page))
    assert after.claims[1] == "R"
    assert "R" in page.locator('.player[data-player="1"] .chips').inner_html()
    shot(page, "lyngk-03-claimed")


def test_undo_takes_back_the_last_move(app):
    page, _ = app
    before = position_text(page)
    state = GAME.parse_position(before)
    play_move(page, GAME.action_text(state, state.legal_actions()[0]))
    assert position_text(page) != before
    click(page, "#btn-undo")
    assert position_text(page) == before


def test_a_move_by_keyboard_alone(app):
    page, _ = app
    state = GAME.parse_position(position_text(page))
    move = next(m for m in state.legal_actions() if not m.claim)
    box = page.locator("#board").bounding_box()
    layout = Layout(box["width"], box["height"])
    page.focus("#board")
    press(page, "ArrowDown")  # the first arrow shows the cursor on E4, the centre
    for key in arrow_keys(layout.neighbour_in_direction, ARROWS, parse_point("E4"), move.origin):
        press(page, key)
    press(page, "Enter")
    assert f"Pick where the stack on {label(move.origin)} goes" in page.locator("#message").text_content()
    press(page, "Escape")
    assert page.locator("#message").text_content() == "Pick a stack to move."
    press(page, "Enter")
    for key in arrow_keys(layout.neighbour_in_direction, ARROWS, move.origin, move.dest):
        press(page, key)
    press(page, "Enter")
    assert position_text(page) == GAME.position(state.apply(move))


def test_a_move_is_saved_after_its_frame_and_still_kept_when_the_page_is_left_at_once(app):
    page, _ = app
    state = GAME.parse_position(position_text(page))
    move = next(m for m in state.legal_actions() if not m.claim)
    click_point(page, label(move.origin))
    page.evaluate("window.__saveKey = Object.keys(localStorage).find((k) => /^qipan[/]v1[/](game|save)[/]/.test(k))")
    # The last click, then the page hidden, in one go: the move is played at once, its save waits
    # for the frame (the click is answered first), and hiding the page writes it then and there.
    with page.expect_navigation():
        seen = page.evaluate("""([x, y]) => {
            const board = document.getElementById('board'), box = board.getBoundingClientRect();
            const read = () => JSON.parse(localStorage.getItem(window.__saveKey)).record.actions.length;
            const before = read();
            board.dispatchEvent(new MouseEvent('click', {clientX: box.left + x, clientY: box.top + y, bubbles: true}));
            const moved = document.getElementById('position-text').textContent.trim();
            const atOnce = read();
            dispatchEvent(new PageTransitionEvent('pagehide'));
            const hidden = read();
            location.reload();
            return [moved, atOnce - before, hidden - before];
        }""", _point_xy(page, move.dest))
    page.wait_for_selector("body[data-py-ready]", state="attached")
    after = GAME.position(state.apply(move))
    assert seen == [after, 0, 1]  # played at once; saved after the frame, or when the page is hidden
    assert position_text(page) == after  # and the reload that followed resumes it


def _point_xy(page, point: int) -> tuple[float, float]:
    """Where the top of a point's stack is on the board, in the canvas's CSS pixels."""
    box = page.locator("#board").bounding_box()
    stacks = GAME.parse_position(position_text(page)).stacks
    return Layout(box["width"], box["height"]).top_px(point, len(stacks[point]))


def test_reload_resumes_exactly_where_the_game_was(app):
    page, _ = app
    before = position_text(page)
    boot(page, page.url.split("?")[0])
    assert position_text(page) == before
    assert page.locator("#screen-play").is_visible()


def test_new_game_asks_before_discarding(app):
    page, _ = app
    before = position_text(page)
    page.click("#btn-new")
    assert page.locator("#dlg-new").is_visible()
    shot(page, "lyngk-04-new-game-dialog")
    page.click('#dlg-new button[value="cancel"]')
    assert position_text(page) == before
    page.click("#btn-new")
    page.click("#btn-start")
    expect(page.locator("#position-text")).not_to_have_text(before)
    assert not page.locator("#btn-undo").is_enabled()
    page.locator("#btn-undo").click(force=True)  # greyed (aria-disabled), yet a tap says why: no tooltip on a tablet
    expect(page.locator("#message")).to_have_text("Nothing to undo yet. Pick a stack to move.")  # the prompt kept


def test_a_hint_is_followed_by_tapping_its_stack_then_its_target(app):
    """The tablet report: Hint said "D6 onto E6" and had picked D6; the new player tapped D6 (which
    let it go) and then E6 ("E6 is topped by your opponent's colour"). The tap on the stack the
    hint picked keeps it picked, and the tap on its target plays the hinted move."""
    page, _ = app
    page.click("#btn-new")
    page.click("#btn-start")  # (a game of its own: two players on this device, player 1 to move)
    expect(page.locator("#message")).to_have_text("Pick a stack to move.")
    state = GAME.parse_position(position_text(page))
    click(page, "#btn-hint")
    expect(page.locator("#message")).to_contain_text("would choose", timeout=60_000)
    hinted = page.locator("#message").text_content()
    move = GAME.parse_action(state, hinted.rsplit("(", 1)[1].removesuffix(")."))
    click_point(page, label(move.origin))
    assert page.locator("#message").text_content() == hinted  # still picked: no "Pick a stack"
    shot(page, "lyngk-04-hint-stack-tapped")
    click_point(page, label(move.dest))
    assert position_text(page) == GAME.position(state.apply(move))
    assert page.locator("#message").get_attribute("class") == "message"


def test_a_whole_seeded_game_to_the_end_through_the_ui(app):
    page, _ = app
    rng = Rng(7)
    state = GAME.parse_position(position_text(page))
    plies = 0
    while not state.is_terminal():
        move = rng.choice(state.legal_actions())
        play_move(page, GAME.action_text(state, move))
        state = state.apply(move)
        assert position_text(page) == GAME.position(state), f"after ply {plies + 1}"
        plies += 1
    outcome = state.outcome()
    over = page.locator("#game-over")
    assert over.is_visible()
    headline = over.locator("h2").text_content()
    if outcome.winners:
        assert f"Player {outcome.winners[0] + 1} wins!" in headline
    else:
        assert "Draw" in headline
    rows = over.locator("tbody tr")
    for player in (0, 1):
        cells = [int(c) for c in rows.nth(player).locator("td").all_text_contents()]
        assert tuple(cells) == outcome.tiebreak[player]
    shot(page, "lyngk-05-game-over")


def test_the_language_switch_keeps_the_game(app):
    page, _ = app
    before = position_text(page)
    page.click("#nav-lang")
    assert page.locator("html").get_attribute("lang") == "zh-TW"
    assert "遊戲結束" in page.locator("#game-over h2").text_content()
    assert position_text(page) == before
    shot(page, "lyngk-06-zh-TW")
    page.click("#nav-lang")
    assert page.locator("html").get_attribute("lang") == "en"


def test_a_share_link_opens_this_game_without_touching_the_visitors_save(app):
    page, _ = app
    before = position_text(page)
    saved = page.evaluate("localStorage.getItem('qipan/v1/game/lyngk')")
    page.click("#btn-share")
    boxes = page.locator("#share-form textarea")
    link, embed = boxes.nth(0).input_value(), boxes.nth(2).input_value()
    assert "?share=r1." in link and embed.startswith("<iframe") and "embed=1" in embed
    shot(page, "lyngk-09-share-dialog")
    page.click('#dlg-share button[value="close"]')
    boot(page, link)
    assert position_text(page) == before
    expect(page.locator("#share-banner")).to_be_visible()
    assert page.evaluate("localStorage.getItem('qipan/v1/game/lyngk')") == saved
    boot(page, page.url.split("?")[0])
    assert position_text(page) == before


def test_the_board_fits_phones_and_tablets(app):
    page, _ = app
    for name, width, height in (("phone-390x844", 390, 844), ("tablet-768x1024", 768, 1024),
                                ("tablet-1024x768", 1024, 768)):
        resize(page, width, height)
        box = page.locator("#board").bounding_box()
        assert box["width"] >= min(width, 360) * 0.9 or box["height"] >= 300
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
        shot(page, f"lyngk-08-{name}")
    resize(page, 1024, 768)


def test_the_player_cards_keep_completed_stacks_on_one_line(app):
    page, _ = app
    for width, height in ((1280, 800), (1024, 768), (390, 844)):
        resize(page, width, height)
        lines = page.evaluate("""() => [...document.querySelectorAll('.lyngk-players .score')].map(el => {
            const range = document.createRange(); range.selectNodeContents(el);
            const card = el.closest('.player');
            return [new Set([...range.getClientRects()].map(r => Math.round(r.top))).size,
                    card.scrollWidth <= card.clientWidth];
        })""")
        assert lines == [[1, True], [1, True]], (width, height, lines)
    resize(page, 1024, 768)


def test_a_seed_that_is_not_ascii_digits_still_boots(app, server):
    """?seed=² ('²'.isdigit() is true, int('²') fails) and a seed of 5,000 digits: the game opens."""
    page, _ = app
    for seed in ("%C2%B2", "9" * 5000):
        boot(page, f"{server}?game=lyngk&seed={seed}")
        expect(page.locator("#board")).to_be_visible()
        assert page.locator("#game-name").text_content() == "LYNGK"


def test_the_picker_lists_all_five_games(app):
    page, _ = app
    page.click("#nav-games")
    cards = page.locator(".game-card")
    assert cards.count() == 5
    ready = games.GAME_IDS
    assert page.locator(".game-card.coming").count() == 5 - len(ready)
    for game_id in ready:
        assert page.locator(f'.game-card [data-game="{game_id}"]').is_visible()
    shot(page, "lyngk-07-picker")
    before = position_text(page)
    page.locator('.game-card [data-game="lyngk"]').focus()
    press(page, "Enter")  # by keyboard: the game (resumed) and the focus on its board
    expect(page.locator("#board")).to_be_focused()
    assert position_text(page) == before


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen = app
    seen.assert_clean()
