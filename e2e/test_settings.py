"""Settings: theme (dark, high contrast), handedness, face-to-face, language; kept across visits."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from support import boot, click, shot, watch


def test_settings_apply_at_once_and_are_kept(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=12")
    assert page.evaluate("crossOriginIsolated")  # COOP/COEP from netlify.toml (docs/architecture.md)
    board_x = page.locator("#board-area").bounding_box()["x"]
    page.click("#nav-settings")
    page.select_option('select[name="set-theme"]', "dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.select_option('select[name="set-hand"]', "left")
    page.check('input[name="set-face_to_face"]')
    page.click('#dlg-settings button[value="close"]')
    assert page.locator("#panel").bounding_box()["x"] < page.locator("#board-area").bounding_box()["x"]
    assert page.locator("#board-area").bounding_box()["x"] > board_x
    far = page.locator("#far-status")
    expect(far).to_be_visible()
    assert "Player 1 to move" in far.text_content()
    assert "far-turn" not in page.locator("body").get_attribute("class")
    shot(page, "settings-01-dark-left-handed-face-to-face")
    # Player 2 (across the table) to move: the panel turns to face them.
    from lyngk_board import play_move, position_text
    from qipan import games
    game = games.get("lyngk")
    state = game.parse_position(position_text(page))
    play_move(page, game.action_text(state, state.legal_actions()[0]))
    expect(page.locator("body")).to_have_class(re.compile(r"\bfar-turn\b"))
    # The turn's transition (app.css) runs out: the panel then holds its final transform.
    page.wait_for_function("() => document.getElementById('panel').getAnimations().length === 0")
    panel = page.locator("#panel").evaluate("e => getComputedStyle(e).transform")
    assert panel.startswith("matrix(-1"), panel  # rotate(180deg)
    assert "Player 2 to move" in far.text_content()
    shot(page, "settings-01b-face-to-face-far-player-to-move")
    click(page, "#btn-undo")
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bfar-turn\b"))

    page.click("#nav-settings")
    page.select_option('select[name="set-theme"]', "contrast")
    page.select_option('select[name="set-lang"]', "zh-TW")
    expect(page.locator("html")).to_have_attribute("lang", "zh-TW")
    expect(page.locator('#dlg-settings h2')).to_have_text("設定")
    page.click('#dlg-settings button[value="close"]')
    shot(page, "settings-02-high-contrast-zh-TW")

    boot(page, server)  # the next visit keeps every setting
    expect(page.locator("html")).to_have_attribute("data-theme", "contrast")
    expect(page.locator("html")).to_have_attribute("lang", "zh-TW")
    assert "left-handed" in page.locator("body").get_attribute("class")
    assert "輪到玩家 1" in page.locator("#far-status").text_content()
    seen.assert_clean()
    context.close()
