"""Which clicks on the game's panel are strays (qipan/app/taps.py): a double tap's second tap on a
control that the first one's answer put under the finger."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from qipan.app.taps import DOUBLE_TAP_MS, stray_tap

TIMES = st.floats(min_value=0, max_value=1e7, allow_nan=False)


def test_a_double_tap_s_second_tap_on_a_control_just_shown_is_a_stray():
    assert stray_tap(2, 1000.0 + DOUBLE_TAP_MS - 1, 1000.0)
    assert stray_tap(3, 1010.0, 1000.0)


def test_a_double_tap_on_a_control_shown_long_enough_is_meant_for_it():
    assert not stray_tap(2, 1000.0 + DOUBLE_TAP_MS, 1000.0)  # (quick dice picks on the same control)
    assert not stray_tap(2, 5000.0, float("-inf"))  # shown before the page's patches


def test_a_single_tap_on_a_control_just_shown_is_meant_for_it():
    assert not stray_tap(1, 1001.0, 1000.0)


def test_a_tap_from_before_the_control_was_there_is_a_stray():
    """A busy page answers input late: the finger landed on what was there before the patch."""
    assert stray_tap(1, 999.0, 1000.0)


def test_a_key_on_a_control_just_shown_is_a_stray():
    """Enter pressed twice: the focus went to the control that replaced the one pressed."""
    assert stray_tap(0, 1000.0 + DOUBLE_TAP_MS - 1, 1000.0)
    assert not stray_tap(0, 1000.0 + DOUBLE_TAP_MS, 1000.0)


@given(st.integers(min_value=0, max_value=5), TIMES, TIMES, st.floats(min_value=0, max_value=1e4))
def test_a_stray_stays_one_for_any_earlier_tap(clicks, tapped_at, shown_at, sooner):
    if stray_tap(clicks, tapped_at, shown_at):
        assert stray_tap(clicks, tapped_at - sooner, shown_at)


@given(st.integers(min_value=0, max_value=5), TIMES, st.floats(min_value=DOUBLE_TAP_MS, max_value=1e7))
def test_a_tap_once_the_control_was_seen_is_never_a_stray(clicks, shown_at, after):
    assert not stray_tap(clicks, shown_at + after, shown_at)
