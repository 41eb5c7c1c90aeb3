"""Calavera position text and action text, format v1 (docs/notation/calavera.md)."""

from __future__ import annotations

import re
from typing import Any, cast

from qipan.core import IllegalAction, NotationError, require
from qipan.games.calavera.actions import (
    Action,
    Choice,
    Freeze,
    Pass,
    Reroll,
    Roll,
    Stop,
    TakeColour,
    TakeRoses,
)
from qipan.games.calavera.dice import FACE_LETTERS, SKULL
from qipan.games.calavera.invariants import impossibility
from qipan.games.calavera.rules import (
    FIRST,
    LATER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_BONUS,
    ROWS,
    RULE_CHOICES,
    CalaveraState,
    Phase,
    Rules,
)
from qipan.games.calavera.sheet import BONUS_LINES, COLOURS

VERSION = "v1"
_BONUS_LETTERS = {NO_BONUS: "-", FIRST: "F", LATER: "L"}
_BONUS_MARKS = {letter: mark for mark, letter in _BONUS_LETTERS.items()}
_ROW_ENTRY = re.compile(r"([0-9]{1,2})(f?)")
_NUMBER = re.compile(r"[0-9]{1,3}")
_CHOICE_VERBS: dict[str, type[TakeColour] | type[TakeRoses] | type[Freeze]] = {
    "colour": TakeColour, "roses": TakeRoses, "freeze": Freeze}
_VERB_OF = {kind: verb for verb, kind in _CHOICE_VERBS.items()}
_PHASE_KEYS = {
    Phase.ROLL: ("active", "rolls", "dice", "skulls"),
    Phase.KEEP: ("active", "rolls", "dice", "skulls"),
    Phase.CHOOSE: ("active", "rolls", "dice", "skulls"),
    Phase.MARK: ("active", "rolls", "dice", "skulls", "choice", "marker"),
    Phase.OVER: (),
}
_COMMON_KEYS = ("start", "sheets", "bonus", "claimed", "phase")


# --- pieces ---------------------------------------------------------------------------------

def dice_text(counts: tuple[int, ...]) -> str:
    """Dice as face letters in face order (O P G B R S), '-' for none."""
    return "".join(FACE_LETTERS[face] * count for face, count in enumerate(counts)) or "-"


def parse_dice(text: str, faces: str) -> tuple[int, ...]:
    """Count the face letters of `text` ('-' for none); `faces` are the letters allowed."""
    counts = [0] * len(faces)
    if text != "-":
        require(bool(text), "empty dice text (write '-' for no dice)")
        for letter in text:
            require(letter in faces, f"{letter!r} is not a die face here (faces: {faces})")
            counts[faces.index(letter)] += 1
    return tuple(counts)


def row_letter(text: str) -> int:
    """A colour row from its letter (O P G B) or name, case-insensitive."""
    word = text.lower()
    for row, name in enumerate(COLOURS):
        if word in (name, FACE_LETTERS[row].lower()):
            return row
    raise NotationError(f"{text!r} is not a colour (O, P, G, B or {', '.join(COLOURS)})")


def _choice_text(choice: Choice | None) -> str:
    if choice is None:
        return "none"
    if isinstance(choice, Pass):
        return "pass"
    return f"{_VERB_OF[type(choice)]}:{FACE_LETTERS[choice.row]}"


def _parse_choice(text: str) -> Choice | None:
    if text in ("none", "pass"):
        return None if text == "none" else Pass()
    verb, _, letter = text.partition(":")
    require(verb in _CHOICE_VERBS and len(letter) == 1 and letter in FACE_LETTERS[:ROWS],
            f"bad choice {text!r} (none, pass, colour:O, roses:P, freeze:G ...)")
    return _CHOICE_VERBS[verb](FACE_LETTERS.index(letter))


def _number(text: str, what: str) -> int:
    require(_NUMBER.fullmatch(text) is not None, f"{what} must be a small number, not {text!r}")
    return int(text)


def _option_text(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


# --- positions ------------------------------------------------------------------------------

def position_text(state: CalaveraState) -> str:
    """The position text (normal form) of `state`."""
    parts = [VERSION]
    for name, value in zip(Rules._fields, state.rules):
        if value != RULE_CHOICES[name][0]:
            parts.append(f"{name}={_option_text(value)}")
    parts.append(f"start={state.start}")
    parts.append("sheets=" + "/".join(
        ".".join(f"{n}{'f' if f else ''}" for n, f in zip(sheet, flags))
        for sheet, flags in zip(state.crosses, state.frozen)))
    parts.append("bonus=" + "/".join("".join(_BONUS_LETTERS[m] for m in marks) for marks in state.bonus))
    parts.append("claimed=" + "".join("x" if c else "-" for c in state.claimed))
    parts.append(f"phase={state.phase.value}")
    if state.phase is not Phase.OVER:
        parts.append(f"active={state.active} rolls={state.rolls} dice={dice_text(state.dice)} skulls={state.skulls}")
    if state.phase is Phase.MARK:
        parts.append(f"choice={_choice_text(state.choice)} marker={state.marker}")
    return " ".join(parts)


def parse_position(text: str) -> CalaveraState:
    """Parse position text. Raises `NotationError` for malformed or impossible positions."""
    require(isinstance(text, str), "a position is text")
    tokens = text.split()
    require(bool(tokens) and tokens[0] == VERSION, f"a calavera position starts with {VERSION!r}")
    fields: dict[str, str] = {}
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        require(bool(eq) and bool(value), f"expected key=value, got {token!r}")
        require(key not in fields, f"{key!r} is given twice")
        fields[key] = value
    rules = _parse_rules(fields)
    phase_text = fields.get("phase")
    phases = {p.value: p for p in Phase}
    require(phase_text in phases, f"phase must be one of {', '.join(phases)}")
    assert phase_text is not None  # for mypy, which cannot see that require() raised
    phase = phases[phase_text]
    wanted = _COMMON_KEYS + _PHASE_KEYS[phase]
    for key in wanted:
        require(key in fields, f"missing {key}= (phase {phase.value})")
    for key in fields:
        require(key in wanted or key in RULE_CHOICES, f"unexpected {key}= (phase {phase.value})")

    sheets = fields["sheets"].split("/")
    players = len(sheets)
    require(MIN_PLAYERS <= players <= MAX_PLAYERS, f"calavera is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    crosses, frozen = [], []
    for sheet in sheets:
        entries = sheet.split(".")
        require(len(entries) == ROWS, f"a sheet has {ROWS} rows: {sheet!r}")
        matches = [_ROW_ENTRY.fullmatch(e) for e in entries]
        require(all(matches), f"a row is crosses plus 'f' when frozen, e.g. 13f: {sheet!r}")
        found = cast("list[re.Match[str]]", matches)  # all matched: required just above
        crosses.append(tuple(int(m.group(1)) for m in found))
        frozen.append(tuple(bool(m.group(2)) for m in found))
    marks = fields["bonus"].split("/")
    require(len(marks) == players and all(len(m) == len(BONUS_LINES) and set(m) <= set(_BONUS_MARKS)
                                          for m in marks),
            f"bonus= has {len(BONUS_LINES)} of '-', 'F', 'L' per player, separated by '/'")
    bonus = tuple(tuple(_BONUS_MARKS[c] for c in m) for m in marks)
    claimed_text = fields["claimed"]
    require(len(claimed_text) == len(BONUS_LINES) and set(claimed_text) <= {"x", "-"},
            f"claimed= has {len(BONUS_LINES)} of 'x' or '-'")
    claimed = tuple(c == "x" for c in claimed_text)
    start = _number(fields["start"], "start")
    require(start < players, f"start={start} names no player")

    dice: tuple[int, ...]
    choice: Choice | None
    active, rolls, dice, skulls, choice, marker = 0, 0, (0,) * 5, 0, None, -1
    if phase is not Phase.OVER:
        active = _number(fields["active"], "active")
        require(active < players, f"active={active} names no player")
        rolls = _number(fields["rolls"], "rolls")
        dice = parse_dice(fields["dice"], FACE_LETTERS[:SKULL])
        skulls = _number(fields["skulls"], "skulls")
    if phase is Phase.MARK:
        choice = _parse_choice(fields["choice"])
        marker = _number(fields["marker"], "marker")
        require(marker < players, f"marker={marker} names no player")
    state = CalaveraState(rules, start, tuple(crosses), tuple(frozen), bonus, claimed, phase, active,
                          rolls, dice, skulls, choice, marker)
    problem = impossibility(state)
    require(problem is None, f"impossible position: {problem}")
    return state


def _parse_rules(fields: dict[str, str]) -> Rules:
    values: list[Any] = []  # each field's value, in the order of Rules
    for name in Rules._fields:
        allowed = RULE_CHOICES[name]
        if name not in fields:
            values.append(allowed[0])
            continue
        texts = [_option_text(v) for v in allowed]
        require(fields[name] in texts, f"{name} must be one of {', '.join(texts)}")
        values.append(allowed[texts.index(fields[name])])
    return Rules(*values)


# --- actions --------------------------------------------------------------------------------

def action_text(state: CalaveraState, action: Any) -> str:
    """The text of an action (it does not depend on the position `state`).

    `action` is typed Any: anything may be asked for (an error names what is not an action), and
    the dispatch on `type(action)`, kept in `kind`, is one mypy does not narrow by."""
    kind = type(action)
    if kind is Roll:
        return f"roll {dice_text(action.dice)}"
    if kind is Reroll:
        return f"reroll {dice_text(action.dice)}"
    if kind is Stop:
        return "stop"
    if kind is Pass:
        return "pass"
    if kind in _VERB_OF:
        return f"{_VERB_OF[kind]} {FACE_LETTERS[action.row]}"
    raise IllegalAction(f"{action!r} is not a calavera action")


def parse_action(state: CalaveraState, text: str) -> Action:
    """Parse an action. `NotationError` if malformed, `IllegalAction` if not legal in `state`."""
    action = _read(text)
    if not state.is_legal(action):
        raise state.illegal(action)
    return action


def _read(text: str) -> Action:
    """The action a text names (not yet checked for legality). Raises `NotationError`."""
    require(isinstance(text, str), "an action is text")
    words = text.split()
    require(bool(words), "empty action text")
    verb, args = words[0].lower(), words[1:]
    if verb in ("stop", "pass"):
        require(not args, f"{verb} takes no argument")
        return Stop() if verb == "stop" else Pass()
    require(len(args) == 1, f"{verb!r} takes one argument: {text!r}")
    if verb == "roll":
        return Roll(parse_dice(args[0].upper(), FACE_LETTERS))
    if verb == "reroll":
        dice = parse_dice(args[0].upper(), FACE_LETTERS[:SKULL])
        require(any(dice), "reroll names at least one die")
        return Reroll(dice)
    require(verb in _CHOICE_VERBS, f"unknown action {words[0]!r} (roll, reroll, stop, colour, roses, freeze, pass)")
    return _CHOICE_VERBS[verb](row_letter(args[0]))

