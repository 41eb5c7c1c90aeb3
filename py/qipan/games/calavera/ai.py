"""Calavera for the computer players: a sheet evaluation and the turn solved exactly.

The evaluation scores a sheet by what its rows should end up worth: a frozen row its value, an
open row the better of its current box and a forecast that grows along the row toward the
10 box (rules §3, §5), plus the bonus lines. Within a turn the keep/re-roll decisions are
solved exactly (`solve_turn`): expectimax over every re-roll and every roll of the dice with
its multinomial probability, the choice at the end taken at its best, and the other players'
marks (rules §4.3) played out greedily before the end-of-turn sheets are scored, so the dice a
choice leaves to the others are counted too. The same solution (`TurnSolver`, one per turn,
remembered) is the post-game analysis's value of a position with dice in hand (`turn_value`).
"""

from __future__ import annotations

from typing import Sequence

from qipan.ai.search import squash, values
from qipan.core import CHANCE, GameAI, Grades, Rng, Values
from qipan.games.calavera.actions import Action, Reroll, Roll, Stop
from qipan.games.calavera.dice import ROLLS, ROSE, SKULL
from qipan.games.calavera.rules import BUST_SKULLS, MAX_ROLLS, CalaveraState, Phase, reroll_choices, row_value

FORECAST = (2.0, 2.3, 2.6, 3.0, 3.4, 3.8, 4.3, 4.8, 5.4, 6.0, 6.5, 7.0, 7.0, 7.0)
"""What an open row with 0..13 crosses is expected to end at (a row in the death zone is frozen)."""
SPREAD = 8.0
REROLL_WIDTH = {"easy": 1, "medium": 4, "hard": 64}
"""Re-rolls searched at each keep decision, per level (the most promising first)."""
_ROLLS_F = tuple(tuple((dice, p.numerator / p.denominator) for dice, p in table) for table in ROLLS)
_STOP = Stop()


def sheet_value(state: CalaveraState, player: int) -> float:
    """What `player`'s sheet is worth: frozen rows at their value, open rows forecast, bonuses."""
    total = float(state.bonus_points(player))
    for crosses, frozen in zip(state.crosses[player], state.frozen[player]):
        value = row_value(crosses)
        total += value if frozen else max(FORECAST[min(crosses, 13)], 0.8 * value)
    return total


def evaluate_all(state: CalaveraState) -> tuple[float, ...]:
    """Every player's value in [-1, 1]: its sheet against the best other sheet."""
    sheets = [sheet_value(state, p) for p in range(state.players)]
    out = []
    for p, s in enumerate(sheets):
        rival = max(v for q, v in enumerate(sheets) if q != p)
        out.append(squash((s - rival) / SPREAD))
    return tuple(out)


def evaluate(state: CalaveraState, player: int) -> float:
    """The value of `state` for `player` in [-1, 1]."""
    return evaluate_all(state)[player]


def _settle(state: CalaveraState, game_ai: GameAI[CalaveraState, Action]) -> tuple[float, ...]:
    """Play out the other players' marks greedily (each for itself), then score the sheets."""
    while state.phase is Phase.MARK:
        marker = state.to_move
        state = max((state.apply_unchecked(a) for a in state.legal_actions()),
                    key=lambda s: values(s, game_ai)[marker])
    return values(state, game_ai)


def _best_mark(state: CalaveraState, game_ai: GameAI[CalaveraState, Action]) -> tuple[Action | None, Values]:
    """The best of the choices open now (a choice or a mark) for the player deciding, and every
    player's settled value after it."""
    me = state.to_move
    best: Action | None = None
    best_values: Values = ()
    for action in state.legal_actions():
        v = _settle(state.apply_unchecked(action), game_ai)
        if best is None or v[me] > best_values[me]:
            best, best_values = action, v
    return best, best_values


Key = tuple[tuple[int, ...], int, int]
"""(dice, skulls, rolls made) within one turn."""


class TurnSolver:
    """The rest of one turn solved exactly (expectimax over every re-roll and every roll of the
    dice with its multinomial probability; the end-of-turn choice at its best, the other players'
    marks played out greedily, the sheets then scored): every player's expected value at the end
    of the turn, the active player choosing. One solver per turn (the sheets and the active player
    before the dice); what it has solved is remembered, so a turn is solved once for all its
    states. `width`: the re-rolls searched at each keep decision (the most promising first)."""

    def __init__(self, state: CalaveraState, width: int) -> None:
        self.base = state
        self.me = state.active
        self.width = width
        self._keep: dict[Key, Values] = {}
        """(dice, skulls, rolls) -> the value of deciding there."""
        self._roll: dict[Key, Values] = {}
        """(dice kept, skulls, rolls) -> the value of rolling the rest."""
        self._stop: dict[tuple[tuple[int, ...], int], Values] = {}
        """(dice, skulls) -> the value of stopping."""
        self._bust: dict[tuple[tuple[int, ...], int], Values] = {}
        """(dice, skulls) -> the value of a bust."""

    def _at(self, phase: Phase, rolls: int, dice: tuple[int, ...], skulls: int) -> CalaveraState:
        base = self.base
        return CalaveraState(base.rules, base.start, base.crosses, base.frozen, base.bonus, base.claimed,
                             phase, self.me, rolls, dice, skulls)

    def stop(self, dice: tuple[int, ...], skulls: int, rolls: int) -> Values:
        """The value of ending the rolling with `dice` showing."""
        key = (dice, skulls)
        known = self._stop.get(key)
        if known is None:
            after = self._at(Phase.KEEP, rolls, dice, skulls).apply_unchecked(_STOP)
            known = _best_mark(after, AI)[1] if after.phase is Phase.CHOOSE else _settle(after, AI)
            self._stop[key] = known
        return known

    def keep(self, dice: tuple[int, ...], skulls: int, rolls: int) -> Values:
        """The value of the keep decision with `dice` showing: stopping or the best re-roll."""
        key = (dice, skulls, rolls)
        known = self._keep.get(key)
        if known is None:
            me = self.me
            known = self.stop(dice, skulls, rolls)
            for reroll in _rerolls(dice, self.width):
                kept = tuple(h - r for h, r in zip(dice, reroll.dice))
                v = self.roll(kept, skulls, rolls)
                if v[me] > known[me]:
                    known = v
            self._keep[key] = known
        return known

    def roll(self, kept: tuple[int, ...], skulls: int, rolls: int) -> Values:
        """The value of rolling every die not kept (and not a skull), before the dice fall."""
        key = (kept, skulls, rolls)
        known = self._roll.get(key)
        if known is not None:
            return known
        total = [0.0] * self.base.players
        for rolled, p in _ROLLS_F[6 - skulls - sum(kept)]:
            dice = (kept[0] + rolled[0], kept[1] + rolled[1], kept[2] + rolled[2], kept[3] + rolled[3],
                    kept[4] + rolled[4])
            sk = skulls + rolled[SKULL]
            if sk >= BUST_SKULLS:
                v = self._bust.get((dice, sk))
                if v is None:
                    v = self._bust[(dice, sk)] = _settle(
                        self._at(Phase.ROLL, rolls, kept, skulls).apply_unchecked(Roll(rolled)), AI)
            elif rolls + 1 == MAX_ROLLS:
                v = self.stop(dice, sk, rolls + 1)
            else:
                v = self.keep(dice, sk, rolls + 1)
            for i, x in enumerate(v):
                total[i] += p * x
        known = self._roll[key] = tuple(total)
        return known

    def value(self, state: CalaveraState) -> Values:
        """Every player's expected end-of-turn value from `state`, a position of this turn."""
        phase = state.phase
        if phase is Phase.ROLL:
            return self.roll(state.dice, state.skulls, state.rolls)
        if phase is Phase.KEEP:
            return self.keep(state.dice, state.skulls, state.rolls)
        if phase is Phase.CHOOSE:
            return self.stop(state.dice, state.skulls, state.rolls)
        return _settle(state, AI)


SOLVERS = 8
"""Turn solvers remembered (the turns most recently asked about)."""
_solvers: dict[tuple[object, ...], TurnSolver] = {}


def solver(state: CalaveraState, width: int) -> TurnSolver:
    """The solver of the turn `state` is in (made once, remembered for its later positions)."""
    key = (state.rules, state.start, state.crosses, state.frozen, state.bonus, state.claimed, state.active, width)
    found = _solvers.get(key)
    if found is None:
        if len(_solvers) >= SOLVERS:
            del _solvers[next(iter(_solvers))]
        found = _solvers[key] = TurnSolver(state, width)
    return found


def solve_turn(state: CalaveraState, width: int) -> Stop | Reroll:
    """The best keep/re-roll action by exact expectimax over the rest of the turn."""
    turn = solver(state, width)
    me = state.active
    best: Stop | Reroll = _STOP
    best_value = turn.stop(state.dice, state.skulls, state.rolls)[me]
    for reroll in _rerolls(state.dice, width):
        kept = tuple(h - r for h, r in zip(state.dice, reroll.dice))
        v = turn.roll(kept, state.skulls, state.rolls)[me]
        if v > best_value:
            best, best_value = reroll, v
    return best


TURN_WIDTH = 64
"""Re-rolls the analysis's turn value searches at each keep decision: every one (the hard level's
policy; a keep decision offers at most 63)."""


def turn_value(state: CalaveraState) -> Values:
    """Every player's value of a position, counting the dice in hand: between turns (before the
    first roll) the sheets as they stand (`evaluate_all`); within a turn the expected value at its
    end under the exact turn solution (`TurnSolver`), so a roll's outcome is worth what the dice
    it leaves are worth."""
    if state.phase is Phase.ROLL and state.rolls == 0:
        return evaluate_all(state)
    return solver(state, TURN_WIDTH).value(state)


def _rerolls(dice: tuple[int, ...], width: int) -> Sequence[Reroll]:
    """The re-rolls to search: at most `width`, those throwing the fewest roses and most dice first."""
    choices = reroll_choices(dice)
    if len(choices) <= width:
        return choices
    return sorted(choices, key=lambda r: (r.dice[ROSE], -sum(r.dice)))[:width]


def search(state: CalaveraState, level: str, rng: Rng) -> Action | None:
    """Keep decisions solved exactly; choices and marks by their settled end-of-turn value."""
    if state.to_move == CHANCE:
        return None
    if state.phase is Phase.KEEP:
        return solve_turn(state, REROLL_WIDTH[level])
    return _best_mark(state, AI)[0]


GRADES = Grades(inaccuracy=0.05, mistake=0.15, blunder=0.20)
"""The analysis's grade thresholds: the losses the easy level's moves exceed a quarter, a tenth and
a twentieth of the time (bench/analysis.py --calibrate; docs/analysis.md, "Thresholds per game")."""

AI: GameAI[CalaveraState, Action] = GameAI(evaluate_all=evaluate_all, search=search, turn_value=turn_value,
                                           grades=GRADES)
"""What this game gives the computer players."""
