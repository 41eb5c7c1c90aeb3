"""The new-game dialog in the browser: a house-rule number the engine refuses keeps the dialog open
with every choice, and a message beside the field names the rule and the range, in English and in
Chinese, by mouse and by keyboard, at 1024x768 and 390x844; Calavera's seats follow the player count;
a dialog taller than a tablet's screen keeps its buttons in view. One page, booted once."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from support import boot, press, press_on, resize, shot, watch


def _saved(page, game_id: str) -> dict:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", f"qipan/v1/game/{game_id}"))


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=quorsum&seed=3")
    yield page, seen
    context.close()


def test_a_refused_match_target_keeps_the_dialog_and_every_choice(app):
    page, _ = app
    before = _saved(page, "quorsum")["record"]
    page.click("#btn-new")
    page.click(".house-rules summary")
    field = page.locator("#new-opt-match_target")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "99")
    page.check("#new-variant-sprint")
    page.uncheck("#new-opt-may_stop_chain")
    page.select_option("#new-opt-match_tie", "draw")
    page.select_option("#new-seat-1", "easy")
    field.fill("150")
    page.click("#btn-start")
    dialog = page.locator("#dlg-new")
    message = page.locator("#new-err-match_target")
    expect(message).to_have_text("Match play to: choose 0 to 99.")
    assert message.get_attribute("role") == "alert"
    expect(dialog).to_be_visible()
    expect(field).to_be_focused()
    assert field.get_attribute("aria-invalid") == "true"
    assert page.is_checked("#new-variant-sprint") and not page.is_checked("#new-opt-may_stop_chain")
    assert page.input_value("#new-opt-match_tie") == "draw" and page.input_value("#new-seat-1") == "easy"
    assert field.input_value() == "150"
    expect(page.locator("#notice")).not_to_contain_text("cannot be set up")
    assert _saved(page, "quorsum")["record"] == before  # the old game is untouched
    message.scroll_into_view_if_needed()
    shot(page, "new-game-dialog-01-refused-1024")
    # Keyboard: a good value, then Enter in the field starts the game with every choice.
    field.fill("5")
    expect(message).to_be_hidden()
    field.press("Enter")
    expect(dialog).to_be_hidden()
    page.wait_for_function("JSON.parse(localStorage.getItem('qipan/v1/game/quorsum')).record.options.match_target === 5")
    saved = _saved(page, "quorsum")
    assert saved["record"]["variant"] == "sprint" and saved["record"]["options"]["may_stop_chain"] is False
    assert saved["record"]["options"]["match_tie"] == "draw" and saved["seats"] == ["human", "easy"]


def test_in_chinese_on_a_phone_the_message_uses_the_chinese_label(app):
    page, _ = app
    resize(page, 390, 844)
    page.emulate_media(color_scheme="dark")  # the automatic theme follows it
    page.click("#nav-lang")
    before = _saved(page, "quorsum")["record"]
    page.click("#btn-new")
    page.click(".house-rules summary")
    page.fill("#new-opt-draw_points", "3")
    press_on(page, "#btn-start")  # by keyboard
    message = page.locator("#new-err-draw_points")
    expect(message).to_have_text("平局時各得的點數：請選 0 到 2。")
    expect(page.locator("#dlg-new")).to_be_visible()
    expect(page.locator("#new-opt-draw_points")).to_be_focused()
    box = page.locator("#new-opt-draw_points").bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= 390
    shot(page, "new-game-dialog-02-refused-zh-390-dark")
    press(page, "Escape")  # cancel: nothing changes
    expect(page.locator("#dlg-new")).to_be_hidden()
    assert _saved(page, "quorsum")["record"] == before
    page.click("#nav-lang")
    page.emulate_media(color_scheme="light")
    resize(page, 1024, 768)


def test_calavera_seats_and_start_player_follow_the_player_count(app):
    page, _ = app
    page.click("#nav-games")
    page.click('[data-game="calavera"]')
    page.click("#btn-new")
    rows = [page.locator(f"#new-seat-row-{n}") for n in range(4)]
    players = _saved(page, "calavera")["record"]["players"]
    for n, row in enumerate(rows):
        expect(row).to_be_visible() if n < players else expect(row).to_be_hidden()
    page.check('#dlg-new input[name="players"][value="3"]')
    for n, row in enumerate(rows):
        expect(row).to_be_visible() if n < 3 else expect(row).to_be_hidden()
    page.click(".house-rules summary")
    start = page.locator("#new-opt-start_player")  # Random or one of the chosen count's players
    page.select_option("#new-seat-2", "easy")
    page.check('#dlg-new input[name="players"][value="4"]')
    expect(rows[3]).to_be_visible()
    assert start.locator("option").all_text_contents() == ["Random", "Player 1", "Player 2", "Player 3", "Player 4"]
    start.select_option(label="Player 4")
    page.check('#dlg-new input[name="players"][value="3"]')  # Player 4 leaves the list: back to Random
    expect(rows[3]).to_be_hidden()
    assert start.locator("option").all_text_contents() == ["Random", "Player 1", "Player 2", "Player 3"]
    assert start.input_value() == "-1"
    shot(page, "new-game-dialog-03-calavera-three-players")
    start.select_option(label="Player 2")
    press_on(page, "#btn-start")  # by keyboard: the new game's board has the focus
    expect(page.locator("#dlg-new")).to_be_hidden()
    expect(page.locator("#board")).to_be_focused()
    page.wait_for_function("JSON.parse(localStorage.getItem('qipan/v1/game/calavera')).record.players === 3")
    saved = _saved(page, "calavera")
    assert saved["record"]["options"]["start_player"] == 1 and saved["seats"] == ["human", "human", "easy"]


IN_VIEW = """(selector) => [...document.querySelectorAll(selector)].map(b => {
    const r = b.getBoundingClientRect(), hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return r.bottom <= innerHeight && hit === b;
})"""
"""For each button `selector` finds: whether it lies within the window and a tap at its centre lands on it."""


@pytest.mark.parametrize("game_id, dialog, opener, filled, height", [
    ("hezong", "#dlg-new", "#btn-new", "#dlg-new input[name='players'][value='8']", 768),  # the tallest new-game dialog
    ("lyngk", "#dlg-image", "#btn-image", "#image-preview[src^='data:image/png']", 600),  # (with a key: 768 too)
])
def test_a_dialog_taller_than_the_screen_keeps_its_buttons_in_view(app, game_id, dialog, opener, filled, height):
    page, _ = app
    resize(page, 1024, height)
    page.click("#nav-games")
    page.click(f'[data-game="{game_id}"]')
    page.click(opener)
    expect(page.locator(filled)).to_be_visible()  # (the image dialog's module loads at its first use)
    form = page.locator(f"{dialog} form")
    assert form.evaluate("f => f.scrollHeight > f.clientHeight")  # it scrolls: the buttons would lie below
    assert page.evaluate(IN_VIEW, f"{dialog} .dialog-buttons button") == [True] * page.locator(f"{dialog} .dialog-buttons button").count()
    shot(page, f"new-game-dialog-04-buttons-in-view-{game_id}")
    form.evaluate("f => { f.scrollTop = f.scrollHeight; }")  # and at the end of what scrolls
    assert all(page.evaluate(IN_VIEW, f"{dialog} .dialog-buttons button"))
    press(page, "Escape")
    expect(page.locator(dialog)).to_be_hidden()
    resize(page, 1024, 768)


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen = app
    seen.assert_clean()
