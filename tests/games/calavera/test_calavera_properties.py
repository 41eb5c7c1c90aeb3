"""Property tests: random legal play keeps every invariant; illegal actions change nothing;
the position and action parsers raise only NotationError / IllegalAction on any text."""

from itertools import product

from hypothesis import given, settings, strategies as st

from qipan.core import IllegalAction, NotationError
from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Freeze, Pass, Reroll, Roll, Stop, TakeColour, TakeRoses
from qipan.games.calavera.dice import ROLLS
from qipan.games.calavera.invariants import impossibility
from qipan.games.calavera.rules import RULE_CHOICES, Phase

ALL_ACTIONS = (
    [Roll(dice) for table in ROLLS[1:] for dice, _ in table]
    + [Reroll(c) for c in product(range(7), repeat=5) if 0 < sum(c) <= 6]
    + [Stop(), Pass()] + [k(r) for k in (TakeColour, TakeRoses, Freeze) for r in range(4)]
)

options = st.fixed_dictionaries({name: st.sampled_from(choices) for name, choices in RULE_CHOICES.items()})
SETTINGS = settings(max_examples=25, deadline=None)


def random_game(data, players, seed, opts, limit=120):
    """Play up to `limit` random legal actions, yielding each state."""
    state = GAME.new(players, seed, **opts)
    yield state
    for _ in range(limit):
        if state.is_terminal():
            return
        state = state.apply(data.draw(st.sampled_from(state.legal_actions())))
        yield state


@SETTINGS
@given(st.data(), st.integers(2, 4), st.integers(0, 2 ** 32), options)
def test_random_play_keeps_the_invariants(data, players, seed, opts):
    """§3-§5: sheets only grow, frozen rows stay frozen, bonus marks stay, positions round-trip."""
    previous = None
    for state in random_game(data, players, seed, opts):
        assert impossibility(state) is None
        assert GAME.parse_position(GAME.position(state)) == state
        if previous is not None:
            for p in range(players):
                assert all(a <= b for a, b in zip(previous.crosses[p], state.crosses[p]))
                assert all(b or not a for a, b in zip(previous.frozen[p], state.frozen[p]))
                assert all(a == 0 or a == b for a, b in zip(previous.bonus[p], state.bonus[p]))
        if state.phase is Phase.MARK:
            assert state.skulls >= 1 and state.marker != state.active
        previous = state


@SETTINGS
@given(st.data(), st.integers(2, 4), st.integers(0, 2 ** 32), st.sampled_from(ALL_ACTIONS))
def test_an_illegal_action_raises_and_changes_nothing(data, players, seed, action):
    for state in random_game(data, players, seed, {}, limit=data.draw(st.integers(0, 60))):
        pass
    if action in state.legal_actions():
        return
    before = GAME.position(state)
    try:
        state.apply(action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action} was accepted in {before}")
    assert GAME.position(state) == before


POSITION_WORDS = st.sampled_from([
    "v1", "start=0", "start=1", "sheets=0.0.0.0/0.0.0.0", "sheets=16f.3.9f.0/1.2.3.4", "bonus=---/---",
    "bonus=F--/L--", "claimed=---", "claimed=x--", "phase=roll", "phase=keep", "phase=choose",
    "phase=mark", "phase=over", "active=0", "active=1", "rolls=0", "rolls=1", "rolls=3", "dice=-",
    "dice=OOGR", "dice=OPGBRR", "skulls=0", "skulls=2", "skulls=3", "choice=none", "choice=colour:O",
    "marker=1", "even_rounds=yes", "passive_crosses=skulls", "x=y", "=", "sheets=", "dice=S",
])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(POSITION_WORDS, max_size=14).map(" ".join)))
def test_position_parser_raises_only_notation_errors(text):
    try:
        state = GAME.parse_position(text)
    except NotationError:
        return
    assert GAME.parse_position(GAME.position(state)) == state


@settings(max_examples=300, deadline=None)
@given(st.data(), st.integers(0, 2 ** 32),
       st.one_of(st.text(max_size=20), st.sampled_from(["roll", "reroll", "colour", "roses", "freeze", "stop",
                                                        "pass", "keep"]).flatmap(
           lambda verb: st.text(alphabet="OPGBRSopgbrs -x", max_size=8).map(lambda arg: f"{verb} {arg}"))))
def test_action_parser_raises_only_notation_or_illegal(data, seed, text):
    for state in random_game(data, 3, seed, {}, limit=data.draw(st.integers(0, 30))):
        pass
    try:
        action = GAME.parse_action(state, text)
    except (NotationError, IllegalAction):
        return
    assert action in state.legal_actions()
    assert GAME.parse_action(state, GAME.action_text(state, action)) == action


@settings(max_examples=150, deadline=None)
@given(st.data(), st.integers(2, 4), st.integers(0, 2 ** 32))
def test_mutated_positions_parse_or_raise_notation_error(data, players, seed):
    """A real position with one field value replaced: a NotationError, or a state that round-trips."""
    for state in random_game(data, players, seed, {}, limit=data.draw(st.integers(0, 80))):
        pass
    tokens = GAME.position(state).split()
    i = data.draw(st.integers(1, len(tokens) - 1))
    key = tokens[i].partition("=")[0]
    tokens[i] = key + "=" + data.draw(st.text(alphabet="0123456789.f/-xFLOPGBRS:colurn", min_size=0, max_size=24))
    try:
        parsed = GAME.parse_position(" ".join(tokens))
    except NotationError:
        return
    assert impossibility(parsed) is None
    assert GAME.parse_position(GAME.position(parsed)) == parsed
