"""Click editing of Calavera positions (pure; no browser): cross or uncross boxes and freeze or
unfreeze rows on the score sheets as the Calavera view draws them, and form fields for the
number of players, the start player (whose turn begins each round), the active player and the
phase. The bonus lines follow the crosses (§4.6). Every result is checked by the engine's own
position parser, which names the rule a set-up breaks; `refusal` puts its reasons in the string
table's words.

A sheet box is named `<player>:<row letter><box>`, e.g. `1:O5` (player 1, orange row, box 5).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from qipan.core.numbers import is_number
from qipan.core import NotationError
from qipan.games.calavera import GAME
from qipan.games.calavera.dice import FACE_LETTERS
from qipan.games.calavera.rules import (
    FIRST,
    LATER,
    NO_BONUS,
    NO_DICE,
    ROWS,
    CalaveraState,
    Phase,
    freeze_need,
)
from qipan.games.calavera.sheet import BONUS_LINES, BOXES, DEATH_FROM
from qipan.games.calavera.ui.view import FACE_FILL, FACE_INK, Layout
from qipan.boardkit.editing import EditorTools, Choice, Field, Reason, Refused, Tool, reworded

CROSS = "cross"
FREEZE = "freeze"
LETTERS = FACE_LETTERS[:ROWS]
_POINT = re.compile(r"([1-9]):([OPGB])([0-9]{1,2})")
PLAYERS = (2, 3, 4)
EDIT_PHASES = (Phase.ROLL, Phase.OVER)
"""The phases the phase field sets: the start of the active player's turn (no dice yet), or the
game over (every other phase needs the dice of a turn: edit the text)."""
REASONS: tuple[Reason, ...] = (
    (r"player (?P<player>\d) row (?P<colour>\d): a row freezes only on a score-zone box", "editor.calavera.err.freeze_box"),
    (r"player (?P<player>\d) row (?P<colour>\d): a row in the death zone is frozen", "editor.calavera.err.death_frozen"),
    (r"the game is over only once a player has frozen all four rows", "editor.calavera.err.not_over"),
    (r"a player has frozen all four rows", "editor.calavera.err.over"),
    (r"the active player does not make a passive mark", "editor.calavera.err.active_marks"),
    (r"^marker=\d+ names no player", "editor.calavera.err.marker_gone"),
    (r"(the active player has no option|a player with no option|the other players mark only|after a bust|"
     r"the active player must take|the active player took|a freeze needs|passing needs)[^(]*\(rules (?P<rule>[^)]+)\)",
     "editor.calavera.err.mid_turn"),
)
"""The engine's reasons a click or a field can meet, in the string table's words (its players
and rows count from 0)."""


def point_name(player: int, row: int, box: int) -> str:
    return f"{player + 1}:{LETTERS[row]}{box + 1}"


def prepare(state: CalaveraState) -> CalaveraState:
    """The start of the first turn, before any roll (so the sheets are what the editor shows)."""
    return _turn_start(state)


def tools(state: CalaveraState) -> tuple[Tool, ...]:
    """Cross (or uncross) up to a box; freeze (or unfreeze) a row at a box."""
    return (Tool(CROSS, ("editor.calavera.cross", {}), "✕", FACE_FILL[4], FACE_INK[4]),
            Tool(FREEZE, ("editor.calavera.freeze", {}), "○", FACE_FILL[4], FACE_INK[4]))


def points(state: CalaveraState) -> tuple[str, ...]:
    return tuple(point_name(p, row, box) for p in range(state.players) for row in range(ROWS) for box in range(BOXES))


def _box(state: CalaveraState, point: str) -> tuple[int, int, int]:
    m = _POINT.fullmatch(point.upper())
    if m is None or not 1 <= int(m.group(1)) <= state.players or not 1 <= int(m.group(3)) <= BOXES:
        raise Refused("editor.err.point", point=point)
    return int(m.group(1)) - 1, LETTERS.index(m.group(2)), int(m.group(3)) - 1


def spot(state: CalaveraState, width: float, height: float, point: str) -> tuple[float, float, float] | None:
    """The centre of a sheet box on a `width` x `height` canvas and a radius that covers it."""
    try:
        player, row, box = _box(state, point)
    except Refused:
        return None
    layout = Layout(width, height, state.players)
    x, y = layout.box_xy(player, row, box)
    return x + layout.unit / 2, y + layout.unit / 2, layout.unit * 0.71


def draw_marks(ctx: Any, state: CalaveraState, width: float, height: float, marked: tuple[str, ...],
               dark: bool) -> None:
    """A dashed ring around each marked box (the keyboard cursor)."""
    layout = Layout(width, height, state.players)
    u = layout.unit
    for point in marked:
        found = spot(state, width, height, point)
        if found is None:
            continue
        x, y, _ = found
        ctx.save()
        ctx.setLineDash([0.2 * u, 0.12 * u])
        ctx.strokeStyle = "#ce93d8" if dark else "#6a1b9a"
        ctx.lineWidth = max(2.0, 0.14 * u)
        ctx.strokeRect(x - 0.62 * u, y - 0.62 * u, 1.24 * u, 1.24 * u)
        ctx.restore()


def apply(state: CalaveraState, tool: str, point: str) -> CalaveraState:
    """The position after using `tool` on a box. Raises Refused or the engine's NotationError.

    CROSS on an empty box crosses every box of the row up to it; on a crossed box it takes the
    crosses from that box on away. FREEZE on a row's frozen box unfreezes it, on another box it
    crosses up to that box and freezes the row there. Entering the death zone freezes a row
    (§4.5); a row frozen by a freeze stays frozen while it ends in the score zone. A sheet with
    all four rows frozen ends the game (§5); unfreezing one goes back to a turn's start."""
    player, row, box = _box(state, point)
    count, frozen = state.crosses[player][row], state.frozen[player][row]
    if tool == CROSS:
        new = box if box < count else box + 1
        by_roses = frozen and count - 1 < DEATH_FROM and freeze_need(new) is not None
        return _with_row(state, player, row, new, new - 1 >= DEATH_FROM or by_roses)
    if tool == FREEZE:
        if frozen and box == count - 1:
            return _with_row(state, player, row, count, False)
        return _with_row(state, player, row, box + 1, True)
    raise Refused("editor.err.tool")


def _with_row(state: CalaveraState, player: int, row: int, count: int, frozen: bool) -> CalaveraState:
    crosses = [list(sheet) for sheet in state.crosses]
    flags = [list(sheet) for sheet in state.frozen]
    crosses[player][row], flags[player][row] = count, frozen
    return _with_sheets(state, tuple(map(tuple, crosses)), tuple(map(tuple, flags)))


def _with_sheets(state: CalaveraState, crosses: tuple, frozen: tuple, **changes: Any) -> CalaveraState:
    """New sheets with the bonus lines following them: a player whose four rows all pass a line
    keeps their mark on it, else gets `first` when nobody else holds it, else `later` (§4.6)."""
    marks = [[NO_BONUS] * len(BONUS_LINES) for _ in crosses]
    for i, line in enumerate(BONUS_LINES):
        reached = [p for p, sheet in enumerate(crosses) if min(sheet) > line.after]
        firsts = [p for p in reached if p < len(state.bonus) and state.bonus[p][i] == FIRST] or reached[:1]
        for p in reached:
            marks[p][i] = FIRST if p in firsts else LATER
    bonus = tuple(map(tuple, marks))
    claimed = tuple(any(m[i] == FIRST for m in bonus) for i in range(len(BONUS_LINES)))
    edited = replace(state, crosses=crosses, frozen=frozen, bonus=bonus, claimed=claimed, **changes)
    finished = any(all(flags) for flags in frozen)
    if finished and edited.phase is not Phase.OVER:
        try:
            return checked(edited)
        except NotationError:  # a finished sheet ends the game (§5)
            return checked(_over(edited))
    if not finished and edited.phase is Phase.OVER:  # the game goes on: the start player's turn
        return checked(_turn_start(edited, active=edited.start))
    return checked(edited)


def refusal(error: ValueError) -> Refused:
    """The engine's reason for refusing an edit, in the string table's words."""
    return reworded(error, REASONS, player=lambda p: ("player.n", {"n": int(p) + 1}),
                    colour=lambda row: (f"calavera.face.{row}", {}))


def checked(state: CalaveraState) -> CalaveraState:
    """The state as the engine reads its position text (NotationError naming the broken rule)."""
    return GAME.parse_position(GAME.position(state))


def _turn_start(state: CalaveraState, **changes: Any) -> CalaveraState:
    return replace(state, phase=Phase.ROLL, rolls=0, dice=NO_DICE, skulls=0, choice=None, marker=-1, **changes)


def _over(state: CalaveraState) -> CalaveraState:
    return replace(_turn_start(state), phase=Phase.OVER, active=0)


def fields(state: CalaveraState) -> tuple[Field, ...]:
    def players(label: str, name: str, value: int) -> Field:
        return Field(name, (label, {}), tuple(Choice(str(p), (("player.n", {"n": p + 1}),))
                                              for p in range(state.players)), str(value))

    phases = tuple(Choice(p.value, ((f"editor.calavera.phase.{p.value}", {}),)) for p in Phase
                   if p in EDIT_PHASES or p is state.phase)
    found = [Field("players", ("editor.calavera.players", {}),
                   tuple(Choice(str(n), (("editor.number", {"n": n}),)) for n in PLAYERS), str(state.players)),
             players("editor.calavera.start", "start", state.start),
             Field("phase", ("editor.phase", {}), phases, state.phase.value)]
    if state.phase is not Phase.OVER:
        found.insert(2, players("editor.calavera.active", "active", state.active))
    return tuple(found)


def set_field(state: CalaveraState, name: str, value: str) -> CalaveraState:
    """The position with one form field changed (checked like a click)."""
    if name == "players" and is_number(value, 3) and int(value) in PLAYERS:
        return _players(state, int(value))
    if name in ("start", "active") and is_number(value, 3) and int(value) < state.players:
        return checked(replace(state, **{name: int(value)}))
    if name == "phase" and value == state.phase.value:
        return state
    if name == "phase" and value == Phase.ROLL.value:
        return checked(_turn_start(state))
    if name == "phase" and value == Phase.OVER.value:
        return checked(_over(state))
    raise Refused("editor.err.field")


def _players(state: CalaveraState, n: int) -> CalaveraState:
    """Blank sheets added, or the last sheets taken away (a start or active player who is gone
    becomes player 1)."""
    blank = (0,) * ROWS, (False,) * ROWS
    crosses = (state.crosses + (blank[0],) * n)[:n]
    frozen = (state.frozen + (blank[1],) * n)[:n]
    start = state.start if state.start < n else 0
    active = state.active if state.active < n else 0
    return _with_sheets(replace(state, bonus=state.bonus[:n]), crosses, frozen, start=start, active=active)


TOOLS = EditorTools(
    tools=tools, points=points, apply=apply, fields=fields, set_field=set_field, refusal=refusal,
    prepare=prepare, spot=spot, draw_marks=draw_marks)
"""This game's tools in the position editor."""
