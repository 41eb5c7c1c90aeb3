"""The board editor end to end in Chromium: open it from the picker for LYNGK, place and lift
pieces by clicking and by keyboard, see the position text follow, type a broken text (the board
stays), copy the share link and open it, play from here without touching the saved game, edit a
copy of a running 合縱連橫 game, edit Quorsum tiles, pawns and
locks and Calavera score sheets by clicking. One page for the module; the tests build on each other."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import boot, press, resize, shot, watch

from qipan.games.calavera import GAME as CALAVERA
from qipan.games.hezong import GAME as HEZONG
from qipan.games.lyngk import GAME as LYNGK
from qipan.games.lyngk.board import parse_point
from qipan.games.quorsum import GAME as QUORSUM
from qipan.games.quorsum.board import CELL_OF
from qipan.games.calavera.ui.view import Layout as CalaveraLayout
from qipan.games.hezong.ui.view import Layout as HezongLayout
from qipan.games.lyngk.ui.view import Layout as LyngkLayout
from qipan.games.quorsum.ui.view import Layout as QuorsumLayout

SLOT = "qipan/v1/game/lyngk"


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=5")  # a saved game that "Play from here" must leave alone
    yield page, seen, context, server
    context.close()


def text(page) -> str:
    return page.locator("#editor-text").input_value()


def click_lyngk(page, label: str) -> None:
    box = page.locator("#editor-board").bounding_box()
    state = LYNGK.parse_position(text(page))
    point = parse_point(label)
    x, y = LyngkLayout(box["width"], box["height"]).top_px(point, len(state.stacks[point]))
    page.mouse.click(box["x"] + x, box["y"] + y)


def stack(page, label: str) -> str:
    return LYNGK.parse_position(text(page)).stacks[parse_point(label)]


def picture(page) -> str:
    return page.evaluate("document.getElementById('editor-board').toDataURL()")


def test_the_picker_opens_the_editor_on_an_empty_lyngk_board(app):
    page, *_ = app
    page.click("#nav-games")
    page.click("#btn-editor")
    expect(page.locator("#screen-editor")).to_be_visible()
    assert page.locator('[data-editor="open"]').count() == 5
    page.click('[data-editor="picker"]')  # and back again
    expect(page.locator("#screen-picker")).to_be_visible()
    page.click("#btn-editor")
    page.click('[data-editor="empty"][data-game="lyngk"]')
    expect(page.locator("#editor-board")).to_be_focused()
    assert all(s == "" for s in LYNGK.parse_position(text(page)).stacks)
    assert page.locator("#editor-legal").text_content() == "Legal position"


def test_clicks_put_and_lift_pieces_and_the_text_follows(app):
    page, *_ = app
    page.click('[data-tool="put:R"]')
    assert page.locator('[data-tool="put:R"]').get_attribute("aria-pressed") == "true"
    click_lyngk(page, "C3")
    assert stack(page, "C3") == "R"
    page.click('[data-tool="put:B"]')
    click_lyngk(page, "C3")
    click_lyngk(page, "D4")
    assert stack(page, "C3") == "RB" and stack(page, "D4") == "B"
    page.click('[data-tool="put:J"]')
    click_lyngk(page, "C3")  # a joker never tops a stack of two: refused, the engine says why
    legal = page.locator("#editor-legal")
    assert "joker never tops a stack of two or more (§7 I-2)" in legal.text_content()
    assert "error" in legal.get_attribute("class") and stack(page, "C3") == "RB"
    page.click('[data-tool="lift"]')
    click_lyngk(page, "D4")
    assert stack(page, "D4") == "" and legal.text_content() == "Legal position"
    page.select_option('[data-field="claims0"]', "R")
    page.select_option('[data-field="player"]', "1")
    state = LYNGK.parse_position(text(page))
    assert state.claims == ("R", "") and state.player == 1


def test_the_keyboard_cursor_places_pieces(app):
    page, *_ = app
    page.click('[data-tool="put:G"]')
    page.focus("#editor-board")
    press(page, "ArrowRight")  # the cursor appears in the middle, on E4
    press(page, "Enter")
    assert stack(page, "E4") == "G"
    press(page, "ArrowUp")
    press(page, " ")
    assert stack(page, "E5") == "G"
    assert "Cursor on E5" in page.locator("#editor-board").get_attribute("aria-label")
    shot(page, "editor-01-lyngk-1024")


def test_a_broken_text_is_reported_and_the_board_stays(app):
    page, *_ = app
    good = text(page)
    before = picture(page)
    page.fill("#editor-text", good.replace("R/-", "R/R", 1))
    legal = page.locator("#editor-legal")
    expect(legal).to_contain_text("claimed by both players")
    assert legal.text_content().startswith("Not a legal position:")
    assert picture(page) == before
    shot(page, "editor-02-broken-text")
    page.fill("#editor-text", good.replace(" 2 0/0 ", " 1 0/0 "))
    expect(legal).to_have_text("Legal position")
    assert LYNGK.parse_position(text(page)).player == 0


def test_the_copied_share_link_opens_the_same_position(app):
    page, _seen, context, _server = app
    page.click('[data-editor="copy-share"]')
    expect(page.locator('[data-editor="copy-share"]')).to_have_text("Copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.locator("#editor-share").input_value() and "?share=p1." in link
    page.check("#editor-try")
    assert "mode=try" in page.locator("#editor-embed").input_value()
    page.click('[data-editor="copy-embed"]')
    assert page.evaluate("navigator.clipboard.readText()").startswith("<iframe src=")
    other = context.new_page()
    boot(other, link)
    assert other.locator("#position-text").text_content().strip() == LYNGK.position(LYNGK.parse_position(text(page)))
    shot(other, "editor-03-shared-view")
    other.close()
    # Another position: the clipboard holds the old one, so the buttons no longer say "Copied".
    current = text(page)
    flipped = current.replace(" 1 0/0 ", " 2 0/0 ") if " 1 0/0 " in current else current.replace(" 2 0/0 ", " 1 0/0 ")
    page.fill("#editor-text", flipped)
    expect(page.locator("#editor-share")).not_to_have_value(link)
    expect(page.locator('[data-editor="copy-share"]')).to_have_text("Copy share link")
    expect(page.locator('[data-editor="copy-embed"]')).to_have_text("Copy embed code")
    page.fill("#editor-text", current)


def test_image_opens_the_image_export_for_the_edited_position(app):
    page, *_ = app
    page.click('[data-editor="image"]')
    dialog = page.locator("#dlg-image")
    expect(dialog).to_be_visible()
    shot(page, "editor-07-image-dialog")
    press(page, "Escape")
    expect(dialog).to_be_hidden()


def test_play_from_here_is_a_live_game_that_leaves_the_saved_game_alone(app):
    page, *_ = app
    saved = page.evaluate("k => localStorage.getItem(k)", SLOT)
    assert saved
    position = LYNGK.position(LYNGK.parse_position(text(page)))
    page.click('[data-editor="play"]')
    expect(page.locator("#screen-play")).to_be_visible()
    assert page.locator("#position-text").text_content().strip() == position
    assert "not saved" in page.locator("#message").text_content()
    state = LYNGK.parse_position(position)
    move = next(m for m in state.legal_actions() if m.origin >= 0)
    page.click("#board")  # focus
    box = page.locator("#board").bounding_box()
    layout = LyngkLayout(box["width"], box["height"])
    for point in (move.origin, move.dest):
        x, y = layout.top_px(point, len(LYNGK.parse_position(page.locator("#position-text").text_content().strip()).stacks[point]))
        page.mouse.click(box["x"] + x, box["y"] + y)
    assert page.locator("#position-text").text_content().strip() == LYNGK.position(state.apply(move))
    assert page.evaluate("k => localStorage.getItem(k)", SLOT) == saved
    # Its record cannot replay it (it starts from an edited position): Share offers positions only.
    page.click("#btn-share")
    expect(page.locator("#dlg-share")).to_be_visible()
    boxes = page.locator("#share-form textarea")
    expect(boxes).to_have_count(2)
    assert "?share=p1." in boxes.nth(0).input_value() and "share=p1." in boxes.nth(1).input_value()
    page.click('#share-form [data-copy="0"]')
    expect(page.locator('#share-form [data-copy="0"]')).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == boxes.nth(0).input_value()
    press(page, "Escape")
    expect(page.locator("#dlg-share")).to_be_hidden()


def test_edit_position_copies_a_running_hezong_game(app):
    page, *_ = app
    page.click("#nav-games")
    page.click('#game-list [data-game="hezong"]')
    expect(page.locator("#screen-play")).to_be_visible()
    live = page.locator("#position-text").text_content().strip()
    page.click("#btn-edit")
    expect(page.locator("#screen-editor")).to_be_visible()
    assert text(page) == live
    state = HEZONG.parse_position(live)
    page.click(f'[data-tool="stone:{state.to_move}"]')
    box = page.locator("#editor-board").bounding_box()
    x, y = HezongLayout(box["width"], box["height"]).centre(5 * 12 + 5)  # f6
    page.mouse.click(box["x"] + x, box["y"] + y)
    edited = HEZONG.parse_position(text(page))
    assert edited.stones[5 * 12 + 5] == state.to_move and edited.to_move != state.to_move
    assert edited.map == state.map
    shot(page, "editor-04-hezong-1024")
    page.click('[data-editor="back"]')
    expect(page.locator("#screen-play")).to_be_visible()
    assert page.locator("#position-text").text_content().strip() == live


def test_the_phone_layout_puts_the_board_on_top(app):
    page, *_ = app
    page.click("#btn-edit")
    resize(page, 390, 844)
    board = page.locator("#editor-board")
    expect(board).to_be_visible()
    page.wait_for_function("document.getElementById('editor-board').getBoundingClientRect().width < 390")
    box, tools = board.bounding_box(), page.locator("#editor-tools").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and tools["y"] > box["y"] + box["height"] - 1
    for button in page.locator(".editor-tool, .editor-side button").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44
    shot(page, "editor-05-hezong-390")
    page.evaluate("document.getElementById('editor-try').scrollIntoView()")
    shot(page, "editor-06-outputs-390")


def click_cell(page, layout, cell: int) -> None:
    box = page.locator("#editor-board").bounding_box()
    x, y = layout(box["width"], box["height"]).centre(cell)
    page.mouse.click(box["x"] + x, box["y"] + y)


def test_quorsum_tiles_and_pawns_by_clicking(app):
    page, *_ = app
    resize(page, 1024, 768)
    page.click("#nav-games")
    page.click("#btn-editor")
    page.click('[data-editor="open"][data-game="quorsum"]')
    expect(page.locator("#editor-board")).to_be_focused()
    start = QUORSUM.parse_position(text(page))
    b2, c3 = CELL_OF["b2"], CELL_OF["c3"]
    page.click('[data-tool="flip"]')
    click_cell(page, QuorsumLayout, b2)
    assert QUORSUM.parse_position(text(page)).colours[b2] == 1 - start.colours[b2]
    page.click('[data-tool="move"]')
    click_cell(page, QuorsumLayout, CELL_OF["a1"])
    expect(page.locator("#editor-legal")).to_contain_text("Picked up the pawn on a1")
    click_cell(page, QuorsumLayout, c3)
    page.click(f'[data-tool="lock:{1 - start.player}"]')
    click_cell(page, QuorsumLayout, CELL_OF["d2"])
    edited = QUORSUM.parse_position(text(page))
    assert edited.pawn_at(c3) == (c3, CELL_OF["d4"], 2) and edited.pawn_at(CELL_OF["a1"]) is None
    assert f"locks=d2:{2 - start.player}" in text(page)
    page.click(f'[data-tool="lock:{start.player}"]')
    click_cell(page, QuorsumLayout, CELL_OF["a3"])  # the mover's own lock ended as the turn began
    expect(page.locator("#editor-legal")).to_contain_text(
        "the lock on a3 would be the player to move's, and it ended when their turn began (§6)")
    assert QUORSUM.parse_position(text(page)) == edited
    shot(page, "editor-08-quorsum-1024")


def click_box(page, player: int, row: int, box: int) -> None:
    area = page.locator("#editor-board").bounding_box()
    layout = CalaveraLayout(area["width"], area["height"], CALAVERA.parse_position(text(page)).players)
    x, y = layout.box_xy(player, row, box)
    page.mouse.click(area["x"] + x + layout.unit / 2, area["y"] + y + layout.unit / 2)


def test_calavera_sheets_by_clicking(app):
    page, *_ = app
    page.click('[data-editor="games"]')
    page.click('[data-editor="open"][data-game="calavera"]')
    expect(page.locator("#editor-board")).to_be_focused()
    assert "sheets=0.0.0.0/0.0.0.0 " in text(page)
    click_box(page, 0, 0, 4)  # player 1, orange, box 5: five crosses
    click_box(page, 1, 2, 1)  # player 2, green, box 2
    assert "sheets=5.0.0.0/0.0.2.0 " in text(page)
    page.click('[data-tool="freeze"]')
    click_box(page, 0, 1, 9)  # pink frozen on box 10 (a 3-rose box)
    page.click('[data-tool="freeze"]')
    click_box(page, 0, 3, 2)  # black on box 3: the low zone cannot be frozen
    expect(page.locator("#editor-legal")).to_contain_text("a row freezes only on a score-zone box")
    assert "sheets=5.10f.0.0/0.0.2.0 " in text(page)
    page.select_option('[data-field="active"]', "1")
    assert CALAVERA.parse_position(text(page)).active == 1
    page.focus("#editor-board")
    press(page, "ArrowRight")  # the cursor ring on a box in the middle of the boxes
    assert "Cursor on " in page.locator("#editor-board").get_attribute("aria-label")
    shot(page, "editor-09-calavera-1024")


def test_no_foreign_requests_or_console_errors(app):
    _page, seen, *_ = app
    seen.assert_clean()
