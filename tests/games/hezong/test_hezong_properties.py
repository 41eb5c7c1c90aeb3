"""Property tests (hypothesis): random legal play keeps the rules' invariants (§3, §3.1, §3.2, §4);
illegal actions change nothing; the parsers raise only NotationError / IllegalAction."""

from hypothesis import given, settings, strategies as st

from qipan.core import IllegalAction, NotationError, Rng
from qipan.games.hezong import GAME, Place
from qipan.games.hezong.rules import ATTACK_MODES, ATTACK_RAYS, BLOCKED_LINE, STONES_EACH

OPTIONS = st.fixed_dictionaries({
    "attack_ray": st.sampled_from(ATTACK_RAYS),
    "attack": st.sampled_from(ATTACK_MODES),
    "blocked_line": st.sampled_from(BLOCKED_LINE),
    "reuse_removed_cells": st.booleans(),
})


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**40), OPTIONS)
def test_random_play_keeps_invariants(players, seed, options):
    rng = Rng(seed)
    state = GAME.new(players, seed=seed, **options)
    each = STONES_EACH[players]
    while not state.is_terminal():
        mover = state.to_move
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        # §3: one stone per turn; removed stones never come back
        assert sum(after.supply) == sum(state.supply) - 1
        assert all(a >= b for a, b in zip(after.removed, state.removed))
        # §3.2: the mover's stones are never removed; removals are what attack_targets announced
        assert after.removed[mover] == state.removed[mover]
        if isinstance(action, Place):
            gone = [c for c in range(144) if state.stones[c] >= 0 and after.stones[c] < 0]
            assert tuple(gone) == state.attack_targets(action.cell, action.fire)
            # §3.1 P1: the reference cell always holds the previous mover's stone
            assert after.stones[after.last] == mover
        for p in range(players):
            placed = each - after.supply[p]
            assert after.stones.count(p) + after.removed[p] <= placed
        state = after
    # §4: recount regions independently: exclusive = one colour, shared = one point per colour
    colours: dict[int, set[int]] = {}
    for c in range(144):
        if state.stones[c] >= 0:
            colours.setdefault(state.map.regions[c], set()).add(state.stones[c])
    tallies = state.tallies()
    assert sum(t.exclusive for t in tallies) == sum(1 for s in colours.values() if len(s) == 1)
    assert sum(t.shared for t in tallies) == sum(len(s) for s in colours.values() if len(s) > 1)
    assert all(t.score == 2 * t.exclusive + t.shared - state.seat(t.player) for t in tallies)
    assert state.outcome().scores == tuple(t.score for t in tallies)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**40), st.integers(0, 30), st.integers(0, 143))
def test_illegal_action_raises_and_changes_nothing(players, seed, plies, cell):
    rng = Rng(seed)
    state = GAME.new(players, seed=seed)
    for _ in range(plies):
        state = state.apply(rng.choice(state.legal_actions()))
    before = GAME.position(state)
    if cell not in state.placement_cells():
        try:
            state.apply(Place(cell))
        except IllegalAction as exc:
            assert "not legal" in str(exc)
        else:
            raise AssertionError("an illegal placement was accepted")
    assert GAME.position(state) == before


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_position_parser_raises_only_notation_errors(text):
    try:
        state = GAME.parse_position(text)
    except NotationError:
        return
    assert GAME.parse_position(GAME.position(state)) == state


START = GAME.position(GAME.new(3, seed=2, start_player=0).apply(Place(40)))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(START) - 1), st.sampled_from("0123456789abcdefghijklmnopqrstuvwxyz/,-= x"))
def test_mutated_positions_parse_or_raise_notation_error(index, char):
    text = START[:index] + char + START[index + 1:]
    try:
        state = GAME.parse_position(text)
    except NotationError:
        return
    again = GAME.position(state)
    assert GAME.parse_position(again) == state and GAME.position(GAME.parse_position(again)) == again


def _after_one_stone(attack: str):
    state = GAME.new(2, seed=1, start_player=0, attack=attack)
    return state.apply(next(a for a in state.legal_actions() if a.cell == 50))


AFTER_ONE = {attack: _after_one_stone(attack) for attack in ATTACK_MODES}


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=20), st.from_regex(r"[a-m]1?[0-9](:[NESW]{1,2}(,[NESW]{1,2})*)?", fullmatch=True)),
       st.sampled_from(ATTACK_MODES))
def test_action_parser_raises_only_notation_or_illegal(text, attack):
    state = AFTER_ONE[attack]
    try:
        action = GAME.parse_action(state, text)
    except (NotationError, IllegalAction):
        return
    assert action in state.legal_actions()
