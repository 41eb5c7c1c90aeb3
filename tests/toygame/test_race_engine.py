"""Dice Race's engine keeps the contract of the five games: the state idiom, the rules, options
checked by `Game.setup`, precise errors, and position and action text that round-trip (fuzzed)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from qipan.core import CHANCE, TERMINAL, IllegalAction, NotationError

from toygame import BANK, GAME, ROLL, RaceState, Termination


def at(text: str) -> RaceState:
    return GAME.parse_position(text)


def test_the_state_is_a_frozen_slotted_dataclass_with_its_legal_actions_cached():
    state = GAME.new(3)
    assert dataclasses.is_dataclass(state) and not hasattr(state, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.total = 4
    assert state.legal_actions() is state.legal_actions()
    assert at(GAME.position(state)) == state and state.players == 3


def test_a_turn_starts_with_a_roll_of_six_equal_faces():
    state = GAME.new()
    assert state.to_move == CHANCE and GAME.position(state) == "0/0 0 roll 0 10 10"
    assert [face for face, _ in state.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    assert sum(p for _, p in state.chance_outcomes()) == 1


def test_a_scoring_roll_asks_roll_or_bank_and_bank_moves_on():
    state = GAME.new().apply(4)
    assert state.to_move == 0 and state.legal_actions() == (BANK, ROLL)
    with pytest.raises(IllegalAction):
        state.chance_outcomes()
    state = state.apply(ROLL).apply(3)
    assert GAME.position(state) == "0/0 0 choose 7 10 10"
    assert GAME.position(state.apply(BANK)) == "7/0 1 roll 0 10 10"


def test_a_one_busts_the_turns_total():
    assert GAME.position(at("4/2 2 roll 5 10 10").apply(1)) == "4/2 3 roll 0 10 10"


def test_reaching_the_goal_wins_at_once():
    state = at("7/2 2 roll 0 10 10").apply(3)
    assert state.to_move == TERMINAL and state.legal_actions() == ()
    assert state.outcome().winners == (0,) and state.outcome().termination is Termination.GOAL


def test_the_last_round_ends_the_race_furthest_along_wins_level_is_a_draw():
    ahead = at("3/6 3 choose 2 10 2").apply(BANK)
    assert ahead.outcome().winners == (1,) and ahead.outcome().termination is Termination.ROUNDS
    level = at("5/3 3 choose 2 10 2").apply(BANK)
    assert level.outcome().is_draw
    shared = at("4/4/0 5 choose 2 10 2").apply(BANK)
    assert shared.outcome().winners == (0, 1)


def test_options_are_checked_by_setup():
    assert GAME.new(2, goal=20).goal == 20
    for bad in ({"goal": 5}, {"rounds": 0}, {"goal": "10"}, {"laps": 3}):
        with pytest.raises(ValueError):
            GAME.new(2, **bad)
    with pytest.raises(ValueError, match="2-4 players"):
        GAME.new(5)


def test_errors_name_the_action_and_the_position():
    state = GAME.new()
    with pytest.raises(IllegalAction, match="'bank' is not legal in 0/0 0 roll 0 10 10"):
        GAME.parse_action(state, "bank")
    with pytest.raises(IllegalAction, match="roll is not legal in 0/0 0 roll 0 10 10"):
        state.apply(ROLL)
    with pytest.raises(NotationError):
        GAME.parse_action(state, "7")


@pytest.mark.parametrize("text,why", [
    ("0/0 0 roll 0 10", "6 fields"),
    ("0 0 roll 0 10 10", "2-4 runners"),
    ("0/0 0 walk 0 10 10", "phase"),
    ("11/0 1 roll 0 10 10", "past the goal"),
    ("1/0 1 roll 0 10 10", "cell 1"),
    ("0/4 1 roll 0 10 10", "without having had a turn"),
    ("0/0 0 choose 0 10 10", "after a roll that scored"),
    ("0/0 0 choose 1 10 10", "never 1"),
    ("8/0 2 choose 2 10 10", "already won"),
    ("10/10 2 roll 0 10 10", "only one runner"),
    ("10/2 3 roll 0 10 10", "its own turn"),
    ("4/2 4 roll 0 10 1", "more than 1 rounds"),
    ("0/0 0 roll 0 40 10", "the goal is"),
])
def test_impossible_positions_are_refused_saying_why(text, why):
    with pytest.raises(NotationError, match=why):
        at(text)


# -- fuzzed notation ----------------------------------------------------------------------------


@st.composite
def reached(draw: st.DrawFn) -> RaceState:
    """A position some game reaches: a seeded walk of random length."""
    state = GAME.new(draw(st.integers(2, 4)), goal=draw(st.integers(6, 30)), rounds=draw(st.integers(1, 30)))
    for _ in range(draw(st.integers(0, 80))):
        if state.is_terminal():
            break
        state = state.apply(draw(st.sampled_from(state.legal_actions())))
    return state


@settings(max_examples=150, deadline=None)
@given(reached())
def test_position_and_action_text_round_trip(state):
    text = GAME.position(state)
    assert at(text) == state and GAME.position(at(text)) == text
    for action in state.legal_actions():
        assert GAME.parse_action(state, GAME.action_text(state, action)) == action


FIELDS = st.one_of(st.text(max_size=12), st.from_regex(r"[0-9]{1,3}(/[0-9]{1,3}){0,4}", fullmatch=True),
                   st.sampled_from(["roll", "choose", "0", "2", "10", "30"]))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(FIELDS, min_size=5, max_size=7).map(" ".join)))
def test_any_position_text_parses_to_a_normal_form_or_raises_notation_error(text):
    try:
        state = at(text)
    except NotationError as exc:
        assert str(exc)
        return
    assert at(GAME.position(state)) == state


@given(reached(), st.one_of(st.text(max_size=10), st.sampled_from(["roll", " BANK ", "1", "6", "0", "7"])))
def test_any_action_text_is_an_action_or_a_precise_error(state, text):
    try:
        action = GAME.parse_action(state, text)
    except (NotationError, IllegalAction) as exc:
        assert str(exc) and text.strip().lower() not in {GAME.action_text(state, a) for a in state.legal_actions()}
        return
    assert action in state.legal_actions() and GAME.action_text(state, action) == text.strip().lower()
