"""Table Gype's hard computer player: pacing entries while the goal row is blocked (rules §9
stall valve), and never throwing a win away. Real budgets, positions built with gype_util."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from qipan import ai, games
from qipan.ai.search import squash
from qipan.core import Rng
from qipan.games.gype import GAME, GypeState, Roll
from qipan.games.gype.ai import (FACE_VALUE, HOME_BONUS, SPREAD, blocked, enters, evaluate, evaluate_all, lateral,
                                 paced_actions, progress)
from qipan.games.gype.board import GOAL, OPPOSITE, ROW_CELLS, ZONES

from gype_util import c, make

# South (player 0) has six pieces home on b9..g9 and a Flame on g8 that can step in on h9; a
# North Tree still stands on i9, North's start row, so South cannot win yet. South's eighth
# piece, a Tree on d5, is on its way; North's other pieces are far off.
BLOCKED = {"b9": "F0", "c9": "T0", "d9": "B0", "e9": "S0", "f9": "T0", "g9": "F0", "g8": "F0",
           "d5": "T0", "i9": "T1", "b3": "F1", "c3": "T1", "d3": "B1", "e3": "S1", "f3": "F1",
           "g3": "T1", "h3": "B1"}


def at_quiet(state: GypeState, quiet: int) -> GypeState:
    """The same position with the stall counter at `quiet` (checked by the position parser)."""
    text = GAME.position(state).replace(f"quiet={state.quiet}", f"quiet={quiet}")
    return GAME.parse_position(text)


def test_blocked_goal_row_is_seen() -> None:
    state = make(BLOCKED)
    assert blocked(state, 0)
    assert not blocked(make({k: v for k, v in BLOCKED.items() if k != "i9"} | {"i7": "T1"}), 0)


def test_hard_holds_entries_back_while_the_valve_is_far() -> None:
    """60 turns end the game (30 rounds, 2 players); at 10 the entries are kept in reserve."""
    state = at_quiet(make(BLOCKED), 10)
    assert any(enters(state, a) for a in state.legal_actions())
    allowed = paced_actions(state)
    assert allowed and not any(enters(state, a) for a in allowed)
    for seed in range(3):
        assert not enters(state, ai.choose(state, games.ai("gype"), "hard", seed))


def test_hard_enters_when_the_valve_is_near() -> None:
    """At 57 of 60 the next quiet round ends the game as a draw: the hard level enters."""
    state = at_quiet(make(BLOCKED), 57)
    for seed in range(3):
        action = ai.choose(state, games.ai("gype"), "hard", seed)
        assert enters(state, action)
        after = state.apply(action)
        assert after.quiet == 0 and not after.is_terminal()


def test_hard_does_not_throw_a_win_away() -> None:
    """With the blocker gone and seven pieces home, stepping the eighth in wins at once."""
    pieces = {"b9": "F0", "c9": "T0", "d9": "B0", "e9": "S0", "f9": "T0", "g9": "F0", "i9": "S0",
              "h8": "F0", "i7": "T1", "b3": "F1", "c3": "T1", "d3": "B1", "e3": "S1", "f3": "F1",
              "g3": "T1", "h3": "B1"}
    for quiet in (0, 30):
        state = at_quiet(make(pieces), quiet)
        assert not blocked(state, 0)
        for seed in range(3):
            after = state.apply(ai.choose(state, games.ai("gype"), "hard", seed))
            assert after.is_terminal() and after.outcome().winners == (0,)


def test_waiting_is_a_pass_when_every_piece_is_ready() -> None:
    """All of South's pieces out of the goal row can enter: waiting re-rolls a piece at home."""
    pieces = {cell: token for cell, token in BLOCKED.items() if cell != "d5"} | {"h8": "F0"}
    state = at_quiet(make(pieces), 10)
    action = ai.choose(state, games.ai("gype"), "hard", 0)
    assert isinstance(action, Roll) and ZONES["S"][action.cell] == GOAL
    assert c("b9") <= action.cell <= c("g9")


def test_last_piece_is_drawn_toward_the_last_free_goal_cell() -> None:
    """Seven pieces home and only i9 free: a Book on f8 is worth more than one on c8, although
    both stand one row short of the goal (from a stalled game of the strength bench)."""
    home = {"b9": "T0", "c9": "F0", "d9": "H0", "e9": "T0", "f9": "B0", "g9": "B0", "h9": "F0",
            "e7": "H1", "g7": "E1", "b3": "F1", "c3": "T1", "d3": "B1", "e3": "S1", "f3": "F1",
            "g3": "T1"}
    far, near = make(home | {"c8": "B0"}), make(home | {"f8": "B0"})
    assert evaluate(near, 0) > evaluate(far, 0)
    assert evaluate(near, 1) < evaluate(far, 1)


def test_only_the_last_entries_are_paced() -> None:
    """With three pieces out of the blocked goal row, entering is not held back."""
    state = at_quiet(make({cell: token for cell, token in BLOCKED.items() if cell != "g9"} | {"h8": "F0"}), 10)
    assert blocked(state, 0) and paced_actions(state) is None


def material_by_definition(state: GypeState, player: int) -> float:
    """The evaluation's material as docs/ai.md defines it, without the tables: pieces home, else
    the face and the rows to go or, if longer, the king's-move way to the nearest free goal cell."""
    seat = state.seat(player)
    free = [lateral(seat, cell) for cell in ROW_CELLS[OPPOSITE[seat]] if state.board[cell] < 0]
    total = 0.0
    for cell in state.pieces(player):
        if ZONES[seat][cell] == GOAL:
            total += 9 + HOME_BONUS
            continue
        ahead = 9 - progress(seat, cell)
        if free:
            ahead = max(ahead, min(abs(lateral(seat, cell) - f) for f in free))
        total += 9 - ahead + FACE_VALUE[state.board[cell] % 6]
    return total


def values_by_definition(state: GypeState) -> tuple[float, ...]:
    material = [material_by_definition(state, p) for p in range(state.players)]
    return tuple(squash((m - max(v for q, v in enumerate(material) if q != p)) / SPREAD)
                 for p, m in enumerate(material))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from((2, 3, 4)))
def test_the_evaluation_s_tables_give_the_values_of_its_definition(seed: int, players: int) -> None:
    """The lookup tables and one-pass piece scan change no value, to the last bit (the moves a
    seed plays stay the same), in every position of a greedy game: its pieces reach the goal
    rows, so the way along a part-filled row counts too."""
    state = GAME.new(players, seed)
    rng = Rng(seed)
    while not state.is_terminal():
        assert evaluate_all(state) == values_by_definition(state)
        state = state.apply(rng.sample_outcome(state.chance_outcomes()) if state.is_chance()
                            else ai.choose(state, games.ai("gype"), "greedy", seed))
