"""Rules tests for Calavera, each citing the section of docs/rules/calavera.md it checks."""

from fractions import Fraction

import pytest

from qipan.core import CHANCE, TERMINAL, IllegalAction
from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Freeze, Pass, Reroll, Roll, Stop, TakeColour, TakeRoses
from qipan.core import NotationError
from qipan.games.calavera.rules import FIRST, LATER, NO_BONUS, Phase

O, P, G, B = range(4)


def pos(sheets, turn, bonus=None, claimed="---", opts="", start=0):
    """A position from its parts (bonus defaults to no line reached)."""
    players = sheets.count("/") + 1
    bonus = bonus or "/".join(["---"] * players)
    return GAME.parse_position(f"v1 {opts} start={start} sheets={sheets} bonus={bonus} claimed={claimed} {turn}")


def play(state, *texts):
    for text in texts:
        state = state.apply(GAME.parse_action(state, text))
    return state


# --- §4.1 Rolling phase ---------------------------------------------------------------------

def test_first_roll_throws_all_six_dice_grouped_by_multiset():
    """§4.1.1 and §8: the first roll throws 6 dice; outcomes are multisets with multinomial weights."""
    state = GAME.new(2, seed=5)
    assert state.to_move == CHANCE and state.to_roll == 6
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 462  # multisets of 6 dice over 6 faces: C(11, 5)
    assert sum(outcomes.values()) == 1
    assert outcomes[Roll((6, 0, 0, 0, 0, 0))] == Fraction(1, 6 ** 6)
    assert outcomes[Roll((1, 1, 1, 1, 1, 1))] == Fraction(720, 6 ** 6)
    assert outcomes[Roll((0, 0, 0, 0, 2, 4))] == Fraction(15, 6 ** 6)


def test_skulls_are_locked_aside_and_never_rerolled():
    """§4.1.2: a skull is set aside at once and can never be re-rolled."""
    state = play(GAME.new(2, start_player=0), "roll OOPRSS")
    assert state.phase is Phase.KEEP and state.skulls == 2 and state.dice == (2, 1, 0, 0, 1)
    rerolled = {sum(a.dice) for a in state.legal_actions() if isinstance(a, Reroll)}
    assert max(rerolled) == 4  # the two skulls cannot be picked up
    with pytest.raises(NotationError, match="'S' is not a die face here"):
        GAME.parse_action(state, "reroll S")
    state = play(state, "reroll OP")
    assert state.phase is Phase.ROLL and state.to_roll == 2 and state.dice == (1, 0, 0, 0, 1)


def test_bust_counts_skulls_over_the_whole_turn():
    """§4.1.3, A12: skulls add up over the rolls; three or more end rolling in a bust (§4.4)."""
    state = play(GAME.new(2, start_player=0), "roll OOPRSS", "reroll OOPR")
    assert state.to_roll == 4
    state = play(state, "roll GGBS")
    assert state.phase is Phase.MARK and state.is_bust and state.choice is None
    assert state.crosses[0] == (0, 0, 0, 0)  # the active player marks nothing
    assert state.to_move == 1


def test_three_skulls_in_the_first_roll_bust_at_once():
    """§4.1.3: the bust check follows every roll, the first included."""
    state = play(GAME.new(2, start_player=1), "roll OPGSSS")
    assert state.phase is Phase.MARK and state.rolls == 1 and state.to_move == 0


def test_kept_dice_may_be_rerolled_later():
    """§4.1.4, A16: any subset of the non-skull dice may be re-rolled, including earlier keeps."""
    state = play(GAME.new(2, start_player=0), "roll OOPGBR")
    rerolls = [a for a in state.legal_actions() if isinstance(a, Reroll)]
    assert len(rerolls) == 3 * 2 * 2 * 2 * 2 - 1
    assert state.legal_actions()[0] == Stop()
    state = play(state, "reroll PGBR", "roll OOOO")
    assert state.dice == (6, 0, 0, 0, 0)
    assert Reroll((6, 0, 0, 0, 0)) in state.legal_actions()  # the dice kept before may go again


def test_the_third_roll_stands():
    """§4.1.5: at most three rolls; after the third the active player must choose."""
    state = play(GAME.new(2, start_player=0), "roll OOPGBR", "reroll PGBR", "roll OOPG", "reroll PG", "roll OB")
    assert state.phase is Phase.CHOOSE and state.rolls == 3
    assert not any(isinstance(a, (Reroll, Stop)) for a in state.legal_actions())


# --- §4.2 Active player's choice -------------------------------------------------------------

def test_colour_takes_every_die_of_that_colour():
    """§4.2a, §8 case 1: 3 orange, 2 green, 1 pink, no skull: orange gives 3 crosses, nobody else marks."""
    state = pos("0.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOOPGG skulls=0")
    assert state.legal_actions() == (TakeColour(O), TakeColour(P), TakeColour(G))
    after = play(state, "colour O")
    assert after.crosses == ((3, 0, 0, 0), (0, 0, 0, 0))
    assert after.phase is Phase.ROLL and after.active == 1


def test_roses_as_one_colour_use_all_roses_and_no_colour_dice():
    """§4.2b, §8 case 2: 3 roses, 2 orange, 1 pink: roses as orange give 3 crosses, the orange dice are ignored."""
    state = pos("0.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOPRRR skulls=0")
    assert [a for a in state.legal_actions() if isinstance(a, TakeRoses)] == [TakeRoses(r) for r in range(4)]
    assert play(state, "roses O").crosses[0] == (3, 0, 0, 0)


def test_freeze_needs_the_roses_of_the_current_box():
    """§4.2c, §8 case 5: with a cross on the 8 box, 2 roses cannot freeze; 3 roses freeze at 8."""
    two = pos("12.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOPGRR skulls=0")
    assert Freeze(O) not in two.legal_actions()
    three = pos("12.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOPRRR skulls=0")
    assert Freeze(O) in three.legal_actions()
    after = play(three, "freeze O")
    assert after.frozen[0] == (True, False, False, False) and after.crosses[0][O] == 12
    assert after.row_scores(0) == (8, 0, 0, 0)
    # the 2-rose area: the 6 box freezes with 2 roses
    six = pos("11.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOPGRR skulls=0")
    assert Freeze(O) in six.legal_actions()


def test_no_freezing_outside_the_score_zone():
    """§4.2c, A13: a row in the grey pre-zone (or empty) cannot be frozen with roses."""
    state = pos("8.0.5.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OPRRRR skulls=0")
    assert not any(isinstance(a, Freeze) for a in state.legal_actions())


def test_frozen_rows_cannot_be_chosen():
    """§4.5: a frozen row takes no more crosses; its colour cannot be chosen."""
    state = pos("12f.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOPGRR skulls=0")
    assert TakeColour(O) not in state.legal_actions() and TakeRoses(O) not in state.legal_actions()


def test_active_player_with_no_option_does_nothing_and_others_use_all_dice():
    """§4.2 exception, A8: every colour showing is frozen and there is no rose: nothing to mark;
    the passive players then choose from all non-skull dice."""
    state = pos("12f.12f.0.0/0.0.0.0", "phase=keep active=0 rolls=1 dice=OOPP skulls=2")
    after = play(state, "stop")
    assert after.phase is Phase.MARK and after.choice is None and after.to_move == 1
    assert after.legal_actions() == (TakeColour(O), TakeColour(P))
    assert after.crosses[0] == (12, 12, 0, 0)


def test_no_option_and_no_skull_ends_the_turn():
    """§4.2 exception, §4.3: nothing to take and no skull: the next player rolls."""
    state = pos("12f.12f.0.0/0.0.0.0", "phase=keep active=0 rolls=1 dice=OOOPPP skulls=0")
    after = play(state, "stop")
    assert after.phase is Phase.ROLL and after.active == 1


# --- §4.3 Passive marking ---------------------------------------------------------------------

def test_no_skull_means_nobody_else_marks():
    """§4.3: the passive marking runs only if the result has a skull."""
    state = pos("0.0.0.0/0.0.0.0/0.0.0.0", "phase=choose active=1 rolls=3 dice=OOPGBR skulls=0")
    after = play(state, "colour O")
    assert after.phase is Phase.ROLL and after.active == 2


def test_taken_dice_leave_nothing_for_the_others():
    """§4.3, §8 case 3: 2 skulls and 4 orange; orange is taken; nothing is left to mark."""
    state = pos("0.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOOO skulls=2")
    after = play(state, "colour O")
    assert after.crosses == ((4, 0, 0, 0), (0, 0, 0, 0))
    assert after.phase is Phase.ROLL and after.active == 1


def test_others_mark_in_turn_from_the_shared_remaining_dice():
    """§4.3: each other player must mark from the dice the active player left; the dice are shared."""
    state = pos("0.0.0.0/0.0.0.0/0.0.0.0", "phase=choose active=1 rolls=2 dice=OOGRR skulls=1")
    state = play(state, "colour O")
    assert state.phase is Phase.MARK and state.to_move == 2
    assert state.available() == (0, 0, 1, 0, 2)
    assert state.legal_actions() == (TakeColour(G), TakeRoses(O), TakeRoses(P), TakeRoses(G), TakeRoses(B))
    assert not any(isinstance(a, Freeze) for a in state.legal_actions())  # passive players cannot freeze
    state = play(state, "roses P")
    assert state.to_move == 0 and state.crosses[2] == (0, 2, 0, 0)
    state = play(state, "roses P")  # the same roses again
    assert state.crosses[0] == (0, 2, 0, 0) and state.crosses[1] == (2, 0, 0, 0)
    assert state.phase is Phase.ROLL and state.active == 2


def test_roses_may_mark_the_colour_the_active_player_took():
    """§4.3b, A14 (default "dice"): only the taken dice are unavailable, not the colour."""
    state = play(pos("0.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOGRR skulls=1"), "colour O")
    assert TakeRoses(O) in state.legal_actions()


def test_passive_player_without_option_is_skipped():
    """§4.3: a passive player with no legal option does nothing."""
    state = pos("0.0.0.0/0.0.0.0/0.0.16f.0", "phase=choose active=0 rolls=3 dice=OOGG skulls=2")
    after = play(state, "colour O")
    assert after.to_move == 1  # player 1 can use green
    after = play(after, "colour G")
    assert after.phase is Phase.ROLL and after.active == 1  # player 2's green row is frozen: skipped


# --- §4.4 Bust --------------------------------------------------------------------------------

def test_bust_others_choose_from_all_dice():
    """§4.4, §8 case 4: 3 skulls, 2 roses, 1 green: nobody freezes; each other player takes
    the 2 roses as any colour or the 1 green."""
    state = pos("11.0.0.0/0.0.0.0", "phase=roll active=0 rolls=2 dice=GRR skulls=2")
    state = play(state, "roll S")
    assert state.is_bust and state.to_move == 1
    assert state.legal_actions() == (TakeColour(G),) + tuple(TakeRoses(r) for r in range(4))
    state = play(state, "roses B")
    assert state.crosses == ((11, 0, 0, 0), (0, 0, 0, 2)) and state.frozen[0] == (False,) * 4
    assert state.phase is Phase.ROLL and state.active == 1


# --- §4.5 Death zone ------------------------------------------------------------------------

def test_forced_crosses_past_the_ten_freeze_at_minus_three():
    """§4.5, §8 case 6: on the 10 box, a passive player forced to add 3 crosses lands on the last
    box (all crosses before the check) and the row freezes at -3."""
    state = pos("0.1.0.0/0.0.13.0", "phase=mark active=0 rolls=3 dice=PGGG skulls=2 choice=colour:P marker=1")
    assert state.legal_actions() == (TakeColour(G),)
    after = play(state, "colour G")
    assert after.crosses[1] == (0, 0, 16, 0) and after.frozen[1][G]
    assert after.row_scores(1) == (0, 0, -3, 0)


def test_entering_the_death_zone_freezes_the_row():
    """§4.5: ending a marking in the death zone freezes the row at that box."""
    state = pos("12.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OPGBRR skulls=0")
    after = play(state, "roses O")
    assert after.crosses[0][O] == 14 and after.frozen[0][O] and after.row_scores(0)[O] == 3


def test_crosses_beyond_the_last_box_are_dropped():
    """§4.5, A9: crosses past the last box are dropped; the row freezes on the last box."""
    state = pos("12.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOOOOO skulls=0")
    after = play(state, "colour O")
    assert after.crosses[0][O] == 16 and after.frozen[0][O]


# --- §4.6 Bonus lines -----------------------------------------------------------------------

def test_first_and_later_bonus_values():
    """§4.6, §8 case 7: the first player whose four rows reach line 1 scores 4, a later one 2."""
    state = pos("5.5.5.4/5.5.5.4", "phase=choose active=0 rolls=3 dice=OPGGGB skulls=0")
    state = play(state, "colour B")
    assert state.bonus[0] == (FIRST, NO_BONUS, NO_BONUS) and state.claimed == (True, False, False)
    assert state.bonus_points(0) == 4
    state = pos("5.5.5.5/5.5.5.4", "phase=choose active=1 rolls=3 dice=OPGGGB skulls=0",
                bonus="F--/---", claimed="x--")
    state = play(state, "colour B")
    assert state.bonus[1] == (LATER, NO_BONUS, NO_BONUS) and state.bonus_points(1) == 2


def test_a_row_frozen_before_a_line_never_reaches_it():
    """§4.6: frozen rows count by their final position."""
    state = pos("9f.10.11.11/0.0.0.0", "phase=choose active=0 rolls=3 dice=PPGGGB skulls=0",
                bonus="FF-/---", claimed="xx-")
    state = play(state, "colour P")
    assert state.crosses[0] == (9, 12, 11, 11)
    assert state.bonus[0] == (FIRST, FIRST, NO_BONUS)  # orange froze on box 9, before line 3


SAME_TURN = "phase=choose active=0 rolls=3 dice=OPGGB skulls=1"


@pytest.mark.parametrize("mode,passive", [("active_then_passive", LATER), ("all_share_first", FIRST)])
def test_same_turn_active_and_passive_reach_a_line(mode, passive):
    """§4.6, A10: the active player's marking is settled first (default); or everyone shares first."""
    opts = "" if mode == "active_then_passive" else f"bonus_same_turn={mode}"
    state = pos("5.5.5.4/5.5.4.5/5.5.4.5", SAME_TURN, opts=opts)
    state = play(state, "colour B", "colour G", "colour G")
    assert state.bonus == ((FIRST, 0, 0), (passive, 0, 0), (passive, 0, 0))
    assert state.phase is Phase.ROLL


def test_passive_players_reaching_a_line_together_share_first():
    """§4.6, A10: if the active player does not reach the line, passive players who do share first."""
    state = pos("0.0.0.0/5.5.4.5/5.5.4.5", SAME_TURN)
    state = play(state, "colour B", "colour G")
    assert state.claimed == (False, False, False)  # still open for player 2 in this turn
    state = play(state, "colour G")
    assert state.bonus == ((0, 0, 0), (FIRST, 0, 0), (FIRST, 0, 0))
    assert state.claimed == (True, False, False)


# --- §5 End and scoring ---------------------------------------------------------------------

END = "phase=choose active=0 rolls=2 dice=PGGRR skulls=1"


def test_game_ends_after_the_turn_of_the_fourth_freeze():
    """§5, A11: a player's fourth row freezes; the others still mark, then the game ends."""
    state = pos("16f.16f.16f.11/0.0.0.0", END, bonus="FFF/---", claimed="xxx")
    state = play(state, "freeze B")
    assert state.phase is Phase.MARK and state.available() == (0, 1, 2, 0, 0)
    state = play(state, "colour G")
    assert state.to_move == TERMINAL and state.legal_actions() == ()
    outcome = state.outcome()
    # player 0: three rows at -3, black frozen at 6, bonus 4 + 5 + 6; player 1: two crosses worth 0
    assert outcome.scores == (-9 + 6 + 15, 0) and outcome.winners == (0,)
    assert outcome.termination.name == "ALL_ROWS_FROZEN"


def test_even_rounds_finishes_the_round():
    """§5, A11 option even_rounds: play on until every player has had the same number of turns."""
    sheets, bonus = "0.0.0.0/16f.16f.16f.11/0.0.0.0", "---/FFF/---"
    turn = "phase=choose active=1 rolls=2 dice=PPGGRR skulls=0"
    assert play(pos(sheets, turn, bonus, "xxx"), "freeze B").is_terminal()
    state = play(pos(sheets, turn, bonus, "xxx", opts="even_rounds=yes"), "freeze B")
    assert state.phase is Phase.ROLL and state.active == 2
    state = play(state, "roll OOPPGG", "stop", "colour O")
    assert state.is_terminal()


def test_tied_totals_share_the_win():
    """§5: ties are shared wins."""
    state = pos("16f.16f.16f.16f/16f.16f.16f.16f/0.0.0.0", "phase=over", bonus="FFF/FFF/---", claimed="xxx")
    assert state.outcome().winners == (0, 1) and state.outcome().scores == (3, 3, 0)


def test_an_empty_row_scores_zero():
    """§5: an empty row scores 0, an unfrozen row the value of its furthest cross."""
    state = pos("0.9.13.6/0.0.0.0", "phase=roll active=0 rolls=0 dice=- skulls=0")
    assert state.row_scores(0) == (0, 4, 10, 1) and state.score(0) == 15


# --- Options (rules §7) ----------------------------------------------------------------------

def test_passive_crosses_by_skulls():
    """A3 option passive_crosses=skulls: a passive player makes one cross per skull rolled."""
    state = pos("0.0.0.0/0.0.0.0", "phase=roll active=0 rolls=2 dice=GRR skulls=2", opts="passive_crosses=skulls")
    state = play(state, "roll S", "roses O")
    assert state.crosses[1] == (3, 0, 0, 0)


def test_passive_exclusion_by_colour():
    """A14 option passive_exclusion=colour: passive players never mark the active player's colour."""
    state = pos("0.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOGRR skulls=1",
                opts="passive_exclusion=colour")
    state = play(state, "colour O")
    assert state.legal_actions() == (TakeColour(G), TakeRoses(P), TakeRoses(G), TakeRoses(B))


def test_freeze_takes_only_the_needed_roses():
    """A6: by default a freeze takes all roses; with freeze_takes=needed the spare roses stay."""
    turn = "phase=choose active=0 rolls=3 dice=OPRRR skulls=1"
    assert play(pos("11.0.0.0/0.0.0.0", turn), "freeze O").available() == (1, 1, 0, 0, 0)
    state = play(pos("11.0.0.0/0.0.0.0", turn, opts="freeze_takes=needed"), "freeze O")
    assert state.available() == (1, 1, 0, 0, 1)


def test_active_may_pass_option():
    """A5: by default the active player must take an option; active_may_pass allows a pass."""
    turn = "phase=choose active=0 rolls=3 dice=OOGRR skulls=1"
    assert Pass() not in pos("0.0.0.0/0.0.0.0", turn).legal_actions()
    state = pos("0.0.0.0/0.0.0.0", turn, opts="active_may_pass=yes")
    assert state.legal_actions()[-1] == Pass()
    state = play(state, "pass")
    assert state.available() == (2, 0, 1, 0, 2) and state.crosses[0] == (0, 0, 0, 0)


def test_start_player_option():
    """§4, A17: the start player is drawn from the seed, or set by the host."""
    assert GAME.new(3, seed=1, start_player=2).active == 2
    drawn = {GAME.new(4, seed=s).active for s in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert GAME.new(4, seed=7).active == GAME.new(4, seed=7).active
    with pytest.raises(ValueError):
        GAME.new(2, start_player=2)
    with pytest.raises(ValueError):
        GAME.new(2, passive_crosses="three")


def test_illegal_choice_raises_and_names_the_action():
    """§4.2: a choice not in the legal list is refused with IllegalAction."""
    state = pos("0.0.0.0/0.0.0.0", "phase=choose active=0 rolls=3 dice=OOOPGG skulls=0")
    with pytest.raises(IllegalAction, match="colour B"):
        GAME.parse_action(state, "colour B")
    with pytest.raises(IllegalAction):
        state.apply(Freeze(O))
