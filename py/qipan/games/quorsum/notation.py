"""Quorsum position text and action text, format v1 (docs/notation/quorsum.md).

Position: `<variant> <board> key=value ...`, for example
`standard 4d2l3l6d/5l5l2d3d/6d6l4l2l/3d4d5d2d pawns=a1>d4,d1>a4/a4>d1,d4>a1 locks=- phase=alloc:1
todo=- stalemate=0 score=0-0 chooser=2`. Printing gives the normal form; parsing accepts the keys
in any order, then `validate.check_position` rejects what the rules make impossible.
"""

from __future__ import annotations

import re
from typing import Any, Callable, cast

from qipan.core import IllegalAction, NotationError, require
from qipan.games.quorsum.actions import (
    END_TURN,
    FIRST,
    FLIP,
    GO,
    MOVE,
    PLACE,
    STOP,
    Action,
    Allot,
    Choose,
    Dice,
    EndTurn,
    Go,
    Lay,
    Place,
    RollOff,
    Step,
    Stop,
    Try,
)
from qipan.games.quorsum.board import CELL_OF, NAMES, SIZE, distance
from qipan.games.quorsum.rules import (
    OPTION_BOUNDS,
    OPTION_CHOICES,
    Allotted,
    Pawn,
    Phase,
    ALLOCATE,
    CHAIN,
    CHOOSING,
    LAYOUT,
    OPTION_DEFAULTS,
    OVER,
    PLACING,
    RESOLVE,
    ROLL,
    ROLLOFF,
    QuorsumState,
    Rules,
)
from qipan.games.quorsum.validate import check_position

VARIANTS = ("standard", "sprint")
COLOUR_LETTERS = "dl"
PLAYER_PHASES = (CHOOSING, PLACING, ALLOCATE, RESOLVE, CHAIN, ROLL)
PHASES = (ROLLOFF, LAYOUT, OVER) + PLAYER_PHASES
KEYS = ("pawns", "locks", "phase", "todo", "chain", "roll", "stalemate", "score", "chooser",
        "options")


# ------------------------------------------------------------------ printing

def _player(p: int) -> str:
    return "-" if p < 0 else str(p + 1)


def _pawn_text(state: QuorsumState, pawn: tuple[int, int, int]) -> str:
    cell, home, ref = pawn
    text = f"{NAMES[cell]}>{NAMES[home]}"
    return text if ref == distance(cell, home) else f"{text}({ref})"


def _group(kind: str, cell: int, dice: int) -> str:
    return f"{kind}@{NAMES[cell]}x{dice}"


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def position_text(state: QuorsumState) -> str:
    """The position text (normal form) of `state`."""
    rows = []
    for r in range(SIZE - 1, -1, -1):
        row = ""
        for cell in range(r * SIZE, r * SIZE + SIZE):
            v = state.values[cell]
            row += f"{v}{COLOUR_LETTERS[state.colours[cell]]}" if v else "--"
        rows.append(row)
    parts = ["sprint" if state.rules.sprint else "standard", "/".join(rows)]
    if state.pawns:
        parts.append("pawns=" + "/".join(",".join(_pawn_text(state, p) for p in side)
                                         for side in state.pawns))
    else:
        parts.append("pawns=-")
    locks = [f"{NAMES[c]}:{o + 1}" for c, o in enumerate(state.locks) if o >= 0]
    parts.append("locks=" + (",".join(locks) or "-"))
    phase = state.phase
    parts.append(f"phase={phase}:{state.player + 1}" if phase in PLAYER_PHASES else f"phase={phase}")
    if phase in (ALLOCATE, RESOLVE, CHAIN, ROLL):
        parts.append("todo=" + (",".join(_group(*g) for g in state.todo) or "-"))
    if state.chain is not None:
        parts.append(f"chain={NAMES[state.chain[0]]}x{state.chain[1]}")
    if state.roll is not None:
        kind, cell, dice = state.roll
        parts.append(f"roll={'step' if kind == MOVE else 'flip'}@{NAMES[cell]}x{dice}")
    parts.append(f"stalemate={state.stalemate}")
    parts.append(f"score={state.score[0]}-{state.score[1]}")
    parts.append(f"chooser={_player(state.chooser)}")
    changed = [f"{k}:{_option_text(v)}" for k, v in state.rules.options().items()
               if v != OPTION_DEFAULTS[k]]
    if changed:
        parts.append("options=" + ",".join(changed))
    return " ".join(parts)


# ------------------------------------------------------------------ parsing

_TILE = re.compile(r"([2-6])([dl])|--")
_PAWN = re.compile(r"([a-d][1-4])>([a-d][1-4])(?:\(([0-6])\))?")
_GROUP = re.compile(r"(move|flip)@([a-d][1-4])x([1-4])")
_CELL_DICE = re.compile(r"([a-d][1-4])x([1-4])")
_ROLL = re.compile(r"(step|flip)@([a-d][1-4])x([1-4])")
_INT = re.compile(r"0|[1-9][0-9]{0,3}")


def _cell(text: str) -> int:
    require(text in CELL_OF, f"no such cell {text!r} (cells are a1..d4)")
    return CELL_OF[text]


def _board(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    rows = text.split("/")
    require(len(rows) == SIZE, f"the board needs {SIZE} rows separated by '/', got {len(rows)}")
    values = [0] * 16
    colours = [0] * 16
    for i, row in enumerate(rows):
        r = SIZE - 1 - i
        require(len(row) == 2 * SIZE, f"board row {r + 1} must have 4 tiles like '4d' or '--': {row!r}")
        for c in range(SIZE):
            m = _TILE.fullmatch(row[2 * c:2 * c + 2])
            require(m is not None, f"bad tile {row[2 * c:2 * c + 2]!r} on {NAMES[r * SIZE + c]}"
                                   " (value 2-6 then d or l, or '--')")
            assert m is not None  # for mypy, which cannot see that require() raised
            if m.group(1):
                values[r * SIZE + c] = int(m.group(1))
                colours[r * SIZE + c] = COLOUR_LETTERS.index(m.group(2))
    return tuple(values), tuple(colours)


def _pawns(text: str) -> tuple[tuple[Pawn, ...], ...]:
    if text == "-":
        return ()
    sides = text.split("/")
    require(len(sides) == 2, "pawns: two players' pawns separated by '/', or '-'")
    out: list[tuple[Pawn, ...]] = []
    for side in sides:
        pawns: list[Pawn] = []
        for item in side.split(","):
            m = _PAWN.fullmatch(item)
            require(m is not None, f"bad pawn {item!r} (cell>home, optionally (ref))")
            assert m is not None  # for mypy, which cannot see that require() raised
            cell, home = _cell(m.group(1)), _cell(m.group(2))
            ref = int(m.group(3)) if m.group(3) is not None else distance(cell, home)
            pawns.append((cell, home, ref))
        require(len(pawns) == 2, "§1: each player has exactly two pawns")
        out.append(tuple(sorted(pawns)))
    return tuple(out)


def _locks(text: str) -> tuple[int, ...]:
    locks = [-1] * 16
    if text == "-":
        return tuple(locks)
    for item in text.split(","):
        cell_text, sep, owner = item.partition(":")
        require(sep == ":" and owner in ("1", "2"), f"bad lock {item!r} (cell:player)")
        cell = _cell(cell_text)
        require(locks[cell] < 0, f"tile {cell_text} is locked twice")
        locks[cell] = int(owner) - 1
    return tuple(locks)


def _todo(text: str) -> tuple[Allotted, ...]:
    if text == "-":
        return ()
    groups: list[Allotted] = []
    for item in text.split(","):
        m = _GROUP.fullmatch(item)
        require(m is not None, f"bad action group {item!r} (move@b2x2 or flip@c3x1)")
        assert m is not None  # for mypy, which cannot see that require() raised
        groups.append((m.group(1), _cell(m.group(2)), int(m.group(3))))
    return tuple(sorted(groups))


def _int(text: str, what: str) -> int:
    require(_INT.fullmatch(text) is not None, f"{what} must be a number, not {text!r}")
    return int(text)


def _options(text: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in text.split(","):
        key, sep, value = item.partition(":")
        require(sep == ":" and key in OPTION_DEFAULTS, f"unknown option {key!r}")
        require(key not in found, f"option {key!r} given twice")
        default = OPTION_DEFAULTS[key]
        if isinstance(default, bool):
            require(value in ("true", "false"), f"option {key} takes true or false, not {value!r}")
            found[key] = value == "true"
        elif isinstance(default, int):
            found[key] = _int(value, f"option {key}")
            low, high = OPTION_BOUNDS[key]
            require(low <= found[key] <= high, f"option {key!r} must be {low}..{high}, not {found[key]!r}")
        else:
            allowed = OPTION_CHOICES[key]
            require(value in allowed, f"option {key!r} must be one of {', '.join(allowed)}, not {value!r}")
            found[key] = value
    return found


def parse_position(text: str) -> QuorsumState:
    """Parse position text. `NotationError` if it is malformed or impossible under the rules."""
    require(isinstance(text, str), "a position is text")
    tokens = text.split()
    require(len(tokens) >= 2, "a position starts with the variant and the board")
    require(tokens[0] in VARIANTS, f"unknown variant {tokens[0]!r} (standard or sprint)")
    values, colours = _board(tokens[1])
    fields: dict[str, str] = {}
    for token in tokens[2:]:
        key, sep, value = token.partition("=")
        require(sep == "=" and key in KEYS, f"unknown field {token!r}")
        require(key not in fields, f"field {key!r} given twice")
        require(value != "", f"field {key!r} is empty")
        fields[key] = value
    for key in ("pawns", "locks", "phase", "stalemate", "score", "chooser"):
        require(key in fields, f"field {key}= is missing")
    options = _options(fields["options"]) if "options" in fields else {}
    changed = [k for k, v in options.items() if v == OPTION_DEFAULTS[k]]
    require(not changed, f"options= lists only options that differ from the default: {changed}")
    rules = Rules(sprint=tokens[0] == "sprint", **options)
    phase_text, _, player_text = fields["phase"].partition(":")
    require(phase_text in PHASES, f"unknown phase {phase_text!r}")
    if phase_text in PLAYER_PHASES:
        require(player_text in ("1", "2"), f"phase {phase_text} needs a player: {phase_text}:1 or :2")
        player = int(player_text) - 1
    else:
        require(player_text == "", f"phase {phase_text} takes no player")
        player = -1
    has_todo = phase_text in (ALLOCATE, RESOLVE, CHAIN, ROLL)
    require(("todo" in fields) == has_todo, f"todo= is given exactly in the turn phases, not in {phase_text}")
    todo = _todo(fields["todo"]) if has_todo else ()
    chain = None
    if "chain" in fields:
        m = _CELL_DICE.fullmatch(fields["chain"])
        require(m is not None, f"bad chain {fields['chain']!r} (cell x dice, e.g. b2x3)")
        assert m is not None  # for mypy, which cannot see that require() raised
        chain = (_cell(m.group(1)), int(m.group(2)))
    roll = None
    if "roll" in fields:
        m = _ROLL.fullmatch(fields["roll"])
        require(m is not None, f"bad roll {fields['roll']!r} (step@c2x2 or flip@c3x1)")
        assert m is not None  # for mypy, which cannot see that require() raised
        roll = (MOVE if m.group(1) == "step" else FLIP, _cell(m.group(2)), int(m.group(3)))
    score_a, sep, score_b = fields["score"].partition("-")
    require(sep == "-", "score is like 0-0")
    score = (_int(score_a, "score"), _int(score_b, "score"))
    chooser_text = fields["chooser"]
    require(chooser_text in ("1", "2", "-"), "chooser is 1, 2 or -")
    state = QuorsumState(rules, values, colours, _locks(fields["locks"]), _pawns(fields["pawns"]),
                         Phase(phase_text), player, todo, chain, roll,
                         _int(fields["stalemate"], "stalemate"), score,
                         -1 if chooser_text == "-" else int(chooser_text) - 1)
    check_position(state)
    return state


# ------------------------------------------------------------------ actions

def action_text(state: QuorsumState, action: Any) -> str:
    """The text of an action (the same in every `state` where it is legal).

    `action` is typed Any: anything may be asked for (an error names what is not an action), and
    the dispatch on `type(action)`, kept in `kind`, is one mypy does not narrow by."""
    kind = type(action)
    if kind is Dice:
        return f"met {action.met}"
    if kind is Step:
        return f"step {NAMES[action.cell]}"
    if kind is Allot:
        return f"{action.kind} {NAMES[action.cell]} x{action.dice}"
    if kind is Try:
        return f"try {action.kind} {NAMES[action.cell]} x{action.dice}"
    if kind is Go:
        return "roll"
    if kind is Stop:
        return "stop"
    if kind is EndTurn:
        return "end"
    if kind is RollOff:
        return f"rolloff {action.first}-{action.second}"
    if kind is Lay:
        return f"lay {action.value}{COLOUR_LETTERS[action.colour]}"
    if kind is Choose:
        return f"choose {action.option}"
    if kind is Place:
        return "place " + ",".join(NAMES[c] for c in action.corners)
    raise IllegalAction(f"{action!r} is not a Quorsum action")


_ACTION_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Action]], ...] = (
    (re.compile(r"met ([0-4])"), lambda m: Dice(int(m.group(1)))),
    (re.compile(r"step ([a-d][1-4])"), lambda m: Step(CELL_OF[m.group(1)])),
    (re.compile(r"(move|flip) ([a-d][1-4]) x([1-4])"),
     lambda m: Allot(m.group(1), CELL_OF[m.group(2)], int(m.group(3)))),
    (re.compile(r"try (move|flip) ([a-d][1-4]) x([1-4])"),
     lambda m: Try(m.group(1), CELL_OF[m.group(2)], int(m.group(3)))),
    (re.compile(r"roll"), lambda m: GO),
    (re.compile(r"stop"), lambda m: STOP),
    (re.compile(r"end"), lambda m: END_TURN),
    (re.compile(r"rolloff ([1-6])-([1-6])"), lambda m: RollOff(int(m.group(1)), int(m.group(2)))),
    (re.compile(r"lay ([2-6])([dl])"), lambda m: Lay(int(m.group(1)), COLOUR_LETTERS.index(m.group(2)))),
    (re.compile(f"choose ({FIRST}|{PLACE})"), lambda m: Choose(m.group(1))),
    (re.compile(r"place ([a-d][1-4]),([a-d][1-4])"),
     lambda m: Place(cast(tuple[int, int], tuple(sorted((CELL_OF[m.group(1)], CELL_OF[m.group(2)])))))),
)


def parse_action(state: QuorsumState, text: str) -> Action:
    """Parse an action: `NotationError` if malformed, `IllegalAction` if not legal in `state`."""
    require(isinstance(text, str), "an action is text")
    wanted = " ".join(text.split())
    for pattern, build in _ACTION_FORMS:
        m = pattern.fullmatch(wanted)
        if m is not None:
            action = build(m)
            break
    else:
        raise NotationError(f"not a Quorsum action: {text!r}")
    if action not in state.legal_actions():
        raise IllegalAction(f"{wanted!r} is not legal in {position_text(state)}")
    return action
