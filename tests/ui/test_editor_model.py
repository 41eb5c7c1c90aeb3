"""The editor's pure part: the text box kept in sync both ways, the legality line in both
languages, the outputs (share link, embed code), the page's HTML, the cursor geometry."""

from __future__ import annotations

from html import unescape

from qipan.app import share
from qipan.games import GAME_IDS
from qipan.games.lyngk import GAME as LYNGK
from qipan.i18n import t
from qipan.app import editor
from qipan.app.editor import (
    EditorModel,
    board_size,
    chooser_html,
    editor_html,
    embed_code,
    fields_html,
    legality,
    nearest,
    share_link,
    step_cursor,
    tools_html,
)


def en(key: str, **values: object) -> str:
    return t(key, "en", **values)


def zh(key: str, **values: object) -> str:
    return t(key, "zh-TW", **values)


def test_a_click_rewrites_the_text_and_a_typed_text_redraws_the_state():
    model = EditorModel.start("lyngk", empty=True, seed=3)
    model.choose_tool("put:G")
    assert model.click("E4")
    assert model.text == model.position and "/G/" in model.text
    typed = model.text.replace(" 1 0/0 ", " 2 0/0 ")
    assert model.type_text(typed)
    assert model.state.player == 1 and model.problem is None
    assert model.text == typed  # the box keeps what was typed (the caret stays put)


def test_a_broken_text_names_the_rule_and_the_last_good_board_stays():
    model = EditorModel.start("lyngk", empty=True, seed=3)
    before = model.state
    broken = "BB" + model.text[1:]
    assert not model.type_text(broken)
    assert model.state == before
    line, bad = legality(en, model)
    assert bad and "repeats a real colour (§4.4.2, §7 I-4)" in line and "last legal position" in line
    line_zh, _ = legality(zh, model)
    assert "不合規則的盤面" in line_zh and "§4.4.2" in line_zh
    assert model.type_text(model.position)
    assert legality(en, model) == ("Legal position", False)


def test_a_refused_click_keeps_the_position_and_says_why_in_both_languages():
    model = EditorModel.start("hezong", seed=5)
    model.choose_tool("lift")
    assert not model.click("a1")
    assert legality(en, model) == ("Not changed: there is no stone on a1.", True)
    assert legality(zh, model) == ("沒有變更：a1 上沒有棋子。", True)


def test_games_without_click_tools_are_edited_through_their_text(monkeypatch):
    monkeypatch.setattr(editor, "edit_tools", lambda game_id: None)
    model = EditorModel.start("quorsum", seed=2)
    assert model.tools == () and not model.click("a1") and model.fields() == ()
    assert model.type_text(model.position)


def test_the_share_link_and_the_embed_code_carry_the_position():
    model = EditorModel.start("lyngk", seed=9)
    link = share_link("https://example.test/qipan/", model)
    token = link.split("?share=")[1]
    shared = share.decode(token)
    assert (shared.game, shared.position) == ("lyngk", model.position)
    view = unescape(embed_code("https://example.test/qipan/", model, False, "LYNGK"))
    assert view.startswith('<iframe src="https://example.test/qipan/embed.html?embed=1&mode=view&share=')
    assert token in view and 'title="LYNGK"' in view
    assert "mode=try" in embed_code("https://example.test/qipan/", model, True, "LYNGK")


def test_the_page_parts():
    model = EditorModel.start("lyngk", empty=True, seed=1)
    tools = tools_html(en, model)
    assert tools.count('data-editor="tool"') == 7 and tools.count('aria-pressed="true"') == 1
    assert "Put joker" in tools and "Lift the top piece" in tools
    assert "放上紅色" in tools_html(zh, model)
    fields = fields_html(en, model)
    assert fields.count("<select") == 6 and "Player 2 claims" in fields and "red + black" in fields
    page = editor_html(en, model, from_game=True)
    assert 'id="editor-board"' in page and 'data-editor="back"' in page and 'data-editor="clear"' in page
    assert 'data-editor="back"' not in editor_html(en, model, from_game=False)
    chooser = chooser_html(en, GAME_IDS)
    assert chooser.count('data-editor="open"') == len(GAME_IDS) and chooser.count('data-editor="empty"') == 1


def test_clear_empties_the_board_and_keeps_the_options():
    model = EditorModel.start("lyngk", seed=4)
    assert model.clear() and model.position == LYNGK.position(model.state)
    assert all(not s for s in model.state.stacks)


def test_the_cursor_moves_to_the_nearest_point_in_the_arrows_direction():
    spots = {f"{c}{r}": (x * 10.0, y * 10.0, 4.0) for x, c in enumerate("abc") for y, r in enumerate("123")}
    assert step_cursor(spots, "b2", 1.0, 0.0) == "c2"
    assert step_cursor(spots, "b2", 0.0, -1.0) == "b1"
    assert step_cursor(spots, "c2", 1.0, 0.0) == "c2"  # the edge: it stays
    assert nearest(spots, 21.0, 9.0) == "c2" and nearest(spots, 15.0, 15.0) is None


def test_the_board_fits_its_box():
    assert board_size("lyngk", 600, 500) == (500, 500)
    assert board_size("calavera", 400, 900) == (400, 312)
