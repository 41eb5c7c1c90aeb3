"""Click editing of Quorsum positions (pure; no browser): move a pawn (two clicks), swap two
tiles (two clicks), flip a tile, give a tile a value, lock or unlock a tile for a player, and
form fields for the phase, the player whose turn it is and the stalemate counter.

Every player always has two pawns heading for the four corners (§1, §3.3), so pawns are moved,
not added or taken away. Every result is checked by the engine's own position parser, which
names the rule a set-up breaks (five tiles of a value, §1; a lock of the mover, §6; ...);
`refusal` puts its reasons in the string table's words.
"""

from __future__ import annotations

from typing import Any

from qipan.core.numbers import is_number
from qipan.games.quorsum import GAME
from qipan.games.quorsum.board import CORNERS, NAMES, distance, home_of
from qipan.games.quorsum.notation import PHASES
from qipan.games.quorsum.rules import (
    ALLOCATE,
    CHOOSING,
    PLACING,
    ROLLOFF,
    STALEMATE_LIMIT,
    VALUES,
    QuorsumState,
)
from qipan.boardkit.editing import EditorTools, MOVE, Choice, Field, Reason, Refused, Tool, reworded
from qipan.games.quorsum.ui.view import PLAYER_FILL, PLAYER_INK, TILE_FILL, TILE_INK

SWAP = "swap"
FLIP = "flip"
TWO_CLICK = (MOVE, SWAP)
"""Tools that pick something up with one click and put it down with the next."""
HOLDING = {MOVE: "editor.quorsum.holding_pawn", SWAP: "editor.quorsum.holding_tile"}
"""The legality line's text while a two-click tool holds a point."""
EDIT_PHASES = (ROLLOFF, CHOOSING, PLACING, ALLOCATE)
"""The phases the phase field sets: the opening roll, the opening choice, placing the pawns,
the start of a turn (every other phase needs the dice of a turn: edit the text)."""
START_CORNERS = (CORNERS[0], CORNERS[1])
"""Player 1's corners when the phase field puts the pawns on the board (a1 and d1)."""
REASONS: tuple[Reason, ...] = (
    (r"^§1: there are only five tiles of value (?P<value>\d)", "editor.quorsum.err.five_tiles"),
    (r"^§9 Sprint: every tile shows the same side", "editor.quorsum.err.sprint_side"),
    (r"^§9 Sprint: no tile is ever flipped, so none is locked", "editor.quorsum.err.sprint_lock"),
    (r"^A9 balanced", "editor.quorsum.err.balanced"),
    (r"^§6: no tile is locked before play starts", "editor.quorsum.err.lock_setup"),
    (r"^§6: the lock on (?P<point>\w+) ends when", "editor.quorsum.err.lock_mover"),
    (r"^A1 this_turn: the lock on (?P<point>\w+) ends", "editor.quorsum.err.lock_this_turn"),
    (r"^§3\.5: the stalemate counter starts at 0", "editor.quorsum.err.stalemate_setup"),
    (r"^§3\.1: during the layout", "editor.quorsum.err.layout_order"),
    (r"^§3\.1: a complete layout", "editor.quorsum.err.layout_done"),
    (r"^§3\.1: all 16 cells hold a tile", "editor.quorsum.err.layout_missing"),
    (r"^§8: player (?P<player>\d) has both pawns home", "editor.quorsum.err.both_home"),
    (r"^§7: the game ends when the counter reaches 6", "editor.quorsum.err.stalemate_over"),
    (r"^§8: a single game scores only when it ends|^§8: the match is already decided", "editor.quorsum.err.scored"),
    (r"^(?P<rule>§7/§8|§7|§8): (a game ends|the counter stops|the game scores|a finished match)",
     "editor.quorsum.err.result"),
    (r"^(?P<rule>§4\.\d|§7|§9|A4|A10|A14)[^:]*: (there is no pawn|the pawn on|the moving pawn|tile \w+ cannot|"
     r"the best distance|a step goes|only an empty|a chain|a pawn at home|no flipping|at most one|the turn ends|"
     r"with all four|only \d dice)", "editor.quorsum.err.mid_turn"),
)
"""The engine's reasons a click or a field can meet, in the string table's words."""


def prepare(state: QuorsumState) -> QuorsumState:
    """The opening played on to the first turn (first choice, first placement), so there are
    pawns to edit."""
    while state.phase in (CHOOSING, PLACING):
        state = state.apply(state.legal_actions()[0])
    return state


def tools(state: QuorsumState) -> tuple[Tool, ...]:
    """Move a pawn, flip a tile, swap two tiles, a tile value 2-6, a lock of each player."""
    values = tuple(Tool(f"value:{v}", ("editor.quorsum.value", {"value": v}), str(v), TILE_FILL[1], TILE_INK[1])
                   for v in VALUES)
    locks = tuple(Tool(f"lock:{p}", ("editor.quorsum.lock", {"player": ("player.n", {"n": p + 1})}), str(p + 1),
                       PLAYER_FILL[p], PLAYER_INK[p]) for p in (0, 1))
    return ((Tool(MOVE, ("editor.quorsum.move", {}), "↔"),
             Tool(FLIP, ("editor.quorsum.flip", {}), "◐", TILE_FILL[0], TILE_INK[0]),
             Tool(SWAP, ("editor.quorsum.swap", {}), "⇄"))
            + values + locks)


def points(state: QuorsumState) -> tuple[str, ...]:
    return NAMES


def _cell(point: str) -> int:
    name = point.lower()
    if name not in NAMES:
        raise Refused("editor.err.point", point=point)
    return NAMES.index(name)


def checked(state: QuorsumState, **changes: Any) -> QuorsumState:
    """The state with `changes`, as the engine reads its position text (NotationError naming
    the broken rule)."""
    edited = state._with(**changes)
    return GAME.parse_position(GAME.position(edited))


def holds(state: QuorsumState, point: str, tool: str = MOVE) -> bool:
    """Whether `point` has something the two-click `tool` picks up (a pawn; a tile always)."""
    cell = _cell(point)
    if tool == SWAP:
        return True
    if tool == MOVE and state.pawn_at(cell) is None:
        raise Refused("editor.err.no_pawn", point=NAMES[cell])
    if tool not in TWO_CLICK:
        raise Refused("editor.err.tool")
    return True


def move(state: QuorsumState, origin: str, dest: str, tool: str = MOVE) -> QuorsumState:
    """The pawn on `origin` moved to the free tile `dest`, or (SWAP) the tiles swapped."""
    start, end = _cell(origin), _cell(dest)
    if tool == SWAP:
        return _swap(state, start, end)
    if tool != MOVE:
        raise Refused("editor.err.tool")
    pawn = state.pawn_at(start)
    if pawn is None:
        raise Refused("editor.err.no_pawn", point=NAMES[start])
    if state.pawn_at(end) is not None:
        raise Refused("editor.err.occupied", point=NAMES[end])
    home = pawn[1]
    moved = (end, home, distance(end, home))  # measured from here on (§7)
    pawns = tuple(tuple(sorted(moved if p == pawn else p for p in side)) for side in state.pawns)
    return checked(state, pawns=pawns)


def _swap(state: QuorsumState, a: int, b: int) -> QuorsumState:
    values, colours, locks = list(state.values), list(state.colours), list(state.locks)
    for table in (values, colours, locks):
        table[a], table[b] = table[b], table[a]
    return checked(state, values=tuple(values), colours=tuple(colours), locks=tuple(locks))


def apply(state: QuorsumState, tool: str, point: str) -> QuorsumState:
    """The position after using `tool` on `point`. Raises Refused or the engine's NotationError."""
    cell = _cell(point)
    if tool == FLIP:
        colours = list(state.colours)
        colours[cell] = 1 - colours[cell]
        return checked(state, colours=tuple(colours))
    if tool.startswith("value:") and is_number(tool[6:], 1) and int(tool[6:]) in VALUES:
        values = list(state.values)
        values[cell] = int(tool[6:])
        return checked(state, values=tuple(values))
    if tool in ("lock:0", "lock:1"):
        player = int(tool[5:])
        locks = list(state.locks)
        locks[cell] = -1 if locks[cell] == player else player
        return checked(state, locks=tuple(locks))
    raise Refused("editor.err.tool")


def refusal(error: ValueError) -> Refused:
    """The engine's reason for refusing an edit, in the string table's words."""
    return reworded(error, REASONS, player=lambda p: ("player.n", {"n": int(p)}))


def fields(state: QuorsumState) -> tuple[Field, ...]:
    phases = tuple(Choice(p, ((f"editor.quorsum.phase.{p}", {}),)) for p in PHASES
                   if p in EDIT_PHASES or p == state.phase)
    found = [Field("phase", ("editor.phase", {}), phases, state.phase)]
    if state.player >= 0:
        players = tuple(Choice(str(p), (("player.n", {"n": p + 1}),)) for p in (0, 1))
        found.append(Field("player", ("editor.to_move", {}), players, str(state.player)))
    counts = tuple(Choice(str(n), (("editor.number", {"n": n}),)) for n in range(STALEMATE_LIMIT))
    if state.stalemate < STALEMATE_LIMIT:
        found.append(Field("stalemate", ("editor.quorsum.stalemate", {}), counts, str(state.stalemate)))
    return tuple(found)


def set_field(state: QuorsumState, name: str, value: str) -> QuorsumState:
    """The position with one form field changed (checked like a click)."""
    if name == "player" and value in ("0", "1") and state.player >= 0:
        player = int(value)
        chooser = player if state.phase == CHOOSING else state.chooser
        return checked(state, player=player, chooser=chooser)
    if name == "stalemate" and is_number(value, 3) and int(value) < STALEMATE_LIMIT:
        return checked(state, stalemate=int(value))
    if name == "phase" and value == state.phase:
        return state
    if name == "phase" and value in EDIT_PHASES:
        return _to_phase(state, value)
    raise Refused("editor.err.field")


def _to_phase(state: QuorsumState, phase: str) -> QuorsumState:
    """The same board in another phase: before the pawns (no pawns, locks or stalemate count),
    or at the start of a turn (the pawns where they are, else on their start corners)."""
    player = max(state.player, 0)
    chooser = state.chooser if state.chooser >= 0 else player
    turn: dict[str, Any] = {"todo": (), "chain": None, "roll": None}
    if phase == ALLOCATE:
        pawns = tuple(tuple((cell, home, distance(cell, home)) for cell, home, _ in side)
                      for side in state.pawns or _start_pawns())
        return checked(state, phase=ALLOCATE, player=player, chooser=chooser, pawns=pawns, **turn)
    setup = dict(pawns=(), locks=(-1,) * 16, stalemate=0, **turn)
    if phase == ROLLOFF:
        return checked(state, phase=ROLLOFF, player=-1, chooser=-1, score=(0, 0), **setup)
    if phase == CHOOSING:
        return checked(state, phase=CHOOSING, player=chooser, chooser=chooser, **setup)
    return checked(state, phase=PLACING, player=player, chooser=chooser, **setup)


def _start_pawns() -> tuple:
    """Player 1 on a1 and d1, player 2 on a4 and d4, each heading for the opposite corner (§3.3)."""
    return tuple(tuple((c, home_of(c), 6) for c in side)
                 for side in (START_CORNERS, tuple(c for c in CORNERS if c not in START_CORNERS)))


TOOLS = EditorTools(
    tools=tools, points=points, apply=apply, fields=fields, set_field=set_field, refusal=refusal,
    prepare=prepare, holds=holds, move=move, two_click=TWO_CLICK, holding=HOLDING)
"""This game's tools in the position editor."""
