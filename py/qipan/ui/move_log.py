"""The move log beside the board: every move in readable words; click one to see that position."""

from __future__ import annotations

from typing import Any


class MoveLog:
    """Fills #move-log for the current screen (work in progress)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def refresh(self) -> None:
        """Rebuild the log after the screen rendered."""
