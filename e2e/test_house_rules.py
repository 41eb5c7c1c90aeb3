"""House rules: every engine option is offered when starting a game, and the game gets it."""

from __future__ import annotations

import json

from playwright.sync_api import expect
from support import boot, shot, watch


def test_match_play_is_chosen_in_the_new_game_dialog(browser, server):
    context = browser.new_context(service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=quorsum&seed=3")
    page.click("#btn-new")
    page.click(".house-rules summary")
    page.fill('input[name="opt-match_target"]', "3")
    page.select_option('select[name="opt-match_tie"]', "draw")
    page.uncheck('input[name="opt-may_stop_chain"]')
    shot(page, "house-rules-01-dialog")
    page.click("#btn-start")  # the form's submit starts (and saves) the game
    page.wait_for_function("JSON.parse(localStorage.getItem('qipan/v1/game/quorsum')).record.options.match_target === 3")
    saved = json.loads(page.evaluate("localStorage.getItem('qipan/v1/game/quorsum')"))["record"]["options"]
    assert saved["match_target"] == 3 and saved["match_tie"] == "draw" and saved["may_stop_chain"] is False
    # A bad value is refused in the dialog, which stays open, and the current game stays.
    page.click("#btn-new")
    page.click(".house-rules summary")
    page.fill('input[name="opt-draw_points"]', "9")
    page.click("#btn-start")
    expect(page.locator("#new-err-draw_points")).to_have_text("Match points for a draw: choose 0 to 2.")
    expect(page.locator("#dlg-new")).to_have_attribute("open", "")
    after = json.loads(page.evaluate("localStorage.getItem('qipan/v1/game/quorsum')"))["record"]["options"]
    assert after == saved
    seen.assert_clean()
    context.close()
