"""The PWA: after one online visit the app loads and plays with the network cut."""

from __future__ import annotations

from support import boot, shot
from lyngk_board import play_move, position_text

from qipan.app.correspondence.session import Session
from qipan.games.lyngk import GAME


def test_after_one_visit_the_app_loads_and_plays_offline(browser, server):
    context = browser.new_context(service_workers="allow")
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
        assert position_text(page) == before
        state = GAME.parse_position(before)
        move = state.legal_actions()[0]
        play_move(page, GAME.action_text(state, move))
        assert position_text(page) == GAME.position(state.apply(move))
        shot(page, "offline-01-playing")
        # a friend's link to a game by link opens offline too (docs/correspondence.md)
        friend = Session.create("lyngk", 2, names=("Ann", "Bob"), mine=(True, False), dice="friendly")
        friend.play(friend.device.legal()[0])
        page.goto("about:blank")
        boot(page, friend.send(server).url)
        page.check("#corr-person-1")
        page.click("#btn-corr-join")
        page.wait_for_selector('.corr-bar[data-corr-state="mine"]')
        assert position_text(page) == GAME.position(friend.match().state)
        shot(page, "offline-02-link-opened")
    finally:
        context.set_offline(False)
        context.close()
