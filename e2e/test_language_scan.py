"""No text shown untranslated: every screen and dialog is read in Traditional Chinese for English
words, and in English for Chinese characters (visible text nodes and the accessible names the
page gives: aria-label, title, alt). Notation (position text, code) and proper names are allowed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from support import BOOT_TIMEOUT_MS, boot, press, shot, watch

GAMES = ("lyngk", "quorsum", "gype", "hezong", "calavera")

# Proper names and file formats that stay in Latin letters in the Chinese texts (glossary:
# the games' own names, the publisher's project name, our app's name), and the language switch's
# label, which names the other language in its own words.
LATIN_NAMES = {"LYNGK", "Qipan", "Table", "Gype", "GIPF", "PNG", "SVG", "JSON", "English",
               # key caps, named as printed on the keyboard (Taiwan usage too)
               "Enter", "Esc", "Tab", "Space", "Home", "End", "Shift",
               # an HTML attribute's name, as bloggers type it
               "alt"}
# Chinese characters allowed in the English UI: the brand mark and the language switch's label.
CJK_NAMES = ("棋盤", "棋", "中文")

VISIBLE_TEXT = """
(root) => {
  const skip = 'code, textarea, script, style, [translate="no"]';
  const seen = (e) => e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const parent = walker.currentNode.parentElement;
    if (text && parent && !parent.closest(skip) && seen(parent)) out.push(text);
  }
  for (const e of root.querySelectorAll('[aria-label], [title], [alt]')) {
    if (e.closest(skip) || !seen(e)) continue;
    for (const name of ['aria-label', 'title', 'alt']) {
      const value = e.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
  }
  return out;
}
"""


def english_words(texts: list[str]) -> set[str]:
    """Latin words of three letters or more that are not allowed names (notation such as C7-C6,
    a1 or 3x is shorter or mixes digits)."""
    words = set()
    for text in texts:
        words |= {w for w in re.findall(r"(?<![\w-])[A-Za-z]{3,}(?![\w-])", text) if w not in LATIN_NAMES}
    return words


def chinese_runs(texts: list[str]) -> set[str]:
    runs = set()
    for text in texts:
        for name in CJK_NAMES:
            text = text.replace(name, "")
        runs |= set(re.findall(r"[\u3400-\u9fff\uf900-\ufaff]+", text))
    return runs


@pytest.fixture(scope="module")
def page(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, server)
    yield page, seen
    context.close()


def scan(page, lang: str, where: str, root: str = "body") -> None:
    texts = page.locator(root).first.evaluate(VISIBLE_TEXT)
    assert texts, f"{where}: nothing visible to read"
    if lang == "zh-TW":
        found = english_words(texts)
        assert not found, f"{where} ({lang}): English words shown: {sorted(found)}"
    else:
        found = chinese_runs(texts)
        assert not found, f"{where} ({lang}): Chinese text shown: {sorted(found)}"


def set_language(page, lang: str) -> None:
    if page.locator("html").get_attribute("lang") != lang:
        page.click("#nav-lang")
    expect(page.locator("html")).to_have_attribute("lang", lang)


def open_dialog(page, button: str, dialog: str) -> None:
    page.click(button)
    expect(page.locator(dialog)).to_be_visible()


def close_dialog(page, dialog: str) -> None:
    press(page, "Escape")
    expect(page.locator(dialog)).to_be_hidden()


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_every_screen_and_dialog_is_in_one_language(page, lang):
    page, seen = page
    page.click("#nav-games")
    expect(page.locator("#screen-picker")).to_be_visible()
    set_language(page, lang)
    scan(page, lang, "the picker")
    open_dialog(page, "#nav-settings", "#dlg-settings")
    scan(page, lang, "the settings dialog", "#dlg-settings")
    close_dialog(page, "#dlg-settings")
    for game_id in GAMES:
        page.click("#nav-games")
        page.click(f'#game-list [data-game="{game_id}"]')
        page.locator('body[data-py-ready]').wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        expect(page.locator("#screen-play")).to_be_visible()
        scan(page, lang, f"the {game_id} screen")
        open_dialog(page, "#btn-new", "#dlg-new")
        page.locator("#dlg-new details.house-rules").evaluate("d => d.open = true")
        scan(page, lang, f"the {game_id} new-game dialog", "#dlg-new")
        close_dialog(page, "#dlg-new")
        open_dialog(page, "#btn-share", "#dlg-share")
        scan(page, lang, f"the {game_id} share dialog", "#dlg-share")
        close_dialog(page, "#dlg-share")
        open_dialog(page, "#btn-image", "#dlg-image")
        scan(page, lang, f"the {game_id} image dialog", "#dlg-image")
        close_dialog(page, "#dlg-image")
        page.click("#btn-edit")
        expect(page.locator("#screen-editor")).to_be_visible()
        scan(page, lang, f"the {game_id} board editor")
        page.click('#screen-editor [data-editor="back"]')
        expect(page.locator("#screen-play")).to_be_visible()
        page.click("#btn-rules")
        expect(page.locator("#screen-guide")).to_be_visible()
        scan(page, lang, f"the {game_id} rules page")
        page.click("#guide-top")
    page.click("#nav-games")
    page.click("#btn-saves")
    expect(page.locator("#screen-saves")).to_be_visible()
    scan(page, lang, "the saved games")
    page.click("#nav-games")
    page.click("#btn-editor")
    expect(page.locator("#screen-editor")).to_be_visible()
    scan(page, lang, "the board editor's game list")
    shot(page, f"language-scan-{lang}")
    seen.assert_clean()
