"""core.Rng: SplitMix64, checked against its published reference outputs, and exact sampling."""

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qipan.core import Rng, mix


def test_splitmix64_reference_outputs_for_seed_zero():
    """The first outputs of SplitMix64 seeded with 0 (Vigna's reference implementation)."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_the_state_is_one_integer_that_resumes_the_stream():
    rng = Rng(42)
    rng.next_u64()
    copy = Rng(rng.state)
    assert [copy.next_u64() for _ in range(5)] == [rng.next_u64() for _ in range(5)]


@given(st.integers(min_value=1, max_value=2**80), st.integers(min_value=0, max_value=2**64))
def test_randbelow_stays_in_range(n, seed):
    assert 0 <= Rng(seed).randbelow(n) < n


def test_randbelow_is_uniform_over_small_ranges():
    rng = Rng(7)
    counts = Counter(rng.randbelow(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 400 for c in counts.values())  # ~4.4 standard deviations


def test_randbelow_rejects_an_empty_range():
    with pytest.raises(ValueError):
        Rng(1).randbelow(0)


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    items = list(range(43))
    a, b = items[:], items[:]
    Rng(1).shuffle(a)
    Rng(2).shuffle(b)
    assert sorted(a) == items and sorted(b) == items and a != b


def test_sample_outcome_follows_exact_probabilities():
    outcomes = ((0, Fraction(1, 6)), (1, Fraction(1, 2)), (2, Fraction(1, 3)))
    rng = Rng(3)
    counts = Counter(rng.sample_outcome(outcomes) for _ in range(30_000))
    assert abs(counts[1] / 30_000 - 0.5) < 0.015
    assert abs(counts[0] / 30_000 - 1 / 6) < 0.012


def test_sample_outcome_refuses_probabilities_that_do_not_sum_to_one():
    with pytest.raises(ValueError):
        Rng(1).sample_outcome(((0, Fraction(1, 3)), (1, Fraction(1, 3))))


def test_mix_separates_streams():
    assert mix(1, 2) != mix(2, 1)
    assert mix(5, 0) != mix(5, 1)
    assert mix(9, 9) == mix(9, 9)
