"""Correspondence play end to end: devices are separate browser contexts (separate storage) on one
served page, passing links to each other as players would (the link read from the send sheet,
opened in the other device's page by its address's `#c1.…`).

One page per device for the module (each boots Pyodide once); each test starts its own game.
"""

from __future__ import annotations

import pytest
import zxingcpp
from playwright.sync_api import expect
from support import boot, click, resize, shot, watch
from lyngk_board import play_move, position_text
from gype_board import click_cell, position_text as gype_position

from qipan.app.correspondence import Awaiting, Replay, decode, fits_link, to_file, verify
from qipan.app.correspondence.session import Session
from qipan.games.calavera import GAME as CALAVERA
from qipan.games.gype import GAME as GYPE
from qipan.games.lyngk import GAME as LYNGK

TIMEOUT = 20_000
BASE = "http://127.0.0.1/"


class Device:
    """One player's device: a browser context of its own (its own storage) and its page, which
    starts (boots Pyodide) when first used: with the app's address, or with a link."""

    def __init__(self, browser, server: str, name: str) -> None:
        self.context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
        self.seen = watch(self.context)
        self._page = self.context.new_page()
        self.name = name
        self.server = server
        self.booted = False

    @property
    def page(self):
        if not self.booted:
            boot(self._page, self.server)
            self.booted = True
        return self._page

    def first(self, url: str, persons: list[int]):
        """Open a game's link for the first time on this device (the invitation): the app starts
        with it when it is not running yet, as when a tapped link opens the browser."""
        if self.booted:
            open_link(self._page, url, persons)
        else:
            boot(self._page, url)
            self.booted = True
            join(self._page, persons)
        return self._page

    def close(self) -> None:
        self.seen.assert_clean()
        self.context.close()


@pytest.fixture(scope="module")
def devices(browser, server):
    made: dict[str, Device] = {}

    def get(name: str) -> Device:
        if name not in made:
            made[name] = Device(browser, server, name)
        return made[name]

    yield get
    for device in made.values():
        device.close()


# -- what a player does ---------------------------------------------------------------------------


def start(page, game: str, names: list[str], mine: list[bool], dice: str = "verified") -> None:
    """The start dialog from the picker: the game, its seats' names and which are mine, the dice."""
    page.click("#nav-games")
    page.click("#btn-corr-new")
    expect(page.locator("#dlg-corr")).to_be_visible()
    page.select_option("#corr-game", game)
    if page.locator(f"#corr-players-{len(names)}").count():
        page.check(f"#corr-players-{len(names)}")
    for n, (name, me) in enumerate(zip(names, mine)):
        page.fill(f"#corr-name-{n}", name)
        page.set_checked(f"#corr-mine-{n}", me)
    page.check(f"#corr-dice-{dice}")
    page.click("#btn-corr-start")


def take_link(page) -> str:
    """The link the send sheet offers (then the sheet is closed, as after sending it)."""
    expect(page.locator("#dlg-corr-send")).to_be_visible(timeout=TIMEOUT)
    url = page.locator("#corr-link").input_value()
    page.click("#btn-corr-sent")
    expect(page.locator("#dlg-corr-send")).to_be_hidden()
    return url


def open_link(page, url: str, persons: list[int] | None = None) -> None:
    """Open a link in the device's running page (as a tapped link opens in the running app: the
    address's fragment changes); the first time, tick who plays here and open the game."""
    fragment = url[url.index("#"):]
    page.evaluate("(f) => { location.hash = f; }", fragment)
    join(page, persons)


def join(page, persons: list[int] | None) -> None:
    """The first time: tick who plays on this device; then the link is read and taken out of the
    address (a reload does not open it again)."""
    if persons is not None:
        expect(page.locator("#dlg-corr-join")).to_be_visible(timeout=TIMEOUT)
        for person in persons:
            page.check(f"#corr-person-{person}")
        page.click("#btn-corr-join")
    page.wait_for_function("() => !location.hash", timeout=TIMEOUT)


def status(page) -> str:
    return page.locator(".corr-status").first.text_content()


def mine(page) -> bool:
    return page.locator('.corr-bar[data-corr-state="mine"]').count() == 1


def notice(page) -> str:
    expect(page.locator("#notice")).to_be_visible(timeout=TIMEOUT)
    return page.locator("#notice").text_content()


def lyngk_move(page) -> str:
    """A move of the player to move, made by clicking the board."""
    state = LYNGK.parse_position(position_text(page))
    move = next(m for m in state.legal_actions() if not getattr(m, "claim", None))
    text = LYNGK.action_text(state, move)
    play_move(page, text)
    return text


# -- the tests ------------------------------------------------------------------------------------


def test_lyngk_by_link_back_and_forth(devices):
    """Ann starts a LYNGK game by link (friendly set-up), moves, sends; Bob opens, sees her move in
    words, answers; a few moves each way; both copies agree, move for move."""
    ann = devices("ann").page
    start(ann, "lyngk", ["Ann", "Bob"], [True, False], dice="friendly")
    expect(ann.locator(".corr-status")).to_have_text("Your turn")
    first = lyngk_move(ann)
    url = take_link(ann)
    assert status(ann).startswith("Waiting for Bob to move")
    shot(ann, "corr-01-lyngk-sent")
    bob = devices("bob").first(url, [1])
    expect(bob.locator(".corr-status")).to_have_text("Your turn")
    moves = [first]
    for turn in range(5):
        page, other = (bob, ann) if turn % 2 == 0 else (ann, bob)
        if turn:
            expect(page.locator("#message")).to_contain_text("Played since your last visit:")
        assert mine(page)
        moves.append(lyngk_move(page))
        url = take_link(page)
        assert not mine(page)
        page.locator("#board").click()  # the board takes no input while the other player is to move
        open_link(other, url)
    expect(ann.locator("#message")).to_contain_text("Played since your last visit: Bob:")
    shot(ann, "corr-02-lyngk-received")
    assert position_text(ann) == position_text(bob)
    record = decode(url)
    assert [m.entries[0][1:] for m in record.messages] == moves


def deliver(pages: list, sender) -> str:
    """Take the link the sender's sheet offers to every other device (each sends on what it owes
    at once: a witness's half of a roll goes back); returns the last link."""
    url = take_link(sender)
    for other in pages:
        if other is not sender:
            open_link(other, url)
    for other in pages:
        if other is not sender and other.locator("#dlg-corr-send").is_visible():
            url = deliver(pages, other)
    return url


def calavera_state(page):
    return CALAVERA.parse_position(page.locator("#position-text").text_content().strip())


def test_calavera_verified_dice_with_a_reroll(devices):
    """Verified dice: the invitation and the acceptance go round first; a re-roll goes to the
    witness and back; a whole turn is played; every roll is checked ("Dice verified")."""
    ann = devices("ann").page
    start(ann, "calavera", ["Ann", "Bob"], [True, False])
    invitation = take_link(ann)
    bob = devices("bob").first(invitation, [1])
    accepted = take_link(bob)
    assert "starts when everyone has joined" in notice(bob)
    open_link(ann, accepted)
    pages = [ann, bob]
    if ann.locator("#dlg-corr-send").is_visible():  # Bob starts: Ann's half of the seed goes to him
        deliver(pages, ann)
    turn = None  # the player whose turn had the re-roll: the test ends when that turn is over
    rerolled = waited = False
    url = ""
    for _ in range(60):
        page = next(p for p in pages if mine(p))
        state = calavera_state(page)
        if turn is not None and state.active != turn:
            break
        phase = state.phase.value
        if phase == "keep" and turn is None:
            click(page, '[data-action="die"][data-value="0"]')
            click(page, '[data-action="reroll"]')
            rerolled, turn = True, state.active
            if page.locator("#dlg-corr-send").is_visible():  # the roll waits for the other's half
                expect(page.locator(".corr-status")).to_contain_text("add their half of the roll")
                shot(page, "corr-03-calavera-waiting-witness")
                waited = True
        elif phase == "keep":
            click(page, '[data-action="stop"]')
        else:
            click(page, '[data-action="option"][data-value="0"]')
        if page.locator("#dlg-corr-send").is_visible():
            url = deliver(pages, page)
    assert rerolled and waited and url
    for page in pages:
        expect(page.locator(".corr-verdict")).to_contain_text("Dice verified")
    shot(ann, "corr-04-calavera-verified")
    verdict = verify(url)
    assert verdict.ok and verdict.values["rolls"] >= 1
    # the next turn is someone's: theirs shows its first roll (their half of it goes with their
    # move), the other device waits for them; both agree on everything before it
    mover_page = next(p for p in pages if mine(p))
    other = next(p for p in pages if p is not mover_page)
    assert status(other).startswith("Waiting for")
    before, after = calavera_state(other), calavera_state(mover_page)
    assert [before.score(p) for p in range(2)] == [after.score(p) for p in range(2)]


def test_same_older_forked_and_damaged_links(devices):
    """The same link twice and an older link change nothing and say so; a link that departs from
    the copy (Bob answered on two devices) is refused, both versions kept; a damaged or cut link
    is refused in the player's language and changes nothing."""
    ann = devices("ann").page
    start(ann, "lyngk", ["Ann", "Bob"], [True, False], dice="friendly")
    lyngk_move(ann)
    first = take_link(ann)
    bob = devices("bob").first(first, [1])
    open_link(bob, first)
    assert "already opened this link" in notice(bob)
    lyngk_move(bob)
    second = take_link(bob)
    open_link(ann, second)
    lyngk_move(ann)
    take_link(ann)
    before = position_text(ann)
    open_link(ann, first)
    assert "older link" in notice(ann)
    assert position_text(ann) == before
    # Bob answers the first link again on his phone, with another move: a fork
    phone = devices("cy").first(first, [1])
    state = LYNGK.parse_position(position_text(phone))
    moves = [LYNGK.action_text(state, m) for m in state.legal_actions() if not getattr(m, "claim", None)]
    played = decode(second).messages[-1].entries[0][1:]
    play_move(phone, next(m for m in moves if m != played))
    forked = take_link(phone)
    open_link(ann, forked)
    assert "departs from your copy" in notice(ann) and "both versions are kept" in notice(ann)
    assert position_text(ann) == before
    ann.click("#nav-games")
    ann.click("#btn-saves")
    expect(ann.locator(".corr-fork")).to_have_count(1)
    rows_before = ann.locator(".corr-row").count()
    assert rows_before >= 2
    shot(ann, "corr-08-saves-fork")
    gid = decode(first).table.gid.hex()
    expect(ann.locator(f'.corr-row[data-corr-id="{gid}-2"] .corr-fork')).to_have_count(1)
    ann.locator(f'.corr-row[data-corr-id="{gid}-2"] [data-corr-delete]').click()
    ann.click("#btn-confirm")  # asked first; then gone for good (the original stays)
    expect(ann.locator(".corr-fork")).to_have_count(0)
    assert ann.locator(".corr-row").count() == rows_before - 1
    ann.locator(f'.corr-row[data-corr-id="{gid}"] [data-corr-open]').click()
    # damaged and cut links: refused, nothing changed, in the player's language
    token = second.index("#c1.") + 12
    damaged = second[:token] + ("A" if second[token] != "A" else "B") + second[token + 1:]
    open_link(ann, damaged)
    assert "damaged" in notice(ann) and "Your games are unchanged" in notice(ann)
    open_link(ann, second[:len(second) - 7])
    assert "Not opened" in notice(ann)
    ann.click("#nav-lang")
    open_link(ann, damaged)
    assert "損壞" in notice(ann)
    ann.click("#nav-lang")
    ann.click("#nav-games")
    ann.click("#btn-saves")
    ann.locator(f'.corr-row[data-corr-id="{gid}"] [data-corr-open]').click()
    assert position_text(ann) == before


def test_a_long_game_goes_as_a_file(devices):
    """A verified game with many rolls outgrows a link: Ann (on CPython here) sends the game file;
    Bob opens it with "Open a game file", marks a box, and the sheet offers the file back (saved
    as a download), which Ann's device opens."""
    ann = Session.create("calavera", 2, names=("Ann", "Bob"), mine=(True, False))
    bob_elsewhere = Session.receive(ann.send(BASE).url, [1])  # Bob joined; on CPython until he moves
    url = bob_elsewhere.send(BASE).url
    sessions = [ann, bob_elsewhere]
    for _ in range(2000):
        record = decode(url)
        waiting = Replay(record).awaiting()
        if not fits_link(record, BASE) and waiting == Awaiting("move", 1, waiting.seat) and record.messages[-1].person == 0:
            break
        session = next(s for s in sessions if waiting.person in s.device.persons)
        session.open(url) if session.device.record != record else None
        while session.can_move():
            options = session.device.legal()
            session.play(next((a for a in options if a.startswith("reroll")), options[-1]))
        url = session.send(BASE).url
    else:
        pytest.fail("the game never outgrew a link")
    bob = devices("bob").page
    bob.click("#nav-games")
    with bob.expect_file_chooser() as chooser:  # as a player does: the button opens the file chooser
        bob.click("#btn-corr-file")
    chooser.value.set_files(files=[{"name": "calavera.qipan-c1", "mimeType": "application/octet-stream",
                                    "buffer": to_file(decode(url))}])
    expect(bob.locator("#dlg-corr-join")).to_be_visible(timeout=TIMEOUT)
    bob.check("#corr-person-1")
    bob.click("#btn-corr-join")
    expect(bob.locator(".corr-status")).to_have_text("Your turn", timeout=TIMEOUT)
    page_state = calavera_state(bob)
    assert page_state == ann.match().state
    while mine(bob):  # Bob's decisions until the game waits for Ann
        click(bob, '[data-action="option"][data-value="0"]' if bob.locator('[data-action="option"]').count()
                  else '[data-action="stop"]')
    expect(bob.locator("#dlg-corr-send")).to_be_visible(timeout=TIMEOUT)
    expect(bob.locator("#corr-link")).to_have_count(0)
    shot(bob, "corr-10-file-offered")
    with bob.expect_download() as download:
        bob.click('[data-corr="download"]')
    data = open(download.value.path(), "rb").read()
    bob.click("#btn-corr-sent")
    assert data.startswith(b"qipan-c1\n")
    assert ann.open(data).kind == "new"
    # what Bob's file carries (Ann's device may have added her half of a roll on top since)
    assert calavera_state(bob) == ann.device.base.match.state


def test_the_qr_code_decodes_to_the_link(devices):
    """The QR code the send sheet draws (qrcode-generator) reads back as the link (zxing-cpp)."""
    ann = devices("ann").page
    start(ann, "quorsum", ["Ann", "Bob"], [True, False])
    expect(ann.locator("#corr-qr[data-drawn] svg")).to_be_visible(timeout=TIMEOUT)
    url = ann.locator("#corr-link").input_value()
    shot(ann, "corr-04-send-sheet")
    grey = ann.evaluate("""async () => {
      const svg = document.querySelector('#corr-qr svg');
      const text = new XMLSerializer().serializeToString(svg);
      const image = new Image();
      image.src = 'data:image/svg+xml;base64,' + btoa(text);
      await image.decode();
      const size = 4 * Math.max(image.width, 200);
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const ctx = canvas.getContext('2d');
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(image, 0, 0, size, size);
      const data = ctx.getImageData(0, 0, size, size).data;
      const grey = [];
      for (let i = 0; i < data.length; i += 4) grey.push(data[i]);
      return [size, grey];
    }""")
    size, pixels = grey
    found = zxingcpp.read_barcodes(memoryview(bytes(pixels)).cast("B", (size, size)))
    assert [r.text for r in found] == [url]
    ann.click("#btn-corr-sent")


def test_phone_width_dialog_and_sheet_in_both_languages(devices):
    """The start dialog and the send sheet fit a phone, in English and in Chinese."""
    ann = devices("ann").page
    resize(ann, 390, 844)
    try:
        ann.click("#nav-games")
        ann.click("#btn-corr-new")
        ann.select_option("#corr-game", "gype")
        expect(ann.locator("#corr-name-3")).to_be_attached()
        shot(ann, "corr-05-dialog-phone")
        ann.click('#dlg-corr button[value="cancel"]')
        ann.click("#nav-lang")
        ann.click("#btn-corr-new")
        expect(ann.locator("#dlg-corr h2")).to_have_text("與朋友傳連結對弈")
        expect(ann.locator('.corr-dice').first).to_contain_text("友好擲骰（彼此信任）")
        shot(ann, "corr-05-dialog-phone-zh")
        ann.check("#corr-mine-1")  # one device, two persons, verified dice: their rolls are not protected
        expect(ann.locator("#corr-shared")).to_contain_text("這台裝置同時知道兩半")
        ann.locator("#corr-shared").scroll_into_view_if_needed()
        shot(ann, "corr-05-dialog-shared-device-zh")
        ann.uncheck("#corr-mine-1")
        expect(ann.locator("#corr-shared")).to_be_hidden()
        ann.click('#dlg-corr button[value="cancel"]')
        start(ann, "calavera", ["安", "博", "丙"], [True, False, False])
        expect(ann.locator("#corr-qr[data-drawn] svg")).to_be_visible(timeout=TIMEOUT)
        expect(ann.locator(".corr-to")).to_have_text("把這份邀請傳給 博：對方開啟後即可加入對局。")
        shot(ann, "corr-06-send-sheet-phone-zh")
        ann.click("#btn-corr-sent")
    finally:
        if ann.evaluate("document.documentElement.lang") == "zh-TW":
            ann.click("#nav-lang")
        resize(ann, 1024, 768)


def test_gype_three_players_hidden_rows(devices):
    """Three devices set up Table Gype by link with verified dice: each start row goes as a
    commitment, hidden from the others until the set-up is over; the rows are revealed in reverse
    order, the first player's with their first move; then all three see the same board."""
    ann = devices("ann").page
    start(ann, "gype", ["Ann", "Bob", "Cy"], [True, False, False])
    bob = devices("bob").first(take_link(ann), [1])
    cy = devices("cy").first(take_link(bob), [2])
    pages = [ann, bob, cy]
    url = take_link(cy)
    open_link(ann, url)
    if ann.locator("#dlg-corr-send").is_visible():
        url = deliver(pages, ann)
    arranged = 0
    while arranged < 3:
        page = next(p for p in pages if mine(p))
        expect(page.locator('[data-action="arrange"]')).to_be_visible()
        click(page, '[data-action="arrange"]')
        arranged += 1
        if arranged == 1:
            others = [p for p in pages if p is not page]
            url = deliver(pages, page)
            for other in others:  # the first row is a commitment: hidden on the other devices
                expect(other.locator("#position-text")).to_have_text("(hidden while the start rows are being arranged)")
            shot(bob, "corr-07-gype-setup-hidden")
        elif page.locator("#dlg-corr-send").is_visible():
            url = deliver(pages, page)
    entries = [e for m in decode(url).messages for e in m.entries]
    assert sum(e.startswith("h") for e in entries) == 2  # the last row is played openly
    assert any(e.startswith("s") for e in entries)  # a reveal (the first player's waits for their move)
    page = next(p for p in pages if mine(p))
    state = GYPE.parse_position(gype_position(page))
    origin = next(c for c in state.pieces(state.current) if state.destinations(c))
    click_cell(page, origin)
    click_cell(page, sorted(state.destinations(origin))[0])
    if page.locator('[data-action="option"]').count():
        click(page, '[data-action="option"][data-value="0"]')
    url = deliver(pages, page)
    assert sum(e.startswith("s") for m in decode(url).messages for e in m.entries) == 2
    texts = {gype_position(p) for p in pages}
    assert len(texts) == 1 and "hidden" not in texts.pop()
    assert verify(url).ok
    shot(cy, "corr-09-gype-three-after-setup")


def test_a_second_tab_shows_what_the_other_tab_played(devices):
    """Two tabs of one device on one game by link: a move in one is shown in the other (the
    storage event), which says so in the player's words and keeps the game as it is kept."""
    dan = devices("dan")
    one = dan.page
    start(one, "lyngk", ["Dan", "Eve"], [True, True], dice="friendly")  # both here: nothing to send
    expect(one.locator("#game-panel .corr-status")).to_have_text("Your turn", timeout=TIMEOUT)
    two = dan.context.new_page()
    boot(two, dan.server)
    two.click("#nav-games")
    two.click("#btn-saves")
    expect(two.locator(".corr-row [data-corr-open]")).to_have_count(1)
    two.click(".corr-row [data-corr-open]")
    expect(two.locator("#game-panel .corr-status")).to_have_text("Your turn", timeout=TIMEOUT)
    lyngk_move(one)
    expect(two.locator("#notice")).to_contain_text("This game changed in another tab", timeout=TIMEOUT)
    assert position_text(two) == position_text(one)
    shot(two, "corr-11-second-tab")
    two.close()
