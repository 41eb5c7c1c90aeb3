"""Luck: a single outcome's luck against the expectation computed here by hand (V of every outcome
weighted by its exact probability), and over 200 random games of each dice game the mean luck per
roll is zero within four standard errors (it is zero in expectation by construction)."""

from __future__ import annotations

import zlib
from fractions import Fraction
from math import comb, sqrt

import pytest

from qipan import games
from qipan.ai.search import expected_values
from qipan.analysis import Analyser, Roll, Valuer, roll_luck
from qipan.core import GameAI, Rng, mix
from qipan.games.calavera.ai import evaluate_all
from qipan.games.quorsum.ai import evaluate_all as evaluate_quorsum
from qipan.match import Match

QUORSUM_ROLL = ("standard 4d5d6d2d/5d6d2d3d/6d2d3d4d/2d3d4d5d pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- "
                "phase=roll:1 todo=- chain=a1x3 roll=step@b1x3 stalemate=0 score=0-0 chooser=1")
CALAVERA_ROLL = ("v1 passive_crosses=skulls even_rounds=yes start=1 sheets=5.5.5.5/5.5.5.4 bonus=F--/--- "
                 "claimed=x-- phase=roll active=1 rolls=2 dice=OO skulls=2")


def by_hand(game_id: str, text: str, game_ai: GameAI, depth: int = 2):
    """The position, and for each outcome its probability and V (the game's `turn_value`, else
    its evaluation with the chance ahead averaged); and the expectation, by hand."""
    game = games.get(game_id)
    state = game.parse_position(text)
    value = game_ai.turn_value or (lambda s: expected_values(s, game_ai, depth))
    rows = [(action, p, value(state.apply_unchecked(action))) for action, p in state.chance_outcomes()]
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


QUORSUM_CHAIN = ("standard 4d5l6l2d/6l2l3l4l/5l4d6l2l/2d3d4l5d pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- "
                 "phase=roll:1 todo=- chain=a1x3 roll=step@b1x3 stalemate=0 score=0-0 chooser=1")
"""Player 1's pawn on a1 (dark) steps to b1 (dark, 3) with three dice, nothing else allotted. From
b1 the only dark tiles on the way are b2 (a 4, one step nearer d4) and a1 behind it; from b2
only b1 behind it."""


def test_quorsum_luck_counts_the_dice_a_chain_carries_on_with():
    """Rules §4.2 (the chain rule): the step succeeds with the dice showing >= 3 (each 2/3, §5),
    and only those dice carry on, rolled again for the next step (>= 4: each 1/2); a failed step
    ends the move, and the player may stop a chain (A3). With nothing else allotted the turn ends
    with the chain. So after j dice met, player 1 stops on b1 or tries b2 with j dice (stepping
    back to a1 only loses ground): worth max(V(b1), (1 - 2^-j) V(b2) + 2^-j V(b1)), V the race
    evaluation of the turn's end."""
    game = games.get("quorsum")
    state = game.parse_position(QUORSUM_CHAIN)
    at = {game.action_text(state, a): state.apply_unchecked(a) for a, _ in state.chance_outcomes()}

    def end(s):
        return evaluate_quorsum(s.apply_unchecked(game.parse_action(s, "stop")))
    on_b1 = at["met 3"]
    on_b2 = on_b1.apply_unchecked(game.parse_action(on_b1, "step b2"))
    on_b2 = on_b2.apply_unchecked(game.parse_action(on_b2, "met 1"))
    v_a1, v_b1, v_b2 = evaluate_quorsum(at["met 0"]), end(on_b1), end(on_b2)
    assert v_b2[0] > v_b1[0] > v_a1[0], "the further the better, or the test says nothing"
    probability = {j: Fraction(comb(3, j)) * Fraction(2, 3) ** j * Fraction(1, 3) ** (3 - j) for j in range(4)}
    value = {0: v_a1}
    for j in (1, 2, 3):
        go = 1 - 0.5 ** j
        value[j] = max(v_b1, tuple(go * b2 + (1 - go) * b1 for b1, b2 in zip(v_b1, v_b2)), key=lambda v: v[0])
    assert len(set(value.values())) == 4, "each count of dice met is worth something else"
    expected = [sum(float(probability[j]) * value[j][i] for j in range(4)) for i in range(2)]
    valuer = Valuer(games.ai("quorsum"), 2)
    for j in range(4):
        roll = roll_luck(valuer, state, at[f"met {j}"])
        assert roll.probability == pytest.approx(float(probability[j]))
        assert roll.expected == pytest.approx(expected)
        assert roll.luck == pytest.approx([v - e for v, e in zip(value[j], expected)])


CALAVERA_LAST_DIE = ("v1 start=0 sheets=0.10f.10f.10f/10f.10f.10f.3 bonus=---/--- claimed=--- "
                     "phase=roll active=0 rolls=2 dice=OOO skulls=2")
"""Player 1 rolls the last die of the turn's third roll with three orange kept and two skulls
locked; only their orange row is open, and only player 2's black row."""


def turn_end(p1: str, p2: str) -> tuple[float, ...]:
    """The game's evaluation of the end of player 1's turn with these sheets (player 2 to roll)."""
    text = f"v1 start=0 sheets={p1}/{p2} bonus=---/--- claimed=--- phase=roll active=1 rolls=0 dice=- skulls=0"
    return evaluate_all(games.get("calavera").parse_position(text))


def test_calavera_luck_mid_turn_is_what_the_last_die_leaves_by_the_rules():
    """Each face 1/6 (rules §1.1). After the third roll the result stands (§4.1.5) and player 1
    chooses (§4.2); with skulls showing, player 2 then marks from the dice not taken (§4.3); a third
    skull is a bust (§4.4): player 1 marks nothing and player 2 marks from every non-skull die."""
    p1, p2 = "10f.10f.10f", "10f.10f.10f"
    ends = {
        "O": turn_end(f"4.{p1}", f"{p2}.3"),          # OOOO: orange, 4 crosses; nothing left to mark
        "P": turn_end(f"3.{p1}", f"{p2}.3"),          # pink frozen: orange (3); P left, p2's pink frozen
        "G": turn_end(f"3.{p1}", f"{p2}.3"),          # the same with green
        "B": turn_end(f"3.{p1}", f"{p2}.4"),          # orange (3); B left: p2 must cross black once
        "R": max(turn_end(f"3.{p1}", f"{p2}.4"),      # orange (3); the rose left: p2 crosses black
                 turn_end(f"1.{p1}", f"{p2}.3"),      # or the rose as orange (1); OOO left, p2 can't
                 key=lambda v: v[0]),                 # player 1 takes the better (§4.2: their choice)
        "S": turn_end(f"0.{p1}", f"{p2}.3"),          # bust; OOO: p2's orange frozen, nothing to mark
    }
    assert len(set(ends.values())) > 2, "the outcomes must differ, or the test says nothing"
    expected = [sum(v[i] for v in ends.values()) / 6 for i in range(2)]
    game = games.get("calavera")
    state = game.parse_position(CALAVERA_LAST_DIE)
    valuer = Valuer(games.ai("calavera"), 2)
    for action, p in state.chance_outcomes():
        face = game.action_text(state, action).split()[-1]
        roll = roll_luck(valuer, state, state.apply_unchecked(action))
        assert p == Fraction(1, 6)
        assert roll.expected == pytest.approx(expected)
        assert roll.luck == pytest.approx([v - e for v, e in zip(ends[face], expected)])


def test_calavera_luck_of_a_first_roll_is_its_turn_value_minus_the_mean_over_all_462():
    """Before the first roll the value is the sheets' (`evaluate_all`); every outcome of the six
    dice (rules §4.1.1; 462 multisets of faces) is worth the exact solution of the rest of the
    turn, and the luck of one is its value minus their mean with the multinomial odds (§1.1)."""
    game = games.get("calavera")
    state = game.new(2, 0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 462 and sum(p for _, p in outcomes) == 1
    ai = games.ai("calavera")
    values = [(p, ai.turn_value(state.apply_unchecked(a))) for a, p in outcomes]
    expected = [sum(float(p) * v[i] for p, v in values) for i in range(2)]
    assert len({v for _, v in values}) > 10, "the dice in hand must matter"
    valuer = Valuer(ai, 2)
    for (action, _), (_, v) in list(zip(outcomes, values))[::50]:
        roll = roll_luck(valuer, state, state.apply_unchecked(action))
        assert roll.luck == pytest.approx([x - e for x, e in zip(v, expected)])


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
    # Calavera's own V (the turn solved exactly from the dice in hand): the first 6 plies of each
    # game are its first turn, whose first roll and re-rolls (about 590 rolls in all) are what the
    # turn value is for; both start players' first turns are solved once (about 6 s here). Each
    # later turn needs a solve of its own (about 0.05 s), which would make 200 whole games minutes.
    ("calavera", "game", 6, 0),
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
