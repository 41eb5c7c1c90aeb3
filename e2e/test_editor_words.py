"""The board editor's refusals in Chinese, end to end in Chromium: switch to 中文, make an illegal
click edit in LYNGK (a joker on top of a stack of two) and in Calavera (a row frozen in the low
zone); the line under the tools says why in Chinese, with no English words but point names and
rule references. One page, one boot."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support import boot, shot, watch

from qipan.games.calavera import GAME as CALAVERA
from qipan.games.lyngk import GAME as LYNGK
from qipan.games.lyngk.board import parse_point
from qipan.games.calavera.ui.view import Layout as CalaveraLayout
from qipan.games.lyngk.ui.view import Layout as LyngkLayout

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
ALLOWED = re.compile(r"§[\w.\- ]+|\b[A-Z]\d+[a-z]?\b|\b[IV]\d?-\d\b")
"""Rule references (§4.2c, A13, I-2) may stay in Latin letters; point names too."""


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, server)
    yield page, seen
    context.close()


def text(page) -> str:
    return page.locator("#editor-text").input_value()


def click_lyngk(page, label: str) -> None:
    area = page.locator("#editor-board").bounding_box()
    height = len(LYNGK.parse_position(text(page)).stacks[parse_point(label)])
    x, y = LyngkLayout(area["width"], area["height"]).top_px(parse_point(label), height)
    page.mouse.click(area["x"] + x, area["y"] + y)


def click_box(page, player: int, row: int, box: int) -> None:
    area = page.locator("#editor-board").bounding_box()
    layout = CalaveraLayout(area["width"], area["height"], CALAVERA.parse_position(text(page)).players)
    x, y = layout.box_xy(player, row, box)
    page.mouse.click(area["x"] + x + layout.unit / 2, area["y"] + y + layout.unit / 2)


def refusal(page) -> str:
    legal = page.locator("#editor-legal")
    expect(legal).to_have_class(re.compile(r"\berror\b"))
    line = legal.text_content()
    assert line.startswith("沒有變更："), line
    assert not ENGLISH_WORD.findall(ALLOWED.sub(" ", line)), line
    return line


def test_illegal_clicks_are_refused_in_chinese(app):
    page, seen = app
    page.click("#nav-lang")
    expect(page.locator("html")).to_have_attribute("lang", "zh-TW")
    page.click("#nav-games")
    page.click("#btn-editor")
    page.click('[data-editor="empty"][data-game="lyngk"]')
    for tool in ("put:R", "put:B", "put:J"):
        page.click(f'[data-tool="{tool}"]')
        click_lyngk(page, "C7")
    line = refusal(page)
    assert "C7" in line and "百搭棋子" in line and "§7 I-2" in line
    assert LYNGK.parse_position(text(page)).stacks[parse_point("C7")] == "RB"  # nothing changed
    page.locator("#editor-legal").scroll_into_view_if_needed()
    shot(page, "editor-words-01-lyngk-zh-390")

    page.click('[data-editor="games"]')
    page.click('[data-editor="open"][data-game="calavera"]')
    before = text(page)
    page.click('[data-tool="freeze"]')
    click_box(page, 1, 1, 1)  # player 2, pink, box 2: the low zone is never frozen
    line = refusal(page)
    assert "玩家 2 的粉紅色列" in line and "分數區" in line and "§4.2c、A13" in line
    assert text(page) == before
    page.locator("#editor-legal").scroll_into_view_if_needed()
    shot(page, "editor-words-02-calavera-zh-390")
    seen.assert_clean()
