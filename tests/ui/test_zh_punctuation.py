"""zh-TW punctuation and spacing: every Chinese string keeps to Taiwan usage (full-width marks, a
space after the number of "玩家 1" before Chinese text), and lists and sentences the screens put
together (dice, odds, board descriptions) use the language's separators, not ASCII ", " / ". "."""

from __future__ import annotations

import re

import pytest
from fakes import FakeHost

from qipan import games
from qipan.i18n import TABLE, t
from qipan.match import Match
from qipan.games.quorsum.ui import play as quorsum_play
from qipan.games.calavera.ui.screen import CalaveraScreen
from qipan.games.quorsum.ui.screen import QuorsumScreen

CJK = "\u3400-\u9fff"
ASCII_BETWEEN_CJK = re.compile(rf"[{CJK}}}][,.] |[,.] [{CJK}{{]")
PLAYER_NUMBER_THEN_CJK = re.compile(rf"玩家 ?(\{{\w+\}}|\d+)[{CJK}]")
PLAYER_NAMES = ("player", "players", "active", "other", "first", "second", "next")
"""Placeholders the code fills with player names ("玩家 1", or several joined)."""
NAME_THEN_CJK = re.compile(rf"\{{({'|'.join(PLAYER_NAMES)})\}}[{CJK}]")
GAMES = ("quorsum", "gype", "lyngk", "hezong", "calavera")


def zh_problems(text: str) -> list[str]:
    """What breaks the zh-TW rules in a text (a table entry or a rendered message)."""
    problems = []
    if ASCII_BETWEEN_CJK.search(text) or (text.endswith(".") and re.search(f"[{CJK}]", text)):
        problems.append("ASCII ', ' or '. ' beside Chinese text")
    if PLAYER_NUMBER_THEN_CJK.search(text):
        problems.append("no space between the player number and the Chinese text after it")
    return problems


@pytest.mark.parametrize("text, problem", [
    ("玩家 1已排好。", "no space"), ("由玩家 2先開始。", "no space"), ("玩家 {n}的擲骰", "no space"),
    ("橘色, 橘色", "ASCII"), ("輪到玩家 1.", "ASCII"), ("骰子. {dice}", "ASCII")])
def test_the_scanner_catches_what_the_tester_found(text, problem):
    assert any(problem in p for p in zh_problems(text))


def test_the_scanner_accepts_taiwan_usage():
    for text in ("玩家 1 已排好。", "由玩家 2 先開始。", "玩家 {n} 的擲骰", "橘色、橘色", "輪到玩家 1。", "b4 75.0%、b3 43.8%"):
        assert zh_problems(text) == [], text


def test_every_chinese_string_keeps_the_punctuation_and_spacing_rules():
    for key, entry in TABLE.items():
        assert zh_problems(entry["zh-TW"]) == [], f"{key}: {entry['zh-TW']}"


def test_a_player_name_before_chinese_text_is_followed_by_a_space():
    broken = {key for key, entry in TABLE.items() if NAME_THEN_CJK.search(entry["zh-TW"])}
    assert broken == set(), sorted(broken)


@pytest.mark.parametrize("key", ["calavera.over.shared", "hezong.shared_win", "saves.won"])
def test_winners_joined_by_and_read_well(key):
    joiner = "saves.and" if key.startswith("saves") else "calavera.over.and"
    names = t(joiner, "zh-TW").join(t("player.n", "zh-TW", n=n) for n in (1, 2, 3))
    text = t(key, "zh-TW", players=names)
    assert "玩家 1 與玩家 2 與玩家 3" in text and zh_problems(text) == []


def test_the_calavera_roll_message_lists_the_dice_with_the_chinese_separator():
    host = FakeHost("zh-TW")
    match = Match.new("calavera", 2, 1, start_player=0)
    screen = CalaveraScreen(host, match)
    screen.resize(1024, 700, 2)
    screen.render()
    screen.on_panel("roll", "")
    faces = match.state.dice if match.state.phase.value == "keep" else None
    assert faces is not None, "seed 1 must give an ordinary roll"
    text = host.element("message").textContent
    assert text.startswith("玩家 1 擲出：") and ", " not in text
    dice = text.removeprefix("玩家 1 擲出：").split("。")[0].split("、")
    assert len(dice) == 6 and all(d in {t(f"calavera.face.{f}", "zh-TW") for f in range(6)} for d in dice)
    assert zh_problems(text) == []


def test_the_calavera_roll_message_keeps_commas_in_english():
    host = FakeHost("en")
    match = Match.new("calavera", 2, 1, start_player=0)
    screen = CalaveraScreen(host, match)
    screen.render()
    screen.on_panel("roll", "")
    text = host.element("message").textContent
    assert text.startswith("Player 1 rolled: ") and text.count(", ") == 5


@pytest.mark.parametrize("lang, sep", [("zh-TW", "、"), ("en", ", ")])
def test_quorsum_move_odds_are_joined_with_the_language_separator(lang, sep):
    host = FakeHost(lang)
    screen = QuorsumScreen(host, Match.new("quorsum", 2, 1))
    screen.resize(700, 600, 2)
    screen.render()
    screen.on_panel("roll", "")
    screen.on_panel("choose", "place")
    layout = screen.layout()
    screen.on_board_click(*layout.centre(0))
    screen.on_board_click(*layout.centre(15))
    state = screen.state
    pawn, reach = next((c, r) for c, _, _ in state.pawns[state.player]
                       if len(r := quorsum_play.move_reach(state, c, 4)) > 1)
    expected = sep.join(t("quorsum.odds.reach", lang, cell=quorsum_play.cell_name(c), pct=quorsum_play.pct1(p))
                        for c, p in reach.items())
    assert screen._plan_odds("move", pawn, 4) == expected
    screen.on_board_click(*layout.centre(pawn))
    assert expected in host.element("game-panel").innerHTML
    if lang == "zh-TW":
        assert ", " not in expected and zh_problems(expected) == []


def played(game_id: str, lang: str, plies: int) -> str:
    """The board description after `plies` seeded actions (chance drawn, choices the first legal)."""
    match = Match.new(game_id, 2, 5, start_player=0) if game_id == "calavera" else Match.new(game_id, 2, 5)
    for _ in range(plies):
        state = match.state
        if state.is_terminal():
            break
        if state.is_chance():
            match.sample_chance()
        else:
            match.play_action(state.legal_actions()[-1])
    screen = games.ui(game_id).screen(FakeHost(lang), match)
    screen.resize(1024, 700, 1)
    return screen.board_label()


@pytest.mark.parametrize("plies", (0, 14))
@pytest.mark.parametrize("game_id", GAMES)
def test_board_descriptions_are_chinese_sentences(game_id, plies):
    label = played(game_id, "zh-TW", plies)
    assert zh_problems(label) == [], label
    assert not re.search(r"[,;] |\. |\.$|-；", label), label
    assert label.endswith("。")


@pytest.mark.parametrize("plies", (0, 14))
@pytest.mark.parametrize("game_id", GAMES)
def test_board_descriptions_are_english_sentences(game_id, plies):
    label = played(game_id, "en", plies)
    assert "  " not in label and ".." not in label and label.endswith("."), label
    assert not re.search(r"to move [A-Z]", label), label  # the turn ends its sentence


def test_hezong_says_in_words_that_no_stone_was_placed_yet():
    assert "還沒有擺放任何棋子" in played("hezong", "zh-TW", 0)
    assert "no stone placed yet" in played("hezong", "en", 0)
    assert re.search(r"上一顆棋子在 [a-l]\d+", played("hezong", "zh-TW", 3))


def test_the_gype_turn_ends_with_a_full_width_stop():
    label = played("gype", "zh-TW", 0)
    assert re.search(r"輪到玩家 \d。$", label) and "。 " not in label


@pytest.mark.parametrize("lang", ("en", "zh-TW"))
def test_the_editor_label_adds_no_second_stop_after_the_board_description(lang):
    game = played("lyngk", lang, 0)
    label = t("editor.board_label", lang, game=game, cursor=t("editor.cursor", lang, point="A1"))
    assert game in label and ".." not in label and "。。" not in label and "。 " not in label


@pytest.mark.parametrize("lang, shown", [("zh-TW", "e8、e9"), ("en", "e8, e9")])
def test_a_list_in_a_message_is_joined_in_the_language_shown(lang, shown):
    """Messages keep lists as tuples (hezong_play's attack preview): joined when shown, so a
    language switch joins them anew."""
    screen = games.ui("hezong").screen(FakeHost(lang), Match.new("hezong", 2, 1))
    text = screen.message_text(("hezong.at_attack", {"cell": "e4", "n": 2, "cells": ("e8", "e9")}))
    assert shown in text and "e4" in text
