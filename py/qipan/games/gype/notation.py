"""Position text and action text of Gype, format v1 (docs/notation/gype.md).

Position: `gype v1 seats=SN turn=0 quiet=0 board=<rows> [roll=<cells>] [dealt=<faces>]
[end=goal|full|stall] [<option>=<value> ...]`. Rows run from North (y = 9) to South (y = 0),
separated by '/'; the Home Rows y = 9 and y = 0 list their 8 cells (x = 1..8), the other rows
all 10 (x = 0..9). A cell is '.' or a face letter (E B T F S H) followed by the owner's digit.

Actions: `arrange SSTTBBFF`, `dealt BBFFSSTT` (chance), `roll c0`, `c0=T` (chance: a die
rolled), `c0-c1` (step), `d1-e3/L` or `d1-e3/S` (Hat leap and its path), `c0xc2xe2` (jump
chain, landing cells in order).
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from qipan.core import IllegalAction, NotationError, require
from qipan.games.gype.board import CELLS, FAR_HALF, FOREIGN, OPPOSITE, ROW_CELLS, ZONES, cell_name, parse_cell
from qipan.games.gype.rules import (
    EAR,
    EMPTY,
    FACE_LETTERS,
    START_FACES,
    Action,
    Arrange,
    Dealt,
    GypeState,
    Jump,
    Leap,
    Roll,
    Rolled,
    Rules,
    Step,
    Termination,
)

SEATINGS = ("SN", "SWN", "SNE", "SWNE")
"""Seat strings in player order (clockwise from South): 2p, 3p (two choices), 4p (§2)."""
END_TEXT = {Termination.GOAL_ROW: "goal", Termination.FULL_GOAL_ROW: "full", Termination.STALL: "stall"}
TEXT_END = {v: k for k, v in END_TEXT.items()}
OPTION_FIELDS = tuple(f for f in fields(Rules) if f.name != "seats")
DEFAULT_RULES = Rules()


# ---- position text --------------------------------------------------------------------------

def _faces_text(faces: tuple[int, ...]) -> str:
    return "".join(FACE_LETTERS[f] for f in faces)


def _parse_faces(text: str) -> tuple[int, ...]:
    require(len(text) == 8 and all(ch in FACE_LETTERS for ch in text),
            f"{text!r} is not 8 face letters (E B T F S H)")
    return tuple(FACE_LETTERS.index(ch) for ch in text)


def _row_xs(y: int) -> range:
    return range(1, 9) if y in (0, 9) else range(10)


def board_text(board: tuple[int, ...]) -> str:
    """The board part of the position text."""
    rows = []
    for y in range(9, -1, -1):
        cells = []
        for x in _row_xs(y):
            piece = board[y * 10 + x]
            cells.append("." if piece == EMPTY else FACE_LETTERS[piece % 6] + str(piece // 6))
        rows.append("".join(cells))
    return "/".join(rows)


def _option_text(value: object) -> str:
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


def position_text(state: GypeState) -> str:
    """The position text (normal form) of a state."""
    rules = state.rules
    parts = ["gype", "v1", f"seats={rules.seats}", f"turn={state.current}", f"quiet={state.quiet}",
             f"board={board_text(state.board)}"]
    if state.pending:
        parts.append("roll=" + ",".join(cell_name(c) for c in state.pending))
    if state.dealt is not None:
        parts.append("dealt=" + _faces_text(state.dealt))
    if state.end is not None:
        parts.append("end=" + END_TEXT[state.end])
    for f in OPTION_FIELDS:
        value = getattr(rules, f.name)
        if value != getattr(DEFAULT_RULES, f.name):
            parts.append(f"{f.name}={_option_text(value)}")
    return " ".join(parts)


def _parse_board(text: str, players: int) -> tuple[int, ...]:
    rows = text.split("/")
    require(len(rows) == 10, f"the board needs 10 rows separated by '/', found {len(rows)}")
    board = [EMPTY] * 100
    for y, row in zip(range(9, -1, -1), rows):
        xs = _row_xs(y)
        tokens = re.findall(r"\.|[EBTFSH][0-9]|.", row)
        require(len(tokens) == len(xs), f"board row y={y} needs {len(xs)} cells, found {row!r}")
        for x, token in zip(xs, tokens):
            if token == ".":
                continue
            require(len(token) == 2, f"board row y={y}: {token!r} is not '.' or a face letter and owner digit")
            owner = int(token[1])
            require(owner < players, f"board row y={y}: owner {owner} but only {players} players")
            board[y * 10 + x] = owner * 6 + FACE_LETTERS.index(token[0])
    return tuple(board)


def _is_count(text: str) -> bool:
    """A small decimal count written in ASCII digits."""
    return re.fullmatch(r"[0-9]{1,7}", text) is not None


def _parse_option(name: str, default: object, value: str) -> object:
    if isinstance(default, bool):
        require(value in ("0", "1"), f"option {name} takes 0 or 1, not {value!r}")
        return value == "1"
    if isinstance(default, int):
        require(_is_count(value), f"option {name} takes a number, not {value!r}")
        return int(value)
    allowed = {"stall_result": ("draw", "rank")}[name]
    require(value in allowed, f"option {name} takes one of {allowed}, not {value!r}")
    return value


def parse_position(text: str) -> GypeState:
    """Parse position text; `NotationError` says which rule an impossible position breaks."""
    require(isinstance(text, str), "position text must be a string")
    tokens = text.split()
    require(tokens[:2] == ["gype", "v1"], "position text must start with 'gype v1'")
    values: dict[str, str] = {}
    for token in tokens[2:]:
        key, sep, value = token.partition("=")
        require(bool(sep) and bool(value), f"{token!r} is not key=value")
        require(key not in values, f"{key} is given twice")
        values[key] = value
    for key in ("seats", "turn", "quiet", "board"):
        require(key in values, f"position text lacks {key}=")
    option_names = {f.name: f for f in OPTION_FIELDS}
    for key in values:
        require(key in ("seats", "turn", "quiet", "board", "roll", "dealt", "end") or key in option_names,
                f"unknown field {key!r}")
    seats = values["seats"]
    require(seats in SEATINGS, f"seats={seats!r}: §2 allows {', '.join(SEATINGS)} (clockwise from South)")
    options: dict[str, Any] = {name: _parse_option(name, f.default, values[name])
                               for name, f in option_names.items() if name in values}
    rules = Rules(seats=seats, **options)
    players = len(seats)
    require(_is_count(values["turn"]) and int(values["turn"]) < players, f"turn={values['turn']!r} names no player")
    turn = int(values["turn"])
    require(_is_count(values["quiet"]), f"quiet={values['quiet']!r} is not a count")
    quiet = int(values["quiet"])
    board = _parse_board(values["board"], players)
    counts = [0] * players
    for c in CELLS:
        if board[c] >= 0:
            counts[board[c] // 6] += 1
            require(ZONES[seats[board[c] // 6]][c] != FOREIGN,
                    f"§8: player {board[c] // 6} may not stand on {cell_name(c)}, another player's Home Row")
    require(all(k in (0, 8) for k in counts), f"§3: each player has 0 (not yet arranged) or 8 pieces, found {counts}")
    end = None
    if "end" in values:
        require(values["end"] in TEXT_END, f"end={values['end']!r}: expected goal, full or stall")
        end = TEXT_END[values["end"]]
    pending: tuple[int, ...] = ()
    if "roll" in values:
        pending = tuple(parse_cell(c) for c in values["roll"].split(","))
        require(len(set(pending)) == len(pending), "roll= names a cell twice (§6: one roll per piece per turn)")
        require(all(board[c] >= 0 for c in pending), "roll= names an empty cell")
    dealt = None
    if "dealt" in values:
        dealt = tuple(sorted(_parse_faces(values["dealt"])))
    if 0 in counts:
        _check_setup(rules, board, counts, turn, quiet, pending, dealt, end)
        return GypeState(rules, board, turn, setup=True, dealt=dealt)
    require(dealt is None, "dealt= only belongs to the set-up of a random start (§10 V1)")
    _check_play(rules, board, turn, quiet, pending, end)
    return GypeState(rules, board, turn, quiet=quiet, pending=pending, end=end)


def _check_setup(rules: Rules, board: tuple[int, ...], counts: list[int], turn: int, quiet: int,
                 pending: tuple[int, ...], dealt: tuple[int, ...] | None, end: Termination | None) -> None:
    players = rules.players
    require(quiet == 0 and not pending and end is None, "§3: set-up has no rolls, quiet turns or end")
    require(counts[turn] == 0, f"§3: player {turn} is to arrange but already has pieces")
    done = sum(1 for k in counts if k)
    # set-up goes round in turn order, so the players done are the ones just before `turn`
    require(all(counts[(turn - i) % players] == 8 for i in range(1, done + 1)),
            "§3: players arrange in turn order; the ones done must be those just before turn=")
    require(dealt is None or rules.random_start, "dealt= only belongs to a random start (§10 V1)")
    if dealt is not None and rules.reroll_start_ears:
        require(EAR not in dealt, "§10 V1: with reroll_start_ears no Ear is dealt")
    for p in range(players):
        if counts[p]:
            row = ROW_CELLS[rules.seats[p]]
            faces = tuple(sorted(board[c] % 6 for c in row if board[c] >= 0 and board[c] // 6 == p))
            require(len(faces) == 8, f"§3: player {p}'s pieces must all stand in their start row during set-up")
            if not rules.random_start:
                require(faces == START_FACES, f"§3: player {p} must start with 2 Books, Trees, Flames and Swords")
            elif rules.reroll_start_ears:
                require(EAR not in faces, f"§10 V1: player {p} was dealt an Ear despite reroll_start_ears")


def _check_play(rules: Rules, board: tuple[int, ...], turn: int, quiet: int,
                pending: tuple[int, ...], end: Termination | None) -> None:
    players = rules.players
    limit = rules.stall_turns
    homes = []
    for p in range(players):
        seat = rules.seats[p]
        goal = ROW_CELLS[OPPOSITE[seat]]
        homes.append(sum(1 for c in goal if board[c] >= 0 and board[c] // 6 == p))
        if rules.utter_chaos and any(board[c] >= 0 and board[c] // 6 == p for c in ROW_CELLS[seat]):
            require(not any(board[c] >= 0 and board[c] // 6 == p and FAR_HALF[seat][c] for c in CELLS),
                    f"§10 V2: player {p} has a piece in the far half while another is in the start row")
    if limit:
        require(quiet <= limit, f"§9: quiet={quiet} exceeds the stall limit of {limit} turns")
    if end is None:
        require(not (limit and quiet == limit and not pending), "§9: the stall limit is reached, so end=stall is due")
        require(8 not in homes, "§9: a player with all 8 pieces home has already won, so end=goal is due")
        return
    require(not pending, "a finished game has no pending rolls")
    if end is Termination.STALL:
        require(limit > 0 and quiet == limit, f"§9: end=stall needs quiet={limit}")
    elif end is Termination.GOAL_ROW:
        require(homes[turn] == 8 and quiet == 0, f"§9: end=goal needs all 8 of player {turn}'s pieces home")
    else:
        goal = ROW_CELLS[OPPOSITE[rules.seats[turn]]]
        require(rules.full_goal_win and quiet == 0 and homes[turn] >= 1 and all(board[c] >= 0 for c in goal),
                f"§9: end=full needs full_goal_win=1 and player {turn}'s goal row full with one of theirs")


# ---- action text ----------------------------------------------------------------------------

_ARRANGE = re.compile(r"(arrange|dealt) ([A-Z]{8})")
_ROLL = re.compile(r"roll ([a-j][0-9])")
_ROLLED = re.compile(r"([a-j][0-9])=([A-Z])")
_STEP = re.compile(r"([a-j][0-9])-([a-j][0-9])(?:/([LS]))?")
_JUMP = re.compile(r"[a-j][0-9](?:x[a-j][0-9])+")


def action_text(state: GypeState, action: Action) -> str:
    """The text of an action played in `state`."""
    if isinstance(action, Arrange):
        return "arrange " + _faces_text(action.faces)
    if isinstance(action, Dealt):
        return "dealt " + _faces_text(action.faces)
    if isinstance(action, Roll):
        return "roll " + cell_name(action.cell)
    if isinstance(action, Rolled):
        return f"{cell_name(action.cell)}={FACE_LETTERS[action.face]}"
    if isinstance(action, Step):
        return f"{cell_name(action.frm)}-{cell_name(action.to)}"
    if isinstance(action, Leap):
        return f"{cell_name(action.frm)}-{cell_name(action.to)}/{action.path}"
    if isinstance(action, Jump):
        return "x".join(cell_name(c) for c in (action.frm,) + action.landings)
    raise NotationError(f"{action!r} is not a Gype action")


def _read(text: str) -> Action:
    """The action a text names, without asking whether it is legal."""
    if m := _ARRANGE.fullmatch(text):
        faces = _parse_faces(m[2])
        return Arrange(faces) if m[1] == "arrange" else Dealt(tuple(sorted(faces)))
    if m := _ROLL.fullmatch(text):
        return Roll(parse_cell(m[1]))
    if m := _ROLLED.fullmatch(text):
        require(m[2] in FACE_LETTERS, f"{m[2]!r} is not a face letter (E B T F S H)")
        return Rolled(parse_cell(m[1]), FACE_LETTERS.index(m[2]))
    if m := _STEP.fullmatch(text):
        frm, to = parse_cell(m[1]), parse_cell(m[2])
        return Leap(frm, to, m[3]) if m[3] else Step(frm, to)
    if _JUMP.fullmatch(text):
        cells = tuple(parse_cell(c) for c in text.split("x"))
        return Jump(cells[0], cells[1:])
    raise NotationError(f"{text!r} is not a Gype action (see docs/notation/gype.md)")


def parse_action(state: GypeState, text: str) -> Action:
    """Parse an action: `NotationError` if malformed, `IllegalAction` if not legal in `state`.

    A jump chain that is legal but not the listed (shortest) chain with the same end cell and
    the same rolled pieces is accepted as the listed one.
    """
    require(isinstance(text, str), "action text must be a string")
    action = _read(text.strip())
    if state.is_legal(action):
        return action
    if isinstance(action, Jump):
        effect = _effect(state, action)
        if effect is not None:
            for move, _ in state.piece_moves(action.frm):
                if isinstance(move, Jump) and _effect(state, move) == effect:
                    return move
    raise IllegalAction(f"{text.strip()!r} is not legal in {position_text(state)}")


def _effect(state: GypeState, jump: Jump) -> tuple[int, int] | None:
    """What a chain does (end cell, rolled-cells mask), or None if it is not a legal chain."""
    if not any(isinstance(m, Jump) for m, _ in state.piece_moves(jump.frm)):
        return None
    effect = state.chain_effect(jump.frm, jump.landings)
    if effect is None:
        return None
    return effect if state.rules.rolls_on_jumps else (effect[0], 0)

