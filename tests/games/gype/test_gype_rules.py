"""Rules tests for Gype; each cites the section of docs/rules/gype.md it checks."""

from fractions import Fraction

import pytest

from gype_util import c, make, play, steps, targets
from qipan.core import CHANCE, IllegalAction, Rng
from qipan.games.gype import GAME, HAT, Arrange, Dealt, Jump, Leap, Roll, Rolled, Termination
from qipan.games.gype.board import ROW_CELLS
from qipan.games.gype.rules import arrangements, deal_outcomes

N_ROW8 = {f"{x}8": "E1" for x in "bcdefghi"}  # eight inert North Ears out of the way


def names(cells):
    return {f"{'abcdefghij'[x % 10]}{x // 10}" for x in cells}


# ---- §12 suggested tests ------------------------------------------------------------------

def test_tree_and_book_in_the_start_row():
    """§12.1 (§5, §8): a South Tree in its start row steps forward or forward-diagonally,
    never sideways; a South Book may slide along row 0 but never returns to it."""
    tree = make({"d0": "T0", **N_ROW8})
    assert steps(tree, "d0") == {"c1", "d1", "e1"}
    book = make({"d0": "B0", **N_ROW8})
    assert steps(book, "d0") == {"c0", "e0", "d1"}
    left = make({"d1": "B0", **N_ROW8})
    assert steps(left, "d1") == {"c1", "e1", "d2"}
    with pytest.raises(IllegalAction):
        GAME.parse_action(left, "d1-d0")


def _chain_position():
    # Flame c2; A = a North Book on d3, B = a South Swords on e3
    return make({"c2": "F0", "e3": "S0", "d3": "B1"})


def test_chain_rolls_each_jumped_piece_once_in_jump_order():
    """§12.2 (§6, A1): a Flame jumps A, then B, then back over A; A and B are each rolled
    exactly once, and the dice are rolled in jump order."""
    state = _chain_position()
    action = GAME.parse_action(state, "c2xe4xe2xc4")
    assert action == Jump(c("c2"), (c("e4"), c("e2"), c("c4")))
    after = state.apply(action)
    assert after.pending == (c("d3"), c("e3"))
    assert after.to_move == CHANCE
    assert after.chance_outcomes() == tuple((Rolled(c("d3"), f), Fraction(1, 6)) for f in range(6))
    rng = Rng(7)
    first = rng.sample_outcome(after.chance_outcomes())
    assert first.cell == c("d3")
    after = after.apply(first)
    second = rng.sample_outcome(after.chance_outcomes())
    assert second.cell == c("e3")
    done = after.apply(second)
    assert done.to_move == 1 and not done.pending
    assert done.board[c("d3")] == 1 * 6 + first.face  # still North's piece, new face
    assert done.board[c("e3")] == 0 * 6 + second.face
    assert done.board[c("c4")] == 0 * 6 + 3 and done.board[c("c2")] == -1


def test_chain_may_not_rejump_when_switched_off():
    """§6 GUESS (option chain_rejump=False): jumping A a second time is not allowed."""
    state = make({"c2": "F0", "e3": "S0", "d3": "B1"}, chain_rejump=False)
    assert GAME.parse_action(state, "c2xe4xe2") == Jump(c("c2"), (c("e4"), c("e2")))
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "c2xe4xe2xc4")


def _hat_position():
    return make({"e1": "H0", "e2": "T1", "e3": "B0", "f1": "S1", "f2": "F1"})


@pytest.mark.parametrize("path,rolled", [("L", ("e2", "e3")), ("S", ("f1", "f2"))])
def test_hat_rolls_the_chosen_path(path, rolled):
    """§12.3 (§7): Hat e1 -> f3; long-first rolls e2, e3, short-first rolls f1, f2, and the
    turn ends after the single leap."""
    state = _hat_position()
    action = GAME.parse_action(state, f"e1-f3/{path}")
    assert action == Leap(c("e1"), c("f3"), path)
    after = state.apply(action)
    assert after.pending == tuple(c(n) for n in rolled)
    after = play(after, f"{rolled[0]}=E", f"{rolled[1]}=H")
    assert after.to_move == 1
    assert after.board[c("f3")] == HAT


def test_hat_has_sixteen_leaps_in_open_field_and_leaps_over_pieces():
    """§7: 8 destinations, two paths each; crossed cells need not be empty."""
    state = make({"e4": "H0", **N_ROW8})
    leaps = [m for m, _ in state.piece_moves(c("e4"))]
    assert len(leaps) == 16 and all(isinstance(m, Leap) for m in leaps)
    assert targets(state, "e4") == {"d6", "f6", "d2", "f2", "c5", "c3", "g5", "g3"}
    blocked = _hat_position()
    assert "f3" in targets(blocked, "e1")


@pytest.mark.parametrize("seats", ["SN", "SWNE"])
def test_south_piece_never_lands_on_foreign_rows(seats):
    """§12.4 (§8): a South piece in the field lands on neither side row nor its own start row."""
    extra = {} if seats == "SN" else {f"j{y}": "E3" for y in range(1, 9)}
    state = make({"b1": "F0", "c3": "F0", "b3": "B1", "c4": "B1", **extra}, seats=seats)
    assert steps(state, "b1") == {"b2", "c2", "c1"}
    # c3 may jump b3 toward a3 (West Home Row: refused) and c4 to c5 (field: allowed)
    assert "a3" not in targets(state, "c3")
    assert "c5" in targets(state, "c3")
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "c3xa3")


def _goal_chain_position(**options):
    south = {"d7": "B0", **{f"{x}0": "E0" for x in "bcefghi"}}
    north = {n: "E1" for n in ("d8", "f8", "e9", "b9", "c9", "g9", "h9", "i9")}
    return make({**south, **north}, **options)


def test_goal_row_reached_mid_chain_and_then_frozen():
    """§12.5 (§8, A4): a piece landing in its goal row mid-chain jumps on (and, by the GUESS,
    may leave again); from its next turn it has no MOVE."""
    state = _goal_chain_position()
    assert GAME.parse_action(state, "d7xd9xf9xf7") == Jump(c("d7"), (c("d9"), c("f9"), c("f7")))
    after = play(state, "d7xd9", "d8=E", "roll b9", "b9=E")
    assert after.to_move == 0
    assert after.piece_moves(c("d9")) == []
    assert Roll(c("d9")) in after.legal_actions()


def test_chain_cannot_leave_goal_when_switched_off():
    """§8 GUESS (option chain_leaves_goal=False): the chain may go on only inside the goal row."""
    state = _goal_chain_position(chain_leaves_goal=False)
    assert GAME.parse_action(state, "d7xd9xf9") == Jump(c("d7"), (c("d9"), c("f9")))
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "d7xd9xf9xf7")


def _nearly_home(blocker: bool):
    south = {f"{x}9": "E0" for x in "bcdefgh"}
    south["i8"] = "F0"
    north = {f"{x}3": "B1" for x in "bcdefghi"}
    if blocker:
        del north["i3"]
        north["i9"] = "E1"
    return make({**south, **north})


def test_win_when_the_eighth_piece_arrives():
    """§12.6 (§9): the move bringing the 8th piece home wins at once."""
    state = _nearly_home(blocker=False)
    assert not state.is_terminal()
    won = play(state, "i8-i9")
    assert won.is_terminal()
    outcome = won.outcome()
    assert outcome.winners == (0,) and outcome.termination is Termination.GOAL_ROW
    assert outcome.scores == (8, 0)


def test_seventh_piece_home_is_no_win_and_a_foreign_piece_blocks():
    """§12.6 (§9): no win before all 8 are home; a foreign piece in the goal row blocks it."""
    six = make({**{f"{x}9": "E0" for x in "bcdefg"}, "h8": "F0", "i7": "F0",
                **{f"{x}3": "B1" for x in "bcdefghi"}})
    assert not play(six, "h8-h9").is_terminal()
    blocked = _nearly_home(blocker=True)
    for action in blocked.legal_actions():
        if not isinstance(action, Roll):
            assert not blocked.apply(action).is_terminal()


def test_no_roll_on_jumps_variant():
    """§12.7 (§10 V0): no piece is rolled by jumps nor (GUESS) by the Hat's path."""
    chain = make({"c2": "F0", "e3": "S0", "d3": "B1"}, no_roll_on_jumps=True)
    after = play(chain, "c2xe4xe2xc4")
    assert after.to_move == 1 and not after.pending
    hat = make({"e1": "H0", "e2": "T1", "e3": "B0", "f1": "S1", "f2": "F1"}, no_roll_on_jumps=True)
    assert play(hat, "e1-f3/L").to_move == 1
    rolls = make({"e1": "H0", "e2": "T1", "e3": "B0", "f1": "S1", "f2": "F1"},
                 no_roll_on_jumps=True, no_roll_on_hat=False)
    assert play(rolls, "e1-f3/L").pending == (c("e2"), c("e3"))


def test_utter_chaos_variant():
    """§12.7 (§10 V2): no landing in the far half while another piece is in the start row."""
    south = {"d4": "F0", **{f"{x}0": "E0" for x in "bcdefgh"}}
    state = make({**south, "d5": "B1"}, utter_chaos=True)
    assert all(int(t[1]) <= 4 for t in targets(state, "d4"))
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "d4xd6")
    free = make({**south, "d5": "B1"})
    assert {"c5", "e5", "d6"} <= targets(free, "d4")
    out = make({"d4": "F0", **{f"{x}2": "E0" for x in "bcefghi"}, "d5": "B1"}, utter_chaos=True)
    assert {"c5", "e5", "d6"} <= targets(out, "d4")


# ---- §2 board, seats, forward directions, turn order --------------------------------------

def test_board_has_96_cells_and_four_home_rows():
    """§2: a 10×10 grid minus its corners; each Home Row has 8 cells."""
    from qipan.games.gype.board import CELLS
    assert len(CELLS) == 96
    assert all(len(ROW_CELLS[s]) == 8 for s in "SWNE")
    assert names(ROW_CELLS["W"]) == {f"a{y}" for y in range(1, 9)}


@pytest.mark.parametrize("players,option,seats", [(2, "SWN", "SN"), (3, "SWN", "SWN"),
                                                  (3, "SEN", "SNE"), (4, "SWN", "SWNE")])
def test_seats_by_player_count(players, option, seats):
    """§2, A9: 2p S-N, 3p S-W-N (or S-E-N by option), 4p all; players in turn order S W N E."""
    state = GAME.new(players, 0, three_player_seats=option)
    assert state.rules.seats == seats


@pytest.mark.parametrize("seats,turn,cell,expected", [
    ("SWNE", 0, "e4", {"e5", "d5", "f5", "e3"}),
    ("SWNE", 1, "d4", {"e4", "e5", "e3", "c4"}),
    ("SWNE", 2, "e5", {"e4", "d4", "f4", "e6"}),
    ("SWNE", 3, "f5", {"e5", "e6", "e4", "g5"}),
])
def test_tree_moves_forward_for_each_seat(seats, turn, cell, expected):
    """§2 forward directions and §5 Tree: forward, the forward diagonals, straight back."""
    state = make({cell: f"T{turn}"}, turn=turn, seats=seats)
    assert steps(state, cell) == expected


def test_turn_passes_to_the_left():
    """§2, A10: S -> W -> N -> E; ROLL is always available (§4)."""
    state = GAME.new(4, 0, first_player=2)
    order = []
    for _ in range(4):
        order.append(state.to_move)
        state = state.apply(arrangements((1, 1, 2, 2, 3, 3, 4, 4))[0])
    assert order == [2, 3, 0, 1] and not state.setup and state.to_move == 2
    seen = []
    for _ in range(5):
        seen.append(state.to_move)
        first = state.legal_actions()[0]
        assert isinstance(first, Roll)  # ROLL comes first and is always there (§4)
        state = state.apply(first)
        state = state.apply(state.legal_actions()[0])  # the die's outcome
    assert seen == [2, 3, 0, 1, 2]


# ---- §3 set-up ----------------------------------------------------------------------------

def test_setup_arranges_two_each_of_four_faces():
    """§3: each player arranges 2 Swords, Trees, Books and Flames in any order, in turn."""
    state = GAME.new(2, 0, first_player=1)
    assert state.setup and state.to_move == 1
    assert len(state.legal_actions()) == 2520
    assert all(isinstance(a, Arrange) for a in state.legal_actions())
    for bad in ("arrange BBBBTTFF", "arrange HBTTFFSS", "arrange EBTTFFSS"):
        with pytest.raises(IllegalAction):
            GAME.parse_action(state, bad)
    state = play(state, "arrange BTFSSFTB")
    assert [state.board[c] % 6 for c in ROW_CELLS["N"]] == [1, 2, 3, 4, 4, 3, 2, 1]
    assert state.to_move == 0 and state.setup
    state = play(state, "arrange SSTTBBFF")
    assert not state.setup and state.to_move == 1
    assert [state.board[c] for c in ROW_CELLS["S"]] == [4, 4, 2, 2, 1, 1, 3, 3]


@pytest.mark.parametrize("no_ears,faces,count", [(True, 5, 495), (False, 6, 1287)])
def test_random_start_deal_is_exact(no_ears, faces, count):
    """§10 V1: 8 dice rolled, grouped as a multiset with multinomial weights; with the seed's
    sub-switch Ears are re-rolled, so each die shows one of 5 faces."""
    state = GAME.new(2, 0, random_start=True, reroll_start_ears=no_ears, first_player=0)
    assert state.to_move == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == count and sum(p for _, p in outcomes) == 1
    probability = dict(outcomes)
    assert probability[Dealt((1,) * 8)] == Fraction(1, faces ** 8)
    assert probability[Dealt((1, 1, 2, 2, 3, 3, 4, 4))] == Fraction(2520, faces ** 8)
    assert (Dealt((0,) * 8) in probability) is not no_ears
    dealt = play(state, "dealt HHHHBBBB")
    assert dealt.to_move == 0 and len(dealt.legal_actions()) == 70
    with pytest.raises(IllegalAction):
        GAME.parse_action(dealt, "arrange SSTTBBFF")
    placed = play(dealt, "arrange HBHBHBHB")
    assert placed.to_move == CHANCE and placed.current == 1


def test_deal_outcomes_cover_every_multiset():
    """§10 V1: the grouped outcomes are all the multisets, each once."""
    faces = [a.faces for a, _ in deal_outcomes(False)]
    assert len(set(faces)) == len(faces) and all(list(f) == sorted(f) for f in faces)


# ---- §4 the turn: ROLL or MOVE --------------------------------------------------------------

def test_roll_is_always_legal_even_on_ear_and_goal_row_pieces():
    """§4, A15: ROLL any own piece; the die is a chance node with six outcomes of 1/6."""
    state = make({"d4": "E0", "e9": "F0", **N_ROW8})
    assert state.piece_moves(c("d4")) == [] and state.piece_moves(c("e9")) == []
    own = state.pieces(0)
    assert [a for a in state.legal_actions() if isinstance(a, Roll)] == [Roll(x) for x in own]
    rolled = play(state, "roll d4")
    outcomes = rolled.chance_outcomes()
    assert [a.face for a, _ in outcomes] == list(range(6))
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert play(rolled, "d4=H").board[c("d4")] == HAT


# ---- §5 steps by face, §6 jumps ---------------------------------------------------------------

@pytest.mark.parametrize("face,expected", [
    ("E", set()),
    ("B", {"e5", "f4", "e3", "d4"}),
    ("S", {"f5", "f3", "d3", "d5"}),
    ("F", {"e5", "f5", "f4", "f3", "e3", "d3", "d4", "d5"}),
])
def test_face_steps_in_open_field(face, expected):
    """§5: Ear none, Book orthogonal, Swords diagonal, Flame all 8; one step only (A7)."""
    state = make({"e4": f"{face}0", **N_ROW8})
    assert steps(state, "e4") == expected
    assert targets(state, "e4") == expected  # nothing to jump


def test_jump_needs_a_piece_and_an_empty_landing_and_no_long_jumps():
    """§6: one adjacent piece (own or not) and an empty cell beyond; never two pieces at once."""
    state = make({"e4": "B0", "e5": "B0", "f4": "B1", "g4": "B1", "d4": "B1", "d3": "E1", **{}})
    moves = {GAME.action_text(state, m) for m, _ in state.piece_moves(c("e4"))}
    assert "e4xe6" in moves            # over its own piece
    assert "e4xc4" in moves            # over a North piece
    assert not any(t.startswith("e4xg4") or t == "e4xh4" for t in moves)  # g4 occupied: blocked
    assert "e4-e3" in moves and "e4xe2" not in moves   # e3 is empty: a step, not a jump


def test_step_ends_the_move():
    """§6, A5: a plain step ends the move; the turn passes."""
    state = make({"e4": "F0", "e6": "B1", **{f"{x}8": "E1" for x in "bcdefgh"}})
    after = play(state, "e4-e5")
    assert after.to_move == 1 and not after.pending


def test_start_row_sideways_moves_and_no_return():
    """§8: a piece that never left may move along its start row; once out it never returns,
    not even within the same chain."""
    south = {"c0": "B0", "d0": "B0", "c1": "E1", "d2": "E1", "e1": "E1"}
    state = make({**south, **{f"{x}8": "E1" for x in "bcdhi"}})
    moves = {GAME.action_text(state, m) for m, _ in state.piece_moves(c("c0"))}
    assert "c0xe0" in moves            # jump along the start row over d0
    assert "c0xc2xe2" in moves
    assert "c0xc2xe2xe0" not in moves  # e0 is the start row again
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "c0xc2xe2xe0")


def test_chain_landings_and_normalisation():
    """§6: a chain is named by its landings and never lands twice on one cell (engine choice);
    with V0 (nothing rolled) chains ending on the same cell do the same, so a longer one is
    read as the shortest listed one."""
    ring = {"d4": "F0", "d5": "E1", "e5": "E1", "e4": "E1", "c5": "E1"}
    state = make(ring)
    listed = {GAME.action_text(state, m): r for m, r in state.piece_moves(c("d4")) if isinstance(m, Jump)}
    assert set(listed) == {"d4xb6", "d4xd6", "d4xd6xb4", "d4xd6xf4", "d4xf4", "d4xf4xd6",
                           "d4xf4xd6xb4", "d4xf6"}
    assert listed["d4xf4xd6xb4"] == (c("e4"), c("e5"), c("c5"))
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "d4xf4xd6xf4")  # f4 twice
    quiet = make(ring, no_roll_on_jumps=True)
    assert GAME.action_text(quiet, GAME.parse_action(quiet, "d4xd6xf4")) == "d4xf4"
    assert GAME.action_text(quiet, GAME.parse_action(quiet, "d4xf4xd6xb4")) == "d4xd6xb4"


# ---- §9 stall valve and house rules ---------------------------------------------------------

def _quiet(state, quiet):
    from qipan.games.gype import GypeState
    return GAME.parse_position(GAME.position(GypeState(state.rules, state.board, state.current, quiet=quiet)))


def test_stall_valve_ends_after_quiet_rounds():
    """§9 house rule: stall_rounds rounds without a goal-row entry end the game (a draw by
    default, or a ranking by pieces home)."""
    base = make({"e4": "F0", "b8": "F0", **{f"{x}3": "B1" for x in "bcdefghi"}}, stall_rounds=2)
    state = _quiet(base, 3)
    ended = play(state, "roll e4", "e4=B")
    assert ended.is_terminal() and ended.outcome().termination is Termination.STALL
    assert ended.outcome().winners == () and ended.outcome().scores == (6, 0)
    entered = play(_quiet(base, 3), "b8-b9")
    assert not entered.is_terminal() and entered.quiet == 0
    rank = _quiet(make({"e4": "F0", "b8": "F0", **{f"{x}3": "B1" for x in "bcdefghi"}},
                       stall_rounds=2, stall_result="rank"), 3)
    assert play(rank, "roll e4", "e4=B").outcome().winners == (0,)


def test_full_goal_row_house_rule():
    """§9 alternative house rule (off by default): a full goal row with one own piece wins."""
    north = {f"{x}9": "E1" for x in "bcdefgh"}
    pieces = {**north, "i8": "F0", "b2": "E1", **{f"{x}1": "E0" for x in "bcdefgh"}}
    assert not play(make(pieces), "i8-i9").is_terminal()
    won = play(make(pieces, full_goal_win=True), "i8-i9")
    assert won.outcome().termination is Termination.FULL_GOAL_ROW and won.outcome().winners == (0,)


def test_hat_path_guesses_never_matter():
    """§7 GUESSes: for every cell a piece may stand on and every leap it may land, both paths
    exist (no missing corner) and cross no other player's Home Row, so the two GUESSes (a path
    over a missing cell is unavailable; crossing a foreign row is allowed) never change play."""
    from qipan.games.gype.board import FOREIGN, KNIGHT, START, ZONES
    from qipan.games.gype.board import CELLS as ALL
    for seat in "SWNE":
        zones = ZONES[seat]
        for cell in ALL:
            if zones[cell] == FOREIGN:
                continue
            leaps = {}
            for dest, letter, path in KNIGHT[cell]:
                leaps.setdefault(dest, []).append(letter)
                if zones[dest] not in (START, FOREIGN):
                    assert all(zones[p] != FOREIGN for p in path)
            for dest, letters in leaps.items():
                if zones[dest] not in (START, FOREIGN):
                    assert sorted(letters) == ["L", "S"]
