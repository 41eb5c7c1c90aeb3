"""Table Gype for the computer players: evaluation and move ordering.

A piece is worth its progress toward the goal row plus what its face lets it do next; an Ear
is stuck until re-rolled. Jumps and Hat leaps roll the pieces they pass, and the search
averages over those rolls exactly (chance nodes), so a jump that turns an opponent's Ear into
a mover, or a blocked piece into a runner, is charged for what it hands over.

Pacing (hard level): while a foreign piece stands in the mover's goal row the mover cannot win,
and the stall valve (rules §9) ends the game as a draw once no piece has entered a goal row for
`stall_rounds` rounds. Every entry restarts that count, so entries are kept in reserve: the
search is not offered them until the valve is PACE_TURNS of the mover's turns away, and then
only them. The game goes on, and the blocker's owner gets the time to move it out.
"""

from __future__ import annotations

from typing import Sequence

from qipan.ai.search import mcts, squash
from qipan.core import GameAI, Rng
from qipan.games.gype.board import CELLS, FORWARD, GOAL, OPPOSITE, ROW_CELLS, SIZE, ZONES
from qipan.games.gype.rules import BOOK, EAR, FLAME, HAT, SWORDS, TREE, Action, GypeState, Jump, Leap, Roll, Step

FACE_VALUE = {EAR: -1.2, BOOK: 0.2, TREE: 0.7, FLAME: 0.6, SWORDS: 0.3, HAT: 0.4}
"""What each face adds to a piece not yet home (Tree and Flame move forward best)."""
HOME_BONUS = 3.0
"""A piece in its goal row, on top of its progress."""
SPREAD = 12.0
BUDGETS = {"easy": 150, "medium": 1000, "hard": 3000}
"""MCTS iterations per level; hard had 6,000 until its median move took over 1.5 s in the browser
(docs/ai.md, "In the browser")."""
PACE_TURNS = 2
"""While the goal row is blocked, an entry is played once the stall valve is this many of the
mover's own turns away (one to spare in case the piece meant to enter is jumped and rolled)."""
PACE_RESERVE = 2
"""Only the last entries are paced (while at most this many pieces are out of the goal row):
holding back more costs moves in a race once the blocker leaves."""
PACED_LEVELS = ("hard",)


def progress(seat: str, cell: int) -> int:
    """How far along its way a piece of `seat` on `cell` is: 0 in the start row, 9 at the goal."""
    x, y = cell % SIZE, cell // SIZE
    fx, fy = FORWARD[seat]
    return y if fy > 0 else (9 - y) if fy < 0 else x if fx > 0 else 9 - x


def lateral(seat: str, cell: int) -> int:
    """Where `cell` lies across a piece of `seat`'s way (the x of South and North)."""
    return cell % SIZE if FORWARD[seat][0] == 0 else cell // SIZE


_PROGRESS = {seat: tuple(progress(seat, c) for c in range(SIZE * SIZE)) for seat in FORWARD}
_LATERAL = {seat: tuple(lateral(seat, c) for c in range(SIZE * SIZE)) for seat in FORWARD}
"""progress() and lateral() of every seat and cell, looked up by the evaluation."""
_NEAREST: dict[int, tuple[int, ...]] = {}
"""nearest(free)[at], kept as met: the distance from `at` to the nearest place across the goal row
whose bit is set in `free`."""


def nearest(free: int) -> tuple[int, ...]:
    """For each place across a goal row, the distance to the nearest one whose bit is set in
    `free` (0 everywhere when none is); the evaluation's table, made once per set of free cells."""
    found = _NEAREST.get(free)
    if found is None:
        found = _NEAREST[free] = tuple(min((abs(at - f) for f in range(SIZE) if free >> f & 1), default=0)
                                       for at in range(SIZE))
    return found


def _material(state: GypeState, player: int, cells: list[int]) -> float:
    """Pieces home, and for each other piece (on `cells`, ascending) its face and how near it is
    to the nearest goal cell still free: a king's-move count, so the last piece is drawn along
    the row toward the last free cell instead of waiting before a full part of the goal row."""
    seat = state.seat(player)
    zones = ZONES[seat]
    board = state.board
    ahead_of = _PROGRESS[seat]
    across = _LATERAL[seat]
    free = 0
    for c in ROW_CELLS[OPPOSITE[seat]]:
        if board[c] < 0:
            free |= 1 << across[c]
    near = nearest(free)
    total = 0.0
    for cell in cells:
        if zones[cell] == GOAL:
            total += 9 + HOME_BONUS
            continue
        ahead = 9 - ahead_of[cell]
        if free and near[across[cell]] > ahead:
            ahead = near[across[cell]]
        total += 9 - ahead + FACE_VALUE[board[cell] % 6]
    return total


def evaluate_all(state: GypeState) -> tuple[float, ...]:
    """Every player's value in [-1, 1]: its material against the best other player's."""
    board = state.board
    cells: list[list[int]] = [[] for _ in range(state.players)]
    for c in CELLS:  # every player's pieces in one pass, ascending
        if board[c] >= 0:
            cells[board[c] // 6].append(c)
    material = [_material(state, p, cells[p]) for p in range(state.players)]
    out = []
    for p, m in enumerate(material):
        rival = max(v for q, v in enumerate(material) if q != p)
        out.append(squash((m - rival) / SPREAD))
    return tuple(out)


def evaluate(state: GypeState, player: int) -> float:
    """The value of `state` for `player` in [-1, 1]."""
    return evaluate_all(state)[player]


def order(state: GypeState, actions: Sequence[Action]) -> list[Action]:
    """The longest forward moves first; re-rolling an Ear before other re-rolls."""
    if state.setup or state.pending:
        return list(actions)
    seat = state.seat(state.current)
    board = state.board

    def key(action: Action) -> float:
        if isinstance(action, (Step, Leap)):
            return -(progress(seat, action.to) - progress(seat, action.frm))
        if isinstance(action, Jump):
            return -(progress(seat, action.landings[-1]) - progress(seat, action.frm)) - 0.5
        if isinstance(action, Roll):
            return 0.5 if board[action.cell] % 6 == EAR else 3.0
        return 0.0

    return sorted(actions, key=key)


def blocked(state: GypeState, player: int) -> bool:
    """Whether another player's piece stands in `player`'s goal row (no win until it leaves)."""
    board = state.board
    return any(board[c] >= 0 and board[c] // 6 != player for c in ROW_CELLS[OPPOSITE[state.seat(player)]])


def enters(state: GypeState, action: Action) -> bool:
    """Whether `action` is a MOVE of the player to move that ends in that player's goal row."""
    if isinstance(action, Jump):
        to = action.landings[-1]
    elif isinstance(action, (Step, Leap)):
        to = action.to
    else:
        return False
    return ZONES[state.seat(state.current)][to] == GOAL


def paced_actions(state: GypeState) -> list[Action] | None:
    """The actions pacing allows the player to move, or None when pacing does not apply.

    It applies while the stall valve is on, the mover's goal row is blocked, at most
    PACE_RESERVE of the mover's pieces are out of it and an entry is available: far from the
    valve only the other actions, near it only the entries.
    """
    rules = state.rules
    if not rules.stall_rounds or not blocked(state, state.current):
        return None
    zones = ZONES[state.seat(state.current)]
    if sum(1 for c in state.pieces(state.current) if zones[c] != GOAL) > PACE_RESERVE:
        return None
    actions = state.legal_actions()
    entries = [a for a in actions if enters(state, a)]
    if not entries:
        return None
    if state.quiet + PACE_TURNS * state.players >= rules.stall_turns:
        return entries
    return [a for a in actions if not enters(state, a)]


def _waiting_roll(state: GypeState) -> Roll | None:
    """A re-roll of a piece already home (a pass) when every other piece can enter right now:
    nothing is left to improve while waiting, so the search is spared."""
    player = state.current
    zones = ZONES[state.seat(player)]
    home = None
    for cell in state.pieces(player):
        if zones[cell] == GOAL:
            home = home if home is not None else cell
        elif not any(enters(state, move) for move, _ in state.piece_moves(cell)):
            return None
    return Roll(home) if home is not None else None


def search(state: GypeState, level: str, rng: Rng) -> Action | None:
    """The set-up row (§3): any arrangement, drawn from the seed (the evaluation scores them
    all alike, and searching 2,520 of them would take seconds). In play the hard level paces
    its entries (see the module docstring); everything else goes to the generic MCTS."""
    if state.setup and state.to_move >= 0:
        return rng.choice(state.legal_actions())
    if level not in PACED_LEVELS or state.to_move < 0:
        return None
    allowed = paced_actions(state)
    if allowed is None:
        return None
    if not enters(state, allowed[0]):
        waiting = _waiting_roll(state)
        if waiting is not None:
            return waiting
    if len(allowed) == 1:
        return allowed[0]
    root = state
    ordered = order(state, allowed)
    restricted: GameAI[GypeState, Action] = GameAI(evaluate_all=evaluate_all,
                        order=lambda s, actions: ordered if s is root else order(s, actions))
    return mcts(state, restricted, BUDGETS[level], rng)


AI: GameAI[GypeState, Action] = GameAI(evaluate_all=evaluate_all, order=order, search=search, budgets=BUDGETS)
"""What this game gives the computer players."""
