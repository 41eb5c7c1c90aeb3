"""Calavera actions in words for the move log (ui/calavera_words.py)."""

import pytest
from words_support import describe_action, assert_words_for_every_action, play_randomly

from qipan.games.calavera import GAME
from qipan.match import Match
from qipan.games.calavera.ui.words import describe

FIRST = "v1 start=0 sheets=0.0.0.0/0.0.0.0 bonus=---/--- claimed=--- phase=roll active=0 rolls=0 dice=- skulls=0"
KEEP = ("v1 start=1 sheets=0.0.0.1/0.0.0.1/1.0.0.0 bonus=---/---/--- claimed=--- phase=keep active=2 rolls=1 "
        "dice=PGBBR skulls=1")
CHOOSE = ("v1 start=0 sheets=12.0.0.0/0.0.0.0 bonus=---/--- claimed=--- phase=choose active=0 rolls=3 "
          "dice=OOPRRR skulls=0")


def words(position: str, text: str, lang: str = "en") -> str:
    return describe_action(describe, GAME, position, text, lang)


def test_rolls_and_busts():
    assert words(FIRST, "roll OPGBRS") == "roll 1: orange, pink, green, black, rose, skull"
    assert words(FIRST, "roll OOPSSS") == (
        "roll 1: orange, orange, pink, skull, skull, skull; 3 skulls: cursed by the skulls, the turn is lost")
    assert words(FIRST, "roll OOPSSS", "zh-TW") == (
        "第 1 次擲骰：橘色、橘色、粉紅色、骷髏、骷髏、骷髏，3 個骷髏：骷髏的詛咒，本回合失敗")


def test_keeps_and_re_rolls():
    assert words(KEEP, "reroll BB") == "re-rolls black, black; keeps pink, green, rose"
    assert words(KEEP, "reroll BB", "zh-TW") == "重擲 黑色、黑色，保留 粉紅色、綠色、玫瑰"
    assert words(KEEP, "stop") == "stops rolling"


def test_marks():
    assert words(CHOOSE, "roses P") == "roses as pink: 3 ✕"
    assert words(CHOOSE, "colour O") == "takes orange: 2 ✕; orange row frozen at 3"
    assert words(CHOOSE, "colour O", "zh-TW") == "選擇橘色：畫 2 個叉，橘色列凍結，3 分"


@pytest.mark.parametrize("players", (2, 3, 4))
def test_every_action_of_random_games_has_words_in_both_languages(players):
    for seed in range(2):
        match = Match.new("calavera", players, seed, active_may_pass=bool(seed))
        assert_words_for_every_action(play_randomly(match, seed, 500))
