"""localStorage behind a guard, under a versioned namespace: text by key, in memory when the
browser gives no storage (a cross-site iframe, a privacy mode). It does not import `js`: it is
given the browser's storage object (or None). What is kept there is app/storage.py's business."""

from __future__ import annotations

from typing import Callable, Protocol

PREFIX = "qipan/v1/"
PROBE = "probe"
"""The key `reach` writes and removes to learn whether writing works."""
CACHES = ("picture",)
"""Keys that only save time (the board's picture for the next first paint): dropped first when a
write finds the storage full."""


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
        self.full = False
        """The last write failed (the browser's quota): what is stored still reads."""
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
            if key in CACHES or not self._drop_caches():
                self.full = True
                raise StorageError(str(exc)) from None
            self.set(key, value)  # once more, with the caches gone
            return
        self.full = False

    def has_room(self) -> bool:
        """Whether a small new key can be written now (the probe is removed again); clears
        `full` when it can. Drops no cache."""
        if self._backend is None:
            return True
        try:
            self._backend.setItem(PREFIX + PROBE, "1" * 64)
            self._backend.removeItem(PREFIX + PROBE)
        except Exception:
            self.full = True
            return False
        self.full = False
        return True

    def _drop_caches(self) -> bool:
        """Remove the caches to make room; whether there was any."""
        present = [key for key in CACHES if self.get(key) is not None]
        for key in present:
            self.remove(key)
        return bool(present)

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


def reach(get: Callable[[], Backend | None]) -> Storage:
    """The Storage over the browser's storage (`get` gives it) when this page may read it, else
    in memory (`get` or reading raises: a storage-blocked iframe's SecurityError). A storage that
    is full is still the browser's: its saves read; the write probe failing only sets `full`."""
    try:
        backend = get()
        if backend is None:
            return Storage(None)
        backend.getItem(PREFIX + PROBE)  # (a JS null has no getItem either)
    except Exception:
        return Storage(None)
    storage = Storage(backend)
    storage.has_room()  # (sets storage.full when it has none)
    return storage
