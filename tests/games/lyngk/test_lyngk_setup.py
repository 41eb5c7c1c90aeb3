"""Set-up from the seed: rules §1 (43 pieces, one per point, random, nothing claimed)."""

from collections import Counter

import pytest

from qipan.core import Rng
from qipan.games.lyngk import GAME


def test_same_seed_same_board_and_other_seeds_differ():
    """§1.1: a uniform random permutation drawn from the seed, reproducibly."""
    assert GAME.new(2, 7) == GAME.new(2, 7)
    boards = {GAME.new(2, seed).stacks for seed in range(20)}
    assert len(boards) == 20


def test_all_43_pieces_present_one_per_point():
    """§1.1: 8 of each colour and 3 jokers fill all 43 points."""
    for seed in range(10):
        state = GAME.new(2, seed)
        assert all(len(s) == 1 for s in state.stacks)
        assert Counter("".join(state.stacks)) == {"I": 8, "B": 8, "R": 8, "G": 8, "K": 8, "J": 3}


def test_board_is_the_rng_shuffle_of_the_piece_set():
    """§1.1: the layout is Rng(seed).shuffle of the 43 pieces (what the app and tests share)."""
    pieces = list("I" * 8 + "B" * 8 + "R" * 8 + "G" * 8 + "K" * 8 + "J" * 3)
    Rng(3).shuffle(pieces)
    assert GAME.new(2, 3).stacks == tuple(pieces)


def test_start_has_no_claims_and_player_one_moves():
    """§1.3, §4.1: nothing claimed, no stack removed; player index 0 starts (the app seats players)."""
    state = GAME.new(2, 1, "stack6", late_claim_six_wins=True)
    assert state.claims == ("", "") and state.removed == (0, 0)
    assert state.to_move == 0 and state.player == 0
    assert state.variant == "stack6" and state.late_claim_six_wins and state.claim_captures_neutral_fives


@pytest.mark.parametrize("players,variant,options", [(3, None, {}), (1, None, {}), (2, "huge", {}),
                                                     (2, None, {"swap": True}),
                                                     (2, None, {"late_claim_six_wins": 1})])
def test_bad_set_up_is_refused(players, variant, options):
    """§0: two players; §13: the known variants and flags only."""
    with pytest.raises(ValueError):
        GAME.new(players, 0, variant, **options)
