"""The board editor's refusals in both languages: random tools on random points, random field
values and Clear, from random reachable editor positions (an opening, an empty board, or a copy
of a running game with random house rules), never show an engine text untranslated: every
refusal is a key of the string table, said in English and in Chinese. A typed text's notation
error stays English after a Chinese sentence."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan import games
from qipan.i18n import TABLE, t
from qipan.match import Match
from qipan.app.editor import EditorModel, legality, say

LATIN_ALLOWED = re.compile(r"§[\w.\-/ ]+|\b[A-Z]\d+(?:[a-z])?\b|\b[IV]\d?-\d\b|\b[a-l]\d{1,2}\b|\d:[OPGB]\d+|"
                           r"\b(?:quiet|score)=|\bTable Gype\b")
"""What a Chinese refusal may keep in Latin letters: rule references (§4.2c, A13, I-4, V1),
point names (C7, a1, 1:O5) and the position text's field names."""


def en(key: str, **values: object) -> str:
    return t(key, "en", **values)


def zh(key: str, **values: object) -> str:
    return t(key, "zh-TW", **values)


def latin_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", LATIN_ALLOWED.sub(" ", text))


def running_game(game_id: str, rnd: random.Random) -> EditorModel:
    """Edit position on a game played at random for a while, with random house rules."""
    game = games.get(game_id)
    options = {}
    for name, default in game.options.items():
        if rnd.random() < 0.3:
            if isinstance(default, bool):
                options[name] = not default
            elif name in game.option_choices:
                options[name] = rnd.choice(game.option_choices[name])
    match = Match.new(game_id, rnd.randint(game.min_players, game.max_players), rnd.getrandbits(32),
                      rnd.choice(game.variants), **options)
    for _ in range(rnd.randint(0, 150)):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(rnd.choice(match.state.legal_actions()))
    return EditorModel(game_id, match.state)


def start(game_id: str, rnd: random.Random) -> EditorModel:
    if rnd.random() < 0.4:
        return EditorModel.start(game_id, empty=rnd.random() < 0.5, seed=rnd.getrandbits(32))
    return running_game(game_id, rnd)


def edit(model: EditorModel, rnd: random.Random) -> str:
    """One thing a person can do by clicking: a tool on a point, a field's value, Clear."""
    roll = rnd.random()
    fields = model.fields()
    if roll < 0.2 and fields:
        field = rnd.choice(fields)
        value = rnd.choice(field.choices).value
        model.set_field(field.name, value)
        return f"field {field.name}={value}"
    if roll < 0.23:
        model.clear()
        return "clear"
    if roll < 0.4:
        model.choose_tool(rnd.choice(model.tools).key)
    point = rnd.choice(model.points())
    model.click(point)
    return f"{model.tool} on {point}"


def assert_worded(model: EditorModel, what: str) -> None:
    """The legality line of a refusal is a key of the table, in both languages, engine words none."""
    if model.problem is None:
        return
    key, values = model.problem
    assert key == "editor.refused", what
    reason = values["reason"]
    assert isinstance(reason, tuple), f"{what}: untranslated engine text {reason!r}"
    assert reason[0] != "editor.err.rule", f"{what}: no wording for {reason[1]['reason']!r}"
    assert reason[0] in TABLE, what
    english, chinese = say(en, reason), say(zh, reason)
    assert english and "{" not in english and "{" not in chinese
    assert not latin_words(chinese), f"{what}: {chinese}"


@pytest.mark.parametrize("game_id", games.GAME_IDS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 60))
def test_every_refusal_a_click_can_cause_is_worded_in_both_languages(game_id, seed, steps):
    rnd = random.Random(seed)
    model = start(game_id, rnd)
    for _ in range(steps):
        before = model.state
        what = edit(model, rnd)
        assert_worded(model, what)
        if model.problem is not None:
            assert model.state == before, what  # a refused edit changes nothing


def test_the_engine_errors_of_the_five_games_are_found_and_worded():
    """One known engine refusal per game, reached by a click or a field, in both languages."""
    lyngk = EditorModel.start("lyngk", empty=True, seed=3)
    for tool in ("put:R", "put:B", "put:J"):
        lyngk.choose_tool(tool)
        lyngk.click("C7")
    assert legality(en, lyngk) == ("Not changed: C7: a joker never tops a stack of two or more (§7 I-2).", True)
    assert legality(zh, lyngk) == ("沒有變更：C7：百搭棋子不能在兩個以上棋子的一疊最上方（§7 I-2）。", True)
    calavera = EditorModel.start("calavera", seed=3)
    calavera.choose_tool("freeze")
    assert not calavera.click("2:P2")
    assert legality(zh, calavera)[0] == ("沒有變更：玩家 2 的粉紅色列：只能在分數區（黃色格子）凍結，"
                                         "或進入死亡區時凍結（§4.2c、A13）。")
    assert "Player 2, pink row: a row freezes only on a score-zone box" in legality(en, calavera)[0]
    quorsum = EditorModel.start("quorsum", seed=2)
    quorsum.choose_tool("value:6")
    sixes = quorsum.state.values.count(6)
    others = [n for n, v in zip(quorsum.points(), quorsum.state.values) if v != 6]
    assert [quorsum.click(cell) for cell in others[:6]].count(True) == 5 - sixes  # then no sixth six
    assert quorsum.state.values.count(6) == 5
    assert legality(zh, quorsum)[0] == "沒有變更：點數 6 的板塊只有五個（§1）。"
    lyngk.set_field("claims0", "R")
    assert not lyngk.set_field("claims1", "IR")
    assert legality(zh, lyngk)[0] == "沒有變更：同一種顏色不能被兩位玩家佔領（§4.1）。"


def test_a_typed_text_keeps_the_engine_words_after_a_chinese_sentence():
    model = EditorModel.start("lyngk", empty=True, seed=3)
    assert not model.type_text("BB" + model.text[1:])
    line, bad = legality(zh, model)
    assert bad and line.startswith("無法讀取或不合規則的盤面文字，棋盤維持上一個合法盤面。規則引擎的說明（英文）：")
    assert line.endswith("A1: 'BB' repeats a real colour (§4.4.2, §7 I-4)")
    assert legality(en, model)[0].startswith("Not a legal position: A1: 'BB' repeats")


def test_an_engine_text_no_module_words_still_gets_a_translated_sentence():
    model = EditorModel.start("hezong", seed=5)
    model.module = None  # as for a game whose edit module does not word its engine
    model._edit(lambda: games.get("hezong").parse_position("nonsense"))
    line = legality(zh, model)[0]
    assert line.startswith("沒有變更：規則不允許這個盤面（規則引擎的英文說明：") and line.endswith("）。")


def test_the_chinese_refusals_name_no_engine_words():
    """Every editor refusal in Chinese: full sentences with only rule references, point names and
    the position text's field names left in Latin letters; English singular for one stack."""
    refusals = [key for key in TABLE if key.startswith("editor.") and ".err." in key and key != "editor.err.rule"]
    assert len(refusals) > 40
    for key in refusals:
        text = re.sub(r"\{\w+\}", "", TABLE[key]["zh-TW"])
        assert not latin_words(text), f"{key}: {text}"
    assert en("editor.lyngk.err.removed_pieces", n=1) == (
        "the pieces off the board cannot make 1 completed stack (§1, §7 I-3).")
