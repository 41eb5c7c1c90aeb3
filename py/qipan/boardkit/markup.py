"""Building panel HTML safely (pure: no browser needed)."""

from __future__ import annotations

from html import escape


def html(text: object) -> str:
    """Text escaped for use in HTML content or a quoted attribute."""
    return escape(str(text))


HINTED = "hinted"
"""The class of the panel button that plays the hint shown (app.css: dashed in the focus colour)."""


def class_attribute(*names: str) -> str:
    """A tag's ` class="…"` of the non-empty `names`, escaped; "" when there is none."""
    joined = " ".join(name for name in names if name)
    return f' class="{html(joined)}"' if joined else ""
