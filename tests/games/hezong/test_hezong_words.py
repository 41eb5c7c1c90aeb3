"""合縱連橫 placements in words for the move log (ui/hezong_words.py)."""

import pytest
from words_support import assert_words_for_every_action, play_randomly, tr_for

from qipan.match import Match
from qipan.app.move_log import entries

OPENING = ("c9", "g9", "g2", "i2", "i8", "k8", "f8", "c8", "c10")


def test_a_placement_and_the_stones_its_attack_removes():
    match = Match.new("hezong", 2, 3)
    for text in OPENING:
        match.play(text)
    items = entries(match, tr_for("en"))
    assert items[0].words == "stone on c9"
    assert items[-1].words == "stone on c10; removes 1 stone (Player 1)"
    assert entries(match, tr_for("zh-TW"))[-1].words == "棋子擺放在 c10，移除 1 顆棋子（玩家 1）"


@pytest.mark.parametrize("players", range(2, 9))
def test_every_action_of_random_games_has_words_in_both_languages(players):
    options = {"attack": "choose", "blocked_line": "forfeit"} if players % 2 else {}
    match = Match.new("hezong", players, players, **options)
    assert_words_for_every_action(play_randomly(match, players))
