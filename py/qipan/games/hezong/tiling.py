"""The map: a tiling of the 12x12 board by the 36 pieces of the 4rdp set (rules §1, §2).

`HezongMap` holds the region of every cell and the shape letter of every region. `random_map`
draws one from a seeded `Rng` with the algorithm of rules §2.2 (randomised exact cover with
piece counts, parity pruning, restarts, a final random symmetry) and never fails: after
`MAX_RESTARTS` restarts it falls back to a built-in tiling under a random symmetry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence, TypeVar

from qipan.core import NotationError, Rng
from qipan.games.hezong.geometry import (
    CELLS,
    PIECE_COUNTS,
    REGIONS,
    SHAPE_LETTERS,
    SIZE,
    SYMMETRIES,
    ORIENTATIONS,
    Symmetry,
    is_dark,
    shape_of,
)

NODE_BUDGET = 2000
"""Search nodes per attempt before restarting with fresh randomness (rules §2.2 step 4 says about 5,000;
measured: 2,000 halves the mean time and the worst case, see bench/hezong_tiling.py)."""
MAX_RESTARTS = 400
"""Attempts before the fallback tiling is used (never reached in the measured seeds)."""


@dataclass(frozen=True)
class HezongMap:
    """A valid board: `regions[cell]` in 0..35 (numbered by first cell in row-major order) and
    `shapes[region]`, the piece letter of each region."""

    regions: tuple[int, ...]
    shapes: str

    def region_cells(self, region: int) -> tuple[int, ...]:
        """The four cells of a region, in index order."""
        return tuple(cell for cell, r in enumerate(self.regions) if r == region)


def build_map(labels: Iterable[Hashable]) -> HezongMap:
    """The map whose regions are the cells sharing a label (144 labels, row-major).

    Raises `NotationError` naming the broken rule unless the labels tile the board with exactly
    I×5 J×5 L×5 O×5 S×5 T×6 Z×5 (rules §1).
    """
    labels = list(labels)
    if len(labels) != CELLS:
        raise NotationError(f"a map has {CELLS} cells, not {len(labels)}")
    number: dict[object, int] = {}
    cells: list[list[int]] = []
    regions = []
    for cell, label in enumerate(labels):
        if label not in number:
            number[label] = len(cells)
            cells.append([])
        cells[number[label]].append(cell)
        regions.append(number[label])
    if len(cells) != REGIONS:
        raise NotationError(f"a map has {REGIONS} regions (rules §1), not {len(cells)}")
    shapes = []
    for region, members in enumerate(cells):
        letter = shape_of(members) if len(members) == 4 else None
        if letter is None:
            raise NotationError(f"region {region} (cells from index {members[0]}) is not a tetromino "
                                f"of the set I J L O S T Z (rules §1)")
        shapes.append(letter)
    text = "".join(shapes)
    for letter in SHAPE_LETTERS:
        if text.count(letter) != PIECE_COUNTS[letter]:
            raise NotationError(f"the map has {text.count(letter)} {letter} pieces; the set has "
                                f"{PIECE_COUNTS[letter]} (rules §1)")
    return HezongMap(tuple(regions), text)


_FULL = (1 << CELLS) - 1
_T = SHAPE_LETTERS.index("T")


def _placements() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per cell: (shape index, cell mask, dark-minus-light) of placements anchored at that cell."""
    table: list[list[tuple[int, int, int]]] = [[] for _ in range(CELLS)]
    for index, letter in enumerate(SHAPE_LETTERS):
        for form in ORIENTATIONS[letter]:
            dr, dc = form[0]  # the first cell in row-major order is the anchor
            for anchor in range(CELLS):
                row, col = divmod(anchor, SIZE)
                spots = [(row + r - dr, col + c - dc) for r, c in form]
                if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in spots):
                    members = [r * SIZE + c for r, c in spots]
                    mask = sum(1 << m for m in members)
                    diff = sum(1 if is_dark(m) else -1 for m in members)
                    table[anchor].append((index, mask, diff))
    return tuple(tuple(row) for row in table)


_PLACEMENTS = _placements()


class _Restart(Exception):
    """The node budget of one attempt is spent."""


_COL0 = sum(1 << (r * SIZE) for r in range(SIZE))
_NOT_LEFT = _FULL ^ _COL0                      # cells that have a left neighbour
_NOT_RIGHT = _FULL ^ (_COL0 << (SIZE - 1))     # cells that have a right neighbour


def _has_lonely_cell(empty: int) -> bool:
    """True if some empty cell has no empty orthogonal neighbour (it can never be covered)."""
    near = (empty >> SIZE) | ((empty << SIZE) & _FULL) | ((empty & _NOT_RIGHT) << 1) | ((empty & _NOT_LEFT) >> 1)
    return bool(empty & ~near)


T = TypeVar("T")


def _shuffle(items: list[T], rng: Rng) -> None:
    """Fisher-Yates driven by one 64-bit draw (a list here has at most 19 items)."""
    draw = rng.next_u64()
    for i in range(len(items) - 1, 0, -1):
        draw, j = divmod(draw, i + 1)
        items[i], items[j] = items[j], items[i]


def _attempt(rng: Rng) -> list[int] | None:
    """One randomised exact-cover search; the placed masks, or None if the budget ran out."""
    stock = [PIECE_COUNTS[letter] for letter in SHAPE_LETTERS]
    placed: list[int] = []
    nodes = 0

    def fill(filled: int, diff: int, t_left: int) -> bool:
        nonlocal nodes
        if filled == _FULL:
            return True
        nodes += 1
        if nodes > NODE_BUDGET:
            raise _Restart
        empty = _FULL ^ filled
        anchor = (empty & -empty).bit_length() - 1
        options = [p for p in _PLACEMENTS[anchor] if stock[p[0]] and not p[1] & filled]
        _shuffle(options, rng)
        for shape, mask, pdiff in options:
            rest = diff - pdiff
            t = t_left - (shape == _T)
            # parity prune (rules §2.2 step 3): |B-W| <= 2t and (B-W)/2 = t (mod 2)
            if abs(rest) > 2 * t or (rest // 2 - t) % 2:
                continue
            if _has_lonely_cell(empty ^ mask):
                continue
            stock[shape] -= 1
            placed.append(mask)
            if fill(filled | mask, rest, t):
                return True
            placed.pop()
            stock[shape] += 1
        return False

    try:
        return placed if fill(0, 0, PIECE_COUNTS["T"]) else None
    except _Restart:
        return None


# A tiling found by the search (seed 0), kept for the fallback; region labels 0-9a-z.
_FALLBACK = (
    "001111222344"
    "500667782334"
    "59ab6c78dd34"
    "59ab6c788dde"
    "59abbcffggee"
    "h9aiicjffgge"
    "hhkkiijjlmmm"
    "nhkkoojlllmp"
    "nnqqoorrsttp"
    "unqqvrrsstpp"
    "uuwwvxxystzz"
    "uwwvvxxyyyzz"
)


def _labels_of(masks: list[int]) -> list[int]:
    labels = [0] * CELLS
    for label, mask in enumerate(masks):
        while mask:
            low = mask & -mask
            labels[low.bit_length() - 1] = label
            mask ^= low
    return labels


def _symmetric(labels: Sequence[Hashable], symmetry: Symmetry) -> list[Hashable]:
    out: list[Hashable] = [None] * CELLS
    for cell, label in enumerate(labels):
        row, col = symmetry(*divmod(cell, SIZE))
        out[row * SIZE + col] = label
    return out


def random_map(rng: Rng) -> tuple[HezongMap, int]:
    """A random valid map drawn from `rng`, and the restarts it took (-1: the fallback was used).

    Deterministic in the generator's state; the result is checked by `build_map` (rules §2.2
    step 6), so it is always an exact cover with the exact piece counts.
    """
    labels: Sequence[Hashable]
    for restarts in range(MAX_RESTARTS):  # noqa: B007 (the count is returned)
        masks = _attempt(rng)
        if masks is not None:
            labels = _labels_of(masks)
            break
    else:
        labels, restarts = list(_FALLBACK), -1
    symmetry = SYMMETRIES[rng.randbelow(len(SYMMETRIES))]
    return build_map(_symmetric(labels, symmetry)), restarts
