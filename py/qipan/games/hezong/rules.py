"""合縱連橫 rules: the state, placement (§3.1), the attack (§3.2) and the scoring (§4).

Section numbers refer to docs/rules/hezong.md. Stones are player indices 0..n-1 on a
144-cell tuple; `EMPTY` is a free cell, `SCAR` a cell whose stone was removed while the
`reuse_removed_cells` option is off (K4).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

from qipan.core import TERMINAL, Outcome, State
from qipan.games.hezong.geometry import ALL_DIRECTIONS, CELLS, LINES, OPPOSITE, RAYS, REGIONS
from qipan.games.hezong.tiling import HezongMap

EMPTY = -1
SCAR = -2

STONES_EACH: dict[int, int] = {2: 24, 3: 16, 4: 12, 5: 10, 6: 8, 7: 7, 8: 6}
"""Stones per player by player count (rules §1 table)."""

ATTACK_RAYS = ("through_partner", "from_new", "both")
ATTACK_MODES = ("automatic", "choose")
BLOCKED_LINE = ("anywhere", "forfeit")
FINAL_TIES = ("shared", "none")


@dataclass(frozen=True)
class Rules:
    """The play-affecting options (each one a GUESS of the rules file, see docs/notation/hezong.md)."""

    attack_ray: str = "through_partner"   # K1 / H5
    attack: str = "automatic"             # K2 / H6
    blocked_line: str = "anywhere"        # P2 / H3
    reuse_removed_cells: bool = True      # K4 / H9
    final_tie: str = "shared"             # H10


class Place(NamedTuple):
    """Place a stone on `cell`; `fire` is the mask of partner directions whose attack fires.

    With the default `attack="automatic"` every direction fires (`fire == ALL_DIRECTIONS`).
    With `attack="choose"` the mover picks a subset of the directions that would remove a
    stone, and `fire` is exactly that subset.
    """

    cell: int
    fire: int = ALL_DIRECTIONS


class Forfeit(NamedTuple):
    """Option `blocked_line="forfeit"`: `player`'s line is full, a stone is lost unplayed."""

    player: int


Action = Place | Forfeit


class Termination(enum.Enum):
    """How a game of 合縱連橫 ends: only when every stone has been placed (rules §3)."""

    ALL_STONES_PLACED = "all stones placed"


class Tally(NamedTuple):
    """One player's score (rules §4): 2 per exclusive region, 1 per shared, minus the adjustment."""

    player: int
    exclusive: int
    shared: int
    adjustment: int
    score: int


class ScoreRow(NamedTuple):
    """A row of the final score table: rank 1 is best; tied rows share a rank."""

    rank: int
    player: int
    exclusive: int
    shared: int
    adjustment: int
    score: int
    winner: bool


@dataclass(frozen=True, slots=True)
class HezongState(State[Action]):
    """A position. `supply[p]` stones still to place, `removed[p]` stones of p removed by attacks,
    `last` the cell of the previous placement (-1 before the first), `start` the start player."""

    map: HezongMap
    stones: tuple[int, ...]
    start: int
    supply: tuple[int, ...]
    removed: tuple[int, ...]
    last: int
    rules: Rules
    _to_move: int = field(default=0, init=False, compare=False, repr=False)
    _legal: tuple[Action, ...] | None = field(default=None, init=False, compare=False, repr=False)
    _hash: int = field(default=0, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        players = len(self.supply)
        left = sum(self.supply)
        ply = players * STONES_EACH[players] - left
        object.__setattr__(self, "_to_move", (self.start + ply) % players if left else TERMINAL)
        object.__setattr__(self, "_hash", hash((self.map, self.stones, self.start, self.supply,
                                                 self.removed, self.last, self.rules)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def players(self) -> int:
        return len(self.supply)

    @property
    def ply(self) -> int:
        """Stones played so far (placed or forfeited)."""
        return self.players * STONES_EACH[self.players] - sum(self.supply)

    @property
    def to_move(self) -> int:
        return self._to_move

    def seat(self, player: int) -> int:
        """The player's position in turn order, 0 for the start player (rules §1)."""
        return (player - self.start) % self.players

    # --- §3.1 placement -------------------------------------------------------------------

    def line_cells(self) -> tuple[int, ...]:
        """The empty cells the mover may use under §3.1 before the blocked-line fallback."""
        stones = self.stones
        if self.last < 0:
            return tuple(c for c in range(CELLS) if stones[c] == EMPTY)
        return tuple(c for c in LINES[self.last] if stones[c] == EMPTY)

    def placement_cells(self) -> tuple[int, ...]:
        """Every cell the mover may place on (empty when the mover must forfeit)."""
        if self._to_move == TERMINAL:
            return ()
        cells = self.line_cells()
        if not cells and self.rules.blocked_line == "anywhere":
            # P2 (GUESS): the row and column are full, so any empty cell may be used.
            cells = tuple(c for c in range(CELLS) if self.stones[c] == EMPTY)
        return cells

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._generate()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _generate(self) -> tuple[Action, ...]:
        if self._to_move == TERMINAL:
            return ()
        cells = self.placement_cells()
        if not cells:
            return (Forfeit(self._to_move),)
        if self.rules.attack == "automatic":
            return tuple(Place(c) for c in cells)
        actions: list[Place] = []
        for c in cells:
            effective = self.effective_directions(c)
            subsets = []
            sub = effective
            while True:
                subsets.append(sub)
                if not sub:
                    break
                sub = (sub - 1) & effective
            actions.extend(Place(c, s) for s in reversed(subsets))
        return tuple(actions)

    # --- §3.2 attack ----------------------------------------------------------------------

    def direction_targets(self, cell: int, direction: int, mover: int | None = None) -> tuple[int, ...]:
        """Stones removed by the pair (new stone on `cell`, partner in `direction`), §3.2.

        The partner is the neighbour in `direction`; a ray (K1 option) runs to the first stone
        of any colour (K5, H7: empty cells are skipped, K6: off the board is nothing), which is
        removed if its colour is neither the mover's nor the partner's.
        """
        stones = self.stones
        mover = self._to_move if mover is None else mover
        ray = RAYS[cell][direction]
        if not ray or stones[ray[0]] < 0:
            return ()
        partner = stones[ray[0]]
        found = []
        mode = self.rules.attack_ray
        if mode != "from_new":
            found.append(_first_stone(stones, ray, 1))
        if mode != "through_partner":
            found.append(_first_stone(stones, RAYS[cell][OPPOSITE[direction]], 0))
        return tuple(t for t in found if t >= 0 and stones[t] != mover and stones[t] != partner)

    def effective_directions(self, cell: int) -> int:
        """Mask of the partner directions whose attack would remove a stone if placed on `cell`."""
        mask = 0
        for d in range(8):
            if self.direction_targets(cell, d):
                mask |= 1 << d
        return mask

    def attack_targets(self, cell: int, fire: int = ALL_DIRECTIONS) -> tuple[int, ...]:
        """The cells whose stones a placement on `cell` removes (for the UI to show), sorted."""
        found: set[int] = set()
        for d in range(8):
            if fire >> d & 1:
                found.update(self.direction_targets(cell, d))
        return tuple(sorted(found))

    def apply_unchecked(self, action: Action) -> "HezongState":
        mover = self._to_move
        supply = list(self.supply)
        supply[mover] -= 1
        if isinstance(action, Forfeit):
            return HezongState(self.map, self.stones, self.start, tuple(supply), self.removed, self.last, self.rules)
        cell = action.cell
        targets = self.attack_targets(cell, action.fire)
        stones = list(self.stones)
        stones[cell] = mover
        removed = self.removed
        if targets:
            # K3: no chain reactions; K4: the cell is free again unless the option says otherwise.
            freed = EMPTY if self.rules.reuse_removed_cells else SCAR
            counts = list(removed)
            for t in targets:
                counts[stones[t]] += 1
                stones[t] = freed
            removed = tuple(counts)
        return HezongState(self.map, tuple(stones), self.start, tuple(supply), removed, cell, self.rules)

    # --- §4 scoring -----------------------------------------------------------------------

    def tallies(self) -> tuple[Tally, ...]:
        """Each player's score now (live during play, final at the end), rules §4."""
        colours = [0] * REGIONS
        regions = self.map.regions
        for cell, stone in enumerate(self.stones):
            if stone >= 0:
                colours[regions[cell]] |= 1 << stone
        n = self.players
        exclusive = [0] * n
        shared = [0] * n
        for mask in colours:
            if not mask:
                continue
            if mask & (mask - 1):
                for p in range(n):
                    if mask >> p & 1:
                        shared[p] += 1
            else:
                exclusive[mask.bit_length() - 1] += 1
        return tuple(Tally(p, exclusive[p], shared[p], self.seat(p),
                           2 * exclusive[p] + shared[p] - self.seat(p)) for p in range(n))

    def score_table(self) -> tuple[ScoreRow, ...]:
        """The score table, best first: ranked by score, then exclusive regions (rules §4)."""
        tallies = self.tallies()
        order = sorted(tallies, key=lambda t: (-t.score, -t.exclusive, self.seat(t.player)))
        winners = set(self._winners(tallies))
        rows: list[ScoreRow] = []
        for i, t in enumerate(order):
            rank = rows[-1].rank if rows and (rows[-1].score, rows[-1].exclusive) == (t.score, t.exclusive) else i + 1
            rows.append(ScoreRow(rank, t.player, t.exclusive, t.shared, t.adjustment, t.score, t.player in winners))
        return tuple(rows)

    def _winners(self, tallies: tuple[Tally, ...]) -> tuple[int, ...]:
        best = max((t.score, t.exclusive) for t in tallies)
        winners = tuple(t.player for t in tallies if (t.score, t.exclusive) == best)
        if len(winners) > 1 and self.rules.final_tie == "none":
            return ()  # H10 option: a tie after the tie-break has no winner
        return winners

    def outcome(self) -> Outcome | None:
        if self._to_move != TERMINAL:
            return None
        tallies = self.tallies()
        return Outcome(self._winners(tallies), tuple(t.score for t in tallies),
                       Termination.ALL_STONES_PLACED, tuple((t.exclusive,) for t in tallies))


def _first_stone(stones: tuple[int, ...], ray: tuple[int, ...], skip: int) -> int:
    """The first cell of `ray[skip:]` holding a stone, or -1 (scars hold no stone)."""
    for i in range(skip, len(ray)):
        if stones[ray[i]] >= 0:
            return ray[i]
    return -1
