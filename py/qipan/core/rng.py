"""A small seeded PRNG (SplitMix64) whose whole state is one integer.

Python integers behave the same on CPython and Pyodide, so a seed gives the same numbers in
the browser as in the tests. Rules never hold a generator: whoever drives a game samples
chance outcomes with it.
"""

from __future__ import annotations

from math import lcm
from typing import TYPE_CHECKING, MutableSequence, Sequence, TypeVar

if TYPE_CHECKING:  # (annotations only: a game without chance never imports fractions, docs/startup.md)
    from fractions import Fraction

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix(*parts: int) -> int:
    """Hash integers into one 64-bit seed (used to derive independent streams)."""
    state = 0
    for part in parts:
        state = Rng(state ^ (part & _MASK)).next_u64()
    return state


class Rng:
    """SplitMix64. `Rng(seed).next_u64()` is identical on every Python."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        words = max(1, (n.bit_length() + 63) // 64)
        span = 1 << (64 * words)
        limit = span - span % n
        while True:
            value = 0
            for _ in range(words):
                value = (value << 64) | self.next_u64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.randbelow(len(items))]

    def sample_outcome(self, outcomes: Sequence[tuple[T, Fraction]]) -> T:
        """One outcome drawn with its exact probability (the probabilities must sum to 1)."""
        denominator = lcm(*(p.denominator for _, p in outcomes))
        draw = self.randbelow(denominator)
        for outcome, p in outcomes:
            draw -= p.numerator * (denominator // p.denominator)
            if draw < 0:
                return outcome
        raise ValueError("chance probabilities do not sum to 1")
