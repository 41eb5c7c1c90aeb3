"""Game-independent search through the engine contract: values, greedy, MCTS, expectimax.

Every number here is a float built from additions, multiplications, divisions and square
roots in a fixed order (no `log`, `exp` or `tanh`, whose last bit can differ between C
libraries), and every choice among equals goes to the first in the game's order, so a seed
gives the same action on CPython and in Pyodide.
"""

from __future__ import annotations

from math import lcm, sqrt
from typing import Any, Callable, Generic, Hashable, Sequence, TypeVar

from qipan.core import CHANCE, TERMINAL, GameAI, Rng, State

S = TypeVar("S", bound=State[Any])
"""The state type of the game searched (what `apply_unchecked` returns and `evaluate_all` takes)."""
A = TypeVar("A", bound=Hashable)
"""The action type of the game searched (what its `GameAI` orders and returns)."""

Values = tuple[float, ...]

BUDGETS: dict[str, int] = {"easy": 60, "medium": 250, "hard": 1000}
"""MCTS iterations (each expands and evaluates one node) per level, unless a game sets its own."""

SLIP: dict[str, int] = {"easy": 30, "medium": 8, "hard": 0}
"""Percent of a level's decisions (with more than one legal action) played as a uniform legal
action drawn from the seeded Rng instead of the search's choice, unless a game sets its own: the
budgets alone leave neighbouring levels too close in the dice games, where luck dominates."""

EXPLORATION = 0.7
"""The weight of the exploration term in the tree policy (values lie in [-1, 1])."""

CHANCE_DEPTH = 2
"""Chance levels a greedy look-ahead enumerates exactly before it evaluates as it stands."""

TURN_DEPTH = 24
"""Plies (decisions and chance) a turn search follows before it evaluates: a turn can loop,
e.g. a pawn stepping back and forth while its dice keep meeting the value."""


def squash(x: float) -> float:
    """Map any real to (-1, 1), monotone and odd: x / (1 + |x|) (no libm involved)."""
    return x / (1.0 + abs(x))


def terminal_values(state: State[Any]) -> Values:
    """+1 for a sole winner, -1 for each loser, 0 for all in a draw; a win shared by k of n
    players is worth (n - k) / (n - 1) to each of them (0 when everyone shares it)."""
    outcome = state.outcome()
    assert outcome is not None, "a terminal state has an outcome"
    n = len(outcome.scores)
    winners = outcome.winners
    if not winners:
        return (0.0,) * n
    shared = 1.0 if len(winners) == 1 else (n - len(winners)) / (n - 1)
    return tuple(shared if p in winners else -1.0 for p in range(n))


def values(state: S, game_ai: GameAI[S, Any]) -> Values:
    """Per-player values in [-1, 1]: the result at the end, else the game's evaluation."""
    if state.to_move == TERMINAL:
        return terminal_values(state)
    return game_ai.evaluate_all(state)


def ordered(state: S, game_ai: GameAI[S, A]) -> Sequence[A]:
    """The legal actions, best first by the game's `order` when it has one."""
    actions = state.legal_actions()
    return game_ai.order(state, actions) if game_ai.order is not None else actions


def float_outcomes(state: State[A]) -> list[tuple[A, float]]:
    """The chance outcomes with their probabilities as floats."""
    return [(a, p.numerator / p.denominator) for a, p in state.chance_outcomes()]


GREEDY_LEAVES = 3000
"""Positions a greedy choice may score; beyond that it scores chance nodes as they stand."""


def expected_values(state: S, game_ai: GameAI[S, Any], depth: int = CHANCE_DEPTH) -> Values:
    """Values after the chance nodes ahead, enumerated exactly for `depth` levels."""
    if state.to_move != CHANCE or depth == 0:
        return values(state, game_ai)
    return chance_mean(state, lambda child: expected_values(child, game_ai, depth - 1))


def chance_mean(state: S, value: Callable[[S], Values]) -> Values:
    """The mean of `value` over the outcomes of the chance node `state`, weighted by their exact
    probabilities (summed in the outcomes' order)."""
    total: list[float] | None = None
    for action, p in float_outcomes(state):
        child = value(state.apply_unchecked(action))
        if total is None:
            total = [p * v for v in child]
        else:
            for i, v in enumerate(child):
                total[i] += p * v
    assert total is not None, "a chance node has outcomes"
    return tuple(total)


def greedy(state: S, game_ai: GameAI[S, A]) -> A:
    """One ply: the action whose expected evaluation (over the dice it brings) is best."""
    me = state.to_move
    actions = ordered(state, game_ai)
    best: A | None = None
    best_value = -2.0
    for action in actions:
        after = state.apply_unchecked(action)
        wide = after.to_move == CHANCE and len(actions) * len(after.legal_actions()) > GREEDY_LEAVES
        value = expected_values(after, game_ai, 0 if wide else CHANCE_DEPTH)[me]
        if value > best_value:
            best, best_value = action, value
    assert best is not None, "a decision has legal actions, each valued in [-1, 1]"
    return best


def turn_expectimax(state: S, game_ai: GameAI[S, A], budget: int,
                    candidates: Callable[[S], Sequence[A]] | None = None) -> A:
    """The best action by exact expectimax over the rest of the mover's turn.

    The mover maximises, chance nodes average with their exact probabilities, and a state
    where another player decides (or the game is over) is scored by the game's evaluation.
    `candidates` may narrow the actions searched; after `budget` nodes the remaining ones
    are evaluated as they stand, as are those deeper than TURN_DEPTH. Equal states are searched
    once.
    """
    me = state.to_move
    pick: Callable[[S], Sequence[A]] = candidates or (lambda s: ordered(s, game_ai))
    value = _turn_search(me, game_ai, budget, pick)
    best: A | None = None
    best_value = -3.0
    for action in pick(state):
        v = value(state.apply_unchecked(action), 1)[me]
        if v > best_value:
            best, best_value = action, v
    assert best is not None, "a decision has legal actions, each valued in [-1, 1]"
    return best


def turn_values(state: S, game_ai: GameAI[S, A], mover: int, budget: int | None = None,
                candidates: Callable[[S], Sequence[A]] | None = None) -> Values:
    """Every player's value of `state`, a position in `mover`'s turn, by exact expectimax over
    the rest of that turn (as `turn_expectimax` searches it; no node limit unless `budget`)."""
    pick: Callable[[S], Sequence[A]] = candidates or (lambda s: ordered(s, game_ai))
    return _turn_search(mover, game_ai, budget, pick)(state, 0)


class _Visits:
    """A running count of the positions the turn searches have visited."""

    count = 0


VISITS = _Visits()
"""Positions every turn search has visited so far (`turn_expectimax`, `turn_values`): a caller that
budgets work it hands on (the analysis's deeper search) reads the difference."""


def _turn_search(me: int, game_ai: GameAI[S, A], budget: int | None,
                 pick: Callable[[S], Sequence[A]]) -> Callable[[S, int], Values]:
    """The value function of one turn search for `me` (memo and node count shared by its calls)."""
    memo: dict[S, Values] = {}
    left = [budget if budget is not None else -1]
    limited = budget is not None

    def value(s: S, depth: int) -> Values:
        mover = s.to_move
        if mover != me and mover != CHANCE:
            return values(s, game_ai)
        known = memo.get(s)
        if known is not None:
            return known
        left[0] -= 1
        VISITS.count += 1
        if (limited and left[0] < 0) or depth >= TURN_DEPTH:
            return values(s, game_ai)
        result: Values
        if mover == CHANCE:
            result = chance_mean(s, lambda child: value(child, depth + 1))
        else:
            best: Values | None = None
            for action in pick(s):
                child = value(s.apply_unchecked(action), depth + 1)
                if best is None or child[me] > best[me]:
                    best = child
            assert best is not None, "a decision has legal actions"
            result = best
        memo[s] = result
        return result

    return value


_NO_WEIGHTS: tuple[int, tuple[int, ...]] = (1, ())
"""The weights of a node that is not a chance node (never read)."""


class _Node(Generic[S, A]):
    """A tree node: its state, visit count, value vector and children by action (or outcome) index.

    A decision node's value is the value of its child best for the mover (max-n); a chance
    node's is the probability-weighted mean of the outcomes drawn so far; a new node's is the
    game's evaluation.
    """

    __slots__ = ("state", "mover", "actions", "weights", "children", "visits", "value", "best",
                 "mass", "sums")

    def __init__(self, state: S) -> None:
        self.state = state
        self.mover = state.to_move
        self.children: dict[int, _Node[S, A]] = {}
        self.visits = 0
        self.value: Values = ()
        self.best = -1
        self.actions: Sequence[A] | None = None
        """None until the search orders a decision node's actions."""
        self.weights = _NO_WEIGHTS
        """A chance node's common denominator and outcome numerators."""
        self.mass = 0
        self.sums: list[float] = []
        if self.mover == CHANCE:
            outcomes = state.chance_outcomes()
            self.actions = tuple(a for a, _ in outcomes)
            denominator = lcm(*(p.denominator for _, p in outcomes))
            self.weights = (denominator, tuple(p.numerator * (denominator // p.denominator) for _, p in outcomes))

    def sample(self, rng: Rng) -> int:
        """The index of a chance outcome drawn with its exact probability."""
        denominator, weights = self.weights
        draw = rng.randbelow(denominator)
        for i, w in enumerate(weights):
            draw -= w
            if draw < 0:
                return i
        return len(weights) - 1

    def update(self, index: int, old: Values, new: Values) -> None:
        """Child `index` changed its value from `old` (empty if new) to `new`: update this one."""
        if self.mover == CHANCE:
            weight = self.weights[1][index]
            if not old:
                self.mass += weight
                old = (0.0,) * len(new)
                if not self.sums:
                    self.sums = [0.0] * len(new)
            sums = self.sums
            for i, v in enumerate(new):
                sums[i] += weight * (v - old[i])
            self.value = tuple(x / self.mass for x in sums)
            return
        mover = self.mover
        if self.best < 0 or new[mover] > self.value[mover]:
            self.best, self.value = index, new
        elif index == self.best:
            self.value = new
            if new[mover] < old[mover]:  # the best child got worse: look again
                for i, child in self.children.items():
                    if child.value and child.value[mover] > self.value[mover]:
                        self.best, self.value = i, child.value


def _leaf(state: S, game_ai: GameAI[S, Any], rng: Rng) -> Values:
    """Values of a new leaf: chance nodes in front of it are sampled, then it is evaluated."""
    while state.to_move == CHANCE:
        state = state.apply_unchecked(rng.sample_outcome(state.chance_outcomes()))
    return values(state, game_ai)


def mcts(state: S, game_ai: GameAI[S, A], iterations: int, rng: Rng) -> A:
    """Chance-aware Monte Carlo tree search with max-n backup.

    Each iteration walks down by the tree policy (the mover's value of a child plus an
    exploration term; chance outcomes drawn with their exact probabilities), expands one
    untried action in the game's order, and scores the new node with the game's evaluation (or
    the result). Values go back up max-n style: a decision node takes the vector of its child
    best for its mover, a chance node the weighted mean of its outcomes. The action of the
    best child is played (ties: the more visited, then the earlier in order).
    """
    root: _Node[S, A] = _Node(state)
    root.actions = ordered(state, game_ai)
    for _ in range(iterations):
        node = root
        path: list[tuple[_Node[S, A], int]] = []
        result: Values | None = None
        while result is None:
            mover = node.mover
            if mover == TERMINAL:
                result = terminal_values(node.state)
            elif mover == CHANCE:
                i = node.sample(rng)
                child = node.children.get(i)
                if child is None:
                    assert node.actions is not None  # a chance node lists its outcomes when made
                    child = node.children[i] = _Node(node.state.apply_unchecked(node.actions[i]))
                path.append((node, i))
                node = child
            elif node.actions is None or len(node.children) < len(node.actions):
                if node.actions is None:  # ordered only once the node is walked through
                    node.actions = ordered(node.state, game_ai)
                i = len(node.children)
                child = node.children[i] = _Node(node.state.apply_unchecked(node.actions[i]))
                path.append((node, i))
                node = child
                result = _leaf(child.state, game_ai, rng)
            else:
                i = _select(node)
                path.append((node, i))
                node = node.children[i]
        # back up from the node reached (a new leaf or an end of the game)
        node.visits += 1
        old, new = node.value, result
        node.value = result
        for parent, i in reversed(path):
            parent.visits += 1
            before = parent.value
            parent.update(i, old, new)
            old, new = before, parent.value
    return _best(root)


def _select(node: _Node[S, A]) -> int:
    """The child maximising its value for the mover plus EXPLORATION * sqrt(N) / (1 + n)."""
    assert node.actions is not None  # a node is selected through once all its actions are tried
    mover = node.mover
    scale = EXPLORATION * sqrt(node.visits)
    best, best_score = 0, -1e9
    # a decision node's children are made in index order, so the dict's order is the actions'
    for i, child in enumerate(node.children.values()):
        value = child.value
        score = (value[mover] if value else 0.0) + scale / (1 + child.visits)
        if score > best_score:
            best, best_score = i, score
    return best


def _best(root: _Node[S, A]) -> A:
    """The root action whose child is best for the mover (ties: more visits, earlier in order)."""
    assert root.actions is not None  # mcts orders the root's actions first
    mover = root.mover
    best_key: tuple[float, int] | None = None
    best_action = root.actions[0]
    for i, action in enumerate(root.actions):
        child = root.children.get(i)
        if child is None or not child.value:
            continue
        key = (child.value[mover], child.visits)
        if best_key is None or key > best_key:
            best_key, best_action = key, action
    return best_action


class _OutOfBudget(Exception):
    """The exact search needed more nodes than it was given."""


def solve(state: S, game_ai: GameAI[S, A], budget: int) -> tuple[A, float] | None:
    """Exact alpha-beta to the end of a deterministic two-player game: the mover's best action
    and its game value (+1 win, 0 draw, -1 loss), or None if `budget` nodes do not suffice."""
    me = state.to_move
    left = [budget]

    def minimax(s: S, alpha: float, beta: float) -> float:
        left[0] -= 1
        if left[0] < 0:
            raise _OutOfBudget
        if s.to_move == TERMINAL:
            return terminal_values(s)[me]
        maximising = s.to_move == me
        best = -2.0 if maximising else 2.0
        for action in ordered(s, game_ai):
            v = minimax(s.apply_unchecked(action), alpha, beta)
            if maximising:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    best: A | None = None
    best_value = -2.0
    try:
        for action in ordered(state, game_ai):
            v = minimax(state.apply_unchecked(action), best_value, 2.0)
            if v > best_value:
                best, best_value = action, v
            if best_value >= 1.0:
                break
    except _OutOfBudget:
        return None
    assert best is not None, "a decision has legal actions, each valued in [-1, 1]"
    return best, best_value
