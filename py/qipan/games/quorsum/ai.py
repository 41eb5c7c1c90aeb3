"""Quorsum for the computer players: a race evaluation and an exact search of the whole turn.

The evaluation prices each pawn's cheapest way home: a step onto a tile of value t costs
6 / (7 - t) (the dice one step uses up on average), a tile of the wrong colour must be flipped
first (its cost again, plus one), a tile held by another pawn costs extra. The turn is then
searched exactly (`turn_expectimax`): every allocation of the four dice among moving either
pawn and flipping the useful tiles, every order of resolution, every step and stop of a chain,
averaged over the dice with their exact binomial odds (rules §5), so the allocation chosen is
the one its success odds favour.
"""

from __future__ import annotations

from typing import Sequence

from qipan.ai.search import expected_values, squash, turn_expectimax, turn_values
from qipan.core import GameAI, Grades, Rng, Values
from qipan.games.quorsum.actions import FLIP, GO, MOVE, Action, Allot
from qipan.games.quorsum.board import NEIGHBOURS, distance
from qipan.games.quorsum.rules import ALLOCATE, CHAIN, DICE, RESOLVE, ROLL, QuorsumState

STEP_COST = {v: 6.0 / (7 - v) for v in (2, 3, 4, 5, 6)}
"""Average dice spent stepping onto a tile of each value (one die: success (7 - t) / 6)."""
FLIP_EXTRA = 1.0
BLOCKED = 3.0
"""Extra cost of a tile another pawn stands on."""
SPREAD = 5.0
FLIP_TARGETS = {"easy": 0, "medium": 1, "hard": 3}
"""Tiles considered for flipping in the turn search, per level (the most useful first)."""
TURN_NODES = {"easy": 1000, "medium": 6000, "hard": 30000}
"""Nodes of the turn search per level."""


_COSTS: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int], float] = {}
"""pawn_cost results by (tiles, colours, occupied cells, pawn, home): a turn search asks often."""


def pawn_cost(state: QuorsumState, cell: int, home: int) -> float:
    """The cheapest price of the way home of the pawn on `cell` (Dijkstra over 16 tiles)."""
    occupied = tuple(sorted(p[0] for side in state.pawns for p in side))
    key = (state.values, state.colours, occupied, cell, home)
    known = _COSTS.get(key)
    if known is None:
        if len(_COSTS) > 50_000:
            _COSTS.clear()
        known = _COSTS[key] = _dijkstra(state, cell, home, occupied)
    return known


def _dijkstra(state: QuorsumState, cell: int, home: int, occupied: tuple[int, ...]) -> float:
    colour = state.colours[cell]
    best = [1e9] * 16
    best[cell] = 0.0
    done = [False] * 16
    for _ in range(16):
        here, cost = -1, 1e9
        for c in range(16):
            if not done[c] and best[c] < cost:
                here, cost = c, best[c]
        if here < 0 or here == home:
            break
        done[here] = True
        for y in NEIGHBOURS[here]:
            step = STEP_COST[state.values[y]]
            if state.colours[y] != colour:
                step += STEP_COST[state.values[y]] + FLIP_EXTRA
            if y in occupied:
                step += BLOCKED
            if cost + step < best[y]:
                best[y] = cost + step
    return best[home]


def race_cost(state: QuorsumState, player: int) -> float:
    """The price of bringing both of `player`'s pawns home."""
    return sum(pawn_cost(state, cell, home) for cell, home, _ in state.pawns[player])


def evaluate_all(state: QuorsumState) -> tuple[float, float]:
    """Both players' values in [-1, 1] (zero-sum); before placement, even."""
    if not state.pawns:
        return (0.0, 0.0)
    v = squash((race_cost(state, 1) - race_cost(state, 0)) / SPREAD)
    return (v, -v)


def evaluate(state: QuorsumState, player: int) -> float:
    """The value of `state` for `player` in [-1, 1]."""
    return evaluate_all(state)[player]


def flip_targets(state: QuorsumState, limit: int) -> list[int]:
    """Tiles worth flipping: wrong-coloured free neighbours of the mover's pawns that lie on the
    way home, then right-coloured free neighbours of the opponent's pawns (to block them)."""
    me = state.player
    occupied = {p[0] for side in state.pawns for p in side}
    found: list[int] = []
    for side, wrong in ((me, True), (1 - me, False)):
        for cell, home, _ in state.pawns[side]:
            colour = state.colours[cell]
            for y in sorted(NEIGHBOURS[cell], key=lambda y: (_closer(y, cell, home), state.values[y], y)):
                if y in occupied or y in found or state.locks[y] >= 0:
                    continue
                if (state.colours[y] != colour) == wrong and _closer(y, cell, home) < 0:
                    found.append(y)
    return found[:limit]


def _closer(y: int, cell: int, home: int) -> int:
    """-1 when `y` is nearer `home` than `cell` is, else 0."""
    return -1 if distance(y, home) < distance(cell, home) else 0


def search(state: QuorsumState, level: str, rng: Rng) -> Action | None:
    """The turn searched exactly (see the module docstring); set-up choices go to MCTS."""
    if state.phase not in (ALLOCATE, RESOLVE, CHAIN):
        return None
    flips = set(flip_targets(state, FLIP_TARGETS[level])) if state.phase == ALLOCATE else set()

    def candidates(s: QuorsumState) -> Sequence[Action]:
        if s.phase != ALLOCATE:
            return s.legal_actions()
        return [a for a in s.legal_actions()
                if not isinstance(a, Allot) or a.kind == MOVE or (a.kind == FLIP and a.cell in flips)]

    return turn_expectimax(state, AI, TURN_NODES[level], candidates)


ROLLING_NODES = 4000
"""Positions the analysis's search of the rest of a turn may visit (`rolling_value`); beyond them
it scores positions as they stand. A turn's searches visit a few hundred; a long chain on low tiles,
which can step back and forth, would visit far more."""
_ROLLING: dict[QuorsumState, Values] = {}
"""rolling_value results by position (an allotment's completions share their ends)."""


def rolling_value(state: QuorsumState) -> Values:
    """Both players' values of a position in the middle of a turn (the allotment made): the exact
    expectimax over the rest of it, every try, step and stop, with the exact odds of the dice
    (rules §4.2, §5), within ROLLING_NODES positions."""
    known = _ROLLING.get(state)
    if known is None:
        if len(_ROLLING) > 20_000:
            _ROLLING.clear()
        known = _ROLLING[state] = turn_values(state, AI, state.player, ROLLING_NODES)
    return known


def turn_value(state: QuorsumState) -> Values:
    """Both players' values of a position, counting the dice of the turn under way that the race
    evaluation does not see (the actions allotted and not yet tried, the dice a chain carries on
    with): in the middle of a turn `rolling_value`; while dice are being allotted (§4.1, none
    rolled yet) the best of starting to roll with those allotted so far and of giving all the
    dice left to one pawn's move (an estimate: the allotments that spread them wider or flip more
    are not tried); at the start of a turn the evaluation as it stands; before the game starts the
    evaluation with the set-up's chance averaged."""
    phase = state.phase
    if phase in (RESOLVE, CHAIN, ROLL):
        return rolling_value(state)
    if phase == ALLOCATE:
        if not state.todo:
            return evaluate_all(state)
        me = state.player
        left = DICE - sum(k for _, _, k in state.todo)
        ends = [state.apply_unchecked(GO)]
        ends.extend(state.apply_unchecked(a) for a in state.legal_actions()
                    if isinstance(a, Allot) and a.kind == MOVE and a.dice == left)
        return max((rolling_value(end) if end.phase in (RESOLVE, CHAIN, ROLL) else expected_values(end, AI)
                    for end in ends), key=lambda v: v[me])
    return expected_values(state, AI)


GRADES = Grades(inaccuracy=0.03, mistake=0.09, blunder=0.27)
"""The analysis's grade thresholds: the losses the easy level's moves exceed a quarter, a tenth and
a twentieth of the time (bench/analysis.py --calibrate; docs/analysis.md, "Thresholds per game")."""

AI: GameAI[QuorsumState, Action] = GameAI(evaluate_all=evaluate_all, search=search, turn_value=turn_value,
                                          grades=GRADES)
"""What this game gives the computer players."""
