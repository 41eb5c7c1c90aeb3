"""Table Gype actions in words for the move log (ui/gype_words.py)."""

import pytest
from words_support import describe_action, assert_words_for_every_action, play_randomly

from qipan.games.gype import GAME
from qipan.match import Match
from qipan.games.gype.ui.words import describe

EMPTY = ("gype v1 seats=SN turn=0 quiet=0 board=......../........../........../........../........../........../"
         "........../........../........../........")
OPEN = ("gype v1 seats=SN turn=0 quiet=0 board=..E0E0E0E0E0E0/........../........../........../........../"
        "........../...B1S0...../..F0......./........../.E1E1E1E1E1E1E1")
HAT = ("gype v1 seats=SN turn=0 quiet=0 board=..E0E0E0E0E0E0/........../........../........../........../"
       "........../....B0...../....T1F1..../....H0S1..../...E1E1E1E1E1")
ROLLING = ("gype v1 seats=SN turn=0 quiet=1 board=..E0E0E0E0E0E0/........../........../........../........../"
           "..F0......./...B1S0...../........../........../.E1E1E1E1E1E1E1 roll=d3,e3")


def words(position: str, text: str, lang: str = "en", final=None) -> str:
    return describe_action(describe, GAME, position, text, lang, final=final)


def test_moves_jumps_and_chains():
    assert words(OPEN, "roll c2") == "re-rolls the Flame on c2"
    assert words(OPEN, "c2-c3", "zh-TW") == "火焰 c2 移動到 c3"
    assert words(OPEN, "c2xe4") == "Flame c2 jumps to e4; re-rolls d3"
    assert words(OPEN, "c2xe4xe2xc4") == "Flame c2: jump chain to e4, e2, c4; re-rolls d3, e3"
    assert words(OPEN, "c2xe4xe2xc4", "zh-TW") == "火焰 c2：連續跳躍到 e4、e2、c4，重擲 d3、e3"


def test_hat_paths_and_the_dice_they_roll():
    assert words(HAT, "e1-f3/L") == "Hat e1 to f3, 2 then 1; re-rolls e2, e3"
    assert words(HAT, "e1-f3/S", "zh-TW") == "帽子 e1 到 f3，先一後二，重擲 f1、f2"
    assert words(ROLLING, "d3=H") == "the die on d3 rolls Hat"
    assert words(ROLLING, "d3=H", "zh-TW") == "d3 的骰子擲出帽子"


def test_a_start_row_stays_hidden_while_the_set_up_goes_on():
    state = GAME.parse_position(EMPTY)
    assert words(EMPTY, "arrange SSTTBBFF", final=state) == "arranges the start row (shown when the set-up ends)"
    assert words(EMPTY, "arrange SSTTBBFF", final=GAME.parse_position(OPEN)) == (
        "start row: Swords, Swords, Tree, Tree, Book, Book, Flame, Flame")


@pytest.mark.parametrize("players", (2, 3, 4))
def test_every_action_of_random_games_has_words_in_both_languages(players):
    for seed in range(3):
        match = Match.new("gype", players, seed, random_start=seed == 1, utter_chaos=seed == 2)
        assert_words_for_every_action(play_randomly(match, seed, 400))


def test_the_log_leaves_out_a_hidden_arrangements_notation_until_the_set_up_ends():
    from words_support import tr_for

    from qipan.app.move_log import entries

    match = Match.new("gype", 3, 4)
    while match.state.is_chance():
        match.sample_chance()
    for _ in range(2):  # two of three rows arranged: the set-up goes on
        match.play_action(match.state.legal_actions()[0])
    items = entries(match, tr_for("en"))
    arranged = [e for e in items if match.actions[e.ply - 1].startswith("arrange")]
    assert len(arranged) == 2
    assert all(e.notation == "" and "shown when the set-up ends" in e.words for e in arranged)
    match.play_action(match.state.legal_actions()[0])  # the last row: the set-up ends
    shown = [e for e in entries(match, tr_for("en")) if match.actions[e.ply - 1].startswith("arrange")]
    assert [e.notation for e in shown] == [t for t in match.actions if t.startswith("arrange")]
    assert all(e.words.startswith("start row:") for e in shown)
