"""Reading a number a person or a link wrote: ASCII digits only, and not too many of them.

`str.isdigit` is true for '²' and '٣' and `int` reads '٣' but not '²'; `int` refuses more than
4,300 digits. Every number read from text (a URL, a key, a form field, notation) goes through
`read_number`, so none of these reach `int`.
"""

from __future__ import annotations

ASCII_DIGITS = frozenset("0123456789")
DIGITS = 20
"""The default limit: enough for any 64-bit seed."""


def is_number(text: object, digits: int = DIGITS) -> bool:
    """Whether `text` is 1..`digits` ASCII digits 0-9 and nothing else (no sign, no space)."""
    return isinstance(text, str) and 0 < len(text) <= digits and ASCII_DIGITS.issuperset(text)


def read_number(text: object, digits: int = DIGITS) -> int | None:
    """The whole number `text` spells in 1..`digits` ASCII digits, or None."""
    if not isinstance(text, str) or not is_number(text, digits):
        return None
    return int(text)
