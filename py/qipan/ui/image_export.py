"""Pictures of a position: PNG and SVG at a chosen size, with coordinates, notes and alt text."""

from __future__ import annotations

from typing import Any


class ImageExport:
    """The image dialog (#dlg-image) (work in progress)."""

    def __init__(self, app: Any) -> None:
        self.app = app
