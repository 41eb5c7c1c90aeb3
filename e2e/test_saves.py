"""Saves that cannot be read, and a browser that refuses storage: the player is told, nothing is lost."""

from __future__ import annotations

import json
import re
from pathlib import Path

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


def test_a_damaged_active_save_is_reported_with_what_opened_instead_and_kept_to_download(browser, server):
    """The tester's steps, in Chinese at 1024x768 with touch: a Quorsum game some moves in beside an
    older one; its slot's JSON broken; Resume on the card opens the older game and says so, the
    damaged one is listed by name and date, and downloads as it was kept."""
    context = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768}, has_touch=True,
                                  accept_downloads=True)
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=quorsum&seed=4")
    page.evaluate("localStorage.setItem('qipan/v1/settings', JSON.stringify({lang: 'zh-TW'}))")
    slot = "qipan/v1/game/quorsum"
    page.evaluate("""k => { const s = JSON.parse(localStorage.getItem(k));  // an older copy on the shelf; the slot another game
        s.id = 'quorsum-19ac0000000'; s.saved = 1764250000.5; s.created = 1764240000;
        localStorage.setItem('qipan/v1/save/quorsum-18c0000000', localStorage.getItem(k));
        localStorage.setItem(k, JSON.stringify(s).replace('{"record"', '{record'));
        localStorage.removeItem('qipan/v1/last'); }""", slot)
    broken = _storage(page, slot)
    boot(page, server)
    page.locator('[data-game="quorsum"]').tap()
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    text = notice.text_content()
    assert "無法讀取你上次的《骰棋》遊戲：資料已損壞" in text and "已儲存的遊戲" in text and "已改為開啟" in text, text
    assert not re.search(r"[A-Za-z]", text), text
    assert _storage(page, "qipan/v1/unreadable/game/quorsum/1") == broken
    shot(page, "saves-03-damaged-active-reported-zh")
    page.click("#nav-games")
    expect(notice).to_be_hidden()  # (about the game it opened instead: gone once the player leaves it)
    page.click("#btn-saves")
    card = page.locator('#saves-list > li.unreadable[data-key="unreadable/game/quorsum/1"]')
    expect(card.locator("h2")).to_have_text("無法讀取的《骰棋》存檔")
    expect(card).to_contain_text("資料已損壞")
    expect(card).to_contain_text("最後儲存：2025年11月27日")
    card.scroll_into_view_if_needed()
    shot(page, "saves-04-damaged-card-zh")
    with page.expect_download() as download:
        card.locator('[data-saves="download"]').tap()
    assert download.value.suggested_filename.startswith("qipan-unreadable-quorsum-2025-11-27")
    assert Path(download.value.path()).read_text(encoding="utf-8") == broken
    seen.assert_clean()
    context.close()
