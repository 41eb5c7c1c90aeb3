"""The one error of correspondence play: a string key of the table (`correspondence.err.*`,
py/qipan/i18n/correspondence.py) and its values, so the page says it in the player's language."""

from __future__ import annotations

from typing import Any, Callable


class CorrespondenceError(ValueError):
    """A link, a file or a move that cannot be taken: `key` and `values` say why (i18n style).

    Nothing is changed when it is raised: a device's local copy stays as it was. A refused fork
    carries the other copy in `theirs` (a `CorrespondenceRecord`), so a page can keep both."""

    def __init__(self, key: str, theirs: Any = None, **values: Any) -> None:
        super().__init__(key, values)
        self.key = key
        self.values = values
        self.theirs = theirs

    def text(self, tr: Callable[..., str]) -> str:
        """The reason in the language of `tr` (the table's `t` for one language)."""
        return tr(self.key, **self.values)

    def __str__(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{self.key}({values})" if values else self.key
