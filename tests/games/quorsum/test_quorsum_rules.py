"""Rules tests for Quorsum; each cites the section of docs/rules/quorsum.md it checks."""

from collections import Counter
from fractions import Fraction

import pytest
from quorsum_helpers import play, position

from qipan.core import CHANCE, IllegalAction
from qipan.games.quorsum import GAME
from qipan.games.quorsum.actions import Allot, Dice, Go, Lay, RollOff, Step, Stop, Try
from qipan.games.quorsum.board import CELL_OF, NEIGHBOURS, home_of
from qipan.games.quorsum.rules import Termination, match_decided


def cell(name):
    return CELL_OF[name]


# §2 board geometry ---------------------------------------------------------------------------

def test_board_adjacency_is_orthogonal_and_home_is_the_opposite_corner():
    """§2: 4-neighbourhood only; home(r, c) = (3 - r, 3 - c)."""
    assert sorted(NEIGHBOURS[cell("b2")]) == sorted(cell(n) for n in ("b1", "a2", "c2", "b3"))
    assert sorted(NEIGHBOURS[cell("a1")]) == [cell("b1"), cell("a2")]
    assert home_of(cell("a1")) == cell("d4") and home_of(cell("d1")) == cell("a4")


# §3 set-up ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_setup_draws_16_of_the_25_tiles_from_the_seed(seed):
    """§3.1: 16 of 25 tiles (five of each value 2-6), random sides, reproducible from the seed."""
    state = GAME.new(seed=seed)
    counts = Counter(state.values)
    assert sum(counts.values()) == 16 and set(counts) <= {2, 3, 4, 5, 6}
    assert max(counts.values()) <= 5
    assert GAME.new(seed=seed) == state
    assert state.phase == "rolloff" and state.to_move == CHANCE and state.stalemate == 0


def test_setup_layouts_and_sides_vary_with_the_seed():
    """§3.1 / A9: the layout and the face-up sides differ between seeds (fair coin per tile)."""
    states = [GAME.new(seed=s) for s in range(30)]
    assert len({s.values for s in states}) == 30
    lights = sum(sum(s.colours) for s in states)
    assert 150 < lights < 330  # about half of 480 tiles light


def test_setup_colour_options_and_sprint():
    """A9 option `setup_colours=balanced` gives 8+8; §9 Sprint shows one side only."""
    assert sum(GAME.new(seed=4, setup_colours="balanced").colours) == 8
    assert set(GAME.new(seed=4, variant="sprint").colours) == {0}


def test_opening_rolloff_has_30_equally_likely_untied_outcomes():
    """§3.2: each player rolls one die; ties re-roll, so each unequal pair has chance 1/30."""
    outcomes = GAME.new().chance_outcomes()
    assert len(outcomes) == 30
    assert all(p == Fraction(1, 30) and a.first != a.second for a, p in outcomes)
    assert RollOff(3, 3) not in GAME.new().legal_actions()


def test_higher_roller_chooses_and_first_means_the_other_places():
    """§3.2 / A15: the higher roller picks; choosing (A) first turn gives the placing to the other."""
    state = play(GAME.new(), "rolloff 2-5")
    assert state.phase == "choose" and state.player == 1 and state.chooser == 1
    state = play(state, "choose first")
    assert state.phase == "place" and state.player == 0
    state = play(state, "place a1,d4")
    assert state.phase == "alloc" and state.player == 1


def test_choosing_to_place_means_moving_second():
    """§3.2-3.4: the (B) player places all four pawns; the (A) player takes the first turn."""
    state = play(GAME.new(), "rolloff 6-1", "choose place")
    assert state.phase == "place" and state.player == 0
    assert len(state.legal_actions()) == 6          # §3.3: six distinct placements
    state = play(state, "place a1,d1")
    assert state.player == 1 and state.phase == "alloc"
    assert state.pawns[0] == ((cell("a1"), cell("d4"), 6), (cell("d1"), cell("a4"), 6))
    assert {p[1] for p in state.pawns[1]} == {cell("a1"), cell("d1")}


# §4.1 allocation ----------------------------------------------------------------------------

def test_allocation_uses_at_most_four_dice_and_rolling_starts_when_all_are_allotted():
    """§4.1: every die goes to one action or is left unused; at most 4 in all."""
    state = play(position(), "move a1 x3")
    allots = [a for a in state.legal_actions() if isinstance(a, Allot)]
    assert allots and all(a.dice == 1 for a in allots)
    state = play(state, "flip b2 x1")
    assert state.phase == "resolve"
    assert state.todo == (("flip", cell("b2"), 1), ("move", cell("a1"), 3))


def test_one_move_action_per_pawn_and_the_split_option():
    """A4: one MOVE action per pawn (default); option one_move_per_pawn=false allows 2+2."""
    state = play(position(), "move a1 x2")
    assert not any(isinstance(a, Allot) and a.kind == "move" and a.cell == cell("a1")
                   for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "move a1 x2")
    split = GAME.parse_position(GAME.position(position()) + " options=one_move_per_pawn:false")
    split = play(split, "move a1 x2", "move a1 x2")
    assert split.todo == (("move", cell("a1"), 2), ("move", cell("a1"), 2))


def test_flip_targets_exclude_locked_and_opponent_tiles_but_not_own_pawns():
    """§4.1 pruning: no FLIP of a locked tile or an opponent's tile; one's own tile is allowed."""
    state = position(locks="b2:2", phase="alloc:1")
    flips = {a.cell for a in state.legal_actions() if isinstance(a, Allot) and a.kind == "flip"}
    assert cell("b2") not in flips                       # locked by the opponent
    assert cell("a4") not in flips and cell("d4") not in flips  # opponent pawns
    assert cell("a1") in flips and cell("d1") in flips   # own pawns may leave first
    assert len(flips) == 16 - 3


def test_a_second_flip_of_one_tile_in_a_turn_is_illegal():
    """§4.1 / §12.4: at most one FLIP action per tile per turn."""
    state = play(position(), "flip b2 x1")
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "flip b2 x1")


def test_giving_up_every_die_ends_the_turn():
    """A7: 'unused' is an allocation; with nothing allotted the turn ends at once."""
    state = play(position(), "roll")
    assert state.player == 1 and state.phase == "alloc" and state.stalemate == 1


def test_sprint_has_no_flipping():
    """§9: in Quorsum Sprint there is no FLIP action."""
    state = position(variant="sprint")
    assert all(a.kind == "move" for a in state.legal_actions() if isinstance(a, Allot))


# §4.2 resolution and the chain rule ----------------------------------------------------------

def test_only_the_dice_that_met_the_value_roll_again():
    """§4.2 chain rule / A2: 3 dice against a 3-tile, 2 meet it: the next step rolls those 2."""
    state = play(position(), "move a1 x3", "roll", "try move a1 x3")
    assert state.phase == "chain" and state.chain == (cell("a1"), 3)
    state = play(state, "step b1")                      # b1 has value 3
    assert state.to_move == CHANCE
    p = Fraction(4, 6)
    assert state.chance_outcomes() == ((Dice(0), (1 - p) ** 3), (Dice(1), 3 * p * (1 - p) ** 2),
                                       (Dice(2), 3 * p * p * (1 - p)), (Dice(3), p ** 3))
    state = play(state, "met 2")
    assert state.pawn_at(cell("b1")) is not None and state.chain == (cell("b1"), 2)
    state = play(state, "step c1")                      # c1 has value 4
    assert state.roll == ("move", cell("c1"), 2)


def test_a_failed_step_ends_the_move_and_the_pawn_stays():
    """§4.2: if no die meets the value the pawn stays where it is and the MOVE action ends."""
    state = play(position(), "move a1 x2", "flip c3 x2", "try move a1 x2", "step b1", "met 1",
                 "step c1", "met 0")
    assert state.phase == "resolve" and state.pawn_at(cell("b1")) is not None
    assert state.todo == (("flip", cell("c3"), 2),)


def test_steps_go_only_to_vacant_adjacent_tiles_of_the_pawns_colour():
    """§5: a pawn steps only onto an adjacent vacant tile of the colour it stands on."""
    state = play(position(light="b1"), "move a1 x4")
    state = play(state, "try move a1 x4")
    assert state.legal_actions() == (Step(cell("a2")), Stop())
    blocked = position(pawns="a1>d4,b1>a4/a4>d1,d4>a1", light="a2")
    blocked = play(blocked, "move a1 x4", "try move a1 x4")
    assert blocked.phase == "resolve" or blocked.player == 1   # no legal step: the action ends


def test_a_chain_may_stop_early_unless_the_option_forbids_it():
    """A3: a chain may stop while dice remain; option may_stop_chain=false removes `stop`."""
    state = play(position(), "move a1 x4", "try move a1 x4", "step b1", "met 4")
    assert Stop() in state.legal_actions()
    stopped = play(state, "stop")
    assert stopped.player == 1 and stopped.pawn_at(cell("b1"))[1] == cell("d4")
    strict = GAME.parse_position(GAME.position(state) + " options=may_stop_chain:false")
    assert Stop() not in strict.legal_actions() and strict.legal_actions()


def test_actions_resolve_in_any_order_so_a_tile_just_left_can_be_flipped():
    """§4.2 / [S] example: flip the tile one's pawn has just walked off."""
    state = play(position(), "move a1 x2", "flip a1 x2", "try move a1 x2", "step b1", "met 1",
                 "stop", "try flip a1 x2")
    assert state.roll == ("flip", cell("a1"), 2)
    state = play(state, "met 1")
    assert state.colours[cell("a1")] == 1 and state.locks[cell("a1")] == 0
    assert state.player == 1                              # nothing left: the turn ended


def test_a_flip_of_an_occupied_tile_is_wasted_without_a_roll():
    """A8: a FLIP target that is occupied at resolution fails without a roll."""
    state = play(position(), "flip a1 x2", "move a1 x2", "try flip a1 x2")
    assert state.phase == "resolve" and state.colours[cell("a1")] == 0
    assert state.todo == (("move", cell("a1"), 2),)


def test_ending_the_turn_loses_the_unresolved_actions():
    """§4.2: the player may end the turn; unresolved actions are lost."""
    state = play(position(), "move a1 x2", "move d1 x2", "end")
    assert state.player == 1 and state.todo == ()


# §6 the flip lock -----------------------------------------------------------------------------

def test_a_flipped_tile_is_locked_until_the_flippers_next_turn():
    """§6 / §12.4: the opponent may not flip it back next turn; the flipper may from then on."""
    state = play(position(), "flip b2 x4", "try flip b2 x4", "met 2")
    assert state.colours[cell("b2")] == 1 and state.locks[cell("b2")] == 0
    assert state.player == 1
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "flip b2 x1")
    state = play(state, "roll")
    assert state.player == 0 and state.locks[cell("b2")] == -1
    assert Allot("flip", cell("b2"), 1) in state.legal_actions()


def test_the_this_turn_lock_option_frees_the_tile_for_the_opponent():
    """A1 option flip_lock=this_turn: the lock lasts only for the rest of the flipper's turn."""
    start = GAME.parse_position(GAME.position(position()) + " options=flip_lock:this_turn")
    state = play(start, "flip b2 x4", "try flip b2 x4", "met 1")
    assert state.player == 1 and state.locks[cell("b2")] == -1
    assert Allot("flip", cell("b2"), 1) in state.legal_actions()


def test_a_failed_flip_leaves_the_tile_and_no_lock():
    """§4.2: flip dice are rolled once; with no die meeting the value nothing changes."""
    state = play(position(), "flip b2 x1", "roll", "try flip b2 x1", "met 0")
    assert state.colours[cell("b2")] == 0 and state.locks[cell("b2")] == -1


# §7 stalemate ----------------------------------------------------------------------------------

def test_six_turns_without_progress_end_the_game_at_once():
    """§7 / §12.5: after the sixth turn without progress the game ends as a stalemate."""
    state = position()
    for turn in range(5):
        state = play(state, "roll")
        assert state.stalemate == turn + 1 and not state.is_terminal()
    state = play(state, "roll")
    outcome = state.outcome()
    assert state.is_terminal() and outcome.termination is Termination.STALEMATE
    assert outcome.winners == () and outcome.scores == (1, 1)   # (6,6) vs (6,6): draw, A13


def test_progress_on_the_fifth_turn_resets_the_counter():
    """§7 / §12.5: a pawn ending a turn closer to home resets the counter to 0."""
    state = position(stalemate=4)
    state = play(state, "move a1 x4", "try move a1 x4", "step b1", "met 1", "stop")
    assert state.stalemate == 0 and state.player == 1


def test_moving_away_is_not_progress():
    """§7 / A10: only a pawn ending strictly closer than it began the turn counts."""
    state = position(pawns="b1>d4,d1>a4/a4>d1,d4>a1", stalemate=2)
    state = play(state, "move b1 x4", "try move b1 x4", "step a1", "met 1", "stop")
    assert state.stalemate == 3


def test_best_ever_option_does_not_count_a_return_as_progress():
    """A10 alternative: progress = closer than the pawn's best distance ever."""
    text = GAME.position(position(pawns="b1>d4,d1>a4/a4>d1,d4>a1")) + " options=stalemate_progress:best_ever"
    state = GAME.parse_position(text)
    state = play(state, "move b1 x4", "try move b1 x4", "step a1", "met 1", "stop")
    assert state.stalemate == 1 and state.pawn_at(cell("a1"))[2] == 5   # best stays 5
    state = play(state, "roll", "move a1 x4", "try move a1 x4", "step b1", "met 1", "stop")
    assert state.stalemate == 3                                     # back to 5: no progress
    default = play(position(pawns="a1>d4,d1>a4/a4>d1,d4>a1"), "move a1 x4", "try move a1 x4",
                   "step b1", "met 1", "stop")
    assert default.stalemate == 0


@pytest.mark.parametrize("pawns,winners,scores", [
    # player 1 (0,3) against player 2 (1,1): the nearest pawn decides (§12.5)
    ("a4>a4,d1>d4/b1>a1,c1>d1", (0,), (1, 0)),
    # (2,2) against (2,2): a draw
    ("c3>d4,a2>a4/b1>d1,a3>a1", (), (1, 1)),
    # equal nearest pawn, the second decides: (1,3) against (1,2)
    ("c4>d4,b2>a4/b1>a1,c2>d1", (1,), (0, 1)),
])
def test_stalemate_tiebreak(pawns, winners, scores):
    """§7: the lexicographically smaller (d_min, d_max) wins a stalemate; equal pairs draw."""
    state = play(position(pawns=pawns, stalemate=5), "roll")
    outcome = state.outcome()
    assert outcome.termination is Termination.STALEMATE
    assert outcome.winners == winners and outcome.scores == scores


def test_a_stalemate_win_is_single_unless_the_option_says_double():
    """A12: a stalemate win is never double by default; option stalemate_double=true."""
    pawns = "a4>a4,d1>d4/b1>a1,c1>d1"
    plain = play(position(pawns=pawns, stalemate=5), "roll")
    assert plain.outcome().scores == (1, 0)
    text = GAME.position(position(pawns=pawns, stalemate=5)) + " options=stalemate_double:true"
    assert play(GAME.parse_position(text), "roll").outcome().scores == (2, 0)


def test_draw_points_option():
    """A13: a draw gives each player `draw_points` points (default 1)."""
    text = GAME.position(position(stalemate=5)) + " options=draw_points:0"
    assert play(GAME.parse_position(text), "roll").outcome().scores == (0, 0)


# §8 game end, double win, match play ------------------------------------------------------------

NEAR_HOME = "c4>d4,a4>a4/b2>d1,c2>a1"


def test_both_pawns_home_wins_at_once_and_drops_the_remaining_actions():
    """§8 / §12.6: the second pawn arrives with no loser pawn home: a double win (2 points)."""
    state = play(position(pawns=NEAR_HOME), "move c4 x2", "flip b3 x2", "try move c4 x2",
                 "step d4", "met 1")
    outcome = state.outcome()
    assert state.is_terminal() and outcome.winners == (0,)
    assert outcome.termination is Termination.DOUBLE and outcome.scores == (2, 0)
    assert state.todo == () and state.colours[cell("b3")] == 0


def test_a_win_with_a_loser_pawn_home_is_single():
    """§8 / §12.6: with one of the loser's pawns home the win scores 1."""
    state = play(position(pawns="c4>d4,a4>a4/b2>d1,a1>a1"), "move c4 x2", "roll", "try move c4 x2",
                 "step d4", "met 2")
    outcome = state.outcome()
    assert outcome.termination is Termination.HOME and outcome.scores == (1, 0)


def test_pawns_may_leave_home_unless_frozen():
    """A14: a pawn at home may move again by default; option freeze_home=true forbids it."""
    state = position(pawns=NEAR_HOME)
    assert Allot("move", cell("a4"), 1) in state.legal_actions()
    frozen = GAME.parse_position(GAME.position(state) + " options=freeze_home:true")
    assert Allot("move", cell("a4"), 1) not in frozen.legal_actions()


def _match_position(score, target, chooser="1"):
    return position(pawns=NEAR_HOME, score=score, chooser=chooser, options=f"match_target:{target}")


def test_a_match_goes_on_with_a_new_layout_and_the_other_player_choosing():
    """§8 match play: points add up; the next game is laid out by chance; the choice alternates."""
    state = play(_match_position("0-0", 3), "move c4 x2", "roll", "try move c4 x2", "step d4", "met 1")
    assert state.phase == "layout" and state.score == (2, 0) and state.chooser == 1
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 10 and sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[Lay(4, 1)] == Fraction(5, 25) * Fraction(1, 2)
    for value in (2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4):
        state = state.apply(Lay(value, 0))
    assert Lay(2, 0) not in state.legal_actions()        # the five 2-tiles are used up
    assert dict(state.chance_outcomes())[Lay(5, 0)] == Fraction(5, 10) * Fraction(1, 2)
    state = state.apply(Lay(6, 1))
    assert state.phase == "choose" and state.player == 1 and state.pawns == ()


def test_the_match_ends_at_the_target():
    """§8: a double win scores 2 and reaches a target of 2."""
    state = play(_match_position("1-1", 2), "move c4 x2", "roll", "try move c4 x2", "step d4", "met 1")
    outcome = state.outcome()
    assert state.is_terminal() and outcome.scores == (3, 1) and outcome.winners == (0,)


def test_players_level_at_the_target_play_on_or_draw_by_option():
    """§8 GUESS: both at the target and level (only by a draw): play on (default) or draw."""
    assert not match_decided(_match_position("0-0", 2).rules, (2, 2))
    level = play(position(stalemate=5, score="1-1", options="match_target:2"), "roll")
    assert level.phase == "layout" and level.score == (2, 2)
    drawn = play(position(stalemate=5, score="1-1", options="match_target:2,match_tie:draw"), "roll")
    assert drawn.is_terminal() and drawn.outcome().winners == () and drawn.outcome().scores == (2, 2)


# §12.3 flip, then move, with exact chance ------------------------------------------------------------

def _chance_of_turn(state, policy, goal, mover):
    """Exact probability over the engine's chance tree that `goal` holds when the turn ends."""
    if state.is_terminal() or (not state.is_chance() and state.player != mover):
        return Fraction(int(goal(state)))
    if state.is_chance():
        return sum((p * _chance_of_turn(state.apply(a), policy, goal, mover)
                    for a, p in state.chance_outcomes()), Fraction(0))
    return _chance_of_turn(state.apply(policy(state)), policy, goal, mover)


def _flip_first_then_step(state):
    actions = state.legal_actions()
    for kind in ("flip", "move"):
        for a in actions:
            if isinstance(a, Try) and a.kind == kind:
                return a
    return Step(cell("a2")) if Step(cell("a2")) in actions else actions[-1]  # then stop


def test_flip_then_move_onto_a_six_with_two_and_two_dice():
    """§12.3 [M §4]: flip a 6-tile with 2 dice, then step onto it with 2: (11/36)^2 = 121/1296."""
    # a1 (dark) next to a2 (value 6, light) and b1 (light): only a flipped a2 opens a step.
    state = play(position(light="a2 b1"), "flip a2 x2", "move a1 x2")
    chance = _chance_of_turn(state, _flip_first_then_step, lambda s: s.pawn_at(cell("a2")) is not None, 0)
    assert chance == Fraction(121, 1296)


def test_go_action_exists_until_every_die_is_allotted():
    """§4.1: the allocation can be closed at any time (remaining dice unused)."""
    state = play(position(), "move a1 x1", "flip b2 x1", "flip c2 x1")
    assert Go() in state.legal_actions()
    assert play(state, "flip c3 x1").phase == "resolve"


def test_dice_left_counts_down_during_allocation():
    """§4.1: four dice per turn; the tray shows what is not yet allotted."""
    state = position()
    assert state.dice_left() == 4
    assert play(state, "move a1 x3").dice_left() == 1


@pytest.mark.parametrize("options", [{"draw_points": 7}, {"flip_lock": "never"}, {"match_target": -1},
                                     {"stalemate_progress": "ever"}, {"bogus": True},
                                     {"freeze_home": 1}])
def test_bad_options_are_refused(options):
    """Every option of the rules file has a checked range (docs/notation/quorsum.md, Options)."""
    with pytest.raises(ValueError):
        GAME.new(2, 0, None, **options)
    with pytest.raises(ValueError):
        GAME.new(3, 0)
