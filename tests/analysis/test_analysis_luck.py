"""Luck: a single outcome's luck against the expectation computed here by hand (V of every outcome
weighted by its exact probability), and over 200 random games of each dice game the mean luck per
roll is zero within four standard errors (it is zero in expectation by construction)."""

from __future__ import annotations

import zlib
from fractions import Fraction
from math import sqrt

import pytest

from qipan import games
from qipan.ai.search import expected_values
from qipan.analysis import Analyser, Roll, Valuer, roll_luck
from qipan.core import GameAI, Rng, mix
from qipan.match import Match

QUORSUM_ROLL = ("standard 4d5d6d2d/5d6d2d3d/6d2d3d4d/2d3d4d5d pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- "
                "phase=roll:1 todo=- chain=a1x3 roll=step@b1x3 stalemate=0 score=0-0 chooser=1")
CALAVERA_ROLL = ("v1 passive_crosses=skulls even_rounds=yes start=1 sheets=5.5.5.5/5.5.5.4 bonus=F--/--- "
                 "claimed=x-- phase=roll active=1 rolls=2 dice=OO skulls=2")


def by_hand(game_id: str, text: str, game_ai: GameAI, depth: int = 2):
    """The position, and for each outcome its probability and V; and the expectation, by hand."""
    game = games.get(game_id)
    state = game.parse_position(text)
    rows = [(action, p, expected_values(state.apply_unchecked(action), game_ai, depth))
            for action, p in state.chance_outcomes()]
    assert sum(p for _, p, _ in rows) == Fraction(1)
    expected = [sum(float(p) * v[i] for _, p, v in rows) for i in range(state.players)]
    return state, rows, expected


def crc_values(game_id: str) -> GameAI:
    """A cheap V that sees everything in a position (the dice too): a fixed pseudo-random value of
    its text. The luck's zero mean holds for any V, so this tests the bookkeeping at full strength."""
    game = games.get(game_id)

    def evaluate_all(state):
        code = zlib.crc32(game.position(state).encode())
        return tuple(((code >> (8 * p)) & 0xFF) / 127.5 - 1.0 for p in range(state.players))
    return GameAI(evaluate_all=evaluate_all)


CASES_ONE = [("quorsum", QUORSUM_ROLL, "game"), ("quorsum", QUORSUM_ROLL, "crc"), ("calavera", CALAVERA_ROLL, "crc")]


def value_source(game_id: str, value: str) -> GameAI:
    return games.ai(game_id) if value == "game" else crc_values(game_id)


@pytest.mark.parametrize("game_id, text, value", CASES_ONE)
def test_the_luck_of_each_outcome_is_its_value_minus_the_weighted_mean(game_id, text, value):
    game_ai = value_source(game_id, value)
    state, rows, expected = by_hand(game_id, text, game_ai)
    assert len({v for _, _, v in rows}) > 1, "the outcomes must matter, or the test says nothing"
    valuer = Valuer(game_ai, 2)
    for action, p, values in rows:
        roll = roll_luck(valuer, state, state.apply_unchecked(action))
        assert roll.probability == pytest.approx(float(p))
        assert roll.expected == pytest.approx(expected)
        assert roll.luck == pytest.approx([v - e for v, e in zip(values, expected)])
    # The weighted luck of all outcomes is zero (to rounding).
    total = [sum(float(p) * (v[i] - expected[i]) for _, p, v in rows) for i in range(state.players)]
    assert total == pytest.approx([0.0] * state.players, abs=1e-12)


def test_calaveras_evaluation_does_not_see_the_dice_so_its_rolls_carry_no_luck():
    """The documented limit (docs/analysis.md): Calavera's evaluation scores the sheets only, so
    with the game's own V every outcome of a roll in the middle of a turn is worth the same."""
    state, rows, expected = by_hand("calavera", CALAVERA_ROLL, games.ai("calavera"))
    valuer = Valuer(games.ai("calavera"), 2)
    for action, _, _ in rows:
        assert roll_luck(valuer, state, state.apply_unchecked(action)).luck == pytest.approx([0.0, 0.0])


@pytest.mark.parametrize("game_id, text", [("quorsum", QUORSUM_ROLL), ("calavera", CALAVERA_ROLL)])
def test_a_match_from_the_position_reports_the_same_luck(game_id, text):
    state, rows, expected = by_hand(game_id, text, games.ai(game_id))
    game = games.get(game_id)
    for action, _, values in rows[:3]:
        match = Match.from_position(game_id, text)
        match.play(game.action_text(state, action))
        analysis = Analyser(match).run()
        (roll,) = analysis.plies
        assert isinstance(roll, Roll) and roll.outcome == game.action_text(state, action)
        assert roll.luck == pytest.approx([v - e for v, e in zip(values, expected)])
        # The graph moves at the roll by exactly its luck.
        step = [b - a for a, b in zip(analysis.series[0], analysis.series[1])]
        assert step == pytest.approx(list(roll.luck))


def random_lucks(game_id: str, game_ai: GameAI, games_count: int, plies: int, chance_depth: int) -> list[float]:
    """Player 1's luck at every roll of `games_count` seeded random games' first `plies` actions."""
    valuer = Valuer(game_ai, chance_depth)
    lucks = []
    for seed in range(games_count):
        match = Match.new(game_id, 2, seed)
        rng = Rng(mix(seed, 0xA11))
        while len(match.actions) < plies and not match.state.is_terminal():
            state = match.state
            if state.is_chance():
                match.sample_chance()
                lucks.append(roll_luck(valuer, state, match.state).luck[0])
            else:
                match.play_action(rng.choice(state.legal_actions()))
    return lucks


CASES = [
    ("quorsum", "game", 40, 0),
    ("quorsum", "crc", 40, 0),
    ("gype", "game", 30, 0),
    ("gype", "crc", 30, 0),
    ("calavera", "crc", 6, 0),
]


@pytest.mark.parametrize("game_id, value, plies, chance_depth", CASES)
def test_mean_luck_per_roll_is_zero_within_its_confidence_interval(game_id, value, plies, chance_depth):
    game_ai = value_source(game_id, value)
    lucks = random_lucks(game_id, game_ai, 200, plies, chance_depth)
    n = len(lucks)
    assert n >= 200
    mean = sum(lucks) / n
    sd = sqrt(sum((x - mean) ** 2 for x in lucks) / (n - 1))
    se = sd / sqrt(n)
    assert se > 0, "every roll had no luck: the test would say nothing"
    assert abs(mean) <= 4 * se, (mean, se, n)
