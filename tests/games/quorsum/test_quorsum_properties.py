"""Property tests: random legal play keeps the invariants; parsers only raise their own errors."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from quorsum_helpers import bot_game, position

from qipan.core import IllegalAction, NotationError, Rng
from qipan.core.simulate import check_state, random_playthrough
from qipan.games.quorsum import GAME
from qipan.games.quorsum.actions import Allot, Dice, Place, Step, Try
from qipan.games.quorsum.board import distance
from qipan.games.quorsum.rules import DICE

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPTION_SETS = [
    {},
    {"flip_lock": "this_turn", "one_move_per_pawn": False},
    {"stalemate_progress": "best_ever", "freeze_home": True, "may_stop_chain": False},
    {"match_target": 3, "draw_points": 0, "setup_colours": "balanced"},
    {"match_target": 2, "match_tie": "draw", "stalemate_double": True},
]


def _invariants(state):
    """What every reachable state satisfies (§4.1 dice, §4.2 no sharing, §7 counter)."""
    used = sum(k for _, _, k in state.todo)
    used += state.chain[1] if state.chain else (state.roll[2] if state.roll else 0)
    assert used <= DICE
    cells = [p[0] for side in state.pawns for p in side]
    assert len(cells) == len(set(cells))
    assert 0 <= state.stalemate <= 6
    assert all(0 <= distance(c, h) <= 6 for side in state.pawns for c, h, _ in side)
    assert GAME.parse_position(GAME.position(state)) == state


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), choices=st.lists(st.integers(0, 10 ** 6), max_size=120),
       options=st.sampled_from(OPTION_SETS), sprint=st.booleans())
def test_random_legal_play_never_crashes_and_keeps_invariants(seed, choices, options, sprint):
    state = GAME.new(2, seed, "sprint" if sprint else None, **options)
    rng = Rng(seed)
    for choice in choices:
        _invariants(state)
        if state.is_terminal():
            break
        if state.is_chance():
            action = rng.sample_outcome(state.chance_outcomes())
        else:
            actions = state.legal_actions()
            action = actions[choice % len(actions)]
        state = state.apply(action)


UNIVERSE = ([Step(c) for c in range(16)] + [Dice(m) for m in range(5)]
            + [Allot(k, c, n) for k in ("move", "flip") for c in range(16) for n in (1, 4)]
            + [Try("move", c, 2) for c in range(16)] + [Place((0, 3)), "roll", None, 3])


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), plies=st.integers(0, 60), pick=st.integers(0, 10 ** 6))
def test_an_illegal_action_raises_and_changes_nothing(seed, plies, pick):
    rng = Rng(seed)
    state = GAME.new(2, seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()) if not state.is_chance()
                            else rng.sample_outcome(state.chance_outcomes()))
    illegal = [a for a in UNIVERSE if a not in state.legal_actions()]
    action = illegal[pick % len(illegal)]
    before = GAME.position(state)
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert "not legal" in str(exc)
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert GAME.position(state) == before


STATES = [GAME.new(seed=1), position(), position(phase="resolve:1", todo="move@a1x2,flip@c3x2")]


@SETTINGS
@given(text=st.text(max_size=60))
def test_the_position_parser_raises_only_notation_errors(text):
    try:
        state = GAME.parse_position(text)
    except NotationError:
        return
    assert GAME.position(GAME.parse_position(GAME.position(state))) == GAME.position(state)


@SETTINGS
@given(index=st.integers(0, 10 ** 6), char=st.characters(codec="ascii"), delete=st.booleans(),
       which=st.integers(0, len(STATES) - 1))
def test_mutated_positions_parse_to_a_fixed_point_or_raise_notation_error(index, char, delete, which):
    text = GAME.position(STATES[which])
    i = index % len(text)
    mutated = text[:i] + ("" if delete else char) + text[i + 1:]
    try:
        state = GAME.parse_position(mutated)
    except NotationError:
        return
    normal = GAME.position(state)
    assert GAME.position(GAME.parse_position(normal)) == normal


@SETTINGS
@given(text=st.one_of(st.text(max_size=30),
                      st.from_regex(r"(try )?(move|flip|step|met|place|lay|rolloff|choose) ?[a-z0-9 ,x-]{0,8}",
                                    fullmatch=True)),
       which=st.integers(0, len(STATES) - 1))
def test_the_action_parser_raises_only_its_own_errors(text, which):
    state = STATES[which]
    try:
        action = GAME.parse_action(state, text)
    except (NotationError, IllegalAction):
        return
    assert action in state.legal_actions()
    assert GAME.parse_action(state, GAME.action_text(state, action)) == action


def test_contract_holds_with_every_option_set():
    """The generic checker (core.simulate) over option sets, both variants, random play."""
    for i, options in enumerate(OPTION_SETS):
        for variant in GAME.variants:
            play = random_playthrough(GAME, 2, 100 + i, variant, **options)
            assert play.final.is_terminal()


def test_contract_holds_in_purposeful_games_and_matches():
    """The bot reaches wins, double wins and match continuations; every state keeps the contract."""
    seen = set()
    for seed, (variant, options) in enumerate([(None, {}), ("sprint", {}),
                                               ("sprint", {"match_target": 3}),
                                               (None, {"match_target": 2, "one_move_per_pawn": False}),
                                               ("sprint", {"stalemate_progress": "best_ever"})]):
        def check(state):
            check_state(GAME, state)
            seen.add(state.phase)
        final = bot_game(seed + 20, variant, check, **options)
        assert final.is_terminal()
    assert seen >= {"rolloff", "layout", "choose", "place", "alloc", "resolve", "chain", "roll", "over"}
