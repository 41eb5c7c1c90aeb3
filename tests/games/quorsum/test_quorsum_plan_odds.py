"""The odds shown before rolling are the odds of what the engine will do with the plan (rules §5
flip step 1, A8; §4.2 resolution in any order): checked on the screen and, for random positions
and allocations, against the engine's own chance tree."""

from __future__ import annotations

from fractions import Fraction

from fakes import FakeHost
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from quorsum_helpers import bot_action

from qipan.core import Rng
from qipan.games.quorsum import odds
from qipan.games.quorsum.actions import FLIP, GO, MOVE, STOP, Allot, Step, Try
from qipan.games.quorsum.rules import ALLOCATE, CHAIN, RESOLVE
from qipan.games.quorsum.ui import play
from qipan.games.quorsum.ui.screen import QuorsumScreen
from qipan.match import Match

BOARD = "standard 2d5l4l3l/2d2d6l2l/5l6l3d3d/5d4l2d4l pawns=a1>d4,d1>a4/a4>d1,d4>a1"
OPEN = BOARD.replace("5l6l3d3d", "5d6l3d3d")  # a2 dark like a1: the pawn on a1 can step to a2


def screen_for(text: str, lang: str = "en") -> tuple[QuorsumScreen, FakeHost]:
    host = FakeHost(lang)
    screen = QuorsumScreen(host, Match.from_position("quorsum", text))
    screen.resize(700, 600, 2)
    screen.render()
    return screen, host


def test_a_flip_of_the_tile_the_own_pawn_stands_on_shows_no_chance_and_why():
    """The outside report: own pawn on a1, four dice on "flip a1": 0 %, not 80.2 % (65/81)."""
    text = f"{BOARD} locks=- phase=resolve:1 todo=flip@a1x4 stalemate=0 score=0-0 chooser=1"
    screen, host = screen_for(text)
    panel = host.elements["game-panel"].innerHTML
    assert "80.2%" not in panel and "65/81" not in panel
    assert "success 0.0% (0)" in panel and "a pawn stands on the tile" in panel
    assert "80%" not in host.elements["board"].context.texts()
    assert "0%" in host.elements["board"].context.texts()
    # and the engine agrees: the flip fails without a roll
    after = screen.state.apply(Try(FLIP, 0, 4))
    assert after.colours == screen.state.colours and after.phase != "roll"
    screen, host = screen_for(text, "zh-TW")
    assert "這格上有棋子" in host.elements["game-panel"].innerHTML


def test_the_order_of_resolution_is_named_when_it_matters():
    """A planned move of the pawn on the tile may clear it first; a planned move may also end on
    a free tile, so its flip's odds hold only if the flip goes first."""
    text = f"{OPEN} locks=- phase=resolve:1 todo=flip@a1x2,move@a1x2 stalemate=0 score=0-0 chooser=1"
    screen, host = screen_for(text)
    panel = host.elements["game-panel"].innerHTML
    assert "resolve the move from a1 first: up to" in panel
    plan = odds.flip_plan(screen.state, 0, 2)
    assert plan.now == 0 and plan.clear_first == 0 and 0 < plan.later < 1
    text = f"{OPEN} locks=- phase=resolve:1 todo=flip@a2x2,move@a1x2 stalemate=0 score=0-0 chooser=1"
    screen, host = screen_for(text)
    assert "only if resolved before the move from a1" in host.elements["game-panel"].innerHTML


# -- against the engine's chance tree -----------------------------------------------------------


def flip_chance(state, cell: int, dice: int) -> Fraction:
    """The engine's chance that resolving Try(FLIP, cell, dice) now turns the tile over."""
    after = state.apply(Try(FLIP, cell, dice))
    if not after.is_chance():
        return Fraction(1) if after.colours[cell] != state.colours[cell] else Fraction(0)
    return sum((p for outcome, p in after.chance_outcomes()
                if after.apply(outcome).colours[cell] != state.colours[cell]), Fraction(0))


def after_first_step(state, cell: int, dice: int, target: int):
    """The chance outcomes of resolving the move from `cell` by one step to `target`, then stopping."""
    chain = state.apply(Try(MOVE, cell, dice)).apply(Step(target))
    for outcome, p in chain.chance_outcomes():
        after = chain.apply(outcome)
        if after.phase == CHAIN:
            after = after.apply(STOP)
        yield after, p


def resolving_states(seed: int, plies: int):
    """Positions reached by a purposeful random game, stopped in allocation."""
    rng = Rng(seed)
    state = Match.new("quorsum", 2, seed).state
    for _ in range(plies):
        if state.is_terminal():
            break
        state = state.apply(bot_action(state, rng))
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 60), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=4))
def test_every_flip_figure_is_the_engines_chance(seed, plies, picks):
    state, rng = resolving_states(seed, plies), Rng(seed + plies)
    for _ in range(200):
        if state.phase == ALLOCATE or state.is_terminal():
            break
        state = state.apply(bot_action(state, rng))
    if state.phase != ALLOCATE:
        return
    # a random allocation: any mix of moves and flips of any tile the engine allows
    for pick in picks:
        allots = [a for a in state.legal_actions() if isinstance(a, Allot)]
        if state.phase != ALLOCATE or not allots:
            break
        state = state.apply(allots[pick % len(allots)])
    if state.phase == ALLOCATE:
        state = state.apply(GO)
    if state.phase != RESOLVE:
        return
    for kind, cell, dice in set(state.todo):
        if kind != FLIP:
            continue
        plan = play.flip_odds(state, cell, dice)
        # resolved next: exactly the engine's chance, 0 when it fails unrolled
        assert plan.now == flip_chance(state, cell, dice)
        assert (plan.now == 0) == (plan.blocked is not None)
        others = [t for t in set(state.todo) if t != (kind, cell, dice)]
        if plan.clear_first is not None:
            # resolving the pawn's move first by its best first step, then the flip: "up to"
            move = next(t for t in others if t[0] == MOVE and t[1] == plan.clear_first)
            best = max(sum((p * flip_chance(after, cell, dice) for after, p in
                            after_first_step(state, move[1], move[2], y) if after.phase == RESOLVE
                            and (FLIP, cell, dice) in after.todo), Fraction(0))
                       for y in state.step_targets(move[1]))
            assert best <= plan.later
            if state.rules.may_stop_chain and len(others) == 1:
                assert best == plan.later
        if plan.blocked is None and not plan.before:
            # no order note: resolving any other planned move first (one step each way) keeps it
            for other in others:
                if other[0] != MOVE:
                    continue
                for y in state.step_targets(other[1]):
                    for after, p in after_first_step(state, other[1], other[2], y):
                        if after.phase == RESOLVE and (FLIP, cell, dice) in after.todo:
                            assert flip_chance(after, cell, dice) == plan.now


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 80))
def test_every_step_and_reach_figure_is_the_engines_chance(seed, plies):
    """Chain steps: the chance the dice left carry the pawn there; a move's reach along its
    route: the chance the engine puts the pawn on each tile, stepping along the route."""
    state = resolving_states(seed, plies)
    if state.phase == CHAIN:
        for target, p in play.step_odds(state).items():
            rolled = state.apply(Step(target))
            assert p == sum((q for o, q in rolled.chance_outcomes()
                             if rolled.apply(o).pawn_at(target) is not None), Fraction(0))
    if state.phase != RESOLVE:
        return
    for kind, cell, dice in set(state.todo):
        if kind != MOVE or state.pawn_at(cell) is None:
            continue
        reach = play.move_reach(state, cell, dice)
        path = list(reach)
        got = dict.fromkeys(path, Fraction(0))
        frontier = [(state.apply(Try(MOVE, cell, dice)), Fraction(1), 0)]
        while frontier:
            node, weight, i = frontier.pop()
            if node.phase != CHAIN or i == len(path):
                continue
            rolled = node.apply(Step(path[i]))
            for outcome, q in rolled.chance_outcomes():
                after = rolled.apply(outcome)
                if after.pawn_at(path[i]) is not None and node.pawn_at(path[i]) is None:
                    got[path[i]] += weight * q
                    frontier.append((after, weight * q, i + 1))
        assert got == reach
