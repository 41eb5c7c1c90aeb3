"""LYNGK notation v1 (rules §15; docs/notation/lyngk.md): position text and action text.

Position: `<stacks> <claims> <to-move> <removed> <variant> [<extras>]`, where the optional
sixth field lists non-default options and a stack6 winner as `key=value` items joined by `,`.
Action: `C3-C4`, `+R C3-C4` (claim red, then move) or `pass`.
"""

from __future__ import annotations

import re

from qipan.core.numbers import is_number
from qipan.core import IllegalAction, NotationError, require

from qipan.games.lyngk.board import LABELS, label, parse_point
from qipan.games.lyngk.rules import (
    COLOURS,
    JOKER,
    OPTION_DEFAULTS,
    PASS,
    PIECES,
    VARIANTS,
    LyngkState,
    Move,
    cap,
    colour_mask,
)

_ACTION = re.compile(r"(?:\+(\S+)\s+)?([A-Za-z][0-9]+)-([A-Za-z][0-9]+)")
_PIECES_PER_COLOUR = 8
_JOKERS = 3


# -- position text ---------------------------------------------------------------------------------

def position_text(state: LyngkState) -> str:
    """The position text of a state (its normal form)."""
    stacks = "/".join(s or "." for s in state.stacks)
    claims = "/".join(c or "-" for c in state.claims)
    fields = [stacks, claims, str(state.player + 1), f"{state.removed[0]}/{state.removed[1]}", state.variant]
    extras = [f"{key}={'on' if getattr(state, key) else 'off'}"
              for key, default in OPTION_DEFAULTS.items() if getattr(state, key) != default]
    if state.winner >= 0:
        extras.append(f"winner={state.winner + 1}")
    if extras:
        fields.append(",".join(extras))
    return " ".join(fields)


def parse_position(text: str) -> LyngkState:
    """Parse position text. Raises `NotationError` naming the broken rule (§7, §15)."""
    require(isinstance(text, str), f"a position must be text, not {text!r}")
    fields = text.split()
    require(len(fields) in (5, 6), f"a LYNGK position has 5 fields (or 6 with extras), not {len(fields)}: {text!r}")
    variant = fields[4]
    require(variant in VARIANTS, f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
    stacks = _parse_stacks(fields[0], cap(variant))
    claims = _parse_claims(fields[1])
    require(fields[2] in ("1", "2"), f"the player to move is 1 or 2, not {fields[2]!r}")
    removed = _parse_removed(fields[3])
    options, winner = _parse_extras(fields[5] if len(fields) == 6 else "")
    state = LyngkState(stacks, claims, int(fields[2]) - 1, removed, variant,
                       options["claim_captures_neutral_fives"], options["late_claim_six_wins"], winner)
    _check_consistent(state)
    return state


def _parse_stacks(text: str, limit: int) -> tuple[str, ...]:
    parts = text.split("/")
    require(len(parts) == len(LABELS), f"the board has {len(LABELS)} points, the position lists {len(parts)}")
    stacks = []
    for point, part in zip(LABELS, parts):
        if part == ".":
            stacks.append("")
            continue
        require(part != "" and all(ch in PIECES for ch in part),
                f"{point}: {part!r} is not a stack of the letters {PIECES} or '.'")
        require(len(part) <= limit, f"{point}: a stack of {len(part)} is taller than {limit} (§4.4.1, §7 I-4)")
        real = part.replace(JOKER, "")
        require(len(set(real)) == len(real), f"{point}: {part!r} repeats a real colour (§4.4.2, §7 I-4)")
        require(len(part) == 1 or part[-1] != JOKER, f"{point}: a joker never tops a stack of two or more (§7 I-2)")
        stacks.append(part)
    return tuple(stacks)


def _parse_claims(text: str) -> tuple[str, str]:
    parts = text.split("/")
    require(len(parts) == 2, f"claims are '<player 1>/<player 2>', not {text!r}")
    claims = []
    for part in parts:
        if part == "-":
            claims.append("")
            continue
        require(part != "" and all(ch in COLOURS for ch in part),
                f"claimed colours are letters from {COLOURS} or '-', not {part!r} (jokers are never claimed, §4.1)")
        require(len(set(part)) == len(part), f"a colour is claimed twice in {part!r}")
        require(len(part) <= 2, f"a player claims at most two colours (§4.1), not {part!r}")
        claims.append("".join(c for c in COLOURS if c in part))
    require(not set(claims[0]) & set(claims[1]), f"a colour is claimed by both players in {text!r} (§4.1)")
    return claims[0], claims[1]


def _parse_removed(text: str) -> tuple[int, int]:
    parts = text.split("/")
    require(len(parts) == 2 and all(is_number(p, 2) for p in parts),
            f"removed stacks are '<n>/<n>', not {text!r}")
    return int(parts[0]), int(parts[1])


def _parse_extras(text: str) -> tuple[dict[str, bool], int]:
    options = dict(OPTION_DEFAULTS)
    winner = -1
    seen = set()
    for item in text.split(",") if text else ():
        key, sep, value = item.partition("=")
        require(sep == "=" and key not in seen, f"bad or repeated extra {item!r} (expected key=value)")
        seen.add(key)
        if key in options:
            require(value in ("on", "off"), f"{key} is 'on' or 'off', not {value!r}")
            options[key] = value == "on"
        elif key == "winner":
            require(value in ("1", "2"), f"winner is 1 or 2, not {value!r}")
            winner = int(value) - 1
        else:
            raise NotationError(f"unknown extra {key!r} (known: {', '.join(OPTION_DEFAULTS)}, winner)")
    return options, winner


def _check_consistent(state: LyngkState) -> None:
    """Rules a position must obey beyond the syntax (§5, §7, §8, §11)."""
    counts = {p: 0 for p in PIECES}
    for stack in state.stacks:
        for piece in stack:
            counts[piece] += 1
    for colour in COLOURS:
        require(counts[colour] <= _PIECES_PER_COLOUR,
                f"{counts[colour]} pieces of {colour} on the board; there are {_PIECES_PER_COLOUR} (§1)")
    require(counts[JOKER] <= _JOKERS, f"{counts[JOKER]} jokers on the board; there are {_JOKERS} (§1)")
    taken = sum(state.removed)
    # Each removed stack holds 5 pieces with no repeated real colour: a colour appears in at most
    # one piece per stack, and the rest are jokers not on the board (§1, §4.4.2, §7 I-3).
    room = sum(min(_PIECES_PER_COLOUR - counts[c], taken) for c in COLOURS) + _JOKERS - counts[JOKER]
    require(room >= 5 * taken, f"{taken} removed stacks cannot be built from the pieces not on the board (§1, §7 I-3)")
    for player in (0, 1):
        require(not state.removed[player] or bool(state.claims[player]),
                f"player {player + 1} removed stacks without claiming a colour (§5)")
    owned = state.claims[0] + state.claims[1]
    if state.variant == "standard":
        require(state.winner < 0, "only the stack6 variant is won by a 6-stack (§11)")
        if state.claim_captures_neutral_fives:
            require(not any(len(s) == 5 and s[-1] in owned for s in state.stacks),
                    "a 5-stack topped by a claimed colour is never left on the board (§5, §4.1 A9)")
        return
    require(state.removed == (0, 0), "no stack is ever removed in the stack6 variant (§11)")
    if state.winner >= 0:
        mine = state.claims[state.winner]
        require(any(len(s) == 6 and s[-1] in mine for s in state.stacks),
                f"player {state.winner + 1} won without a 6-stack of their colour (§11)")
    elif state.late_claim_six_wins:
        require(not any(len(s) == 6 and s[-1] in owned for s in state.stacks),
                "with late_claim_six_wins a 6-stack topped by a claimed colour has already won (§11)")


# -- action text -------------------------------------------------------------------------------------

def action_text(state: LyngkState, action: Move) -> str:
    """`C3-C4`, `+R C3-C4` or `pass` (`state` is the position it is played in)."""
    if not isinstance(action, Move):
        raise NotationError(f"{action!r} is not a LYNGK move")
    if action == PASS:
        return "pass"
    move = f"{label(action.origin)}-{label(action.dest)}"
    return f"+{action.claim} {move}" if action.claim else move


def parse_action(state: LyngkState, text: str) -> Move:
    """Parse an action. `NotationError` if malformed, `IllegalAction` if not legal here."""
    require(isinstance(text, str), f"an action must be text, not {text!r}")
    wanted = text.strip()
    if wanted.lower() == "pass":
        action = PASS
    else:
        match = _ACTION.fullmatch(wanted)
        require(match is not None, f"{text!r} is not a LYNGK action ('C3-C4', '+R C3-C4' or 'pass')")
        assert match is not None  # for mypy, which cannot see that require() raised
        claim, origin, dest = match.groups()
        if claim is not None:
            claim = claim.upper()
            require(claim in COLOURS, f"the claim in {text!r} is not one of {', '.join(COLOURS)} (§4.1)")
        action = Move(claim or "", parse_point(origin), parse_point(dest))
    if action not in state.legal_actions():
        raise IllegalAction(f"{wanted!r} is not legal: {why_illegal(state, action)} (in {position_text(state)})")
    return action


def why_illegal(state: LyngkState, action: Move) -> str:
    """A short reason why `action` is not legal in `state` (for messages)."""
    if not state.legal_actions():
        return "the game is over"
    if action == PASS:
        return "a player with a legal turn must play it (§9)"
    if state.legal_actions() == (PASS,):
        return "the player to move has no legal turn and must pass (§9)"
    mine, theirs = state.claims[state.player], state.claims[1 - state.player]
    if action.claim and (action.claim in mine + theirs or len(mine) >= 2):
        return f"{action.claim} cannot be claimed (§4.1: unclaimed colours only, two per player)"
    stack = state.stacks[action.origin]
    if not stack:
        return f"{label(action.origin)} is empty"
    if stack == JOKER:
        return "a lone joker never moves (§4.2)"
    if stack[-1] in theirs:
        return f"{label(action.origin)} is topped by the opponent's colour (§4.2)"
    if not state.stacks[action.dest]:
        return "a move never ends on an empty point (§4.3)"
    if colour_mask(stack) & colour_mask(state.stacks[action.dest]):
        return "a stack never holds the same colour twice (§4.4.2)"
    return f"{label(action.dest)} cannot be reached from {label(action.origin)} (§4.3, §4.4, §6)"
