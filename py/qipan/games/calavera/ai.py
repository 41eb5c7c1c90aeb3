"""Calavera for the computer players: a sheet evaluation and the turn solved exactly.

The evaluation scores a sheet by what its rows should end up worth: a frozen row its value, an
open row the better of its current box and a forecast that grows along the row toward the
10 box (rules §3, §5), plus the bonus lines. Within a turn the keep/re-roll decisions are
solved exactly (`solve_turn`): expectimax over every re-roll and every roll of the dice with
its multinomial probability, the choice at the end taken at its best, and the other players'
marks (rules §4.3) played out greedily before the end-of-turn sheets are scored, so the dice a
choice leaves to the others are counted too.
"""

from __future__ import annotations

from typing import Sequence

from qipan.ai.search import squash, values
from qipan.core import CHANCE, GameAI, Rng
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


def _best_mark(state: CalaveraState, game_ai: GameAI[CalaveraState, Action]) -> tuple[Action | None, float]:
    """The best of the choices open now (a choice or a mark) for the player deciding."""
    me = state.to_move
    best: Action | None = None
    best_value = -3.0
    for action in state.legal_actions():
        v = _settle(state.apply_unchecked(action), game_ai)[me]
        if v > best_value:
            best, best_value = action, v
    return best, best_value


def solve_turn(state: CalaveraState, width: int) -> Stop | Reroll:
    """The best keep/re-roll action (or choice) by exact expectimax over the rest of the turn."""
    game_ai = AI
    me = state.active
    base = state
    keep_memo: dict[tuple[tuple[int, ...], int, int], float] = {}
    """(dice kept, skulls, rolls) -> the value of deciding there."""
    roll_memo: dict[tuple[tuple[int, ...], int, int], float] = {}
    """(dice kept, skulls, rolls) -> the value of rolling the rest."""
    end_memo: dict[tuple[tuple[int, ...], int] | tuple[str, tuple[int, ...], int], float] = {}
    """(dice, skulls) -> the value of stopping; ("bust", dice, skulls) -> the value of a bust."""

    def at(phase: Phase, rolls: int, dice: tuple[int, ...], skulls: int) -> CalaveraState:
        return CalaveraState(base.rules, base.start, base.crosses, base.frozen, base.bonus, base.claimed,
                             phase, me, rolls, dice, skulls)

    def stop_value(dice: tuple[int, ...], skulls: int, rolls: int) -> float:
        key = (dice, skulls)
        known = end_memo.get(key)
        if known is None:
            after = at(Phase.KEEP, rolls, dice, skulls).apply_unchecked(_STOP)
            known = _best_mark(after, game_ai)[1] if after.phase is Phase.CHOOSE else _settle(after, game_ai)[me]
            end_memo[key] = known
        return known

    def keep_value(dice: tuple[int, ...], skulls: int, rolls: int) -> float:
        key = (dice, skulls, rolls)
        known = keep_memo.get(key)
        if known is None:
            known = stop_value(dice, skulls, rolls)
            for reroll in _rerolls(dice, width):
                kept = tuple(h - r for h, r in zip(dice, reroll.dice))
                known = max(known, roll_value(kept, skulls, rolls))
            keep_memo[key] = known
        return known

    def roll_value(kept: tuple[int, ...], skulls: int, rolls: int) -> float:
        key = (kept, skulls, rolls)
        known = roll_memo.get(key)
        if known is not None:
            return known
        total = 0.0
        for rolled, p in _ROLLS_F[6 - skulls - sum(kept)]:
            dice = (kept[0] + rolled[0], kept[1] + rolled[1], kept[2] + rolled[2], kept[3] + rolled[3],
                    kept[4] + rolled[4])
            sk = skulls + rolled[SKULL]
            if sk >= BUST_SKULLS:
                bust = ("bust", dice, sk)
                v = end_memo.get(bust)
                if v is None:
                    v = end_memo[bust] = _settle(at(Phase.ROLL, rolls, kept, skulls).apply_unchecked(Roll(rolled)),
                                                 game_ai)[me]
            elif rolls + 1 == MAX_ROLLS:
                v = stop_value(dice, sk, rolls + 1)
            else:
                v = keep_value(dice, sk, rolls + 1)
            total += p * v
        roll_memo[key] = total
        return total

    best: Stop | Reroll
    best, best_value = _STOP, stop_value(state.dice, state.skulls, state.rolls)
    for reroll in _rerolls(state.dice, width):
        kept = tuple(h - r for h, r in zip(state.dice, reroll.dice))
        v = roll_value(kept, state.skulls, state.rolls)
        if v > best_value:
            best, best_value = reroll, v
    return best


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


AI: GameAI[CalaveraState, Action] = GameAI(evaluate_all=evaluate_all, search=search)
"""What this game gives the computer players."""
