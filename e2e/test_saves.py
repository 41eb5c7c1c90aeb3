"""Saves that cannot be read, and a browser that refuses storage: the player is told, nothing is lost."""

from __future__ import annotations

import json

from support import boot, shot, watch
from lyngk_board import play_move, position_text
from playwright.sync_api import expect

from qipan.games.lyngk import GAME

SLOT = "qipan/v1/game/lyngk"


def _storage(page, key):
    return page.evaluate("k => localStorage.getItem(k)", key)


def test_an_unreadable_save_is_kept_aside_untouched_and_reported(browser, server):
    context = browser.new_context(service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, server)
    corrupt = '{"record": {"format": "qipan-record", "version": 1, "game": "lyngk", "players": 2, "seed": 1, "actions": ["Z9-Z9"]}}'
    future = json.dumps({"record": {"format": "qipan-record", "version": 99, "game": "lyngk"}})
    for n, raw in enumerate((corrupt, future), 1):
        page.evaluate("([k, v]) => { localStorage.setItem(k, v); localStorage.setItem('qipan/v1/last', 'lyngk'); }", [SLOT, raw])
        boot(page, server)
        notice = page.locator("#notice")
        expect(notice).to_be_visible()
        assert "could not be read" in notice.text_content()
        assert _storage(page, f"qipan/v1/unreadable/game/lyngk/{n}") == raw
        assert page.locator("#screen-play").is_visible()
    shot(page, "saves-01-unreadable-reported")
    seen.assert_clean()
    context.close()


def test_without_storage_the_game_still_runs_and_says_progress_is_not_kept(browser, server):
    """As in a cross-site iframe with third-party storage blocked: localStorage throws and
    IndexedDB refuses; PyScript would hang at its storage step without the boot guard."""
    context = browser.new_context(service_workers="block")
    context.add_init_script("""
        Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});
        const refuse = { open() { const r = {}; setTimeout(() => r.onerror && r.onerror(new Event('error'))); return r; } };
        Object.defineProperty(window, 'indexedDB', {value: refuse, configurable: true, writable: true});
    """)
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=5")
    assert page.locator("body").get_attribute("data-memory-storage") == "1"
    assert "progress will not be kept" in page.locator("#notice").text_content()
    state = GAME.parse_position(position_text(page))
    move = state.legal_actions()[0]
    play_move(page, GAME.action_text(state, move))
    assert position_text(page) == GAME.position(state.apply(move))
    shot(page, "saves-02-no-storage")
    seen.assert_clean()
    context.close()


FILL = """() => {
    // Fill this origin's localStorage to the last character the browser allows.
    let n = 0;
    for (let size = 1 << 20; size >= 1; size >>= 1) {
        const chunk = "x".repeat(size);
        for (;;) {
            try { localStorage.setItem(`filler/${n}`, chunk); n += 1; } catch (e) { break; }
        }
    }
    return n;
}"""


def test_a_full_storage_still_reads_its_saves_and_offers_to_free_space(browser, server):
    context = browser.new_context(service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=5")
    state = GAME.parse_position(position_text(page))
    move = state.legal_actions()[0]
    play_move(page, GAME.action_text(state, move))
    page.wait_for_function("k => (JSON.parse(localStorage.getItem(k) || '{}').record || {actions: []}).actions.length === 1", arg=SLOT)
    saved = _storage(page, SLOT)
    assert page.evaluate(FILL) > 0
    boot(page, server)  # the last game resumes from the full storage
    assert position_text(page) == GAME.position(state.apply(move))
    notice = page.locator("#notice")
    expect(notice).to_contain_text("storage is full")
    assert "refuses storage" not in notice.text_content()
    after = GAME.parse_position(position_text(page))
    play_move(page, GAME.action_text(after, after.legal_actions()[0]))  # play goes on in memory
    assert _storage(page, SLOT) == saved
    shot(page, "saves-03-storage-full")
    notice.get_by_role("button", name="Free space…").click()
    expect(page.locator("#screen-saves")).to_be_visible()
    expect(page.locator("#saves-message")).to_contain_text("storage is full")
    expect(page.locator(".save-row")).to_have_count(1)
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler/')) localStorage.removeItem(k); }")
    seen.assert_clean()
    context.close()
