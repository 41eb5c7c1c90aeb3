"""Dates and times in the player's words and clock (the saved games' list, the games by link)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Callable

Tr = Callable[..., str]
Offset = Callable[[float], int]
"""Minutes the player's clock is ahead of UTC at a moment (Unix seconds)."""


def local_time(seconds: float, offset: Offset) -> datetime:
    """The wall-clock time at the player's place."""
    return datetime.fromtimestamp(seconds, timezone.utc) + timedelta(minutes=offset(seconds))


def when_text(tr: Tr, seconds: float, offset: Offset) -> str:
    """A date and time like "23 Nov 2026, 14:12" / "2026年11月23日 14:12"."""
    if seconds <= 0:
        return tr("saves.when_unknown")
    at = local_time(seconds, offset)
    return tr("saves.when", day=at.day, month=tr(f"saves.month.{at.month}"), year=at.year, time=f"{at:%H:%M}")
