"""A new version while the app is open (docs/architecture.md, "Updates never mix versions in a page"):
the player is offered it in the page's language, every open page keeps running the version it
started with until Reload, and a tab left behind by another tab's update starts no computer player.

The update is made on a copy of the site (hard links: cheap) served by its own tools/serve.py: the
test writes a changed index.html there and regenerates that copy's sw.js with tools/vendor.py's own
functions, so the worktree is never touched."""

from __future__ import annotations

import os
import shutil
import sys
import time

from support import ROOT, app_site, boot, shot, watch_console
from lyngk_board import play_move, position_text
from playwright.sync_api import expect

from qipan.games.lyngk import GAME
from qipan.i18n import t

sys.path.insert(0, str(ROOT / "tools"))
import vendor  # noqa: E402

MARK = '<meta name="qipan-test-version" content="2">'
UPDATE_TEXT, UPDATE_BUTTON = "棋盤有新版本了。", "重新載入"  # boot.js's words in zh-TW
ZH = """if (location.protocol.startsWith('http') && !localStorage.getItem('qipan/v1/settings'))
    localStorage.setItem('qipan/v1/settings', '{"lang": "zh-TW"}');"""
"""The player's language (the app's setting): Chinese, so the offer is seen in the page's language."""
SERVED_INDEX = "async () => (await (await fetch('./index.html')).text()).includes('qipan-test-version')"
"""Whether the worker now controlling the page serves the new version's index.html."""
COVERED = """() => [...document.querySelectorAll('#panel button')].filter(b => b.offsetParent && !b.disabled).filter(b => {
    b.scrollIntoView({block: 'nearest'});
    const r = b.getBoundingClientRect(), hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !(hit && b.contains(hit));
}).map(b => b.textContent.trim())"""
"""The panel's buttons that something else covers even when scrolled into view."""


def _site_copy(target):
    """The served site (after the vendor step), hard-linked file by file (vendor._write replaces a
    file, never writes into it: the worktree's files stay as they are)."""
    skip = shutil.ignore_patterns(".git", "node_modules", "test-output", "__pycache__", "tests", "e2e", "bench", "docs")
    shutil.copytree(ROOT, target, ignore=skip, copy_function=os.link)
    return target


def _new_version(monkeypatch, site) -> None:
    """Change a served file and regenerate sw.js, as a release does."""
    dirs = vendor.runtime_dirs()  # (from the worktree's node_modules, before ROOT moves)
    monkeypatch.setattr(vendor, "ROOT", site)
    monkeypatch.setattr(vendor, "VENDOR", site / "assets" / "vendor")
    index = (site / "index.html").read_text()
    vendor._write(site / "index.html", index.replace("<head>", f"<head>\n  {MARK}", 1).encode())
    vendor.write_embed_page()
    vendor.write_service_worker(dirs)


def _worker_timeline(context, page) -> list[str]:
    """The service workers' states as the browser reports them (CDP's ServiceWorker domain), a line
    per change with the seconds since this call: what a failure of the hand-over prints. A new
    worker is activated only once the old one has no request in flight (Chromium waits up to five
    minutes); the timeline tells that wait from a reload that never came."""
    started, lines = time.monotonic(), []

    def changed(event: dict) -> None:
        for v in event.get("versions", []):
            lines.append(f"{time.monotonic() - started:6.2f} s  worker {v['versionId']}: {v['runningStatus']}, "
                         f"{v['status']}, controlling {len(v.get('controlledClients', []))}")

    session = context.new_cdp_session(page)
    session.on("ServiceWorker.workerVersionUpdated", changed)
    session.send("ServiceWorker.enable")
    return lines


def _runs_new_version(page) -> bool:
    return page.locator('meta[name="qipan-test-version"]').count() == 1


def test_an_update_is_offered_and_never_mixes_versions(browser, server, monkeypatch, tmp_path):
    site = _site_copy(tmp_path / "site")
    assert (site / "sw.js").exists()  # (the server fixture ran the vendor step)
    context = browser.new_context(service_workers="allow")
    context.add_init_script(ZH)
    seen = watch_console(context)
    try:
        with app_site(site) as base:
            a = context.new_page()
            workers = _worker_timeline(context, a)
            boot(a, f"{base}?game=lyngk&seed=11")
            a.evaluate("async () => { await navigator.serviceWorker.ready; }")
            a.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
            assert a.evaluate("document.documentElement.lang") == "zh-TW"
            expect(a.locator("#update-ready")).to_have_count(0)  # a first install offers nothing

            _new_version(monkeypatch, site)
            a.evaluate("async () => { await (await navigator.serviceWorker.getRegistration()).update(); }")
            offer = a.locator("#update-ready")
            expect(offer).to_be_visible(timeout=30_000)
            expect(offer.locator("span")).to_have_text(UPDATE_TEXT)
            expect(offer.get_by_role("button")).to_have_text(UPDATE_BUTTON)
            assert not _runs_new_version(a) and not a.evaluate(SERVED_INDEX)  # the new worker waits
            assert a.evaluate(COVERED) == []  # the offer stays up while play goes on: it hides no control
            shot(a, "update-01-offer")

            # A second tab opened now still gets the old version, and the offer.
            b = context.new_page()
            b_workers: list[str] = []
            b.on("worker", lambda w: b_workers.append(w.url))
            boot(b, base)
            assert not _runs_new_version(b) and not b.evaluate(SERVED_INDEX)
            expect(b.locator("#update-ready span")).to_have_text(UPDATE_TEXT)
            assert b.locator("body").get_attribute("data-version-changed") is None

            # Reload in A: A runs the new version.
            a.locator("#update-ready button").click()
            workers.append("Reload pressed")
            try:
                a.wait_for_selector('meta[name="qipan-test-version"]', state="attached", timeout=30_000)
            except Exception as error:
                raise AssertionError("A did not reload into the new version; the workers:\n" + "\n".join(workers)) from error
            a.wait_for_selector("body[data-py-ready]", state="attached", timeout=60_000)
            assert a.evaluate(SERVED_INDEX)
            expect(a.locator("#update-ready")).to_have_count(0)

            # B, left behind: it is told, still runs its old page, and starts no computer player.
            expect(b.locator("body")).to_have_attribute("data-version-changed", "1")
            expect(b.locator("#update-ready")).to_be_visible()
            expect(b.locator("#update-ready span")).to_have_text(UPDATE_TEXT)
            assert not _runs_new_version(b)
            after_update = t("app.computer_after_update", "zh-TW")
            b.click("#btn-hint")
            expect(b.locator("#message")).to_have_text(after_update)
            b.click("#btn-new")
            b.select_option('select[name="seat-1"]', "hard")
            b.click("#btn-start")
            expect(b.locator("#message")).not_to_have_text(after_update)  # (a new game: a new message)
            state = GAME.parse_position(position_text(b))
            play_move(b, GAME.action_text(state, state.legal_actions()[0]))
            expect(b.locator("#message")).to_have_text(after_update)
            shot(b, "update-02-left-behind")
            assert not [url for url in b_workers if "ai-worker" in url], b_workers
            seen.assert_clean()
    finally:
        context.close()
