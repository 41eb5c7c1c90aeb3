"""Quorsum end to end in Chromium: the roll-off by button, the opening choice, placement by
tapping corners, allocation by taps and by keyboard with the odds shown, a refused tap, the chain
step by step, undo, phone and tablet sizes, reload and resume, a whole seeded game to its end,
the language switch. One page for the module; the tests run in order on the same game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import boot, click, press, resize, settled, shot, watch
from quorsum_board import Mirror, perform, position_text, tap

from qipan.core import Rng
from qipan.games.quorsum.actions import FLIP, GO, MOVE, Allot, Place, Step, Try
from qipan.games.quorsum.board import cell_name
from qipan.games.quorsum.odds import toward_home_path
from qipan.games.quorsum.rules import ALLOCATE, CHAIN, PLACING, RESOLVE
from qipan.games.quorsum.ui import play as quorsum_play
from qipan.games.quorsum.ui.view import cursor_step

SEED = 20261124


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=quorsum&seed={SEED}")
    yield page, seen, Mirror(SEED)
    context.close()


def message(page) -> str:
    return page.locator("#message").text_content()


def test_the_browser_deals_the_same_tiles_as_cpython(app):
    page, _, mirror = app
    assert position_text(page) == mirror.position()
    assert page.locator('[data-action="roll"]').is_visible()
    shot(page, "quorsum-01-start")


def test_a_tap_before_the_opening_roll_is_refused(app):
    page, _, mirror = app
    tap(page, 5)
    assert "Roll for the opening choice first" in message(page)
    assert "error" in page.locator("#message").get_attribute("class")
    assert position_text(page) == mirror.position()


def test_the_opening_roll_shows_its_dice_and_asks_for_the_choice(app):
    page, _, mirror = app
    click(page, '[data-action="roll"]')
    mirror.roll()
    assert position_text(page) == mirror.position()
    chooser = mirror.state.player
    assert page.locator(".qs-throw .qs-die").count() >= 2
    assert f"Player {chooser + 1} makes the opening choice" in message(page)
    assert page.locator(".player.active h3").text_content().startswith(f"Player {chooser + 1}")
    place = mirror.state.legal_actions()[1]  # "place the pawns", by keyboard
    page.locator(f'[data-action="choose"][data-value="{place.option}"]').focus()
    press(page, "Enter")
    mirror.play(place)
    # The pressed button is gone with the choice: the focus goes on to the panel's first control.
    first = page.locator("#game-panel button:not([disabled])").first
    expect(first).to_be_focused()
    assert mirror.state.phase == PLACING
    assert position_text(page) == mirror.position()


def test_placement_by_tapping_two_corners(app):
    page, _, mirror = app
    tap(page, 5)
    assert "not a corner" in message(page)
    tap(page, 0)
    assert "a1 holds a pawn of Player 1" in message(page)
    shot(page, "quorsum-02-placing")
    tap(page, 15)
    mirror.play(Place((0, 15)))
    assert position_text(page) == mirror.position()
    assert mirror.state.phase == ALLOCATE


def test_allocation_shows_the_odds_before_rolling(app):
    page, _, mirror = app
    state = mirror.state
    me = state.player
    pawn = next(c for c, _, _ in state.pawns[me] if toward_home_path(state, c))
    tap(page, pawn)
    assert f"Move the pawn on {cell_name(pawn)}" in message(page)
    reach = quorsum_play.move_reach(state, pawn, 3)
    button = page.locator('.qs-tray [data-action="dice"][data-value="3"]')
    first = next(iter(reach))
    assert f"{cell_name(first)} {quorsum_play.pct1(reach[first])}" in button.text_content()
    button.click()
    settled(page)
    mirror.play(Allot(MOVE, pawn, 3))
    assert position_text(page) == mirror.position()
    # The opponent's pawn: its tile may not be flipped.
    theirs = mirror.state.pawns[1 - me][0][0]
    tap(page, theirs)
    assert "An opponent's pawn stands on" in message(page)
    assert position_text(page) == mirror.position()
    shot(page, "quorsum-03-allocated")


def test_the_last_die_by_keyboard_onto_a_tile(app):
    page, _, mirror = app
    state = mirror.state
    target = next(c for c in range(16) if Allot(FLIP, c, 1) in state.legal_actions() and state.occupant(c) < 0)
    page.focus("#board")
    press(page, "ArrowUp")  # the cursor appears on one of the mover's pawns
    cursor = state.pawns[state.player][0][0]
    while cursor // 4 != target // 4:
        key = "ArrowUp" if target // 4 > cursor // 4 else "ArrowDown"
        press(page, key)
        cursor = cursor_step(cursor, key)
    while cursor != target:
        key = "ArrowRight" if target % 4 > cursor % 4 else "ArrowLeft"
        press(page, key)
        cursor = cursor_step(cursor, key)
    press(page, "1")
    assert "1 die picked" in message(page)
    press(page, "Enter")
    mirror.play(Allot(FLIP, target, 1))
    assert mirror.state.phase == RESOLVE
    assert position_text(page) == mirror.position()
    p = quorsum_play.flip_odds(mirror.state, target, 1).now  # the odds of the plan as it stands
    assert quorsum_play.pct1(p) in page.locator(".qs-actions").text_content()
    shot(page, "quorsum-04-resolve")


def test_undo_takes_back_the_allocation_before_the_dice_roll(app):
    page, _, mirror = app
    before = position_text(page)
    click(page, "#btn-undo")
    mirror.undo()
    assert position_text(page) == mirror.position() != before
    click(page, '.qs-tray [data-action="dice"][data-value="1"]')
    # redo it by tapping: the dice first, then the tile
    state = mirror.state
    target = next(c for c in range(16) if Allot(FLIP, c, 1) in state.legal_actions() and state.occupant(c) < 0)
    tap(page, target)
    mirror.play(Allot(FLIP, target, 1))
    assert position_text(page) == mirror.position()


def test_the_chain_asks_for_each_step_with_its_odds(app):
    page, _, mirror = app
    move = next(a for a in mirror.state.legal_actions() if isinstance(a, Try) and a.kind == MOVE)
    tap(page, move.cell)
    mirror.play(move)
    assert position_text(page) == mirror.position()
    state = mirror.state
    assert state.phase == CHAIN
    chances = quorsum_play.step_odds(state)
    buttons = page.locator('[data-action="step"]')
    assert buttons.count() == len(chances)
    assert quorsum_play.pct1(next(iter(chances.values()))) in buttons.first.text_content()
    shot(page, "quorsum-05-chain")
    target = min(chances, key=lambda c: state.values[c])
    tap(page, target)
    mirror.play(Step(target))
    assert position_text(page) == mirror.position()
    assert page.locator(".qs-rolls .qs-die").count() >= 1
    assert "to " + cell_name(target) in message(page)
    shot(page, "quorsum-06-rolled")


def test_phone_and_tablet_sizes(app):
    page, _, _ = app
    for name, size in (("phone", (390, 844)), ("tablet", (768, 1024)), ("tablet-landscape", (1024, 768))):
        resize(page, size[0], size[1])
        shot(page, f"quorsum-07-{name}")
    resize(page, 1024, 768)


def test_reload_resumes_where_the_game_was(app):
    page, _, mirror = app
    boot(page, page.url.split("?")[0])
    assert position_text(page) == mirror.position()


def _policy(state, rng: Rng):
    """A plain player: all dice on a pawn that can head home, flipping now and then, stepping
    homewards (the lower value first), stopping when no step leads home."""
    legal = state.legal_actions()
    if state.phase == ALLOCATE:
        if state.todo:
            return GO
        movers = [c for c, home, _ in state.pawns[state.player] if c != home and toward_home_path(state, c)]
        if movers and rng.randbelow(5):
            return Allot(MOVE, rng.choice(movers), 4)
        flips = [a for a in legal if isinstance(a, Allot) and a.kind == FLIP and a.dice == 2
                 and state.occupant(a.cell) < 0]
        return rng.choice(flips) if flips else GO
    if state.phase == CHAIN:
        path = toward_home_path(state, state.chain[0])
        return Step(path[0]) if path else legal[-1]
    return legal[0]


def _policy_seed_for_a_home_win(mirror: Mirror) -> int:
    """A seed for `_policy` with which this game ends with pawns home (not a stalemate)."""
    for seed in range(1, 200):
        twin, rng, plies = mirror.copy(), Rng(seed), 0
        while not twin.state.is_terminal() and plies < 400:
            twin.play(_policy(twin.state, rng))
            plies += 1
        outcome = twin.state.outcome()
        if outcome is not None and outcome.termination.value != "stalemate":
            return seed
    raise AssertionError("no policy seed wins this game at home")


def test_a_whole_seeded_game_to_the_end_through_the_ui(app):
    page, _, mirror = app
    rng = Rng(_policy_seed_for_a_home_win(mirror))
    plies = 0
    while not mirror.state.is_terminal():
        action = _policy(mirror.state, rng)
        perform(page, action)
        mirror.play(action)
        plies += 1
        assert position_text(page) == mirror.position(), f"after {plies} actions: {action!r}"
        if plies == 12:
            shot(page, "quorsum-08-midgame")
    outcome = mirror.state.outcome()
    over = page.locator("#game-over")
    assert over.is_visible()
    headline = over.locator("h2").text_content()
    if outcome.winners:
        assert f"Player {outcome.winners[0] + 1} wins!" in headline
    else:
        assert "Draw" in headline
    why = over.locator(".qs-why").text_content()
    assert {"home": "a single win", "double": "a double win", "stalemate": "Stalemate"}[
        outcome.termination.value] in why
    rows = over.locator("tbody tr")
    for player in (0, 1):
        assert rows.nth(player).locator("td").nth(2).text_content() == str(outcome.scores[player])
    shot(page, "quorsum-09-game-over")


def test_the_language_switch_keeps_the_game(app):
    page, _, mirror = app
    page.click("#nav-lang")
    assert "遊戲結束" in page.locator("#game-over h2").text_content()
    assert position_text(page) == mirror.position()
    shot(page, "quorsum-10-zh-TW")
    page.click("#nav-lang")


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen, _ = app
    seen.assert_clean()
