"""Image export end to end in Chromium: a LYNGK game and a Calavera game exported as SVG (with
coordinates and an arrow) and as PNG at 800 px through the Image dialog, downloaded with the
browser's own download, checked (the SVG parses and carries its title and alt text; the PNG's
IHDR says 800 px), then shown in the browser beside the live board. Bad input, the keyboard
and a phone-sized screen too. One page for the module; the tests build on each other."""

from __future__ import annotations

import base64
import re
import struct
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import expect
from support import boot, click, OUTPUT, press, press_on, resize, shot, watch
from lyngk_board import play_move, position_text

from qipan.games.lyngk import GAME

SEED = 20261125
NS = {"s": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block",
                                  accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed={SEED}")
    yield page, seen, {}
    context.close()


def _download(page, name_part: str) -> tuple[str, bytes]:
    """Press Download; the file's suggested name and its bytes (also kept under test-output/)."""
    with page.expect_download() as info:
        page.click('[data-image="download"]')
    download = info.value
    name = download.suggested_filename
    assert name_part in name
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"image-export-{name}"
    download.save_as(str(path))
    return name, path.read_bytes()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def _preview_is(page, prefix: str) -> None:
    expect(page.locator("#image-preview")).to_have_attribute("src", re.compile("^" + prefix))


def test_the_image_button_opens_the_dialog_on_the_current_position(app):
    page, _, files = app
    state = GAME.parse_position(position_text(page))
    for _ in range(2):
        move = state.legal_actions()[0]
        play_move(page, GAME.action_text(state, move))
        state = state.apply(move)
    files["position"] = position_text(page)
    page.click("#btn-image")
    expect(page.locator("#dlg-image")).to_be_visible()
    _preview_is(page, "data:image/png")
    assert page.locator("#image-dims").text_content() == "800 × 800 pixels"
    alt = page.locator("#image-alt").input_value()
    assert alt.startswith("LYNGK diagram") and "Player 1 to move" in alt and len(alt) <= 300
    assert page.locator("#image-preview").get_attribute("alt") == alt
    expect(page.locator("#image-key-label")).to_be_hidden()  # no colour claimed yet: no owner marks to explain
    shot(page, "image-01-dialog")


def _preview_foot(page) -> list[int]:
    """The preview picture's colour near its bottom left corner (where the key's band is)."""
    return page.evaluate("""() => new Promise((done) => {
        const image = new Image();
        image.onload = () => {
            const canvas = document.createElement('canvas');
            canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
            const ctx = canvas.getContext('2d');
            ctx.drawImage(image, 0, 0);
            done(Array.from(ctx.getImageData(2, image.naturalHeight - 3, 1, 1).data));
        };
        image.src = document.getElementById('image-preview').src;
    })""")


def test_a_claimed_colour_brings_a_key_to_the_owner_marks(app):
    """(Played on the position the dialog is open on, then taken back, and the dialog opened again
    as the next tests find it.)"""
    page, _, _ = app
    if page.locator("#dlg-image").is_visible():
        page.click('#dlg-image button[value="close"]')
    before = position_text(page)
    state = GAME.parse_position(before)
    play_move(page, GAME.action_text(state, next(m for m in state.legal_actions() if getattr(m, "claim", ""))))
    try:
        page.click("#btn-image")
        expect(page.locator("#image-key-label")).to_be_visible()
        expect(page.locator("#image-key")).to_be_checked()
        expect(page.locator("#image-alt")).to_have_value(re.compile("Player [12]: stacks with .* on top"))
        _preview_is(page, "data:image/png")
        assert _preview_foot(page) == [255, 250, 240, 255]  # the key's band (LABEL_FILL, light)
        shot(page, "image-02-key")
        src = page.locator("#image-preview").get_attribute("src")
        page.uncheck("#image-key")
        expect(page.locator("#image-preview")).not_to_have_attribute("src", src)
        assert _preview_foot(page) == [236, 220, 188, 255]  # the board's own colour, to the foot
    finally:
        if page.locator("#dlg-image").is_visible():
            page.click('#dlg-image button[value="close"]')
        page.click("#btn-undo")
        expect(page.locator("#position-text")).to_have_text(before)
        page.click("#btn-image")
        expect(page.locator("#dlg-image")).to_be_visible()


def test_an_svg_with_coordinates_and_an_arrow_downloads_and_parses(app):
    page, _, files = app
    page.click("label:has(#image-format-svg)")
    page.click("label:has(#image-coords)")
    page.fill("#image-hl", "C7")
    page.fill("#image-arrows", "C7-C6")
    press(page, "Enter")  # applies the text; the dialog stays open
    expect(page.locator("#dlg-image")).to_be_visible()
    _preview_is(page, "data:image/svg")
    expect(page.locator("#image-alt")).to_have_value(re.compile(r"\. C7 highlighted; arrow C7 to C6\."))
    assert page.locator("#image-download").text_content() == "Download SVG"
    name, data = _download(page, ".svg")
    assert name == "qipan-lyngk-move-2.svg"
    root = ET.fromstring(data.decode("utf-8"))
    assert root.find("s:title", NS).text == "LYNGK, after 2 moves"
    assert "arrow C7 to C6" in root.find("s:desc", NS).text
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"C7", "C6", "E4"} <= texts  # the coordinates of occupied points
    assert (root.get("width"), root.get("height")) == ("800", "800")
    files["lyngk.svg"] = data
    shot(page, "image-02-svg-options")


def test_a_png_at_800_pixels_downloads_with_that_width(app):
    page, _, files = app
    page.click("label:has(#image-format-png)")
    page.click('[data-image-width="1200"]')
    assert page.locator("#image-dims").text_content() == "1200 × 1200 pixels"
    page.click('[data-image-width="800"]')
    _preview_is(page, "data:image/png")
    name, data = _download(page, ".png")
    assert name == "qipan-lyngk-move-2.png"
    assert _png_size(data) == (800, 800)
    files["lyngk.png"] = data


def test_bad_input_is_reported_and_nothing_changes(app):
    page, _, _ = app
    before = page.locator("#image-preview").get_attribute("src")
    page.fill("#image-width", "50")
    expect(page.locator("#image-status")).to_contain_text("from 200 to 2400")
    expect(page.locator("#image-download")).to_be_disabled()
    assert page.locator("#image-preview").get_attribute("src") == before
    page.fill("#image-arrows", "C7>C6")  # the width is still wrong: both are said
    status = page.locator("#image-status")
    expect(status).to_have_text("The width must be a whole number of pixels from 200 to 2400. Arrows: cannot read "
                                "“C7>C6”; write each arrow from-to, e.g. C7-C6. Nothing was changed.")
    expect(page.locator("#image-width")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#image-arrows")).to_have_attribute("aria-invalid", "true")
    shot(page, "image-02b-errors")
    page.fill("#image-width", "800")
    expect(status).to_have_text("Arrows: cannot read “C7>C6”; write each arrow from-to, e.g. C7-C6. Nothing was changed.")
    expect(page.locator("#image-width")).to_have_attribute("aria-invalid", "false")
    page.fill("#image-hl", "C7, Z9")
    page.fill("#image-arrows", "C7-Z9")
    expect(status).to_have_text("Not points of this board: Z9")  # named once
    expect(page.locator("#image-download")).to_be_enabled()
    alt = page.locator("#image-alt").input_value()
    assert "C7 highlighted." in alt and "Z9" not in alt  # only what is drawn is described
    page.fill("#image-hl", "C7")
    page.fill("#image-arrows", "C7-C6")
    expect(status).to_have_text("")


def test_copy_svg_puts_the_document_on_the_clipboard(app):
    page, _, _ = app
    page.click('[data-image="copy-svg"]')
    expect(page.locator("#image-status")).to_have_text("The SVG is on the clipboard.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert ET.fromstring(copied).find("s:title", NS).text == "LYNGK, after 2 moves"


def test_the_keyboard_reaches_every_control_and_done_closes(app):
    page, _, files = app
    page.locator("#image-format-png").focus()
    for selector in ("#image-width", '[data-image-width="400"]', "#image-coords", "#image-hl", "#image-alt",
                     '[data-image="download"]', '[data-image="copy-alt"]'):
        press_on(page, selector, "Shift")  # Tab reaches it (Shift alone does nothing)
    press_on(page, '#dlg-image button[value="close"]')
    expect(page.locator("#dlg-image")).to_be_hidden()
    assert position_text(page) == files["position"]  # the live game was not touched


def test_a_position_reviewed_in_the_move_log_is_the_one_pictured(app):
    page, _, files = app
    page.click('[data-step="back"]')  # the move log steps back one action
    expect(page.locator("#position-text")).not_to_have_text(files["position"])
    reviewed = GAME.parse_position(position_text(page))
    page.click("#btn-image")
    alt = page.locator("#image-alt").input_value()
    assert f"{sum(1 for s in reviewed.stacks if s)} stacks on the board; Player 2 to move" in alt
    name, _ = _download(page, ".png")
    assert name == "qipan-lyngk-move-1.png"
    page.click('#dlg-image button[value="close"]')
    page.click('[data-step="end"]')
    expect(page.locator("#position-text")).to_have_text(files["position"])


def test_a_dice_game_exports_too(app):
    page, _, files = app
    page.click("#nav-games")
    page.click('[data-game="calavera"]')
    expect(page.locator("#screen-play")).to_be_visible()
    click(page, '[data-action="roll"]')
    expect(page.locator("#message")).not_to_have_text("")
    files["calavera.position"] = page.locator("#position-text").text_content()
    page.click("#btn-image")
    expect(page.locator("#dlg-image")).to_be_visible()
    alt = page.locator("#image-alt").input_value()
    assert alt.startswith("Calavera diagram") and len(alt) <= 300
    page.click("label:has(#image-format-svg)")
    page.click("label:has(#image-coords)")
    page.fill("#image-arrows", "d1-d6")
    _preview_is(page, "data:image/svg")
    name, data = _download(page, ".svg")
    assert name.startswith("qipan-calavera-move-") and name.endswith(".svg")
    root = ET.fromstring(data.decode("utf-8"))
    assert root.find("s:title", NS).text.startswith("Calavera, after")
    assert {"d1", "d6"} <= {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    files["calavera.svg"] = data
    page.click("label:has(#image-format-png)")
    page.click("label:has(#image-theme-dark)")
    _preview_is(page, "data:image/png")
    name, data = _download(page, ".png")
    assert _png_size(data) == (800, 624)
    files["calavera.png"] = data
    shot(page, "image-03-calavera-dialog")


def test_the_dialog_fits_a_phone(app):
    page, _, files = app
    resize(page, 390, 844)
    page.locator("#image-preview").scroll_into_view_if_needed()
    box = page.locator("#dlg-image").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    for button in page.locator("#image-form button").all():
        b = button.bounding_box()
        assert b["height"] >= 44 and b["width"] >= 44
    shot(page, "image-04-phone")
    page.click('#dlg-image button[value="close"]')
    expect(page.locator("#dlg-image")).to_be_hidden()
    assert page.locator("#position-text").text_content() == files["calavera.position"]
    resize(page, 1024, 768)


def test_in_chinese_the_dialog_and_the_alt_text_are_in_chinese(app):
    page, _, _ = app
    page.click("#nav-lang")
    page.click("#btn-image")
    expect(page.locator("#dlg-image")).to_be_visible()
    assert page.locator("#image-download").text_content() == "下載 PNG"
    page.fill("#image-hl", "d1")
    expect(page.locator("#image-alt")).to_have_value(re.compile("^骷髏骰局面圖.*標示 d1"))
    assert len(page.locator("#image-alt").input_value()) <= 300
    shot(page, "image-05-chinese")
    page.click('#dlg-image button[value="close"]')
    expect(page.locator("#dlg-image")).to_be_hidden()
    page.click("#nav-lang")


def test_the_downloaded_files_shown_beside_the_live_board(app):
    page, seen, files = app
    page.locator("#board-area").scroll_into_view_if_needed()
    live = base64.b64encode(page.locator("#board-area").screenshot()).decode()
    viewer = page.context.new_page()
    resize(viewer, 1500, 1000)

    def data_url(kind: str, data: bytes) -> str:
        return f"data:{kind};base64,{base64.b64encode(data).decode()}"

    for game in ("lyngk", "calavera"):
        pictures = [("downloaded PNG", data_url("image/png", files[f"{game}.png"])),
                    ("downloaded SVG", data_url("image/svg+xml", files[f"{game}.svg"]))]
        if game == "calavera":
            pictures.insert(0, ("live board", f"data:image/png;base64,{live}"))
        cells = "".join(f'<figure style="margin:0"><figcaption>{label}</figcaption>'
                        f'<img src="{src}" style="width:480px;border:1px solid #999"></figure>' for label, src in pictures)
        viewer.set_content(f'<body style="margin:8px;display:flex;gap:12px;align-items:flex-start">{cells}</body>')
        viewer.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
        sizes = viewer.evaluate("[...document.images].map(i => [i.naturalWidth, i.naturalHeight])")
        assert sizes[-2] == ([800, 800] if game == "lyngk" else [800, 624])
        assert sizes[-1] == sizes[-2]  # the SVG is drawn at the same size as the PNG
        shot(viewer, f"image-06-{game}-files")
    viewer.close()
    seen.assert_clean()
