"""Several saved games in Chromium: two LYNGK games and a Gype game each in their own save, an old
one-slot save migrated, the list, resume, delete (cancelled once, then confirmed), export as a
file, import it back, a bad file refused with the list unchanged; phone and tablet, both languages.
One page for the module; the tests run in order and build on each other's saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support import boot, click, press, press_on, resize, shot, watch
from lyngk_board import play_move, position_text

from qipan.games.lyngk import GAME
from qipan.match import Match

SEED = 1101
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block",
                                  accept_downloads=True)
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed={SEED}")
    yield page, seen, {}
    context.close()


def _first_move(page) -> str:
    state = GAME.parse_position(position_text(page))
    move = GAME.action_text(state, state.legal_actions()[0])
    play_move(page, move)
    return move


def _rows(page) -> list[str]:
    return page.locator("#saves-list > li").evaluate_all("rows => rows.map(r => r.dataset.key)")


def _saves_in_storage(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => /^qipan\\/v1\\/(game|save|unreadable)\\//.test(k)).map(k => [k, localStorage.getItem(k)]))""")


def _open_saves(page) -> None:
    page.click("#nav-games")
    page.click("#btn-saves")
    expect(page.locator("#screen-saves")).to_be_visible()


def _row(page, game: str, n: int = 0):
    return page.locator(f'#saves-list > li[data-save-game="{game}"]').nth(n)


def test_each_game_plays_into_its_own_save(app):
    page, _, memo = app
    memo["a_move"] = _first_move(page)
    memo["a_position"] = position_text(page)
    page.click("#btn-new")  # a second LYNGK game: a new save, the first one kept
    page.click("#btn-start")
    page.wait_for_function("(p) => document.querySelector('#position-text').textContent.trim() !== p",
                           arg=memo["a_position"])
    _first_move(page)
    memo["b_position"] = position_text(page)
    page.click("#nav-games")
    page.click('[data-game="gype"]')
    click(page, '[data-action="arrange"]')
    saves = _saves_in_storage(page)
    assert sorted(json.loads(v)["record"]["game"] for v in saves.values()) == ["gype", "lyngk", "lyngk"]
    assert len({json.loads(v)["id"] for v in saves.values()}) == 3


def test_an_old_one_slot_save_shows_in_the_list(app):
    page, _, _ = app
    old = (DATA / "legacy-save-quorsum.json").read_text().strip()
    page.evaluate("v => localStorage.setItem('qipan/v1/game/quorsum', v)", old)
    _open_saves(page)
    assert page.locator("#game-list").is_hidden()
    rows = page.locator("#saves-list > li")
    expect(rows).to_have_count(4)
    # newest first: Gype, the second LYNGK game, the first, then the old Quorsum save (2025)
    assert [rows.nth(i).get_attribute("data-save-game") for i in range(4)] == ["gype", "lyngk", "lyngk", "quorsum"]
    quorsum = _row(page, "quorsum")
    assert "Player 2: Computer: easy" in quorsum.text_content()
    assert "2025" in quorsum.locator(".save-when").text_content()
    migrated = json.loads(page.evaluate("localStorage.getItem('qipan/v1/game/quorsum')"))
    assert migrated["record"] == json.loads(old)["record"] and migrated["id"]
    first = _row(page, "lyngk", 1)
    assert "Move 2 · Player 2 to move" in first.text_content()
    assert "Player 1: Human · Player 2: Human" in first.text_content()
    shot(page, "saved-games-01-list-1024-en")


def test_resume_opens_the_chosen_game(app):
    page, _, memo = app
    _row(page, "lyngk", 1).locator('[data-saves="resume"]').focus()
    press(page, "Enter")  # by keyboard
    expect(page.locator("#screen-play")).to_be_visible()
    assert position_text(page) == memo["a_position"]
    assert page.evaluate("localStorage.getItem('qipan/v1/last')") == "lyngk"
    _open_saves(page)  # the resumed game now holds the LYNGK slot; both are still listed
    expect(page.locator("#saves-list > li")).to_have_count(4)


def test_export_downloads_the_record_as_a_file(app):
    page, _, memo = app
    row = _row(page, "lyngk", 1)
    with page.expect_download() as info:
        row.locator('[data-saves="export"]').click()
    download = info.value
    assert download.suggested_filename.startswith("qipan-lyngk-") and download.suggested_filename.endswith(".json")
    text = Path(download.path()).read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "qipan-record" and data["version"] == 1 and data["actions"] == [memo["a_move"]]
    assert Match.from_record(data).game.position(Match.from_record(data).state) == memo["a_position"]
    expect(page.locator("#saves-message")).to_contain_text(download.suggested_filename)
    memo["file"] = text


def test_delete_asks_first_and_cancel_keeps_the_save(app):
    page, _, _ = app
    before = _rows(page)
    _row(page, "lyngk", 1).locator('[data-saves="delete"]').click()
    dialog = page.locator("#dlg-confirm")
    expect(dialog).to_be_visible()
    assert "Delete the LYNGK game of" in page.locator("#confirm-text").text_content()
    shot(page, "saved-games-02-confirm-delete")
    page.click('#dlg-confirm button[value="cancel"]')
    expect(dialog).to_be_hidden()
    assert _rows(page) == before
    _row(page, "lyngk", 1).locator('[data-saves="delete"]').click()
    page.click('#dlg-confirm button[value="confirm"]')
    expect(page.locator("#saves-list > li")).to_have_count(3)
    expect(page.locator("#saves-message")).to_have_text("Deleted.")
    assert [page.locator("#saves-list > li").nth(i).get_attribute("data-save-game") for i in range(3)] == \
        ["gype", "lyngk", "quorsum"]


def test_import_adds_the_file_as_a_save_and_opens_it(app, tmp_path):
    page, _, memo = app
    path = tmp_path / "qipan-lyngk.json"
    path.write_text(memo["file"], encoding="utf-8")
    page.set_input_files("#saves-file", str(path))
    expect(page.locator("#screen-play")).to_be_visible()
    assert position_text(page) == memo["a_position"]
    _open_saves(page)
    expect(page.locator("#saves-list > li")).to_have_count(4)


def test_a_bad_file_is_refused_with_a_message_and_nothing_changes(app, tmp_path):
    page, _, memo = app
    rows, stored = _rows(page), _saves_in_storage(page)
    broken = json.loads(memo["file"])
    broken["actions"] = [broken["actions"][0], "Z9-A1"]
    for name, content, says in (("notes.json", "my notes, not a game", "not a game record"),
                                ("future.json", json.dumps({**broken, "version": 9}), "version 9"),
                                ("broken.json", json.dumps(broken), "breaks at move 2")):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        page.set_input_files("#saves-file", str(path))
        message = page.locator("#saves-message")
        expect(message).to_contain_text(says)
        assert message.text_content().startswith("Nothing was imported")
        assert _rows(page) == rows and _saves_in_storage(page) == stored
    shot(page, "saved-games-03-bad-file-1024-en")


def test_the_list_in_chinese_and_on_a_phone(app):
    page, seen, _ = app
    page.click("#nav-lang")
    expect(page.locator("#saves-heading")).to_have_text("已儲存的遊戲")
    assert "玩家 2：真人玩家" in _row(page, "lyngk").text_content()
    assert "月" in _row(page, "lyngk").locator(".save-when").text_content()
    expect(page.locator("#saves-message")).to_contain_text("沒有匯入任何對局")  # the message follows the language
    shot(page, "saved-games-04-list-1024-zh-TW")
    resize(page, 390, 844)
    shot(page, "saved-games-05-list-390-zh-TW")
    page.click("#nav-lang")
    expect(page.locator("#saves-heading")).to_have_text("Saved games")
    shot(page, "saved-games-06-list-390-en")
    sizes = page.locator("#screen-saves button").evaluate_all(
        "bs => bs.filter(b => b.offsetParent).map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    press_on(page, '#screen-saves [data-saves="back"]')
    expect(page.locator("#screen-picker")).to_be_visible()
    assert page.locator('[data-game="lyngk"]').text_content() == "Resume"
    resize(page, 1024, 768)
    seen.assert_clean()
