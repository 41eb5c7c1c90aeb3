"""Calavera end to end in Chromium: one seeded 2-player game played through the UI to its end.
Rolls by button and Enter, dice chosen by tapping the canvas, the panel buttons and the keyboard,
refusals, the odds table, the marking hand-over, undo, the game-over box, reload and resume,
three screen sizes and the language switch. One page for the module; the tests build on each
other's game, and every step is checked against the engine driven the same way on CPython.
Against the computer (a page of its own, by touch): a person's bust stays on the screen until
Continue, and nobody is asked to pass the device."""

from __future__ import annotations

import pytest
from calavera_board import click_box, click_die, position_text
from playwright.sync_api import expect
from support import boot, click, next_frame, press, resize, shot, tap_control, watch

from qipan.core import Rng
from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Reroll, Stop, TakeColour
from qipan.games.calavera.dice import faces_of
from qipan.match import Match

SEED = 20261124
BUST_SEED = 55
"""A game whose first roll, Player 1's, is three skulls (checked on CPython in the test)."""


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=calavera&seed={SEED}")
    yield page, seen, Match.new("calavera", 2, SEED)
    context.close()


TAKEN_OUT = """() => {
  window.takenOut = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.removedNodes) window.takenOut.push(node.getAttribute("data-key"));
  }).observe(document.getElementById("game-panel"), {childList: true});
}"""
"""Note the panel's sections taken out from now on (by their keys)."""


def check(page, mirror: Match) -> None:
    assert position_text(page) == GAME.position(mirror.state)


def message(page) -> str:
    return page.locator("#message").text_content()


def test_the_browser_starts_the_same_game_as_cpython(app):
    page, _, mirror = app
    check(page, mirror)
    assert page.locator(".player.active h3").text_content().startswith(f"Player {mirror.state.active + 1}")
    assert "Odds of this roll (dice rolled: 6)" in page.locator(".cal-odds caption").text_content()
    assert page.locator(".cal-bust").text_content().endswith("6.2%")
    assert "reconstruction" in page.locator(".cal-note summary").text_content()
    shot(page, "calavera-01-start")


def test_the_roll_button_throws_the_seeded_dice(app):
    """...and the panel's sections that stay are patched where they are: the note the player opened
    stays open and in place (not taken out and put back after the new dice, which lays it out anew)."""
    page, _, mirror = app
    page.locator(".cal-note summary").click()
    page.evaluate(TAKEN_OUT)
    click(page, '[data-action="roll"]')
    mirror.sample_chance()
    check(page, mirror)
    assert "rolled" in message(page) or "Three skulls" in message(page)
    assert page.evaluate("document.querySelector('.cal-note').open")
    assert page.evaluate("window.takenOut") == ["roll", "odds"]  # (the ROLL phase's; the dice came)
    page.locator(".cal-note summary").click()
    shot(page, "calavera-02-first-roll")


def test_tapping_dice_selects_them_and_shows_the_odds(app):
    page, _, mirror = app
    state = mirror.state
    assert state.phase.value == "keep", "this seed's first roll must allow a re-roll (choose another seed)"
    skulls_from = sum(state.dice)
    if state.skulls:
        click_die(page, skulls_from)
        assert "Skulls are set aside" in message(page)
        assert "error" in page.locator("#message").get_attribute("class")
    click_die(page, 0)
    assert page.locator('[data-action="die"][data-value="0"]').get_attribute("aria-pressed") == "true"
    assert "Odds of this roll (dice rolled: 1)" in page.locator(".cal-odds caption").text_content()
    shot(page, "calavera-03-selected")
    click_die(page, 0)
    assert page.locator('[data-action="die"][data-value="0"]').get_attribute("aria-pressed") == "false"
    assert page.locator(".cal-odds-none").is_visible()
    click(page, '[data-action="reroll"]', force=True)  # aria-disabled: still answers, with a reason
    assert "Select at least one die" in message(page)
    check(page, mirror)


def test_keyboard_selects_and_rerolls(app):
    page, _, mirror = app
    state = mirror.state
    page.focus("#board")
    press(page, "ArrowRight")  # the cursor appears on die 1
    press(page, "ArrowRight")
    press(page, " ")
    assert page.locator('[data-action="die"][data-value="1"]').get_attribute("aria-pressed") == "true"
    press(page, "r")
    mirror.play_action(Reroll(tuple(int(f == faces_of(state.dice)[1]) for f in range(5))))
    mirror.sample_chance()
    check(page, mirror)


def _decide(page, mirror: Match, rng: Rng, step: int) -> None:
    """One decision through the UI, mirrored on CPython; the ways of deciding take turns."""
    state = mirror.state
    phase = state.phase.value
    if phase == "roll":
        if step % 2:
            click(page, '[data-action="roll"]')
        else:
            page.focus("#board")
            press(page, "Enter")
        mirror.sample_chance()
    elif phase == "keep":
        faces = faces_of(state.dice)
        if rng.randbelow(3) == 0:
            click(page, '[data-action="stop"]')
            mirror.play_action(Stop())
        else:
            slots = [s for s in range(len(faces)) if rng.randbelow(2)] or [0]
            for slot in slots:
                click_die(page, slot)
            click(page, '[data-action="reroll"]')
            mirror.play_action(Reroll(tuple(sum(1 for s in slots if faces[s] == f) for f in range(5))))
            mirror.sample_chance()
    else:
        options = state.legal_actions()
        index = rng.randbelow(len(options))
        if step % 3 == 0:
            page.focus("#board")
            for _ in range(index + 1):
                press(page, "ArrowRight")
            press(page, "Enter")
        elif step % 3 == 1 and type(options[index]) is TakeColour and phase == "choose":
            click_die(page, faces_of(state.dice).index(options[index].row))
        else:
            click(page, f'[data-action="option"][data-value="{index}"]')
        mirror.play_action(options[index])


def test_undo_takes_back_a_decision_but_never_the_dice(app):
    page, _, mirror = app
    rng = Rng(11)
    step = 0
    while mirror.state.phase.value not in ("choose", "mark"):
        _decide(page, mirror, rng, step)
        step += 1
    before = position_text(page)
    if mirror.state.phase.value == "mark":
        assert "Pass the device to" in page.locator(".cal-handover").text_content()
        shot(page, "calavera-04-marking")
    else:
        shot(page, "calavera-04-choosing")
    option = mirror.state.legal_actions()[0]
    click(page, '[data-action="option"][data-value="0"]')
    assert position_text(page) == GAME.position(mirror.state.apply(option))
    click(page, "#btn-undo")
    assert position_text(page) == before


def test_a_wrong_sheet_is_refused(app):
    page, _, mirror = app
    state = mirror.state
    mover = state.marker if state.phase.value == "mark" else state.active
    click_box(page, 1 - mover, 0, 0)
    assert f"Only Player {mover + 1}'s sheet" in message(page)
    check(page, mirror)


def test_a_whole_seeded_game_to_the_end_through_the_ui(app):
    page, _, mirror = app
    rng = Rng(7)
    step = 0
    while not mirror.state.is_terminal():
        _decide(page, mirror, rng, step)
        step += 1
        check(page, mirror)
        if step == 40:
            shot(page, "calavera-05-midgame")
    outcome = mirror.state.outcome()
    over = page.locator("#game-over")
    assert over.is_visible()
    headline = over.locator("h2").text_content()
    if len(outcome.winners) == 1:
        assert f"Player {outcome.winners[0] + 1} wins!" in headline
    else:
        assert "share the win" in headline
    rows = over.locator("tbody tr")
    for player in (0, 1):
        total = int(rows.nth(player).locator("td strong").text_content())
        assert total == outcome.scores[player]
    assert "froze all four rows" in over.text_content()
    shot(page, "calavera-06-game-over")


def test_reload_resumes_the_finished_game(app):
    page, _, mirror = app
    boot(page, page.url.split("?")[0])
    check(page, mirror)
    assert page.locator("#game-over").is_visible()


def test_phone_and_tablet_sizes(app):
    page, _, _ = app
    for name, size in (("phone", (390, 844)), ("tablet-portrait", (768, 1024)), ("desktop", (1440, 900))):
        resize(page, size[0], size[1])
        shot(page, f"calavera-07-{name}")
    resize(page, 1024, 768)


def test_the_language_switch_keeps_the_game(app):
    page, _, mirror = app
    page.click("#nav-lang")
    assert page.locator("html").get_attribute("lang") == "zh-TW"
    assert "遊戲結束" in page.locator("#game-over h2").text_content()
    check(page, mirror)
    shot(page, "calavera-08-zh-TW")
    page.click("#nav-lang")


def test_against_the_computer_a_bust_waits_for_continue_and_nobody_passes_the_device(browser, server):
    mirror = Match.new("calavera", 2, BUST_SEED)
    assert mirror.state.active == 0
    mirror.sample_chance()
    assert mirror.state.skulls == 3 and mirror.state.phase.value == "mark" and mirror.state.marker == 1
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    url = f"{server}?game=calavera&seed={BUST_SEED}"
    boot(page, url)
    boot(page, url)  # (a save of this game now exists: the seed goes to the new-game dialog, opened)
    page.select_option("#new-seat-1", "medium")
    page.click("#btn-start")
    tap_control(page, '[data-action="roll"]')
    check(page, mirror)
    turn = page.locator('[data-key="turn"]')
    expect(turn).to_have_text("Three skulls: Player 1's turn is lost. Player 2 plays when you continue.")
    assert page.locator(".cal-handover, .cal-option").count() == 0
    assert "Three skulls!" in message(page) and "Player 1 · roll 1/3 · skulls 3/3" in page.locator("#board").get_attribute("aria-label")
    next_frame(page)
    next_frame(page)
    assert page.evaluate("document.body.dataset.thinking") != "1"
    check(page, mirror)  # the computer has not marked
    shot(page, "calavera-09-bust-vs-computer")
    page.click("#nav-lang")
    expect(turn).to_have_text("三個骷髏：玩家 1 受到骷髏的詛咒，失去這個回合。按「繼續」後輪到玩家 2。")
    shot(page, "calavera-10-bust-vs-computer-zh-TW")
    page.click("#nav-lang")
    tap_control(page, '[data-action="continue"]')
    # The computer marks, then plays its turn, until Player 1 acts again (marks, or rolls).
    page.wait_for_function("""() => document.body.dataset.thinking !== "1" && document.querySelector(
        '#game-panel [data-action="roll"], #game-panel [data-action="option"]') &&
        document.querySelector(".player.active h3").textContent === "Player 1" """, timeout=120_000)
    after = GAME.parse_position(position_text(page))
    assert after.phase.value == "mark" and after.marker == 0  # Player 1 marks from the computer's dice
    expect(turn).to_contain_text("Player 1 must mark")
    assert page.locator(".cal-handover").count() == 0  # ...on the device already in their hands
    shot(page, "calavera-11-after-the-computer")
    seen.assert_clean()
    context.close()


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen, _ = app
    seen.assert_clean()
