"""The board editor (#screen-editor): set up any position of any game (work in progress)."""

from __future__ import annotations

from typing import Any


class Editor:
    """The board editor screen (work in progress)."""

    def __init__(self, app: Any) -> None:
        self.app = app
