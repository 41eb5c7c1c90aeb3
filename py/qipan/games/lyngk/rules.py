"""LYNGK rules (rules file docs/rules/lyngk.md), section by section.

A state holds the 43 stacks (bottom -> top letters from "IBRGKJ"), both players' claimed
colours, whose turn it is, the removed-stack counts, the variant and the option flags. A turn is
one `Move`: an optional claim, then a move from an origin to a final destination (§4, §6), or
`PASS` when the player has no legal turn (§9).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, replace
from typing import NamedTuple

from qipan.core import TERMINAL, Outcome, State

from qipan.games.lyngk.board import POINTS, RAYS

COLOURS = "IBRGK"
"""The five claimable colours (§1): ivory, blue, red, green, black. "J" is the joker."""
JOKER = "J"
PIECES = COLOURS + JOKER
VARIANTS = ("standard", "stack6")
_CAP = {"standard": 5, "stack6": 6}
"""§4.4.1 / §11: the highest stack allowed."""
_BIT = {"I": 1, "B": 2, "R": 4, "G": 8, "K": 16, "J": 0}
"""Real colours as bits; jokers count for no colour (§4.4.2)."""


class Move(NamedTuple):
    """One turn: claim a colour ("" for none), then move the stack on `origin` to `dest`."""

    claim: str
    origin: int
    dest: int


PASS = Move("", -1, -1)
"""The turn of a player who has no legal turn (§9)."""


class Termination(enum.Enum):
    """How a LYNGK game ended."""

    NO_MOVES = "no_moves"
    """§8: neither player has a legal turn; removed stacks, then the tie-break cascade."""
    SIX_STACK = "six_stack"
    """§11: a player made (or, with late_claim_six_wins, claimed) a 6-stack of their colour."""


def cap(variant: str) -> int:
    """The maximum stack height of a variant (5, or 6 for stack6)."""
    return _CAP[variant]


def colour_mask(stack: str) -> int:
    """The real colours of a stack as bits (jokers add nothing)."""
    mask = 0
    for piece in stack:
        mask |= _BIT[piece]
    return mask


def add_claim(claims: str, colour: str) -> str:
    """A player's claimed colours with `colour` added, in the fixed order "IBRGK"."""
    return "".join(c for c in COLOURS if c in claims or c == colour)


@dataclass(frozen=True, slots=True)
class LyngkState(State[Move]):
    """A LYNGK position. Immutable; equality and hash by content."""

    stacks: tuple[str, ...]
    """43 entries in point order, bottom -> top letters from "IBRGKJ", "" for empty."""
    claims: tuple[str, str]
    """The colours claimed by player 0 and player 1, each in "IBRGK" order."""
    player: int
    """Whose turn it is (0 or 1) while the game goes on."""
    removed: tuple[int, int]
    """Completed stacks taken by each player (the score, §8)."""
    variant: str = "standard"
    claim_captures_neutral_fives: bool = True
    """§4.1 / A9: claiming a colour takes the neutral 5-stacks of that colour on the board."""
    late_claim_six_wins: bool = False
    """§11 / A15: in stack6, claiming the colour of a neutral 6-stack wins at the end of that turn."""
    winner: int = -1
    """stack6 only: the player who won by a 6-stack (§11), else -1."""
    _solved: tuple[int, tuple[Move, ...]] | None = field(default=None, init=False, compare=False, repr=False)
    _moves_on: bool = field(default=False, init=False, compare=False, repr=False)
    """Known to go on with `player` to move (a plain move found) before the turns are listed: a
    search asks whose turn it is of every position it scores, and lists the turns of few of them."""

    # -- whose turn, and the legal turns (§9, §10) ---------------------------------------------

    def _solve(self) -> tuple[int, tuple[Move, ...]]:
        solved = self._solved
        if solved is None:
            solved = _solve(self)
            object.__setattr__(self, "_solved", solved)
        return solved

    @property
    def players(self) -> int:
        """LYNGK is for two players."""
        return 2

    @property
    def to_move(self) -> int:
        if self._moves_on:
            return self.player
        if self._solved is None and self.winner < 0 and _has_plain_move(self):
            object.__setattr__(self, "_moves_on", True)
            return self.player
        return self._solve()[0]

    def legal_actions(self) -> tuple[Move, ...]:
        """Every legal turn, sorted; `(PASS,)` when the player must pass; `()` when over."""
        return self._solve()[1]

    # -- playing a turn (§4.1, §5, §11) ----------------------------------------------------------

    def apply_unchecked(self, action: Move) -> "LyngkState":
        player = self.player
        if action.origin < 0:  # §9: pass
            return replace(self, player=1 - player)
        stacks = list(self.stacks)
        claims = list(self.claims)
        removed = list(self.removed)
        standard = self.variant == "standard"
        colour = action.claim
        winner = -1
        if colour:
            claims[player] = add_claim(claims[player], colour)
            if standard and self.claim_captures_neutral_fives:
                _capture_fives(stacks, colour, removed, player)  # §4.1 / A9
        moved = stacks[action.dest] + stacks[action.origin]
        stacks[action.origin] = ""
        mine = claims[player]
        if standard:
            if len(moved) == 5 and moved[-1] in mine:  # §5: mandatory removal
                moved = ""
                removed[player] += 1
        elif len(moved) == 6 and moved[-1] in mine:  # §11: instant win
            winner = player
        stacks[action.dest] = moved
        if (colour and winner < 0 and not standard and self.late_claim_six_wins
                and any(len(s) == 6 and s[-1] == colour for s in stacks)):
            winner = player  # §11 / A15, [PB] reading
        return LyngkState(tuple(stacks), (claims[0], claims[1]), 1 - player, (removed[0], removed[1]),
                          self.variant, self.claim_captures_neutral_fives, self.late_claim_six_wins, winner)

    # -- the end (§8, §11) -------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.to_move != TERMINAL:
            return None
        vectors = (tiebreak_vector(self, 0), tiebreak_vector(self, 1))
        if self.winner >= 0:
            return Outcome((self.winner,), self.removed, Termination.SIX_STACK, vectors)
        if vectors[0] == vectors[1]:
            winners: tuple[int, ...] = ()
        else:
            winners = (0,) if vectors[0] > vectors[1] else (1,)
        return Outcome(winners, self.removed, Termination.NO_MOVES, vectors)


OPTION_DEFAULTS = {f.name: f.default for f in fields(LyngkState) if f.init and type(f.default) is bool}
"""The house-rule switches (the state's bool fields, §4.1 / A9 and §11 / A15) and their defaults."""


def _capture_fives(stacks: list[str], colour: str, removed: list[int], player: int) -> None:
    """§4.1 / A9: take every completed 5-stack topped by the colour just claimed."""
    for i, stack in enumerate(stacks):
        if len(stack) == 5 and stack[-1] == colour:
            stacks[i] = ""
            removed[player] += 1


# -- where a stack may go (§4.3, §4.4, §6) -----------------------------------------------------------

def _neutral_targets(origin: int, heights: list[int], masks: list[int], limit: int) -> list[int]:
    """§4.3 + §4.4: the first stack in each direction, if a neutral mover may land on it."""
    h = heights[origin]
    m = masks[origin]
    out = []
    for ray in RAYS[origin]:
        for x in ray:
            hx = heights[x]
            if hx:
                if hx <= h and h + hx <= limit and not masks[x] & m:  # §4.4.3 height rule
                    out.append(x)
                break
    out.sort()
    return out


def _own_targets(origin: int, stacks: tuple[str, ...] | list[str], heights: list[int], masks: list[int],
                 limit: int) -> list[int]:
    """§6: plain targets plus those reached through LYNGK points of the mover's top colour.

    The origin counts as empty (A8); each LYNGK point is entered once (§6, [R F5]).
    """
    top = stacks[origin][-1]
    h = heights[origin]
    m = masks[origin]
    targets: set[int] = set()
    visited = {origin}
    frontier = [origin]
    while frontier:
        p = frontier.pop()
        for ray in RAYS[p]:
            for x in ray:
                if x == origin or not heights[x]:
                    continue
                if stacks[x][-1] == top:
                    if x not in visited:
                        visited.add(x)
                        frontier.append(x)
                elif h + heights[x] <= limit and not masks[x] & m:  # §4.4.1, §4.4.2
                    targets.add(x)
                break
    return sorted(targets)


def _movable(stack: str, limit: int, theirs: str) -> bool:
    """§4.2: a stack the player may try to move (not empty, full, a lone joker or foreign)."""
    return bool(stack) and len(stack) < limit and stack[-1] != JOKER and stack[-1] not in theirs


def _moves(stacks: tuple[str, ...] | list[str], mine: str, theirs: str, limit: int,
           only_top: str = "") -> dict[int, list[int]]:
    """origin -> destinations for a player owning `mine` (§4.2-§4.4, §6).

    With `only_top`, only origins topped by that colour are generated.
    """
    heights = [len(s) for s in stacks]
    masks = [colour_mask(s) for s in stacks]
    out: dict[int, list[int]] = {}
    for o in POINTS:
        stack = stacks[o]
        if not _movable(stack, limit, theirs) or (only_top and stack[-1] != only_top):
            continue
        if stack[-1] in mine:
            dests = _own_targets(o, stacks, heights, masks, limit)
        else:
            dests = _neutral_targets(o, heights, masks, limit)
        if dests:
            out[o] = dests
    return out


def _has_plain_move(state: LyngkState) -> bool:
    """Whether the player to move has a move without a claim (then it is their turn, §9); stops
    at the first stack that can move."""
    stacks = state.stacks
    limit = _CAP[state.variant]
    mine, theirs = state.claims[state.player], state.claims[1 - state.player]
    heights = [len(s) for s in stacks]
    masks = [colour_mask(s) for s in stacks]
    for o in POINTS:
        stack = stacks[o]
        if _movable(stack, limit, theirs):
            if stack[-1] in mine:
                if _own_targets(o, stacks, heights, masks, limit):
                    return True
            elif _neutral_targets(o, heights, masks, limit):
                return True
    return False


def _after_claim(state: LyngkState, player: int, colour: str) -> tuple[list[str] | tuple[str, ...], bool]:
    """The stacks after `player` claims `colour` (with the A9 capture), and whether any was taken."""
    if state.variant != "standard" or not state.claim_captures_neutral_fives:
        return state.stacks, False
    stacks = list(state.stacks)
    removed = [0, 0]
    _capture_fives(stacks, colour, removed, player)
    return stacks, removed[player] > 0


_MOVE = {c: tuple(tuple(Move(c, o, d) for d in POINTS) for o in POINTS) for c in ("",) + tuple(COLOURS)}
"""Every Move value, built once: _MOVE[claim][origin][dest] (legal_actions only looks them up)."""


def _listing(colour: str, moves: dict[int, list[int]]) -> list[Move]:
    """The moves of one claim choice, ordered by origin then destination."""
    table = _MOVE[colour]
    return [table[o][d] for o in sorted(moves) for d in moves[o]]


def turns(state: LyngkState, player: int) -> list[Move]:
    """§10: every legal turn of `player` here, sorted (whose turn it is does not matter)."""
    limit = _CAP[state.variant]
    mine, theirs = state.claims[player], state.claims[1 - player]
    base = _moves(state.stacks, mine, theirs, limit)
    out = _listing("", base)
    if len(mine) >= 2:
        return out
    for colour in sorted(COLOURS):  # claim letters in text order, so the whole list is sorted
        if colour in mine or colour in theirs:
            continue
        owned = mine + colour
        stacks, captured = _after_claim(state, player, colour)
        if captured:  # the board changed: everything is generated afresh
            moves = _moves(stacks, owned, theirs, limit)
        else:  # only stacks topped by the claimed colour move differently now
            moves = {o: d for o, d in base.items() if state.stacks[o][-1] != colour}
            moves.update(_moves(stacks, owned, theirs, limit, only_top=colour))
        out += _listing(colour, moves)
    return out


def _solve(state: LyngkState) -> tuple[int, tuple[Move, ...]]:
    """§9: the player's turns; a pass if only the opponent can play; the end if nobody can."""
    if state.winner >= 0:
        return TERMINAL, ()
    mine = turns(state, state.player)
    if mine:
        return state.player, tuple(mine)
    if turns(state, 1 - state.player):
        return state.player, (PASS,)
    return TERMINAL, ()


# -- helpers for a UI or an AI -------------------------------------------------------------------------

def can_claim(state: LyngkState) -> tuple[str, ...]:
    """The colours the player to move may claim now: those followed by at least one move (§9)."""
    return tuple(c for c in COLOURS if any(a.claim == c for a in state.legal_actions()))


def tiebreak_vector(state: LyngkState, player: int) -> tuple[int, ...]:
    """§8: (removed, own-topped stacks of exactly 4, 3, 2, 1); stack6 (§11) starts the
    on-board count at 5. Only stacks topped by a colour the player claimed count (A13)."""
    mine = state.claims[player]
    counts = [0] * (_CAP[state.variant])
    for stack in state.stacks:
        if stack and stack[-1] in mine:
            counts[len(stack) - 1] += 1
    top = _CAP[state.variant] - 1  # the on-board heights that count: cap-1 down to 1
    return (state.removed[player],) + tuple(counts[h - 1] for h in range(top, 0, -1))


def chain_path(state: LyngkState, move: Move) -> tuple[int, ...]:
    """The shortest sequence of stops of a legal move: origin, LYNGK points (§6), destination.

    A plain move gives (origin, dest). The empty points slid over are not listed. Raises
    `ValueError` if the move is not legal here.
    """
    if move not in state.legal_actions() or move.origin < 0:
        raise ValueError(f"{move!r} is not a legal move here")
    stacks, _ = (_after_claim(state, state.player, move.claim) if move.claim else (state.stacks, False))
    origin, dest = move.origin, move.dest
    top = stacks[origin][-1]
    parents = {origin: origin}
    frontier = [origin]
    while frontier:  # breadth first: the first time dest is seen is along a shortest chain
        following = []
        for p in frontier:
            for ray in RAYS[p]:
                for x in ray:
                    if x == origin or not stacks[x]:
                        continue
                    if x == dest:
                        path = [x, p]
                        while path[-1] != origin:
                            path.append(parents[path[-1]])
                        return tuple(reversed(path))
                    if stacks[x][-1] == top and x not in parents:
                        parents[x] = p
                        following.append(x)
                    break
        frontier = following
    raise AssertionError("a legal move has no path")  # unreachable for legal moves
