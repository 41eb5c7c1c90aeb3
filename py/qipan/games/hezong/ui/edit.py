"""Click editing of 合縱連橫 positions (pure; no browser): put or lift a stone of a player, mark
the previous stone (the line rule's reference, §3.1) and choose the side to move. The map stays.

The position text also counts turns (supply) and removed stones, which must fit the stones on
the board in turn order (§3). After every edit the turn count is derived again: the fewest turns
from the start player that can have placed the stones on the board, with the previous mover as
wanted; stones a player placed but no longer has on the board count as removed by attacks.
"""

from __future__ import annotations

from dataclasses import replace

from qipan.core.numbers import is_number
from qipan.games.hezong import GAME, HezongState
from qipan.games.hezong.geometry import CELLS, cell_name, parse_cell
from qipan.games.hezong.rules import EMPTY, STONES_EACH
from qipan.boardkit.editing import EditorTools, Choice, Field, Reason, Refused, Tool, reworded
from qipan.games.hezong.ui.view import STONE_FILL, STONE_INK

LIFT = "lift"
LAST = "last"
NAMES = tuple(cell_name(c) for c in range(CELLS))
REASONS: tuple[Reason, ...] = (
    (r"^(?P<scars>\d+) 'x' cells but only (?P<removed>\d+) stones were removed", "editor.hezong.err.scars"),
)
"""The engine's reasons a click or a field can meet, in the string table's words."""


def tools(state: HezongState) -> tuple[Tool, ...]:
    """A stone of each player, lift a stone, mark the previous stone."""
    stones = tuple(Tool(f"stone:{p}", ("editor.hezong.stone", {"player": ("player.n", {"n": p + 1})}), str(p + 1),
                        STONE_FILL[p], STONE_INK[p]) for p in range(state.players))
    return stones + (Tool(LIFT, ("editor.hezong.lift", {}), "−"), Tool(LAST, ("editor.hezong.last", {}), "◎"))


def points(state: HezongState) -> tuple[str, ...]:
    return NAMES


def _cell(point: str) -> int:
    cell = parse_cell(point.lower())
    if cell is None:
        raise Refused("editor.err.point", point=point)
    return cell


def apply(state: HezongState, tool: str, point: str) -> HezongState:
    """The position after using `tool` on `point`. Raises Refused or the engine's NotationError."""
    cell = _cell(point)
    stones = list(state.stones)
    owner = stones[cell]
    if tool == LAST:
        if owner < 0:
            raise Refused("editor.err.no_stone", point=NAMES[cell])
        return recount(state, tuple(stones), previous=owner, last=cell)
    if tool == LIFT:
        if owner < 0:
            raise Refused("editor.err.no_stone", point=NAMES[cell])
        stones[cell] = EMPTY
        keep = state.last if state.last != cell and state.last >= 0 and stones[state.last] >= 0 else -1
        return recount(state, tuple(stones), previous=stones[keep] if keep >= 0 else None, last=keep)
    if tool.startswith("stone:") and is_number(tool[6:], 3) and int(tool[6:]) < state.players:
        player = int(tool[6:])
        stones[cell] = player
        return recount(state, tuple(stones), previous=player, last=cell)
    raise Refused("editor.err.tool")


def _placed(state: HezongState, ply: int, player: int) -> int:
    n = state.players
    seat = (player - state.start) % n
    return ply // n + (1 if seat < ply % n else 0)


def recount(state: HezongState, stones: tuple[int, ...], previous: int | None, last: int,
            to_move: int | None = None) -> HezongState:
    """`stones` on the board with the fewest turns that fit them, the previous mover being
    `previous` (None: anyone with a stone) and `last` the previous stone when it is theirs."""
    n, each = state.players, STONES_EACH[state.players]
    counts = [stones.count(p) for p in range(n)]
    for ply in range(n * each + 1):
        if any(_placed(state, ply, p) < counts[p] for p in range(n)):
            continue
        mover = (state.start + ply - 1) % n
        if to_move is not None and (state.start + ply) % n != to_move:
            continue
        if ply and previous is not None and mover != previous:
            continue
        if ply == 0:
            cell = -1
        elif 0 <= last < CELLS and stones[last] == mover:
            cell = last
        elif mover in stones:
            cell = stones.index(mover)
        else:
            continue  # the previous mover needs a stone on the board for the line rule
        supply = tuple(each - _placed(state, ply, p) for p in range(n))
        removed = tuple(_placed(state, ply, p) - counts[p] for p in range(n))
        return checked(replace(state, stones=stones, supply=supply, removed=removed, last=cell))
    if previous is not None or to_move is not None:
        return recount(state, stones, None, last)
    raise Refused("editor.err.turn_order")


def refusal(error: ValueError) -> Refused:
    """The engine's reason for refusing an edit, in the string table's words."""
    return reworded(error, REASONS)


def checked(state: HezongState) -> HezongState:
    """The state as the engine reads its position text (NotationError naming the broken rule)."""
    return GAME.parse_position(GAME.position(state))


def fields(state: HezongState) -> tuple[Field, ...]:
    players = tuple(Choice(str(p), (("player.n", {"n": p + 1}),)) for p in range(state.players))
    mover = state.to_move if state.to_move >= 0 else state.start
    return (Field("to_move", ("editor.to_move", {}), players, str(mover)),)


def set_field(state: HezongState, name: str, value: str) -> HezongState:
    """The position with the side to move changed (the turn count and previous stone follow)."""
    if name == "to_move" and is_number(value, 3) and int(value) < state.players:
        wanted = int(value)
        previous = (wanted - 1) % state.players
        result = recount(state, state.stones, previous, state.last, to_move=wanted)
        if result.to_move != wanted:
            raise Refused("editor.err.to_move", player=("player.n", {"n": wanted + 1}))
        return result
    raise Refused("editor.err.field")


def empty(state: HezongState) -> HezongState:
    """The same map with no stones (the opening of this map)."""
    each = STONES_EACH[state.players]
    return checked(replace(state, stones=(EMPTY,) * CELLS, supply=(each,) * state.players,
                           removed=(0,) * state.players, last=-1))


TOOLS = EditorTools(
    tools=tools, points=points, apply=apply, fields=fields, set_field=set_field, refusal=refusal,
    empty=empty)
"""This game's tools in the position editor."""
