"""Several saved games: the list (#screen-saves), resume, delete, export and import a record."""

from __future__ import annotations

from typing import Any


class SavedGames:
    """The saved-games screen (work in progress)."""

    def __init__(self, app: Any) -> None:
        self.app = app
