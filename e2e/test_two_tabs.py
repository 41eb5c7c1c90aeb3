"""Two tabs on one saved game (docs/storage.md, "Two tabs on one save"): what one tab plays the other
follows through the browser's `storage` event, and when both play on from the same point nothing is
lost: the second game becomes a save of its own, the player is told, and Saved games lists both."""

from __future__ import annotations

from support import boot, shot, watch
from lyngk_board import play_move, position_text
from playwright.sync_api import expect

from qipan.games.lyngk import GAME
from qipan.i18n import t

SAVES = """() => Object.keys(localStorage).filter(k => k.startsWith('qipan/v1/game/') || k.startsWith('qipan/v1/save/'))
    .map(k => JSON.parse(localStorage.getItem(k)))"""


STORAGE_EVENTS = """
window.__storageKeys = [];
addEventListener('storage', (e) => window.__storageKeys.push(e.key));
"""
"""Registered before the app's listener: once a key is here, the app has handled that event too."""


def _play(page, index: int = 0):
    """Play the `index`-th legal move (no claim) of the position shown; returns the state after it."""
    state = GAME.parse_position(position_text(page))
    move = [m for m in state.legal_actions() if not m.claim][index]
    play_move(page, GAME.action_text(state, move))
    after = state.apply(move)
    expect(page.locator("#position-text")).to_have_text(GAME.position(after))
    return after


def _saves(page) -> dict[str, list[str]]:
    """Each stored save's id and the actions of its record."""
    return {payload["id"]: payload["record"]["actions"] for payload in page.evaluate(SAVES)}


def test_two_tabs_on_one_save_lose_nothing(browser, server):
    context = browser.new_context(service_workers="block")
    context.add_init_script(STORAGE_EVENTS)
    seen = watch(context)
    a = context.new_page()
    boot(a, f"{server}?game=lyngk&seed=5")
    _play(a)
    b = context.new_page()
    boot(b, server)  # resumes the game played last: the same save
    assert position_text(b) == position_text(a)
    [save_id] = _saves(a)

    # A plays on: B, showing the game, follows (the storage event) and says so.
    _play(a)
    expect(b.locator("#position-text")).to_have_text(position_text(a))
    expect(b.locator("#notice")).to_have_text(t("app.changed_elsewhere_shown", "en"))

    # B looks back at move 1 while A plays on again: B is told its next move makes a game of its own.
    b.click('#log-list [data-ply="1"]')
    expect(b.locator(".review-banner")).to_be_visible()
    _play(a)
    expect(b.locator("#notice")).to_have_text(t("app.changed_elsewhere", "en"))
    b.click('.review-banner [data-action="live"]')
    expect(b.locator(".review-banner")).to_have_count(0)

    # B plays another move than A's third from the same point: a new save, and the player is told.
    a_game, a_position = _saves(a)[save_id], position_text(a)
    b_state = GAME.parse_position(position_text(b))
    b_move = next(m for m in b_state.legal_actions() if not m.claim and GAME.action_text(b_state, m) != a_game[2])
    play_move(b, GAME.action_text(b_state, b_move))
    expect(b.locator("#notice")).to_have_text(t("app.save_forked", "en"))
    b_game = a_game[:2] + [GAME.action_text(b_state, b_move)]
    b.wait_for_function(f"() => ({SAVES})().length === 2")
    saves = _saves(b)
    assert saves[save_id] == a_game  # A's game, untouched
    [fork_id] = set(saves) - {save_id}
    assert saves[fork_id] == b_game
    shot(b, "two-tabs-01-forked")

    # A heard B's write (the storage event) and keeps its own game: its next move goes to its save,
    # not over B's and not as yet another copy.
    a.wait_for_function("id => window.__storageKeys.includes(`qipan/v1/save/${id}`)", arg=save_id)
    assert position_text(a) == a_position
    _play(a)
    a.wait_for_function(f"n => ({SAVES})().some(p => p.id === '{save_id}' && p.record.actions.length === n)", arg=4)
    saves = _saves(a)
    assert set(saves) == {save_id, fork_id}
    assert saves[save_id][:3] == a_game and saves[fork_id] == b_game
    assert t("app.save_forked", "en") not in (a.locator("#notice").text_content() or "")

    # Saved games, in either tab, lists both.
    for page in (a, b):
        page.click("#nav-games")
        page.click("#btn-saves")
        expect(page.locator("#screen-saves")).to_be_visible()
        expect(page.locator('#saves-list > li[data-save-game="lyngk"]')).to_have_count(2)
    shot(a, "two-tabs-02-saved-games")
    assert _saves(a) == _saves(b)  # (one storage: both tabs read the same)
    seen.assert_clean()
    context.close()
