"""Return visits boot Python from a memory snapshot (assets/js/snapshot.js, docs/startup.md).

The first visit boots plainly, snapshots its own interpreter with what it imports at start, and once
ready has the full snapshot made in a worker; the page says which path it took in body[data-boot]
(and which snapshot in data-boot-snapshot), how the making went in body[data-snapshot] and what is
stored in data-snapshot-stored. Few boots: each costs seconds.
"""

from __future__ import annotations

from playwright.sync_api import expect
from support import boot, from_bytecode, shot, watch
from lyngk_board import play_move, position_text

from qipan.games.lyngk import GAME

MAKE_TIMEOUT_MS = 120_000  # a second Pyodide boots in the worker; slow on a busy 2-core machine

# Flip bytes in the middle of the stored snapshot, as a damaged disk would.
CORRUPT = """async () => {
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open('qipan-snapshot'); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error);
  });
  const store = (mode) => db.transaction('snapshot', mode).objectStore('snapshot');
  const record = await new Promise((ok) => { const r = store('readonly').get('current'); r.onsuccess = () => ok(r.result); });
  const bytes = new Uint8Array(await record.bytes.arrayBuffer());
  for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 64; i++) bytes[i] ^= 0x5a;
  record.bytes = new Blob([bytes]);
  await new Promise((ok) => { const r = store('readwrite').put(record, 'current'); r.onsuccess = ok; });
  db.close();
}"""

# A snapshot of a bigger heap than Pyodide starts with (the app's own heap fits in the module's 480
# pages today): 64 more pages of zeros after the stored heap, packed and its digest made again
# (assets/js/snapshot-store.js), so the restore must grow the memory first. Zeros are what a grown
# memory holds anyway.
BIGGER_HEAP = """async () => {
  const { packSnapshot, sha256Hex, unpackSnapshot } = await import(new URL('assets/js/snapshot-store.js', document.baseURI));
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open('qipan-snapshot'); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error);
  });
  const store = (mode) => db.transaction('snapshot', mode).objectStore('snapshot');
  const record = await new Promise((ok) => { const r = store('readonly').get('current'); r.onsuccess = () => ok(r.result); });
  const bytes = new Uint8Array(record.size + 64 * 65536);
  unpackSnapshot(new Uint8Array(await record.bytes.arrayBuffer()), bytes.subarray(0, record.size));
  const packed = packSnapshot(bytes);
  record.digest = await sha256Hex(packed);
  record.bytes = new Blob([packed]);
  record.size = bytes.length;
  await new Promise((ok) => { const r = store('readwrite').put(record, 'current'); r.onsuccess = ok; });
  db.close();
}"""

# The first WebAssembly memory grow of the page fails (the restore's own, before Python runs).
REFUSE_FIRST_GROW = """(() => {
  const grow = WebAssembly.Memory.prototype.grow;
  let refused = false;
  WebAssembly.Memory.prototype.grow = function (pages) {
    if (!refused) { refused = true; throw new RangeError('WebAssembly.Memory.grow(): refused by the test'); }
    return grow.call(this, pages);
  };
})();"""


def wait_until_saved(page, kind: str = "full") -> None:
    """Until the page stored a snapshot of `kind`: "start" (its own) or "full" (the worker's)."""
    page.wait_for_selector(f"body[data-snapshot-stored={kind}]", state="attached", timeout=MAKE_TIMEOUT_MS)


def boot_path(page) -> str:
    return page.locator("body").get_attribute("data-boot")


def play_first_move(page) -> None:
    state = GAME.parse_position(position_text(page))
    move = state.legal_actions()[0]
    play_move(page, GAME.action_text(state, move))
    assert position_text(page) == GAME.position(state.apply(move))


def test_a_return_visit_boots_from_the_snapshot_offline_too(browser, server):
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    warnings: list[str] = []  # snapshot.js says why it booted plainly
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    boot(page, f"{server}?game=lyngk&seed=31")
    assert boot_path(page) == "plain"
    wait_until_saved(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    before = position_text(page)
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    context.set_offline(True)
    try:
        boot(page, server)
        assert boot_path(page) == "snapshot", warnings
        assert page.locator("body").get_attribute("data-snapshot") is None  # nothing to rebuild
        assert position_text(page) == before
        play_first_move(page)
        page.click("#btn-hint")  # the computer player's worker restores the same snapshot, offline too
        expect(page.locator("#message")).to_contain_text("Hint: the hard computer player would choose", timeout=60_000)
        assert page.locator("body").get_attribute("data-computer-boot") == "snapshot", warnings
        shot(page, "snapshot-01-offline-return-visit")
    finally:
        context.set_offline(False)
        context.close()


def test_a_return_soon_after_the_first_visit_boots_from_the_pages_own_snapshot(browser, server):
    """The page snapshots its own interpreter before its Python touches the page, so a player who
    leaves before the full snapshot is made (the worker is refused here) still returns to one; that
    return has the full one made."""
    context = browser.new_context(service_workers="block")
    refused: list[str] = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    context.route("**/snapshot-worker.js", refuse)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=33")
    assert boot_path(page) == "plain"
    first_screen = ("qipan.web.app", "qipan.boardkit.screen", "qipan.games.lyngk.rules")  # (browser, start, game)
    assert from_bytecode(page, first_screen) == list(first_screen)
    wait_until_saved(page, "start")
    play_first_move(page)  # Python works with the page after its snapshot was taken
    after = position_text(page)
    page.wait_for_selector("body[data-snapshot=failed]", state="attached", timeout=MAKE_TIMEOUT_MS)
    assert refused  # the full snapshot's worker was asked for, and refused
    page.close()
    context.unroute("**/snapshot-worker.js")
    seen = watch(context)  # (from here: the refused worker's load was reported as an error)
    page = context.new_page()
    boot(page, server)
    assert boot_path(page) == "snapshot"
    assert page.locator("body").get_attribute("data-boot-snapshot") == "start"
    assert position_text(page) == after
    play_first_move(page)
    wait_until_saved(page)  # the full one replaces it
    moved = position_text(page)
    page.close()
    page = context.new_page()
    boot(page, server)
    assert page.locator("body").get_attribute("data-boot-snapshot") == "full"
    assert from_bytecode(page, ("qipan.web.app",)) == ["qipan.web.app"]  # (only the browser part is on disk)
    assert position_text(page) == moved
    shot(page, "snapshot-02-return-from-the-full-snapshot")
    seen.assert_clean()
    context.close()


def test_a_damaged_snapshot_is_replaced_and_the_player_only_waits_longer(browser, server):
    context = browser.new_context(service_workers="block")
    seen = watch(context)
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    boot(page, f"{server}?game=lyngk&seed=32")
    wait_until_saved(page)
    play_first_move(page)
    after = position_text(page)
    page.evaluate(CORRUPT)
    boot(page, server)
    assert boot_path(page) == "plain"
    assert any("digest differs" in w for w in warnings), warnings  # found before Pyodide saw the bytes
    assert position_text(page) == after
    assert page.locator("#notice").is_hidden()
    wait_until_saved(page)  # a new snapshot replaces the damaged one
    boot(page, server)
    assert boot_path(page) == "snapshot"
    assert position_text(page) == after
    play_first_move(page)
    moved = position_text(page)
    # A device with no memory to spare: the snapshot's restore needs more memory than Pyodide starts
    # with, and growing it fails once. The boot must not hang (Pyodide swallows errors while it
    # instantiates): it ends in a plain boot like any failed restore.
    page.evaluate(BIGGER_HEAP)
    page.add_init_script(REFUSE_FIRST_GROW)
    boot(page, server)
    assert boot_path(page) == "plain"
    assert position_text(page) == moved
    assert page.locator("#notice").is_hidden()
    # The snapshot is sound: it is kept for the next visit, and no new one is made meanwhile.
    assert page.locator("body").get_attribute("data-snapshot") == "kept"
    page.close()
    page = context.new_page()  # a later visit, with memory to spare
    boot(page, server)
    assert boot_path(page) == "snapshot"
    assert position_text(page) == moved
    seen.assert_clean()
    context.close()
