"""Property tests for Gype: random legal play under every switch, illegal actions, and
fuzzing of the position and action parsers (rules §3-§10, docs/notation/gype.md)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan.core import IllegalAction, NotationError, Rng
from qipan.core.simulate import check_state
from qipan.games.gype import GAME, Roll
from qipan.games.gype.board import CELLS, FOREIGN, GOAL, ZONES

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

switches = st.fixed_dictionaries({
    "no_roll_on_jumps": st.booleans(), "random_start": st.booleans(), "utter_chaos": st.booleans(),
    "chain_rejump": st.booleans(), "chain_leaves_goal": st.booleans(), "full_goal_win": st.booleans(),
    "stall_rounds": st.integers(1, 6), "stall_result": st.sampled_from(["draw", "rank"]),
    "three_player_seats": st.sampled_from(["SWN", "SEN"]),
})


def _invariants(before, after, action):
    """§3, §8, §9: piece counts, where pieces stand, the goal-row freeze, the quiet counter."""
    rules = after.rules
    if not after.setup:
        for p, seat in enumerate(rules.seats):
            cells = after.pieces(p)
            assert len(cells) == 8
            assert all(ZONES[seat][c] != FOREIGN for c in cells)
        assert 0 <= after.quiet <= rules.stall_turns
    if before.to_move >= 0 and not before.setup and not isinstance(action, Roll):
        seat = rules.seats[before.to_move]
        assert ZONES[seat][action.frm] != GOAL  # frozen pieces never MOVE
        moved = [c for c in CELLS if before.board[c] != after.board[c] and before.board[c] >= 0
                 and before.board[c] // 6 == before.to_move and after.board[c] == -1]
        assert moved == [action.frm]


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2 ** 32), options=switches)
def test_random_play_keeps_invariants(players, seed, options):
    """Random legal play under any combination of switches never crashes and keeps §3-§9."""
    state = GAME.new(players, seed, **options)
    rng = Rng(seed)
    for ply in range(400):
        if ply % 50 == 0:
            check_state(GAME, state)
        if state.is_terminal():
            outcome = state.outcome()
            assert len(outcome.scores) == players
            break
        if state.is_chance():
            action = rng.sample_outcome(state.chance_outcomes())
        else:
            action = rng.choice(state.legal_actions())
        following = state.apply(action)
        _invariants(state, following, action)
        state = following


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), plies=st.integers(0, 120), other=st.integers(0, 10 ** 6))
def test_illegal_action_raises_and_changes_nothing(seed, plies, other):
    """An action legal elsewhere but not here raises IllegalAction; the state is unchanged."""
    state = GAME.new(2, seed)
    rng = Rng(seed)
    seen = []
    for _ in range(plies):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        seen.extend(actions[:20])
        action = rng.sample_outcome(state.chance_outcomes()) if state.is_chance() else rng.choice(actions)
        state = state.apply(action)
    before = GAME.position(state)
    legal = set(state.legal_actions())
    candidates = [a for a in seen if a not in legal]
    if candidates:
        action = candidates[other % len(candidates)]
        text = GAME.action_text(state, action)
        try:
            state.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{text} was accepted")
        try:
            GAME.parse_action(state, text)
        except IllegalAction:
            pass
        else:
            # only a chain normalised to a listed chain with the same effect may be accepted
            assert "x" in text
    assert GAME.position(state) == before


@SETTINGS
@given(text=st.text(max_size=60))
def test_action_parser_fuzz(text):
    """Arbitrary action text raises only NotationError or IllegalAction."""
    state = GAME.new(2, 0, first_player=0)
    for position in (state, _midgame()):
        try:
            GAME.parse_action(position, text)
        except (NotationError, IllegalAction):
            pass


@SETTINGS
@given(text=st.one_of(st.text(max_size=80),
                      st.text(alphabet="gypev1 =seatsSNWEturnquietboardrollend0123456789./BTFHxabcdefij,²",
                              max_size=120)))
def test_position_parser_fuzz(text):
    """Arbitrary position text raises only NotationError."""
    try:
        state = GAME.parse_position(text)
    except NotationError:
        return
    assert GAME.parse_position(GAME.position(state)) == state


@SETTINGS
@given(index=st.integers(0, 10 ** 6), char=st.sampled_from("./0123456789EBTFSHxNWa=, "), cut=st.booleans())
def test_mutated_position_fuzz(index, char, cut):
    """A valid position with one character changed or removed parses or raises NotationError,
    and whatever parses round-trips."""
    text = GAME.position(_midgame())
    i = index % len(text)
    mutated = text[:i] + ("" if cut else char) + text[i + 1:]
    try:
        state = GAME.parse_position(mutated)
    except NotationError:
        return
    assert GAME.parse_position(GAME.position(state)) == state


_MIDGAME = []


def _midgame():
    """A position some 60 plies into a seeded game (computed once)."""
    if not _MIDGAME:
        state, rng = GAME.new(3, 5), Rng(5)
        for _ in range(60):
            action = rng.sample_outcome(state.chance_outcomes()) if state.is_chance() \
                else rng.choice(state.legal_actions())
            state = state.apply(action)
        _MIDGAME.append(state)
    return _MIDGAME[0]
