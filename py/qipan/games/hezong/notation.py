"""Position text and action text of 合縱連橫, format v1 (docs/notation/hezong.md).

Position: `<map> <stones> <start> <last> <supply> <removed> [option=value ...]`, e.g. the
start of a 2-player game is `<map> 12/12/12/12/12/12/12/12/12/12/12/12 a - 24,24 0,0`.
Action: a cell name (`f7`); with `attack=choose` optionally `f7:N,SE` (the directions that
fire); `forfeit` under `blocked_line=forfeit`.
"""

from __future__ import annotations

import re
from typing import Any

from qipan.core import TERMINAL, IllegalAction, require
from qipan.core.numbers import ASCII_DIGITS, is_number
from qipan.games.hezong.geometry import CELLS, COLUMNS, DIRECTION_NAMES, SIZE, cell_name, parse_cell
from qipan.games.hezong.rules import (
    ATTACK_MODES,
    ATTACK_RAYS,
    BLOCKED_LINE,
    EMPTY,
    FINAL_TIES,
    SCAR,
    STONES_EACH,
    Action,
    Forfeit,
    HezongState,
    Place,
    Rules,
)
from qipan.games.hezong.tiling import HezongMap, build_map

LABELS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""Region labels in map text; the normal form labels region k with LABELS[k]."""
PLAYER_LETTERS = "abcdefgh"

_OPTION_VALUES: dict[str, tuple[str, ...] | tuple[bool, ...]] = {
    "attack_ray": ATTACK_RAYS,
    "attack": ATTACK_MODES,
    "blocked_line": BLOCKED_LINE,
    "reuse_removed_cells": (True, False),
    "final_tie": FINAL_TIES,
}
_DEFAULT_RULES = Rules()


# --- position ---------------------------------------------------------------------------------

def map_text(state: HezongState) -> str:
    """The map field: 12 rows of 12 region labels, top row first, separated by '/'."""
    labels = "".join(LABELS[r] for r in state.map.regions)
    return "/".join(labels[i:i + SIZE] for i in range(0, CELLS, SIZE))


def stones_text(state: HezongState) -> str:
    """The stones field: rows of player letters, 'x' scars and digit runs of empty cells."""
    rows = []
    for r in range(SIZE):
        out, run = [], 0
        for stone in state.stones[r * SIZE:(r + 1) * SIZE]:
            if stone == EMPTY:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append("x" if stone == SCAR else PLAYER_LETTERS[stone])
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


def _option_text(name: str, value: str | bool) -> str:
    if isinstance(value, bool):
        value = "true" if value else "false"
    return f"{name}={value}"


def position_text(state: HezongState) -> str:
    """The normal-form position text of `state`."""
    fields = [map_text(state), stones_text(state), PLAYER_LETTERS[state.start],
              "-" if state.last < 0 else cell_name(state.last),
              ",".join(map(str, state.supply)), ",".join(map(str, state.removed))]
    for name in _OPTION_VALUES:
        value = getattr(state.rules, name)
        if value != getattr(_DEFAULT_RULES, name):
            fields.append(_option_text(name, value))
    return " ".join(fields)


def _parse_map(text: str) -> HezongMap:
    rows = text.split("/")
    require(len(rows) == SIZE and all(len(row) == SIZE for row in rows),
            f"the map must be {SIZE} rows of {SIZE} region labels separated by '/': {text!r}")
    labels = "".join(rows)
    require(all(ch in LABELS for ch in labels), f"map labels are 0-9 and a-z: {text!r}")
    return build_map(labels)


def _parse_stones(text: str, players: int) -> tuple[int, ...]:
    rows = text.split("/")
    require(len(rows) == SIZE, f"the stones field has {SIZE} rows separated by '/': {text!r}")
    stones: list[int] = []
    for r, row in enumerate(rows):
        cells: list[int] = []
        for token in re.findall(r"[0-9]+|.", row):
            if token[0] in ASCII_DIGITS:
                require(is_number(token, 2) and token[0] != "0" and int(token) <= SIZE, f"bad run of empty cells {token!r} in row {r + 1}")
                cells.extend([EMPTY] * int(token))
            elif token == "x":
                cells.append(SCAR)
            else:
                require(token in PLAYER_LETTERS[:players],
                        f"{token!r} in row {r + 1} is no stone of a {players}-player game")
                cells.append(PLAYER_LETTERS.index(token))
        require(len(cells) == SIZE, f"row {r + 1} of the stones has {len(cells)} cells, not {SIZE}")
        stones.extend(cells)
    return tuple(stones)


def _parse_counts(text: str, what: str) -> tuple[int, ...]:
    require(re.fullmatch(r"[0-9]{1,3}(,[0-9]{1,3})*", text) is not None, f"{what} must be comma-separated numbers: {text!r}")
    return tuple(int(part) for part in text.split(","))


def _parse_rules(fields: list[str]) -> Rules:
    values: dict[str, Any] = {}
    for item in fields:
        name, sep, raw = item.partition("=")
        require(bool(sep) and name in _OPTION_VALUES, f"unknown option field {item!r}")
        require(name not in values, f"option {name!r} is given twice")
        allowed = _OPTION_VALUES[name]
        words = {_option_text(name, v).partition("=")[2]: v for v in allowed}
        require(raw in words, f"option {name} takes {' or '.join(words)}, not {raw!r}")
        values[name] = words[raw]
    return Rules(**values)


def parse_position(text: str) -> HezongState:
    """Parse position text (any valid form). Raises `NotationError` naming the broken rule."""
    require(isinstance(text, str), "position text must be a string")
    fields = text.split()
    require(len(fields) >= 6, "a position has 6 fields: map stones start last supply removed (then options)")
    map_field, stones_field, start_field, last_field, supply_field, removed_field = fields[:6]
    rules = _parse_rules(fields[6:])
    hmap = _parse_map(map_field)
    supply = _parse_counts(supply_field, "supply")
    players = len(supply)
    require(players in STONES_EACH, f"2-8 players (rules §1), not {players}")
    removed = _parse_counts(removed_field, "removed")
    require(len(removed) == players, f"removed lists {len(removed)} players, supply {players}")
    stones = _parse_stones(stones_field, players)
    require(start_field in PLAYER_LETTERS[:players], f"start player {start_field!r} is not a-{PLAYER_LETTERS[players - 1]}")
    start = PLAYER_LETTERS.index(start_field)
    each = STONES_EACH[players]
    require(all(s <= each for s in supply), f"a supply exceeds the {each} stones each of {players} players (rules §1)")
    ply = players * each - sum(supply)
    forfeits = 0
    for p in range(players):
        seat = (p - start) % players
        placed = ply // players + (1 if seat < ply % players else 0)
        require(supply[p] == each - placed,
                f"player {PLAYER_LETTERS[p]} has {supply[p]} stones left; after {ply} turns from start player "
                f"{start_field} it must be {each - placed} (rules §3: one stone per turn, in turn order)")
        on_board = stones.count(p)
        require(on_board + removed[p] <= placed,
                f"player {PLAYER_LETTERS[p]} has {on_board} stones on the board and {removed[p]} removed, "
                f"but placed only {placed}")
        forfeits += placed - on_board - removed[p]
    require(forfeits == 0 or rules.blocked_line == "forfeit",
            "stones are missing: placed stones are on the board or removed (rules §3)")
    scars = stones.count(SCAR)
    require(scars == 0 or not rules.reuse_removed_cells, "an 'x' cell needs reuse_removed_cells=false (K4)")
    require(scars <= sum(removed), f"{scars} 'x' cells but only {sum(removed)} stones were removed")
    last: int | None
    if ply == 0:
        require(last_field == "-", "before the first stone the last cell is '-'")
        last = -1
    else:
        last = parse_cell(last_field)
        require(last is not None, f"the last cell {last_field!r} is no cell a1-l12")
        assert last is not None  # for mypy, which cannot see that require() raised
        if forfeits == 0:
            previous = (start + ply - 1) % players
            require(stones[last] == previous,
                    f"the last cell {last_field} must hold the stone of the previous mover "
                    f"{PLAYER_LETTERS[previous]} (attacks never remove the mover's stone, rules §3.2)")
    return HezongState(hmap, stones, start, supply, removed, last, rules)


# --- actions ----------------------------------------------------------------------------------

def action_text(state: HezongState, action: Action) -> str:
    """The text of an action: `f7`, `f7:N,SE` (attack=choose), or `forfeit`."""
    if isinstance(action, Forfeit):
        return "forfeit"
    text = cell_name(action.cell)
    if state.rules.attack == "choose" and action.fire:
        text += ":" + ",".join(DIRECTION_NAMES[d] for d in range(8) if action.fire >> d & 1)
    return text


def parse_action(state: HezongState, text: str) -> Action:
    """Parse an action. `NotationError` if malformed, `IllegalAction` if not legal here."""
    require(isinstance(text, str), "action text must be a string")
    text = text.strip()
    if text == "forfeit":
        action: Action = Forfeit(state.to_move)
    else:
        cell_part, sep, fire_part = text.partition(":")
        cell = parse_cell(cell_part)
        require(cell is not None, f"{text!r} is not an action: expected a cell a1-l12 "
                                  f"(columns {COLUMNS[0]}-{COLUMNS[-1]}, rows 1-12) or 'forfeit'")
        assert cell is not None  # for mypy, which cannot see that require() raised
        if state.rules.attack == "automatic":
            require(not sep, f"{text!r}: attack directions are written only with attack=choose")
            action = Place(cell)
        else:
            fire = 0
            if sep:
                for name in fire_part.split(","):
                    require(name in DIRECTION_NAMES, f"{name!r} is not a direction ({', '.join(DIRECTION_NAMES)})")
                    bit = 1 << DIRECTION_NAMES.index(name)
                    require(not fire & bit, f"direction {name} is given twice in {text!r}")
                    fire |= bit
                require(fire != 0, f"{text!r}: empty direction list")
            action = Place(cell, fire)
    if state.to_move == TERMINAL or action not in state.legal_actions():
        raise IllegalAction(f"{text!r} is not legal in {position_text(state)}")
    return action
