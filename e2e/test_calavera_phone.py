"""Calavera on a 390x844 phone in Chromium, by touch: the sheet of the player who marks is drawn
large (folded in two halves, boxes of at least 32 px) and the others small; a tap on a box marks
the row drawn under the finger (checked against the canvas's own pixels), a tap on a small sheet
is refused, the keyboard still plays, in the light and the dark theme; landscape and a desktop
size for comparison. One page for the module; every step is checked against the engine on CPython."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import boot, press, press_on, resize, seen, settled, shot, tap_control, watch

from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Stop, TakeColour
from qipan.match import Match
from qipan.games.calavera.ui import play as play
from qipan.games.calavera.ui.view import FACE_FILL, ZONE_FILL, ZONE_FILL_DARK, Layout

SEED = 20261124
SCORE_BOX = 12
"""A box in the lower half of a folded sheet, in the yellow score zone."""


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=calavera&seed={SEED}")
    yield page, seen, Match.new("calavera", 2, SEED)
    context.close()


def position(page) -> str:
    return page.locator("#position-text").text_content().strip()


def check(page, mirror: Match) -> None:
    assert position(page) == GAME.position(mirror.state)


def table(page) -> tuple[Layout, dict]:
    """The layout the app draws for the canvas box and the player who marks now."""
    box = page.locator("#board").bounding_box()
    state = GAME.parse_position(position(page))
    return Layout(box["width"], box["height"], state.players, focus=play.mover(state)), box


def tap_box(page, player: int, row: int, box_index: int) -> None:
    layout, box = table(page)
    x, y = layout.box_xy(player, row, box_index)
    u = layout.unit_of(player)
    page.touchscreen.tap(box["x"] + x + u / 2, box["y"] + y + u / 2)
    settled(page)


def pixel(page, x: float, y: float) -> str:
    """The colour the canvas holds at CSS pixel (x, y), as #rrggbb."""
    return page.evaluate("""([x, y]) => {
        const c = document.getElementById('board'), r = c.width / c.getBoundingClientRect().width;
        const d = c.getContext('2d').getImageData(Math.round(x * r), Math.round(y * r), 1, 1).data;
        return '#' + [d[0], d[1], d[2]].map(v => v.toString(16).padStart(2, '0')).join('');
    }""", [x, y])


def corner_colour(page, player: int, row: int, box_index: int) -> str:
    """The colour just inside the top-left corner of a box (clear of its value and cross)."""
    layout, _ = table(page)
    x, y = layout.box_xy(player, row, box_index)
    u = layout.unit_of(player)
    return pixel(page, x + 0.12 * u, y + 0.12 * u)


def drawn_for_its_box(page) -> None:
    """Wait until the canvas has been fitted (and so redrawn) to the box it is shown in, as the
    app's resize does: the layout `table` computes from that box is then the one drawn."""
    page.wait_for_function("""() => {
        const area = document.getElementById('board-area'), c = document.getElementById('board');
        const r = devicePixelRatio || 1;  // (within a pixel, as support.resize: Python rounds halves to even)
        return Math.abs(c.width - area.clientWidth * r) <= 1 && Math.abs(c.height - area.clientHeight * r) <= 1;
    }""", timeout=5000)


def message(page) -> str:
    return page.locator("#message").text_content()


def single_colour(state) -> TakeColour | None:
    """A colour option that is the only option for its row (a tap on the row plays it)."""
    options = play.options(state)
    for option in options:
        if type(option) is TakeColour and sum(getattr(o, "row", None) == option.row for o in options) == 1:
            return option
    return None


def play_until(page, mirror: Match, reached, what: str) -> None:
    """Roll, stop and mark through the panel until `reached(state)`."""
    for _ in range(40):
        if reached(mirror.state):
            return
        if mirror.state.phase.value == "roll":
            tap_control(page, '[data-action="roll"]')
            mirror.sample_chance()
        else:
            stop_or_take_first(page, mirror)
        check(page, mirror)
    raise AssertionError(f"no {what} in 40 decisions")


def advance_to_a_tappable_choice(page, mirror: Match) -> None:
    """On until the player who marks has a row to tap."""
    play_until(page, mirror, lambda state: state.phase.value in ("choose", "mark") and single_colour(state) is not None,
               "tappable choice")


def stop_or_take_first(page, mirror) -> None:
    """Tap Stop while keeping dice, else the first option offered; the mirror plays the same."""
    if mirror.state.phase.value == "keep":
        tap_control(page, '[data-action="stop"]')
        mirror.play_action(Stop())
    else:
        tap_control(page, '[data-action="option"][data-value="0"]')
        mirror.play_action(play.options(mirror.state)[0])


def test_the_marker_sheet_is_large_and_the_other_small(app):
    page, _, mirror = app
    check(page, mirror)
    layout, box = table(page)
    assert box["height"] >= 480  # the panel gives the table room on a portrait phone
    mover = play.mover(mirror.state)
    assert layout.unit_of(mover) >= 32 and layout.frames[mover].runs == ((0, 8), (8, 16))
    assert layout.frames[1 - mover].small
    assert Layout(box["width"], box["height"], 2).unit < 20  # what the sheets had before
    # the canvas holds what the layout says: the colour label of each row, a yellow score box
    for row in range(4):
        assert corner_colour(page, mover, row, -1) == FACE_FILL[row]
    assert corner_colour(page, mover, 0, SCORE_BOX) == ZONE_FILL["score"]
    shot(page, "calavera-phone-01-start")


def test_a_tap_on_a_drawn_box_marks_that_row(app):
    page, _, mirror = app
    advance_to_a_tappable_choice(page, mirror)
    state = mirror.state
    option = single_colour(state)
    mover = play.mover(state)
    layout, _ = table(page)
    assert not layout.frames[mover].small and layout.unit_of(mover) >= 32
    shot(page, "calavera-phone-02-choosing")
    before = state.crosses[mover][option.row]
    tap_box(page, mover, option.row, SCORE_BOX)
    mirror.play_action(option)
    check(page, mirror)
    assert "Take" in message(page)
    assert mirror.state.crosses[mover][option.row] > before
    shot(page, "calavera-phone-03-marked")


def test_a_tap_on_a_small_sheet_is_refused(app):
    page, _, mirror = app
    advance_to_a_tappable_choice(page, mirror)
    mover = play.mover(mirror.state)
    other = 1 - mover
    layout, _ = table(page)
    assert layout.frames[other].small
    before = position(page)
    tap_box(page, other, 2, 5)
    assert f"Only Player {mover + 1}'s sheet" in message(page)
    assert position(page) == before


def centre(page, selector: str) -> tuple[float, float]:
    page.wait_for_function("(s) => !!document.querySelector(s)", arg=selector)
    bounds = page.locator(selector).bounding_box()
    return bounds["x"] + bounds["width"] / 2, bounds["y"] + bounds["height"] / 2


def under(page, x: float, y: float) -> str:
    """The action of the control at (x, y), or ''."""
    return page.evaluate("""([x, y]) => {
        const control = document.elementFromPoint(x, y).closest('[data-action]');
        return control ? control.dataset.action : '';
    }""", [x, y])


def double_tap(page, selector: str) -> str:
    """Tap `selector`'s centre twice in quick succession, as a hurried finger does; what control is
    at that point once the page shows the first tap's answer (the premise: another one came there).
    The second tap may reach the page before the panel is patched or after."""
    x, y = centre(page, selector)
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)
    settled(page)
    return under(page, x, y)


PANELS = "performance.getEntriesByName('qipan:page').length"
"""How many times the page has patched the panel after an input (web/app.py's mark)."""
SECOND_TAP = """async ([x, y, before, panels, selector]) => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const position = () => document.getElementById('position-text').textContent.trim();
    while (position() === before || performance.getEntriesByName('qipan:page').length === panels) await frame();
    const control = selector ? document.querySelector(selector) : document.elementFromPoint(x, y).closest('[data-action]');
    if (control) control.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, detail: 2}));
    return control ? control.dataset.action : '';
}"""
"""A double tap's second tap as the browser sends it once the page shows the first's answer (a click
counted 2), dispatched in the page within a frame of that: the same every run, however busy the
machine that drives the test."""


def tap_then_second(page, selector: str, second: str | None = None) -> str:
    """Tap `selector`, then send the second tap of a double tap where it was (or to the control
    `second`), once the panel is patched; the action of the control that second tap reached."""
    seen(page, selector)
    x, y = centre(page, selector)
    before, panels = position(page), page.evaluate(PANELS)
    page.touchscreen.tap(x, y)
    reached = page.evaluate(SECOND_TAP, [x, y, before, panels, second])
    settled(page)
    return reached


def to_the_stop(page, mirror: Match) -> None:
    """On until the player to act keeps dice after a roll (Stop is offered)."""
    play_until(page, mirror, lambda state: state.phase.value == "keep", "roll to keep")


def to_a_row_for_the_marker(page, mirror: Match) -> None:
    """Play on until the first row offered is one whose taking hands the rows to the other player
    to mark."""
    for _ in range(20):
        if mirror.state.phase.value == "choose" and mirror.state.apply(play.options(mirror.state)[0]).phase.value == "mark":
            return
        while mirror.state.phase.value != "roll":
            stop_or_take_first(page, mirror)
        to_the_stop(page, mirror)
        tap_control(page, '[data-action="stop"]')
        mirror.play_action(Stop())
    raise AssertionError("no row handed to the other player to mark in 20 turns")


def test_a_double_tap_presses_only_what_was_under_the_finger(app):
    """Stop tapped twice: the rows to take replace Stop (under the finger, for a real double tap),
    and the second tap takes none, whether it reaches the page before the panel's patch or after
    (then sent to the first row: where the panel's scroll leaves the rows varies). A row tapped twice where
    the other player then marks from the same rows: the second tap takes none for them. (A roll for
    the next player is the same ignored tap: it cannot be undone.) Goes on from the test before."""
    page, _, mirror = app
    to_the_stop(page, mirror)
    assert double_tap(page, '[data-action="stop"]') == "option"  # (as a finger does)
    mirror.play_action(Stop())
    check(page, mirror)  # still choosing a row
    while mirror.state.phase.value != "roll":
        stop_or_take_first(page, mirror)
    to_the_stop(page, mirror)
    # (after the patch, every run: to the first row offered, whatever the panel's scroll put there;
    # the row is there to be tapped, and check() below says the tap took nothing)
    assert tap_then_second(page, '[data-action="stop"]', '[data-action="option"][data-value="0"]') == "option"
    mirror.play_action(Stop())
    check(page, mirror)
    to_a_row_for_the_marker(page, mirror)
    first = play.options(mirror.state)[0]
    row = '[data-action="option"][data-value="0"]'  # (where the rows land depends on the layout:
    assert tap_then_second(page, row, second=row) == "option"  # here the marker's line moves them)
    mirror.play_action(first)
    check(page, mirror)  # the other player to mark, nothing marked for them
    assert mirror.state.phase.value == "mark"


def test_enter_pressed_twice_presses_only_the_focused_row(app):
    """A row chosen by keyboard, Enter pressed twice in a row (or held): the focus stays on the row
    control, which now offers the other player's row to mark, and the second Enter marks nothing for
    them. Goes on from the test before."""
    page, _, mirror = app
    to_a_row_for_the_marker(page, mirror)
    row = '[data-action="option"][data-value="0"]'
    seen(page, row)
    page.focus(row)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    settled(page)
    mirror.play_action(play.options(mirror.state)[0])
    check(page, mirror)  # the other player to mark, nothing marked for them
    assert mirror.state.phase.value == "mark"


def test_the_keyboard_still_plays(app):
    page, _, mirror = app
    state = mirror.state
    page.locator("#board").focus()
    press(page, "ArrowRight")
    press(page, "Enter")
    mirror.play_action(play.options(state)[0])
    check(page, mirror)
    while mirror.state.phase.value != "roll":
        stop_or_take_first(page, mirror)
        check(page, mirror)
    press_on(page, '[data-action="roll"]')
    mirror.sample_chance()
    check(page, mirror)


def test_the_dark_theme(app):
    page, _, mirror = app
    page.click("#nav-settings")
    page.select_option('select[name="set-theme"]', "dark")
    page.click('#dlg-settings button[value="close"]')
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#dlg-settings")).not_to_have_attribute("open", "")
    drawn_for_its_box(page)
    mover = play.mover(mirror.state)
    assert corner_colour(page, mover, 1, SCORE_BOX) == ZONE_FILL_DARK["score"]
    advance_to_a_tappable_choice(page, mirror)
    option = single_colour(mirror.state)
    mover = play.mover(mirror.state)
    shot(page, "calavera-phone-04-dark")
    tap_box(page, mover, option.row, 3)  # the upper half this time
    mirror.play_action(option)
    check(page, mirror)


def test_landscape_and_desktop(app):
    page, _, _ = app
    resize(page, 844, 390)
    layout, box = table(page)
    assert layout.focused and layout.unit > Layout(box["width"], box["height"], 2).unit
    shot(page, "calavera-phone-05-landscape")
    resize(page, 1024, 768)
    layout, _ = table(page)
    assert not layout.focused and layout.unit >= 32  # both sheets as before
    shot(page, "calavera-phone-06-desktop")
    page.click("#nav-settings")
    page.select_option('select[name="set-theme"]', "auto")
    page.click('#dlg-settings button[value="close"]')


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen, _ = app
    seen.assert_clean()
