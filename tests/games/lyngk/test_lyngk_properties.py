"""Hypothesis property tests: random legal play keeps the invariants of rules §7, illegal actions
change nothing, chain paths are real LYNGK chains (§6), and the parsers raise only their errors."""

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan.core import IllegalAction, NotationError
from qipan.games.lyngk import GAME, PASS, Move, can_claim, chain_path
from qipan.games.lyngk.board import POINTS, RAYS

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state):
    """§7 I-2, I-4 and §4.1 on one state."""
    limit = 6 if state.variant == "stack6" else 5
    for stack in state.stacks:
        real = stack.replace("J", "")
        assert len(stack) <= limit and len(set(real)) == len(real)
        assert len(stack) < 2 or stack[-1] != "J"
    assert len(state.claims[0]) <= 2 and len(state.claims[1]) <= 2
    assert not set(state.claims[0]) & set(state.claims[1])


def random_game(seed, variant, choices, **options):
    """Yield (state, action, next state) along a game whose choices come from hypothesis."""
    state = GAME.new(2, seed, variant, **options)
    for ply in range(GAME.max_plies(2) + 1):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        action = actions[choices.draw(st.integers(0, len(actions) - 1)) if ply < 40 else 0]
        following = state.apply(action)
        yield state, action, following
        state = following
    raise AssertionError("the game did not end within max_plies")


@FAST
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(GAME.variants), captures=st.booleans(),
       late=st.booleans(), choices=st.data())
def test_random_play_keeps_the_invariants(seed, variant, captures, late, choices):
    """§7 I-1..I-4, §4.2 (movable origins), §9 (pass only when nothing else), A9 capture count."""
    opts = dict(claim_captures_neutral_fives=captures, late_claim_six_wins=late)
    for state, action, after in random_game(seed, variant, choices, **opts):
        check_invariants(after)
        occupied = sum(1 for s in state.stacks if s)
        occupied_after = sum(1 for s in after.stacks if s)
        gained = sum(after.removed) - sum(state.removed)
        if action == PASS:
            assert state.legal_actions() == (PASS,) and after.stacks == state.stacks
            continue
        origin = state.stacks[action.origin]
        assert origin != "J" and origin[-1] not in state.claims[1 - state.player]  # §4.2
        assert occupied_after == occupied - 1 - gained  # I-1
        if variant == "standard":
            assert sum(map(len, after.stacks)) + 5 * sum(after.removed) == 43  # I-3
        else:
            assert gained == 0 and sum(map(len, after.stacks)) == 43
        assert set(can_claim(state)) == {a.claim for a in state.legal_actions() if a.claim}


@FAST
@given(seed=st.integers(0, 2**32), choices=st.data(), claim=st.sampled_from(["", "I", "B", "R", "G", "K"]),
       origin=st.sampled_from(POINTS), dest=st.sampled_from(POINTS))
def test_an_illegal_action_raises_and_changes_nothing(seed, choices, claim, origin, dest):
    """Contract: apply() of an action that is not legal raises IllegalAction; the state stays."""
    state = GAME.new(2, seed)
    plies = choices.draw(st.integers(0, 12))
    for ply, (_, _, after) in enumerate(random_game(seed, "standard", choices)):
        if ply == plies:
            break
        state = after
    move = Move(claim, origin, dest)
    if move in state.legal_actions():
        return
    before = GAME.position(state)
    try:
        state.apply(move)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{move} was accepted")
    assert GAME.position(state) == before


@FAST
@given(seed=st.integers(0, 2**32), choices=st.data())
def test_chain_paths_are_lyngk_chains(seed, choices):
    """§6: every stop between origin and destination is topped by the mover's top colour, and
    each leg is a regular move along a line over empty points (the origin counts as empty)."""
    for state, _, _ in random_game(seed, "standard", choices):
        for move in state.legal_actions()[::7]:
            if move == PASS:
                continue
            stops = chain_path(state, move)
            assert stops[0] == move.origin and stops[-1] == move.dest
            # the board the move is made on: a claim first takes that colour's 5-stacks (A9)
            stacks = [s if not move.claim or len(s) != 5 or s[-1] != move.claim else "" for s in state.stacks]
            top = stacks[move.origin][-1]
            assert all(stacks[p][-1] == top for p in stops[1:-1])
            assert len(set(stops)) == len(stops)
            for a, b in zip(stops, stops[1:]):
                ray = next(r for r in RAYS[a] if b in r)
                between = ray[:ray.index(b)]
                assert all(p == move.origin or not stacks[p] for p in between)


letters = st.text(alphabet="IBRGKJ./- 12345670standardstck6=,onfwiner", max_size=200)


@FAST
@given(text=st.one_of(st.text(max_size=200), letters))
def test_position_parser_raises_only_notation_error(text):
    """§15: arbitrary text parses to a position or raises NotationError."""
    try:
        state = GAME.parse_position(text)
    except NotationError:
        return
    assert GAME.parse_position(GAME.position(state)) == state


@FAST
@given(seed=st.integers(0, 2**32), index=st.integers(0, 500), char=st.sampled_from("IBRGKJ./-12 x"))
def test_mutated_positions_parse_or_raise_notation_error(seed, index, char):
    """§15: a one-character change to a real position either parses (and round-trips) or raises."""
    text = GAME.position(GAME.new(2, seed))
    i = index % len(text)
    try:
        state = GAME.parse_position(text[:i] + char + text[i + 1:])
    except NotationError:
        return
    assert GAME.parse_position(GAME.position(state)) == state


@FAST
@given(seed=st.integers(0, 2**32),
       text=st.one_of(st.text(max_size=30), st.text(alphabet="+IBRGKJ ABCDEFGHI0123456789-pas", max_size=12)))
def test_action_parser_raises_only_its_errors(seed, text):
    """§15: arbitrary action text gives a legal action, NotationError or IllegalAction."""
    state = GAME.new(2, seed)
    try:
        action = GAME.parse_action(state, text)
    except (NotationError, IllegalAction):
        return
    assert action in state.legal_actions()


@FAST
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(GAME.variants), captures=st.booleans(),
       late=st.booleans(), choices=st.data())
def test_whose_turn_asked_first_agrees_with_the_listed_turns(seed, variant, captures, late, choices):
    """A fresh state answers `to_move` before listing its turns (the search's shortcut for the
    positions it only scores): the same player, or the end, as the full listing (§9) says."""
    opts = dict(claim_captures_neutral_fives=captures, late_claim_six_wins=late)
    for _state, _action, after in random_game(seed, variant, choices, **opts):
        fresh = dataclasses.replace(after)  # nothing cached yet
        asked_first = fresh.to_move
        listed = dataclasses.replace(after)
        listed.legal_actions()
        assert asked_first == listed.to_move
        assert fresh.legal_actions() == listed.legal_actions()
        assert fresh.is_terminal() == (fresh.outcome() is not None)
