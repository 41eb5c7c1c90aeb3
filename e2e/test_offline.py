"""The PWA: after one online visit the app loads and plays with the network cut, and the features
made on first use (docs/startup.md, "Loaded when first used") open offline too: the service worker
precached everything, the package included."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support import boot, shot, watch_console
from lyngk_board import play_move, position_text

from qipan.app.correspondence.session import Session
from qipan.games.lyngk import GAME


@pytest.fixture(scope="module")
def offline(browser, server):
    """One online visit, then the page booted again with the network cut; yields (page, position
    before the cut, console watch)."""
    context = browser.new_context(service_workers="allow")
    seen = watch_console(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=11")
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    before = position_text(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")
    context.set_offline(True)
    try:
        boot(page, server)
        yield page, before, seen
    finally:
        context.set_offline(False)
        context.close()


def test_after_one_visit_the_app_loads_and_plays_offline(offline):
    page, before, _ = offline
    assert position_text(page) == before
    state = GAME.parse_position(before)
    move = state.legal_actions()[0]
    play_move(page, GAME.action_text(state, move))
    assert position_text(page) == GAME.position(state.apply(move))
    shot(page, "offline-01-playing")


def test_the_features_made_on_first_use_open_offline(offline):
    page, _, seen = offline
    page.click("#btn-image")  # the image dialog: its module is imported now
    expect(page.locator("#dlg-image")).to_be_visible()
    expect(page.locator("#image-preview")).to_have_attribute("src", re.compile("^data:image/png"))
    shot(page, "offline-02-image-dialog")
    page.click('#dlg-image button[value="close"]')
    page.click("#nav-games")
    page.click("#btn-editor")  # the board editor
    expect(page.locator("#screen-editor")).to_be_visible()
    assert page.locator('[data-editor="open"]').count() == 5
    page.click('[data-editor="picker"]')
    page.click('[data-guide="rules"][data-value="lyngk"]')  # the rules page
    expect(page.locator("#screen-guide")).to_be_visible()
    expect(page.locator(".guide-section").first).to_be_visible()
    page.click("#nav-games")
    page.click("#btn-saves")  # the saved games
    expect(page.locator("#screen-saves")).to_be_visible()
    expect(page.locator('#saves-list > li[data-save-game="lyngk"]')).to_have_count(1)
    shot(page, "offline-03-saved-games")
    seen.assert_clean()


def test_a_friends_link_to_a_game_by_link_opens_offline(offline, server):
    page, _, seen = offline
    friend = Session.create("lyngk", 2, names=("Ann", "Bob"), mine=(True, False), dice="friendly")
    friend.play(friend.device.legal()[0])
    page.goto("about:blank")
    boot(page, friend.send(server).url)
    page.check("#corr-person-1")
    page.click("#btn-corr-join")
    page.wait_for_selector('.corr-bar[data-corr-state="mine"]')
    assert position_text(page) == GAME.position(friend.match().state)
    shot(page, "offline-04-link-opened")
    seen.assert_clean()
