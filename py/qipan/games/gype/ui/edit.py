"""Click editing of Table Gype positions (pure; no browser): move a die to an empty cell, turn a
die to a face, and choose the player to move. Every player keeps 8 dice (§3), so dice are moved
rather than put or taken away. Every result is checked by the engine's own position parser;
`refusal` puts its reasons in the string table's words.
"""

from __future__ import annotations

from qipan.core.numbers import is_number
from qipan.games.gype import GAME
from qipan.games.gype.board import CELLS, cell_name, parse_cell
from qipan.games.gype.rules import EMPTY, GypeState
from qipan.boardkit.editing import EditorTools, MOVE, Choice, Field, Reason, Refused, Tool, reworded

FACE_MARKS = "EBTFSH"
"""The face letters of the notation (Ear, Book, Tree, Flame, Swords, Hat)."""
NAMES = tuple(cell_name(c) for c in CELLS)
REASONS: tuple[Reason, ...] = (
    (r"^§9: the stall limit is reached", "editor.gype.err.stalled"),
    (r"^§9: a player with all 8 pieces home", "editor.gype.err.won"),
    (r"^§8: player (?P<player>\d) may not stand on (?P<point>\w+)", "editor.gype.err.home_row"),
    (r"^§10 V2: player (?P<player>\d) has a piece in the far half", "editor.gype.err.chaos_half"),
    (r"^§3: player \d is to arrange|^§3: players arrange in turn order", "editor.gype.err.setup_turn"),
    (r"^§3: player (?P<player>\d) must start with", "editor.gype.err.setup_faces"),
    (r"^§3: player (?P<player>\d)'s pieces must all stand in their start row", "editor.gype.err.setup_row"),
    (r"^§10 V1: player \d was dealt an Ear", "editor.gype.err.dealt_ear"),
)
"""The engine's reasons a click or a field can meet, in the string table's words (its players
count from 0)."""


def prepare(state: GypeState) -> GypeState:
    """The opening with every start row arranged (the first arrangement), so there are dice to edit."""
    while state.setup and not state.is_chance() and state.legal_actions():
        state = state.apply(state.legal_actions()[0])
    return state


def tools(state: GypeState) -> tuple[Tool, ...]:
    faces = tuple(Tool(f"face:{f}", ("editor.gype.face", {"face": (f"gype.face.{f}", {})}), FACE_MARKS[f])
                  for f in range(6))
    return (Tool(MOVE, ("editor.move", {}), "↔"),) + faces


def points(state: GypeState) -> tuple[str, ...]:
    return NAMES


def _cell(point: str) -> int:
    try:
        return parse_cell(point.lower())
    except ValueError:
        raise Refused("editor.err.point", point=point) from None


def _with_board(state: GypeState, board: list[int]) -> GypeState:
    edited = GypeState(state.rules, tuple(board), state.current, state.setup, state.quiet, (), state.dealt, None)
    return GAME.parse_position(GAME.position(edited))


def holds(state: GypeState, point: str) -> bool:
    """Whether there is a die on `point` to move."""
    return state.board[_cell(point)] != EMPTY


def move(state: GypeState, origin: str, dest: str) -> GypeState:
    """The die on `origin` moved to the empty cell `dest`."""
    start, end = _cell(origin), _cell(dest)
    board = list(state.board)
    if board[start] == EMPTY:
        raise Refused("editor.err.no_die", point=origin)
    if board[end] != EMPTY:
        raise Refused("editor.err.occupied", point=dest)
    board[end], board[start] = board[start], EMPTY
    return _with_board(state, board)


def apply(state: GypeState, tool: str, point: str) -> GypeState:
    """Turn the die on `point` to a face. Raises Refused or the engine's NotationError."""
    cell = _cell(point)
    if not (tool.startswith("face:") and is_number(tool[5:], 1) and int(tool[5:]) < 6):
        raise Refused("editor.err.tool")
    board = list(state.board)
    if board[cell] == EMPTY:
        raise Refused("editor.err.no_die", point=point)
    board[cell] = board[cell] // 6 * 6 + int(tool[5:])
    return _with_board(state, board)


def refusal(error: ValueError) -> Refused:
    """The engine's reason for refusing an edit, in the string table's words."""
    return reworded(error, REASONS, player=lambda p: ("player.n", {"n": int(p) + 1}))


def fields(state: GypeState) -> tuple[Field, ...]:
    seats = state.rules.seats
    players = tuple(Choice(str(p), (("gype.seat_of", {"seat": (f"gype.seat.{s}", {})}),)) for p, s in enumerate(seats))
    return (Field("current", ("editor.to_move", {}), players, str(state.current)),)


def set_field(state: GypeState, name: str, value: str) -> GypeState:
    if name == "current" and is_number(value, 3) and int(value) < len(state.rules.seats):
        edited = GypeState(state.rules, state.board, int(value), state.setup, state.quiet, (), state.dealt, None)
        return GAME.parse_position(GAME.position(edited))
    raise Refused("editor.err.field")


TOOLS = EditorTools(
    tools=tools, points=points, apply=apply, fields=fields, set_field=set_field, refusal=refusal,
    prepare=prepare, holds=holds, move=move)
"""This game's tools in the position editor."""
