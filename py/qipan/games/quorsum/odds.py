"""Exact odds a UI shows before rolling (rules §5, §12.1).

* `success(dice, value)`: a flip, or one step of a move, succeeds: 1 - ((t-1)/6)^n.
* `survivors(dice, value)`: how many dice meet the value (the chain rule carries them on).
* `path_reach(state, cell, dice, path)`: for a move of the pawn on `cell` with `dice` dice along
  a declared path, the chance of standing on each tile of the path this turn.
* `reach_toward_home(state, cell, dice)`: the same under the stated policy **"toward home"**:
  at every step the pawn goes to a legal tile strictly closer to its home (the lowest value
  first, so the likeliest step, then the lowest cell index) and stops when no such tile exists
  or the dice run out. The board is taken as it is now (other actions of the turn not counted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence
from fractions import Fraction

from qipan.games.quorsum.board import NEIGHBOURS, distance
from qipan.games.quorsum.rules import DICE_OUTCOMES, Allotted, QuorsumState, success_probability


def success(dice: int, value: int) -> Fraction:
    """The chance that a flip or a single step with `dice` dice onto value `value` succeeds."""
    if not 1 <= dice <= 4 or not 2 <= value <= 6:
        raise ValueError(f"no roll of {dice} dice against value {value}")
    return success_probability(dice, value)


def survivors(dice: int, value: int) -> dict[int, Fraction]:
    """The distribution of the number of dice (0..dice) meeting `value`."""
    if (dice, value) not in DICE_OUTCOMES:
        raise ValueError(f"no roll of {dice} dice against value {value}")
    return {outcome.met: p for outcome, p in DICE_OUTCOMES[(dice, value)]}


def path_reach(state: QuorsumState, cell: int, dice: int, path: list[int] | tuple[int, ...]) -> dict[int, Fraction]:
    """For each tile of `path`, the chance the pawn on `cell` gets there (always continuing).

    Raises ValueError if a step of the path is not a legal step from the tile before it.
    """
    pool = {dice: Fraction(1)}
    reach: dict[int, Fraction] = {}
    here = cell
    for target in path:
        if target not in _targets(state, cell, here):
            raise ValueError(f"the pawn cannot step from cell {here} to cell {target}")
        nxt: dict[int, Fraction] = {}
        for n, p in pool.items():
            for met, q in survivors(n, state.values[target]).items():
                if met:
                    nxt[met] = nxt.get(met, Fraction(0)) + p * q
        pool = nxt
        reach[target] = sum(pool.values(), Fraction(0))
        here = target
    return reach


def toward_home_path(state: QuorsumState, cell: int) -> tuple[int, ...]:
    """The path the "toward home" policy follows from `cell` if every step succeeds."""
    pawn = state.pawn_at(cell)
    if pawn is None:
        raise ValueError(f"no pawn on cell {cell}")
    home = pawn[1]
    path = []
    here = cell
    while here != home:
        closer = [y for y in _targets(state, cell, here)
                  if distance(y, home) < distance(here, home)]
        if not closer:
            break
        here = min(closer, key=lambda y: (state.values[y], y))
        path.append(here)
    return tuple(path)


def reach_toward_home(state: QuorsumState, cell: int, dice: int) -> dict[int, Fraction]:
    """The chance of reaching each tile this turn under the "toward home" policy."""
    return path_reach(state, cell, dice, toward_home_path(state, cell))


def _targets(state: QuorsumState, mover: int, here: int) -> tuple[int, ...]:
    """Legal steps from `here` for the pawn that started on `mover` (its old tile is free)."""
    occupied = {p[0] for side in state.pawns for p in side} - {mover}
    if state.rules.freeze_home and here == state.pawn_at(mover)[1]:  # type: ignore[index]  # `mover` holds a pawn
        return ()
    colour = state.colours[mover]
    return tuple(y for y in NEIGHBOURS[here] if y not in occupied and state.colours[y] == colour)


# -- a planned flip: what the engine will do with it (§4.2, §5 flip step 1, A8) ------------------

BLOCKED_PAWN = "pawn"
"""The tile has a pawn on it: §5 step 1, the flip fails without a roll (A8)."""
BLOCKED_LOCK = "lock"
"""The tile is locked (§6): the flip fails without a roll (A8)."""


@dataclass(frozen=True)
class FlipPlan:
    """The odds of a planned flip given the whole plan of the turn.

    `now`: the chance the engine flips the tile if this flip is resolved next, on the board as it
    is (0 when `blocked`). `blocked`: why it fails without a roll now (BLOCKED_PAWN, BLOCKED_LOCK)
    or None. `clear_first`: the cell of the pawn standing on the tile when a move of that pawn is
    planned: resolving that move first may clear the tile; `later` is then the best chance of the
    flip after that move (its first step succeeding, then the flip). `before`: the cells of
    planned moves that might bring a pawn onto the tile: `now` holds only if the flip is
    resolved before them.
    """

    now: Fraction
    blocked: str | None = None
    clear_first: int | None = None
    later: Fraction | None = None
    before: tuple[int, ...] = ()


def flip_plan(state: QuorsumState, cell: int, dice: int, todo: Sequence[Allotted] | None = None) -> FlipPlan:
    """The odds of flipping `cell` with `dice` dice, `todo` being every action planned this turn
    (default: the state's own `todo`)."""
    planned: tuple[Allotted, ...] = state.todo if todo is None else tuple(todo)
    value = state.values[cell]
    moves = [c for kind, c, _ in planned if kind == "move" and state.pawn_at(c) is not None]
    if state.locks[cell] >= 0:
        return FlipPlan(Fraction(0), BLOCKED_LOCK)
    if state.occupant(cell) >= 0:
        if cell in moves and state.step_targets(cell):
            move_dice = max(k for kind, c, k in planned if kind == "move" and c == cell)
            best = max(success(move_dice, state.values[y]) for y in state.step_targets(cell))
            return FlipPlan(Fraction(0), BLOCKED_PAWN, cell, best * success(dice, value))
        return FlipPlan(Fraction(0), BLOCKED_PAWN)
    flips = {c for kind, c, _ in planned if kind == "flip"}
    before = tuple(c for c in dict.fromkeys(moves) if cell in _region(state, c, flips))
    return FlipPlan(success(dice, value), before=before)


def _region(state: QuorsumState, start: int, flips: set[int]) -> set[int]:
    """Every tile the pawn on `start` might stand on this turn, whatever the other actions do: a
    pawn keeps the colour of its tile, and a tile may take that colour if a flip of it is planned;
    a tile with a pawn counts as free (that pawn may move away)."""
    colour = state.colours[start]
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for y in NEIGHBOURS[here]:
            if y not in seen and (state.colours[y] == colour or y in flips):
                seen.add(y)
                todo.append(y)
    return seen
