"""Click editing of LYNGK positions (pure; no browser): put a piece of a colour or a joker on top
of a point's stack, lift the top piece, and form fields for the side to move, the claims, the
removed stacks and the variant. Every result is checked by the engine's own position parser;
`refusal` puts its reasons in the string table's words.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from qipan.core.numbers import is_number
from qipan.games.lyngk import GAME
from qipan.games.lyngk.board import LABELS, parse_point
from qipan.games.lyngk.rules import COLOURS, PIECES, VARIANTS, LyngkState
from qipan.boardkit.editing import EditorTools, Choice, Field, Reason, Refused, Tool, reworded
from qipan.games.lyngk.ui.view import PIECE_FILL, PIECE_INK, PIECE_MARK

EMPTY_START = True
"""The chooser offers the empty board (pieces put one by one) besides the dealt opening."""
LIFT = "lift"
CLAIM_SETS = ("",) + tuple("".join(c) for n in (1, 2) for c in combinations(COLOURS, n))
"""Every claim a player can hold (§4.1: at most two colours), in the engine's "IBRGK" order."""
MAX_REMOVED = 8
REASONS: tuple[Reason, ...] = (
    (r"^(?P<point>\w+): a stack of (?P<height>\d+) is taller than (?P<limit>\d+)", "editor.lyngk.err.tall"),
    (r"^(?P<point>\w+): '\w+' repeats a real colour", "editor.lyngk.err.repeat"),
    (r"^(?P<point>\w+): a joker never tops a stack", "editor.lyngk.err.joker_top"),
    (r"^\d+ pieces of (?P<colour>\w) on the board; there are (?P<n>\d+)", "editor.lyngk.err.all_pieces"),
    (r"^\d+ jokers on the board; there are (?P<n>\d+)", "editor.lyngk.err.all_jokers"),
    (r"^(?P<n>\d+) removed stacks cannot be built", "editor.lyngk.err.removed_pieces"),
    (r"^player (?P<player>\d) removed stacks without claiming", "editor.lyngk.err.removed_unclaimed"),
    (r"^no stack is ever removed in the stack6 variant", "editor.lyngk.err.stack6_removed"),
    (r"^a colour is claimed by both players", "editor.lyngk.err.claimed_twice"),
    (r"^a 5-stack topped by a claimed colour", "editor.lyngk.err.claimed_five"),
    (r"^with late_claim_six_wins", "editor.lyngk.err.late_six"),
)
"""The engine's reasons a click or a field can meet, in the string table's words."""


def tools(state: LyngkState) -> tuple[Tool, ...]:
    """Put a piece of each colour or a joker on top of a stack; lift the top piece."""
    puts = tuple(Tool(f"put:{p}", ("editor.lyngk.put", {"piece": (f"lyngk.colour.{p}", {})}), PIECE_MARK[p],
                      PIECE_FILL[p], PIECE_INK[p]) for p in PIECES)
    return puts + (Tool(LIFT, ("editor.lyngk.lift", {}), "−"),)


def points(state: LyngkState) -> tuple[str, ...]:
    return LABELS


def apply(state: LyngkState, tool: str, point: str) -> LyngkState:
    """The position after using `tool` on `point`. Raises Refused or the engine's NotationError."""
    index = parse_point(point)
    stacks = list(state.stacks)
    if tool == LIFT:
        if not stacks[index]:
            raise Refused("editor.err.empty", point=LABELS[index])
        stacks[index] = stacks[index][:-1]
    elif tool.startswith("put:") and tool[4:] in PIECES and len(tool) == 5:
        stacks[index] += tool[4:]
    else:
        raise Refused("editor.err.tool")
    return checked(replace(state, stacks=tuple(stacks), winner=-1))


def checked(state: LyngkState) -> LyngkState:
    """The state as the engine reads its position text (NotationError naming the broken rule)."""
    return GAME.parse_position(GAME.position(state))


def refusal(error: ValueError) -> Refused:
    """The engine's reason for refusing an edit, in the string table's words."""
    return reworded(error, REASONS, n=int, colour=lambda c: (f"lyngk.colour.{c}", {}),
                    player=lambda p: ("player.n", {"n": int(p)}))


def fields(state: LyngkState) -> tuple[Field, ...]:
    players = tuple(Choice(str(p), (("player.n", {"n": p + 1}),)) for p in (0, 1))

    def claims(player: int) -> Field:
        choices = tuple(Choice(c or "-", tuple((f"lyngk.colour.{x}", {}) for x in c) or (("lyngk.none_claimed", {}),))
                        for c in CLAIM_SETS)
        return Field(f"claims{player}", ("editor.lyngk.claims", {"player": ("player.n", {"n": player + 1})}),
                     choices, state.claims[player] or "-")

    def removed(player: int) -> Field:
        return Field(f"removed{player}", ("editor.lyngk.removed", {"player": ("player.n", {"n": player + 1})}),
                     tuple(Choice(str(n), (("editor.number", {"n": n}),)) for n in range(MAX_REMOVED + 1)),
                     str(state.removed[player]))

    variants = tuple(Choice(v, ((f"lyngk.variant.{v}", {}),)) for v in VARIANTS)
    return (Field("player", ("editor.to_move", {}), players, str(state.player)),
            claims(0), claims(1), removed(0), removed(1),
            Field("variant", ("editor.variant", {}), variants, state.variant))


def set_field(state: LyngkState, name: str, value: str) -> LyngkState:
    """The position with one form field changed (checked like a click)."""
    if name == "player" and value in ("0", "1"):
        return checked(replace(state, player=int(value)))
    if name in ("claims0", "claims1") and (value in CLAIM_SETS or value == "-"):
        claims = list(state.claims)
        claims[int(name[-1])] = "" if value == "-" else value
        return checked(replace(state, claims=(claims[0], claims[1]), winner=-1))
    if name in ("removed0", "removed1") and is_number(value, 3) and int(value) <= MAX_REMOVED:
        removed = list(state.removed)
        removed[int(name[-1])] = int(value)
        return checked(replace(state, removed=(removed[0], removed[1])))
    if name == "variant" and value in VARIANTS:
        return checked(replace(state, variant=value, winner=-1))
    raise Refused("editor.err.field")


def empty(state: LyngkState) -> LyngkState:
    """The board with no pieces, nothing claimed or removed; player 1 to move; same options."""
    return replace(state, stacks=("",) * len(LABELS), claims=("", ""), player=0, removed=(0, 0), winner=-1)


TOOLS = EditorTools(
    tools=tools, points=points, apply=apply, fields=fields, set_field=set_field, refusal=refusal,
    empty=empty, empty_start=EMPTY_START)
"""This game's tools in the position editor."""
