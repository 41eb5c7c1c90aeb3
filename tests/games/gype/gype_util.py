"""Helpers for the Gype tests: build a checked position from a few pieces."""

from __future__ import annotations

from qipan.games.gype import BOOK, EAR, FACE_LETTERS, FLAME, GAME, HAT, SWORDS, TREE, GypeState, Rules
from qipan.games.gype.board import CELLS, HOME_ROW, OPPOSITE, ROW_CELLS, cell_name, parse_cell
from qipan.games.gype.rules import EMPTY

FIELD = tuple(cell for cell in CELLS if HOME_ROW[cell] == "")


def c(name: str) -> int:
    """A cell by name."""
    return parse_cell(name)


def make(pieces: dict[str, str], turn: int = 0, seats: str = "SN", **options) -> GypeState:
    """A play position with `pieces` ({'d1': 'F0'}: a Flame of player 0 on d1).

    Each player is topped up to 8 pieces with Ears on the free cells of their goal row (from the
    far end, at most 7 home), then on free field cells from i8 downwards; the result goes through the position parser, so it is a legal position.
    """
    board = [EMPTY] * 100
    for name, token in pieces.items():
        board[c(name)] = int(token[1]) * 6 + FACE_LETTERS.index(token[0])
    for player, seat in enumerate(seats):
        goal = ROW_CELLS[OPPOSITE[seat]]
        have = sum(1 for v in board if v >= 0 and v // 6 == player)
        home = sum(1 for cell in goal if board[cell] >= 0 and board[cell] // 6 == player)
        for cell in goal[::-1] + FIELD[::-1]:
            if have >= 8:
                break
            if board[cell] == EMPTY and (cell not in goal or home < 7):
                board[cell] = player * 6  # an Ear
                have += 1
                home += cell in goal
    state = GypeState(Rules(seats=seats, **options), tuple(board), turn)
    again = GAME.parse_position(GAME.position(state))
    assert again == state
    return again


def targets(state: GypeState, cell: str) -> set[str]:
    """The names of the cells the piece on `cell` can end a MOVE on."""
    return {cell_name(t) for t in state.destinations(c(cell))}


def steps(state: GypeState, cell: str) -> set[str]:
    """The names of the cells the piece on `cell` can step to (§5, no jumps)."""
    from qipan.games.gype import Step
    return {cell_name(m.to) for m, _ in state.piece_moves(c(cell)) if isinstance(m, Step)}


def play(state: GypeState, *texts: str) -> GypeState:
    """Apply actions given as text (checked)."""
    for text in texts:
        state = state.apply(GAME.parse_action(state, text))
    return state


def crowded() -> GypeState:
    """South (0) to move: a Hat on e3 with pieces on both paths to f5, a Flame on c2 that can
    chain over c3 and d5; North (1) elsewhere."""
    board = [EMPTY] * 100
    pieces = {"e3": (0, HAT), "e5": (0, TREE), "c2": (0, FLAME), "e4": (1, BOOK), "f3": (1, SWORDS),
              "c3": (1, EAR), "d5": (1, BOOK)}
    for name, (owner, face) in pieces.items():
        board[parse_cell(name)] = owner * 6 + face
    for cell in ROW_CELLS["S"][:5]:
        board[cell] = BOOK
    for cell in ROW_CELLS["N"][:4]:
        board[cell] = 6 + TREE
    return GypeState(Rules(), tuple(board), 0)
