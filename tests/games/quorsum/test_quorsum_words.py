"""Quorsum actions in words for the move log (ui/quorsum_words.py)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from words_support import describe_action, assert_words_for_every_action, play_randomly, tr_for

from qipan.games.quorsum import GAME
from qipan.match import Match
from qipan.app.move_log import entries
from qipan.games.quorsum.ui.words import describe
from qipan.boardkit.words import Ply

BOARD = "standard 4d5d6d2d/5d6d2d3d/6d2d3d4d/2d3d4d5d pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- "
STEP_ROLL = BOARD + "phase=roll:1 todo=- chain=a1x3 roll=step@b1x3 stalemate=0 score=0-0 chooser=1"
CHAIN = ("standard 4d5d6d2d/5d6d2d3d/6d2d3d4d/2d3d4d5d pawns=b1>d4(6),d1>a4/a4>d1,d4>a1 locks=- phase=chain:1 "
         "todo=- chain=b1x2 stalemate=0 score=0-0 chooser=1")
TILES = "standard 2d5l4l3l/2d2d6l2l/5l6l3d3d/5d4l2d4l "
FLIP_ROLL = TILES + ("pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- phase=roll:2 todo=move@a4x2 roll=flip@c2x1 "
                     "stalemate=0 score=0-0 chooser=1")
ALLOC = TILES + "pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- phase=alloc:2 todo=move@a4x2 stalemate=0 score=0-0 chooser=1"
PLACE = TILES + "pawns=- locks=- phase=place:1 stalemate=0 score=0-0 chooser=1"


def words(position: str, text: str, lang: str = "en", seed: int = 9, index: int = 40) -> str:
    return describe_action(describe, GAME, position, text, lang, seed, index)


def test_a_step_roll_shows_the_dice_as_they_fell():
    assert words(STEP_ROLL, "met 2") == "rolled 6, 5, 2 for b1 (value 3): 2 met, the pawn moves"
    assert words(STEP_ROLL, "met 2", "zh-TW") == "為 b1（點數 3）擲出 6、5、2：2 顆成功，棋子移動"
    assert words(STEP_ROLL, "met 0") == "rolled 2, 1, 2 for b1 (value 3): none met, the move ends"


def test_a_flip_roll():
    assert words(FLIP_ROLL, "met 1", index=41) == "rolled 4 for c2 (value 3): flipped, now light side up"
    assert words(FLIP_ROLL, "met 0", index=41, lang="zh-TW") == "為 c2（點數 3）擲出 2：翻轉失敗"


def test_allocations_chain_steps_and_placement():
    assert words(ALLOC, "flip c2 x1") == "1 die to flip c2"
    assert words(ALLOC, "roll") == "allocation done, 2 dice given up"
    assert words(ALLOC, "roll", "zh-TW") == "分配完成，放棄 2 顆骰子"
    assert words(CHAIN, "step c1") == "next step: c1 (value 4)"
    assert words(CHAIN, "stop", "zh-TW") == "停止連續移動"
    assert words(PLACE, "place a1,d4") == "Player 1's pawns on a1, d4; Player 2's on d1, a4"


def test_the_opening_roll_is_an_entry_of_nobodys_turn():
    match = Match.new("quorsum", 2, 5)
    match.sample_chance()
    [item] = entries(match, tr_for("en"))
    assert item.actor == -1 and item.words == "opening roll 3–2: Player 1 makes the opening choice"


@pytest.mark.parametrize("seed", range(8))
def test_every_action_of_random_games_has_words_in_both_languages(seed):
    match = Match.new("quorsum", 2, seed, "sprint" if seed % 4 == 3 else None)
    assert_words_for_every_action(play_randomly(match, seed, 600))


def test_each_later_game_of_a_match_gets_a_heading_and_counts_its_turns_from_one():
    from qipan.games.quorsum.rules import LAYOUT
    from qipan.app.move_log import group, list_html

    match = Match.new("quorsum", 2, 3, match_target=3)
    play_randomly(match, 3)
    states = match.states()
    starts = [n + 1 for n in range(len(match.actions))
              if states[n].phase == LAYOUT and not any(states[n].values)]
    assert len(starts) >= 2  # this seed's match to 3 points runs to three games or more
    items = entries(match, tr_for("en"))
    assert [e.ply for e in items if e.opens_game] == starts
    groups = group(items)
    assert [g.game for g in groups if g.game] == list(range(2, len(starts) + 2))
    for n, g in enumerate(groups):
        if g.game:  # the new layout, then the new game's first turn is turn 1 again
            assert g.actor == -1 and g.entries[0].ply in starts
            assert next(h.number for h in groups[n + 1:] if h.actor >= 0 and not h.setup) == 1
    listing = list_html(groups, 0, tr_for("zh-TW"))
    assert listing.count('class="log-game"') == len(starts) + 1
    assert "第 1 場" in listing and f"第 {len(starts) + 1} 場" in listing
    assert listing.index("第 1 場") < listing.index("第 2 場")


def test_a_single_game_has_no_game_headings():
    from qipan.app.move_log import group, list_html

    match = play_randomly(Match.new("quorsum", 2, 3), 3)
    listing = list_html(group(entries(match, tr_for("en"))), 0, tr_for("en"))
    assert "log-game" not in listing


COORDINATE_OR_NUMBER = re.compile(r"[a-d][1-4]|x?\d+")
"""What of the notation's alphabet a Chinese sentence may hold: cells and numbers."""


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**16), plies=st.integers(0, 120))
def test_every_action_of_a_reachable_position_has_chinese_words_with_no_english_word(seed, plies):
    """The tablet report: the zh-TW page read "move a4 x1", "choose first", "met 2" where Chinese
    words belong. Every legal action (and chance outcome) of a position random play reaches is
    said in zh-TW with no ASCII word but cells and numbers, and in English with words of its own."""
    match = play_randomly(Match.new("quorsum", 2, seed), seed, limit=plies)
    state = match.state
    if state.is_terminal():
        return
    for action in state.legal_actions():
        text = GAME.action_text(state, action)
        ply = Ply(len(match.actions), seed, state, action, text, state.apply(action), state.apply(action))
        chinese = describe(ply, tr_for("zh-TW"))
        assert all(COORDINATE_OR_NUMBER.fullmatch(word) for word in re.findall(r"[A-Za-z0-9]+", chinese)), chinese
        assert re.search(r"[\u3400-\u9fff]", chinese), chinese
        assert describe(ply, tr_for("en")) != chinese
