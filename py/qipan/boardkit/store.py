"""localStorage behind a guard, under a versioned namespace: text by key, in memory when the
browser gives no storage (a cross-site iframe, a privacy mode). It does not import `js`: it is
given the browser's storage object (or None). What is kept there is app/storage.py's business."""

from __future__ import annotations

from typing import Protocol

PREFIX = "qipan/v1/"


class Backend(Protocol):
    """The Web Storage API, as much of it as the app uses."""

    length: int

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the Web Storage API's names)
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802
    def key(self, index: int) -> str | None: ...


class StorageError(Exception):
    """Writing failed (usually: the storage is full)."""


class Storage:
    """Key/value text under PREFIX; in memory when the browser gives no storage."""

    def __init__(self, backend: Backend | None) -> None:
        self.persistent = backend is not None
        self._backend = backend
        self._memory: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        if self._backend is None:
            return self._memory.get(key)
        value = self._backend.getItem(PREFIX + key)
        # Web Storage gives text or null; Pyodide hands null over as `jsnull`, not None.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store text; raises `StorageError` when the browser refuses (e.g. quota)."""
        if self._backend is None:
            self._memory[key] = value
            return
        try:
            self._backend.setItem(PREFIX + key, value)
        except Exception as exc:  # the browser's QuotaExceededError arrives as a JS exception
            raise StorageError(str(exc)) from None

    def remove(self, key: str) -> None:
        if self._backend is None:
            self._memory.pop(key, None)
        else:
            self._backend.removeItem(PREFIX + key)

    def keys(self, start: str = "") -> list[str]:
        """Every key (without PREFIX) that begins with `start`, sorted."""
        if self._backend is None:
            names = list(self._memory)
        else:
            found = (self._backend.key(i) for i in range(int(self._backend.length)))
            names = [k[len(PREFIX):] for k in found if isinstance(k, str) and k.startswith(PREFIX)]
        return sorted(k for k in names if k.startswith(start))
