"""LYNGK turns in words for the move log (ui/lyngk_words.py)."""

import pytest
from words_support import describe_action, assert_words_for_every_action, play_randomly

from qipan.games.lyngk import GAME
from qipan.match import Match
from qipan.games.lyngk.ui.words import describe

SPARSE = "K/./././././././././././G/./././././R/./R/./B/./././././././././././././././././././. R/- 1 0/0 standard"
START = ("J/B/B/R/B/I/R/I/G/K/I/I/R/K/G/G/G/B/I/K/K/J/G/G/B/I/I/B/G/R/B/G/K/K/B/J/R/K/R/K/R/I/R "
         "-/- 1 0/0 standard")
FOUR = ("./././././././././././././././././././BGKI/R/./././././././././././././././././././././. "
        "R/- 1 0/0 standard")


def words(position: str, text: str, lang: str = "en") -> str:
    return describe_action(describe, GAME, position, text, lang)


def test_a_claim_and_a_move():
    assert words(START, "+R B3-B4") == "B3 onto B4 (claims red; stack of 2)"
    assert words(START, "+R B3-B4", "zh-TW") == "B3 疊到 B4（佔領紅色，2 個一疊）"


def test_a_lyngk_move_names_its_lyngk_points():
    assert words(SPARSE, "E1-E5") == "E1 onto E5 (via the LYNGK points E3; stack of 2)"
    assert words(SPARSE, "E1-E5", "zh-TW") == "E1 疊到 E5（經彩疊點 E3，2 個一疊）"


def test_a_completed_stack_scores():
    assert words(FOUR, "E3-E2") == "E3 onto E2 (completes a five-colour stack, +1)"
    assert words(FOUR, "E3-E2", "zh-TW") == "E3 疊到 E2（完成彩疊，+1 分）"


@pytest.mark.parametrize("seed", range(6))
def test_every_turn_of_random_games_has_words_in_both_languages(seed):
    match = Match.new("lyngk", 2, seed)
    assert_words_for_every_action(play_randomly(match, seed))
