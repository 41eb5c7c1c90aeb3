"""Gype input without a browser: what a click on a cell means in a given state.

The engine answers every rules question (`piece_moves`, `destinations`, `rolled_cells`); this
module turns a click into an intent: pick a piece, pick a destination, choose between moves
that end on the same cell (Hat paths, jump chains that roll different dice), or a message
saying why not. Set-up clicks swap two dice of the arranging player's start row.
Messages are (i18n key, values) pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from qipan.games.gype import EAR, GypeState, Jump, Leap
from qipan.games.gype.board import GOAL, KNIGHT, ROW_CELLS, ZONES, cell_name
from qipan.games.gype.rules import START_FACES, Action, Move

Message = tuple[str, dict[str, object]]


@dataclass(frozen=True)
class Selection:
    """A picked piece and, when several moves end on one cell, that cell (the moves to choose)."""

    origin: int | None = None
    dest: int | None = None


@dataclass(frozen=True)
class Intent:
    """The answer to a click: a move to play, a new selection, and/or a message."""

    play: Move | None = None
    selection: Selection = field(default_factory=Selection)
    message: Message | None = None


def move_path(move: Move) -> tuple[int, ...]:
    """The cells a move visits: origin, Hat path cells or chain landings, destination."""
    if isinstance(move, Jump):
        return (move.frm,) + move.landings
    if isinstance(move, Leap):
        for dest, letter, cells in KNIGHT[move.frm]:
            if dest == move.to and letter == move.path:
                return (move.frm,) + cells + (move.to,)
    return (move.frm, move.to)


def choices(state: GypeState, origin: int, dest: int) -> list[tuple[Move, tuple[int, ...]]]:
    """The moves from `origin` ending on `dest` that differ in what they roll (first of each)."""
    seen: set[frozenset[int]] = set()
    out = []
    for move, rolled in state.destinations(origin).get(dest, []):
        key = frozenset(rolled)
        if key not in seen:
            seen.add(key)
            out.append((move, rolled))
    return out


def click(state: GypeState, selection: Selection, cell: int) -> Intent:
    """Interpret a click (or Enter) on `cell` during play."""
    origin = selection.origin
    if origin is not None:
        if cell == origin:
            return Intent(message=("gype.pick_piece", {}))
        if cell in state.destinations(origin):
            options = choices(state, origin, cell)
            if len(options) == 1:
                return Intent(play=options[0][0])
            return Intent(selection=Selection(origin, cell),
                          message=("gype.pick_option", {"cell": cell_name(cell), "n": len(options)}))
        if not _is_own(state, cell):
            return Intent(selection=Selection(origin),
                          message=("gype.err.not_target", {"origin": cell_name(origin), "cell": cell_name(cell)}))
    return _pick(state, cell)


def _is_own(state: GypeState, cell: int) -> bool:
    piece = state.board[cell]
    return piece >= 0 and piece // 6 == state.current


def _pick(state: GypeState, cell: int) -> Intent:
    piece = state.board[cell]
    where = {"cell": cell_name(cell)}
    if piece < 0:
        return Intent(message=("gype.err.empty", where))
    if piece // 6 != state.current:
        return Intent(message=("gype.err.foreign", {"cell": cell_name(cell), "n": piece // 6 + 1}))
    n = len(state.destinations(cell))
    if n:
        return Intent(selection=Selection(cell), message=("gype.pick_target", {"cell": cell_name(cell), "n": n}))
    seat = state.rules.seats[state.current]
    if ZONES[seat][cell] == GOAL:
        reason = "gype.stuck.goal"
    elif piece % 6 == EAR:
        reason = "gype.stuck.ear"
    else:
        reason = "gype.stuck.blocked"
    return Intent(selection=Selection(cell), message=(reason, where))


def as_played(state: GypeState, move: Move) -> Move:
    """The move the board plays for `move`: among the moves ending on its cell, the first that
    rolls the same dice (`choices`; a Hat's two paths that cross no piece are one option)."""
    end, rolled = move_path(move)[-1], frozenset(state.rolled_cells(move))
    return next(m for m, r in choices(state, move.frm, end) if frozenset(r) == rolled)


def hint_selection(state: GypeState, move: Move) -> Selection:
    """The selection a hinted MOVE is shown with: its die picked, as by a first click (tapping its
    end cell then plays it), and that end cell too when several moves end there (the numbered
    paths to choose from, as after a second click)."""
    end = move_path(move)[-1]
    return Selection(move.frm, end if len(choices(state, move.frm, end)) > 1 else None)


def hinted_option(state: GypeState, selection: Selection, hint: Action | None) -> int | None:
    """The index of `hint` among the numbered options of `selection`, or None when not there."""
    if selection.origin is None or selection.dest is None:
        return None
    return next((i for i, (m, _) in enumerate(choices(state, selection.origin, selection.dest)) if m == hint), None)


def rolls_if_any(state: GypeState, selection: Selection) -> frozenset[int]:
    """Every cell some move of the picked piece would roll (the board marks them ↻)."""
    if selection.origin is None:
        return frozenset()
    if selection.dest is not None:
        return frozenset(c for _, rolled in choices(state, selection.origin, selection.dest) for c in rolled)
    return frozenset(c for _, rolled in state.piece_moves(selection.origin) for c in rolled)


# ---- set-up (§3): the arranging player's start row ------------------------------------------

def start_faces(state: GypeState) -> list[int]:
    """The faces the arranging player starts arranging from: the dealt dice or the standard 8."""
    return list(state.dealt if state.dealt is not None else START_FACES)


def setup_row(state: GypeState) -> tuple[int, ...]:
    """The cells of the arranging player's start row, in arrangement order."""
    return ROW_CELLS[state.rules.seats[state.current]]


def setup_board(state: GypeState, faces: list[int]) -> tuple[int, ...]:
    """The board with the arranging player's proposed row on it (their dice only shown)."""
    board = list(state.board)
    for cell, face in zip(setup_row(state), faces):
        board[cell] = state.current * 6 + face
    return tuple(board)


def hidden_cells(state: GypeState) -> frozenset[int]:
    """In set-up, other players' arranged rows stay hidden from the arranging player (§3, A13)."""
    if not state.setup:
        return frozenset()
    own = set(setup_row(state))
    return frozenset(c for c in range(100) if state.board[c] >= 0 and c not in own)


def setup_click(state: GypeState, faces: list[int], swap: int | None, cell: int) -> tuple[list[int], int | None, Message]:
    """A click in set-up: pick a die of the own row, then another to swap them."""
    row = setup_row(state)
    if cell not in row:
        return faces, swap, ("gype.err.setup_row", {})
    if swap is None:
        return faces, cell, ("gype.swap_pick", {"cell": cell_name(cell)})
    if swap == cell:
        return faces, None, ("gype.setup", {})
    i, j = row.index(swap), row.index(cell)
    faces = list(faces)
    faces[i], faces[j] = faces[j], faces[i]
    return faces, None, ("gype.swapped", {"a": cell_name(swap), "b": cell_name(cell)})
