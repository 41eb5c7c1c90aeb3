"""Reading a number a person or a link wrote: ASCII digits only, and not too many of them.

`str.isdigit` is true for '²' and '٣' and `int` reads '٣' but not '²'; `int` refuses more than
4,300 digits. Every number read from text (a URL, a key, a form field, notation) goes through
`read_number`, so none of these reach `int`.
"""

from __future__ import annotations

ASCII_DIGITS = frozenset("0123456789")
DIGITS = 20
"""The default limit: enough for any 64-bit seed."""
INT_DIGITS = 4300
"""The most `int` reads from text (CPython's limit): a link's seed= may be that long, as it always
could be (the URL contract is forever)."""


def is_number(text: object, digits: int = DIGITS) -> bool:
    """Whether `text` is 1..`digits` ASCII digits 0-9 and nothing else (no sign, no space)."""
    return isinstance(text, str) and 0 < len(text) <= digits and ASCII_DIGITS.issuperset(text)


def read_number(text: object, digits: int = DIGITS) -> int | None:
    """The whole number `text` spells in 1..`digits` ASCII digits, or None."""
    return int(text) if isinstance(text, str) and is_number(text, digits) else None
