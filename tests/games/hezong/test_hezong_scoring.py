"""Rules §4: scoring per region, the turn-order adjustment (§1), the tie-break and the score table."""

from hezong_helpers import MAP, at
from qipan.games.hezong import GAME, HezongState, Rules, Termination
from qipan.games.hezong.rules import EMPTY

ORANGE, YELLOW, GREEN, BLUE = range(4)

# Who sits in which region of the worked example of §4 (the real board is lost, so this is a
# constructed equivalent): exclusive regions 3/4/4/5, shared memberships 3/5/4/1.
EXAMPLE_REGIONS = (
    [(ORANGE,)] * 3 + [(YELLOW,)] * 4 + [(GREEN,)] * 4 + [(BLUE,)] * 5
    + [(YELLOW, GREEN, BLUE), (ORANGE, YELLOW), (ORANGE, YELLOW), (ORANGE, GREEN), (YELLOW, GREEN), (YELLOW, GREEN)]
)


def example_final_position(rules=Rules()) -> HezongState:
    stones = [EMPTY] * 144
    for region, colours in enumerate(EXAMPLE_REGIONS):
        cells = MAP.region_cells(region)
        for c, colour in zip(cells, colours):
            stones[c] = colour
    # a second orange stone in an exclusive region counts once (§4 step 1)
    stones[MAP.region_cells(0)[3]] = ORANGE
    on_board = [stones.count(p) for p in range(4)]
    last = MAP.region_cells(15)[0]                      # blue moved last (seat 4 of 4)
    assert stones[last] == BLUE
    removed = tuple(12 - n for n in on_board)           # "grey: removed in heavy fighting"
    return HezongState(MAP, tuple(stones), ORANGE, (0, 0, 0, 0), removed, last, rules)


def test_seed_scoring_example():
    """§4 worked example: orange 9, yellow 12 (winner), green 10, blue 8."""
    state = example_final_position()
    assert GAME.parse_position(GAME.position(state)) == state   # a position the parser accepts
    assert [(t.exclusive, t.shared, t.adjustment, t.score) for t in state.tallies()] == [
        (3, 3, 0, 9), (4, 5, 1, 12), (4, 4, 2, 10), (5, 1, 3, 8)]
    outcome = state.outcome()
    assert outcome.winners == (YELLOW,)
    assert outcome.scores == (9, 12, 10, 8)
    assert outcome.termination is Termination.ALL_STONES_PLACED
    assert outcome.tiebreak == ((3,), (4,), (4,), (5,))


def test_final_score_table_rows():
    """§4: the full score table, best first."""
    rows = example_final_position().score_table()
    assert [(r.rank, r.player, r.score, r.winner) for r in rows] == [
        (1, YELLOW, 12, True), (2, GREEN, 10, False), (3, ORANGE, 9, False), (4, BLUE, 8, False)]


def test_adjustment_follows_turn_order_from_the_start_player():
    """§1: the k-th player in turn order subtracts k-1, counted from the start player."""
    state = at({"a1": "c"}, mover=0, players=3)   # start is player 2 (c), then a, then b
    assert state.start == 2
    assert [t.adjustment for t in state.tallies()] == [1, 2, 0]


def test_exclusive_region_two_points_shared_one_each():
    """§4 steps 1-3 on a live position: one colour per region counts once."""
    region = MAP.region_cells(0)
    other = MAP.region_cells(1)
    names = ["abcdefghijkl"[c % 12] + str(c // 12 + 1) for c in (region[0], region[1], other[0], other[1])]
    state = at({names[0]: "a", names[1]: "a", names[2]: "a", names[3]: "b"}, mover=0)
    tallies = state.tallies()
    assert (tallies[0].exclusive, tallies[0].shared) == (1, 1)
    assert (tallies[1].exclusive, tallies[1].shared) == (0, 1)
    assert tallies[0].score == 3 - tallies[0].adjustment


def _three_player_final(layout, rules=Rules()) -> HezongState:
    """A finished 3-player game with the given colours per region (player c moved last)."""
    stones = [EMPTY] * 144
    for region, colours in enumerate(layout):
        for c, colour in zip(MAP.region_cells(region), colours):
            stones[c] = colour
    last = next(c for c in range(144) if stones[c] == 2)
    removed = tuple(16 - stones.count(p) for p in range(3))
    state = HezongState(MAP, tuple(stones), 0, (0, 0, 0), removed, last, rules)
    assert GAME.parse_position(GAME.position(state)) == state
    return state


def test_tie_broken_by_more_exclusive_regions():
    """§4 step 4: a and b both score 4; b has 2 exclusive regions against 1 and wins."""
    state = _three_player_final([(0,), (1,), (1,), (0, 1), (0, 2)])
    assert [t.score for t in state.tallies()] == [4, 4, -1]
    assert state.outcome().winners == (1,)
    assert [(r.rank, r.player) for r in state.score_table()] == [(1, 1), (2, 0), (3, 2)]


def test_full_tie_is_shared_or_nobody_wins():
    """§4 step 4 / H10: still tied after the tie-break: shared win (default) or no winner (option)."""
    layout = [(0,), (1,), (0, 1), (0, 1), (1, 2)]
    state = _three_player_final(layout)
    assert [(t.exclusive, t.score) for t in state.tallies()] == [(1, 4), (1, 4), (0, -1)]
    assert state.outcome().winners == (0, 1)
    assert [(r.rank, r.player, r.winner) for r in state.score_table()] == [(1, 0, True), (1, 1, True), (3, 2, False)]
    assert _three_player_final(layout, Rules(final_tie="none")).outcome().winners == ()
