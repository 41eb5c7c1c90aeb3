"""Uncle Chestnut's Table Gype: the state and its legal actions, following rules/gype.md.

Sections: §1 faces, §3 set-up, §4 the turn (ROLL or MOVE), §5 steps by face, §6 jumps and
chains, §7 the Hat, §8 where a piece may stand, §9 winning and the stall valve, §10 variants.

Every die roll is a chance node with six outcomes of 1/6 each. A move that rolls several
pieces (a jump chain, a Hat path) leaves them in `pending`, rolled one by one in the order they
were jumped or crossed; the turn passes when the last one has been rolled.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from math import factorial, prod
from typing import Union

from qipan.core import CHANCE, TERMINAL, IllegalAction, Outcome, State
from qipan.games.gype.board import (
    CELLS,
    DIRECTIONS,
    FAR_HALF,
    FORWARD,
    FOREIGN,
    GOAL,
    KNIGHT,
    ROW_CELLS,
    START,
    ZONES,
    OPPOSITE,
    rays,
)

# §1 Faces. The index + 1 is the seed's pip guess (Ear = 1 ... Hat = 6); it has no rules meaning.
EAR, BOOK, TREE, FLAME, SWORDS, HAT = range(6)
FACE_LETTERS = "EBTFSH"
FACE_NAMES = ("Ear", "Book", "Tree", "Flame", "Swords", "Hat")
START_FACES = (BOOK, BOOK, TREE, TREE, FLAME, FLAME, SWORDS, SWORDS)
"""§3: every player starts with two each of Book, Tree, Flame and Swords."""

EMPTY = -1
"""A board cell holds EMPTY or a piece `owner * 6 + face`."""
SIXTH = Fraction(1, 6)


class Termination(enum.Enum):
    """How a game of Gype ended (§9)."""

    GOAL_ROW = "all 8 pieces in the goal row"
    FULL_GOAL_ROW = "goal row full with at least one own piece (house rule)"
    STALL = "stall valve: too many rounds without a piece entering a goal row (house rule)"


@dataclass(frozen=True)
class Rules:
    """The switches that affect play (Game.options minus those only used by `new`)."""

    seats: str = "SN"
    no_roll_on_jumps: bool = False     # §10 V0: jumped pieces are not rolled
    no_roll_on_hat: bool = True        # §10 V0 GUESS: V0 also stops the Hat path's rolls
    random_start: bool = False         # §10 V1: roll the 8 dice, then arrange them as rolled
    reroll_start_ears: bool = True     # §10 V1 sub-switch: Ears are re-rolled before arranging
    utter_chaos: bool = False          # §10 V2: no landing in the far half while any piece is home
    chaos_every_landing: bool = True   # §10 V2 GUESS: every landing of a chain, not just the last
    chain_rejump: bool = True          # §6 GUESS: a chain may jump a piece it already jumped
    chain_leaves_goal: bool = True     # §8 GUESS: a chain may leave the goal row again
    stall_rounds: int = 30             # §9 house rule: rounds without a goal-row entry; 0 = off
    stall_result: str = "draw"         # §9 house rule: "draw" or "rank" (most pieces home win)
    full_goal_win: bool = False        # §9 alternative: win with a full goal row holding one of yours

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def stall_turns(self) -> int:
        """Turns without a piece entering a goal row that end the game (0: never)."""
        return self.stall_rounds * len(self.seats)

    @property
    def rolls_on_jumps(self) -> bool:
        return not self.no_roll_on_jumps

    @property
    def rolls_on_hat(self) -> bool:
        return not (self.no_roll_on_jumps and self.no_roll_on_hat)


# ---- Actions -------------------------------------------------------------------------------
# Frozen dataclasses: two kinds of action with equal fields never compare equal.

@dataclass(frozen=True, slots=True)
class Arrange:
    """§3 set-up: the faces of the current player's start row, in ROW_CELLS order."""

    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """Chance (§10 V1 random start): the faces the current player rolled, sorted."""

    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Roll:
    """§4 ROLL: re-roll one of your own pieces where it stands."""

    cell: int


@dataclass(frozen=True, slots=True)
class Rolled:
    """Chance: the die on `cell` (the first pending roll) shows `face`."""

    cell: int
    face: int


@dataclass(frozen=True, slots=True)
class Step:
    """§5: a one-cell step."""

    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Jump:
    """§6: a jump chain, named by its landing cells in order."""

    frm: int
    landings: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Leap:
    """§7: the Hat's knight leap by path 'L' (long axis first) or 'S' (short axis first)."""

    frm: int
    to: int
    path: str


Action = Union[Arrange, Dealt, Roll, Rolled, Step, Jump, Leap]
Move = Union[Step, Jump, Leap]


# ---- §5 How each face moves ---------------------------------------------------------------

def face_directions(seat: str, face: int) -> tuple[tuple[int, int], ...]:
    """The directions a face steps and jumps in for a seat (§5), in DIRECTIONS order."""
    fx, fy = FORWARD[seat]
    if face == BOOK:
        allowed = {d for d in DIRECTIONS if 0 in d}
    elif face == SWORDS:
        allowed = {d for d in DIRECTIONS if 0 not in d}
    elif face == FLAME:
        allowed = set(DIRECTIONS)
    elif face == TREE:  # A6: forward, the two forward diagonals, straight back; never sideways
        px, py = abs(fy), abs(fx)
        allowed = {(fx, fy), (fx + px, fy + py), (fx - px, fy - py), (-fx, -fy)}
    else:  # Ear and Hat do not step (the Hat leaps, §7)
        allowed = set()
    return tuple(d for d in DIRECTIONS if d in allowed)


RAYS = {(seat, face): rays(face_directions(seat, face))
        for seat in "SWNE" for face in (BOOK, TREE, FLAME, SWORDS)}
"""(seat, face) -> per cell: (adjacent cell, cell beyond or -1) for each allowed direction."""


# ---- §3 Set-up and §10 V1 random start ------------------------------------------------------

@lru_cache(maxsize=None)
def arrangements(faces: tuple[int, ...]) -> tuple[Arrange, ...]:
    """Every distinct order of a multiset of 8 faces along the start row, sorted."""
    return tuple(Arrange(p) for p in sorted(set(permutations(sorted(faces)))))


@lru_cache(maxsize=None)
def deal_outcomes(no_ears: bool) -> tuple[tuple[Dealt, Fraction], ...]:
    """§10 V1: the multisets of 8 rolled faces with multinomial probabilities.

    With `no_ears` (the seed's suggestion) every Ear is re-rolled until it is not an Ear, so
    each die is uniform over the other five faces.
    """
    faces = tuple(range(1, 6) if no_ears else range(6))
    total = len(faces) ** 8
    out: list[tuple[Dealt, Fraction]] = []

    def fill(prefix: tuple[int, ...], start: int) -> None:
        if len(prefix) == 8:
            counts = [prefix.count(f) for f in faces]
            ways = factorial(8) // prod(factorial(k) for k in counts)
            out.append((Dealt(prefix), Fraction(ways, total)))
            return
        for i in range(start, len(faces)):
            fill(prefix + (faces[i],), i)

    fill((), 0)
    return tuple(out)


# ---- The state ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class GypeState(State[Action]):
    """A position: board, whose turn, pending rolls, the set-up progress and the end.

    `board[cell]` is EMPTY or `owner * 6 + face`. In set-up (`setup`), players arrange their
    start rows one after another beginning with the first player (rules §3: hidden in play;
    a UI must not show earlier arrangements to later players). `pending` holds cells whose
    dice are still to be rolled this turn; `quiet` counts completed turns since a piece last
    entered its goal row (§9 stall valve); `end` is set once the game is over.
    """

    rules: Rules
    board: tuple[int, ...]
    current: int
    setup: bool = False
    quiet: int = 0
    pending: tuple[int, ...] = ()
    dealt: tuple[int, ...] | None = None
    end: Termination | None = None
    _legal: tuple[Action, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _legal_set: frozenset[Action] | None = field(default=None, init=False, repr=False, compare=False)

    def __repr__(self) -> str:
        return f"GypeState(current={self.current}, setup={self.setup}, pending={self.pending}, end={self.end})"

    # -- queries ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """2, 3 or 4: one per seat."""
        return len(self.rules.seats)

    @property
    def to_move(self) -> int:
        if self.end is not None:
            return TERMINAL
        if self.pending or (self.setup and self.rules.random_start and self.dealt is None):
            return CHANCE
        return self.current

    def seat(self, player: int) -> str:
        """The seat letter (S, W, N, E) of a player."""
        return self.rules.seats[player]

    def pieces(self, player: int) -> tuple[int, ...]:
        """The cells holding `player`'s pieces, ascending."""
        board = self.board
        return tuple(c for c in CELLS if board[c] >= 0 and board[c] // 6 == player)

    def home_count(self, player: int) -> int:
        """How many of `player`'s pieces stand in their goal row (§9: the score)."""
        goal = ROW_CELLS[OPPOSITE[self.rules.seats[player]]]
        return sum(1 for c in goal if self.board[c] >= 0 and self.board[c] // 6 == player)

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._generate()
            object.__setattr__(self, "_legal", legal)
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether `action` is one of the legal actions (a set lookup)."""
        legal = self._legal_set
        if legal is None:
            legal = frozenset(self.legal_actions())
            object.__setattr__(self, "_legal_set", legal)
        return action in legal

    def apply(self, action: Action) -> "GypeState":
        """The next state; `IllegalAction` naming the action and the position if not legal."""
        if not self.is_legal(action):
            raise self.illegal(action)
        return self.apply_unchecked(action)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.to_move != CHANCE:
            return State.chance_outcomes(self)  # zero-argument super() fails in a slotted dataclass
        if self.pending:
            return tuple((a, SIXTH) for a in self.legal_actions())
        return deal_outcomes(self.rules.reroll_start_ears)

    def outcome(self) -> Outcome | None:
        if self.end is None:
            return None
        scores = tuple(self.home_count(p) for p in range(self.players))
        if self.end is Termination.STALL:
            best = max(scores)
            # §9 house rule: a draw, or (stall_result="rank") a win for the most pieces home
            # unless every player has the same number.
            winners = () if self.rules.stall_result == "draw" or min(scores) == best else \
                tuple(p for p in range(self.players) if scores[p] == best)
        else:
            winners = (self.current,)
        return Outcome(winners, scores, self.end)

    # -- legal actions -----------------------------------------------------------------------

    def _generate(self) -> tuple[Action, ...]:
        if self.end is not None:
            return ()
        if self.pending:
            cell = self.pending[0]
            return tuple(Rolled(cell, f) for f in range(6))
        if self.setup:
            if self.rules.random_start:
                if self.dealt is None:
                    return tuple(a for a, _ in deal_outcomes(self.rules.reroll_start_ears))
                return arrangements(self.dealt)
            return arrangements(START_FACES)
        # §4: ROLL any own piece (always legal, so there is always a move), or MOVE one.
        own = self.pieces(self.current)
        actions: list[Action] = [Roll(c) for c in own]
        for c in own:
            actions.extend(move for move, _ in self.piece_moves(c))
        return tuple(actions)

    def piece_moves(self, cell: int) -> list[tuple[Move, tuple[int, ...]]]:
        """The MOVEs of the current player's piece on `cell`, each with the cells it would roll.

        Empty when it is not that player's decision, the piece is not theirs, it shows an Ear,
        or it began the turn in its goal row (§8 goal-row freeze).
        """
        board, rules = self.board, self.rules
        piece = board[cell]
        if (self.end is not None or self.setup or self.pending or piece < 0
                or piece // 6 != self.current):
            return []
        seat = rules.seats[self.current]
        zones = ZONES[seat]
        if zones[cell] == GOAL or piece % 6 == EAR:
            return []
        face = piece % 6
        chaos = rules.utter_chaos and self._others_in_start(cell)
        far = FAR_HALF[seat] if chaos else None
        moves: list[tuple[Move, tuple[int, ...]]] = []
        if face == HAT:
            # §7: a knight leap to an empty accessible cell; the chosen path's pieces are rolled.
            # A Hat only leaps from or to its start row while it has never left it, and a leap
            # can never stay inside a row, so the destination just must not be a start row.
            for dest, letter, path in KNIGHT[cell]:
                if board[dest] != EMPTY or zones[dest] in (START, FOREIGN) or (far and far[dest]):
                    continue
                rolled = tuple(c for c in path if board[c] != EMPTY) if rules.rolls_on_hat else ()
                moves.append((Leap(cell, dest, letter), rolled))
            return moves
        in_start = zones[cell] == START
        for one, _ in RAYS[seat, face][cell]:
            # §5: one step to an empty accessible cell (§8: the start row only if never left).
            if board[one] == EMPTY and self._may_land(zones[one], in_start) and not (far and far[one]):
                moves.append((Step(cell, one), ()))
        moves.extend(self._chains(cell, seat, face, far))
        return moves

    def destinations(self, cell: int) -> dict[int, list[tuple[Move, tuple[int, ...]]]]:
        """For a UI: each cell the piece on `cell` can end on, with the moves (jump chains or Hat
        paths) that lead there and the cells each would roll."""
        out: dict[int, list[tuple[Move, tuple[int, ...]]]] = {}
        for move, rolled in self.piece_moves(cell):
            to = move.landings[-1] if isinstance(move, Jump) else move.to
            out.setdefault(to, []).append((move, rolled))
        return out

    def _others_in_start(self, cell: int) -> bool:
        """§10 V2: whether a piece of the current player other than `cell`'s is in its start row."""
        board, player = self.board, self.current
        return any(board[c] >= 0 and board[c] // 6 == player and c != cell
                   for c in ROW_CELLS[self.rules.seats[player]])

    @staticmethod
    def _may_land(zone: int, never_left: bool) -> bool:
        """§8: the field, the goal row, or the start row while the piece has never left it."""
        return zone <= GOAL or (zone == START and never_left)

    def next_jumps(self, origin: int, pos: int, jumped: int, visited: int) -> list[tuple[int, int]]:
        """§6: the single jumps (jumped cell, landing) open to the piece that began its move on
        `origin`, now on `pos`, having jumped the cells in bitmask `jumped` and landed on (or
        started from) the cells in bitmask `visited` this move.

        The mover has left `origin`, so that cell counts as empty. This is the one generator of
        jumps: chains, the chain parser and the UI helpers all use it.
        """
        board, rules = self.board, self.rules
        face = board[origin] % 6
        seat = rules.seats[self.current]
        zones = ZONES[seat]
        far = FAR_HALF[seat] if rules.utter_chaos and rules.chaos_every_landing and \
            self._others_in_start(origin) else None
        never_left = zones[pos] == START  # a start row cannot be re-entered, so this is exact
        goal_locked = zones[pos] == GOAL and not rules.chain_leaves_goal
        out = []
        for one, two in RAYS[seat, face][pos]:
            # Engine choice (documented): a chain never lands twice on one cell nor returns to
            # its start, as in draughts; this keeps the chains of a crowded board few and finite.
            if two < 0 or board[one] == EMPTY or one == origin or board[two] != EMPTY or visited >> two & 1:
                continue
            if not self._may_land(zones[two], never_left) or (far and far[two]):
                continue
            if goal_locked and zones[two] != GOAL:  # §8 GUESS switched off: stay in the goal row
                continue
            if not rules.chain_rejump and jumped >> one & 1:  # §6 GUESS switched off
                continue
            out.append((one, two))
        return out

    def _chains(self, origin: int, seat: str, face: int, far: tuple[bool, ...] | None
                ) -> list[tuple[Jump, tuple[int, ...]]]:
        """§6: every distinct jump chain from `origin`, found breadth first.

        Chains are compared by what they do: the cell they end on and the pieces they roll.
        For each distinct effect the first (shortest) chain found is listed; another chain with
        the same effect is accepted by the parser as that one.
        """
        rolls = self.rules.rolls_on_jumps
        effects: set[tuple[int, int]] = set()
        frontier: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = [(origin, 0, 1 << origin, (), ())]
        out: list[tuple[Jump, tuple[int, ...]]] = []
        while frontier:
            following = []
            for pos, jumped, visited, landings, order in frontier:
                for one, two in self.next_jumps(origin, pos, jumped, visited):
                    mask = jumped | (1 << one)
                    path = landings + (two,)
                    rolled = order if mask == jumped else order + (one,)
                    following.append((two, mask, visited | (1 << two), path, rolled))
                    effect = (two, mask if rolls else 0)
                    if effect in effects or (far and far[two]):
                        continue
                    effects.add(effect)
                    out.append((Jump(origin, path), rolled if rolls else ()))
            frontier = following
        return out

    def chain_effect(self, origin: int, landings: tuple[int, ...]) -> tuple[int, int] | None:
        """The (end cell, jumped-cells bitmask) of a chain if every jump in it is legal."""
        pos, jumped, visited = origin, 0, 1 << origin
        for two in landings:
            for one, land in self.next_jumps(origin, pos, jumped, visited):
                if land == two:
                    pos, jumped, visited = two, jumped | (1 << one), visited | (1 << two)
                    break
            else:
                return None
        return pos, jumped

    def rolled_cells(self, action: Move) -> tuple[int, ...]:
        """The cells whose dice a legal MOVE rolls, in rolling order (§6, §7)."""
        if isinstance(action, Jump):
            if not self.rules.rolls_on_jumps:
                return ()
            out: list[int] = []
            prev = action.frm
            for land in action.landings:
                mid = (prev + land) // 2
                if mid not in out:
                    out.append(mid)
                prev = land
            return tuple(out)
        if isinstance(action, Leap):
            if not self.rules.rolls_on_hat:
                return ()
            for dest, letter, path in KNIGHT[action.frm]:
                if dest == action.to and letter == action.path:
                    return tuple(c for c in path if self.board[c] != EMPTY)
        return ()

    # -- applying ----------------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> "GypeState":
        rules = self.rules
        if isinstance(action, Rolled):
            board = list(self.board)
            board[action.cell] = board[action.cell] // 6 * 6 + action.face
            return self._after_turn(tuple(board), self.pending[1:], self.quiet)
        if isinstance(action, Roll):
            return GypeState(rules, self.board, self.current, quiet=self.quiet + 1, pending=(action.cell,))
        if isinstance(action, (Step, Jump, Leap)):
            return self._move(action)
        if isinstance(action, Dealt):
            return GypeState(rules, self.board, self.current, setup=True, dealt=action.faces)
        if isinstance(action, Arrange):
            board = list(self.board)
            player = self.current
            for cell, face in zip(ROW_CELLS[rules.seats[player]], action.faces):
                board[cell] = player * 6 + face
            following = (player + 1) % self.players
            # set-up went round from the first player; play starts when it comes back to them
            done = any(board[c] >= 0 for c in ROW_CELLS[rules.seats[following]])
            return GypeState(rules, tuple(board), following, setup=not done)
        raise IllegalAction(f"{action!r} is not a Gype action")

    def _move(self, action: Move) -> "GypeState":
        rules, player = self.rules, self.current
        to = action.landings[-1] if isinstance(action, Jump) else action.to
        rolled = self.rolled_cells(action)
        board = list(self.board)
        board[to] = board[action.frm]
        board[action.frm] = EMPTY
        board_t = tuple(board)
        seat = rules.seats[player]
        entered = ZONES[seat][to] == GOAL
        quiet = 0 if entered else self.quiet + 1
        if entered:
            # §9: the move has ended; the mover wins with all 8 pieces in the goal row.
            goal = ROW_CELLS[OPPOSITE[seat]]
            home = sum(1 for c in goal if board[c] >= 0 and board[c] // 6 == player)
            if home == 8:
                return GypeState(rules, board_t, player, quiet=quiet, end=Termination.GOAL_ROW)
            if rules.full_goal_win and all(board[c] >= 0 for c in goal):
                return GypeState(rules, board_t, player, quiet=quiet, end=Termination.FULL_GOAL_ROW)
        return self._after_turn(board_t, rolled, quiet)

    def _after_turn(self, board: tuple[int, ...], pending: tuple[int, ...], quiet: int) -> "GypeState":
        """Wait for pending rolls, else pass the turn to the left or end by the stall valve."""
        rules = self.rules
        if pending:
            return GypeState(rules, board, self.current, quiet=quiet, pending=pending)
        if rules.stall_rounds and quiet >= rules.stall_turns:
            return GypeState(rules, board, self.current, quiet=quiet, end=Termination.STALL)
        return GypeState(rules, board, (self.current + 1) % self.players, quiet=quiet)
