"""Building panel HTML safely (pure: no browser needed)."""

from __future__ import annotations

from html import escape


def html(text: object) -> str:
    """Text escaped for use in HTML content or a quoted attribute."""
    return escape(str(text))
