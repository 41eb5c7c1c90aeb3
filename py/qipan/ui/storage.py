"""localStorage behind a guard, under a versioned namespace, and the saved games in it.

The browser may refuse storage (a cross-site iframe, a privacy mode): then everything lives in
memory and `persistent` is False, so the app can say that progress will not be kept. A save that
cannot be read is copied aside byte for byte and reported; it is never overwritten.
This module does not import `js`: it is given the browser's storage object (or None).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import RecordError
from ..match import Match

PREFIX = "qipan/v1/"
SEATS = ("human", "easy", "medium", "hard")
"""Who plays a seat: a person, or a computer level."""


class Backend(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the Web Storage API's names)
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


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


@dataclass
class Loaded:
    """What reading a game slot gave: a match, or nothing, or an unreadable save kept aside."""

    match: Match | None = None
    error: str | None = None
    kept_as: str | None = None
    seats: tuple[str, ...] = ()


def game_key(game_id: str) -> str:
    return f"game/{game_id}"


def save_match(storage: Storage, match: Match, meta: dict[str, Any] | None = None) -> None:
    """Write the match's record to its game's slot (raises `StorageError`)."""
    payload = {"record": match.record().to_json(), "saved": int(time.time()), **(meta or {})}
    storage.set(game_key(match.game.id), json.dumps(payload, ensure_ascii=False, separators=(",", ":")))


def load_match(storage: Storage, game_id: str) -> Loaded:
    """Read and replay the game in a slot. An unreadable save is copied aside (never lost)."""
    raw = storage.get(game_key(game_id))
    if raw is None:
        return Loaded()
    try:
        payload = json.loads(raw)
        if not isinstance(payload, dict) or "record" not in payload:
            raise RecordError("the save holds no game record")
        match = Match.from_record(payload["record"])
        if match.game.id != game_id:
            raise RecordError(f"the save is a {match.game.id} game, not {game_id}")
        seats = payload.get("seats")
        if not (isinstance(seats, list) and len(seats) == match.players and all(s in SEATS for s in seats)):
            seats = []  # an older save, or a damaged seat list: everyone plays by hand
        return Loaded(match=match, seats=tuple(seats))
    except (ValueError, RecordError) as exc:
        return Loaded(error=str(exc), kept_as=keep_aside(storage, game_key(game_id), raw))


def keep_aside(storage: Storage, key: str, raw: str) -> str | None:
    """Copy unreadable text to `unreadable/<key>/<n>` and check the copy; returns its key.

    Returns None when the copy could not be made and checked: the caller must then not write
    to `key`, so the unreadable save stays where it is.
    """
    free = (n for n in range(1, 1000) if storage.get(f"unreadable/{key}/{n}") is None)
    n = next(free, None)
    if n is None:
        return None
    aside = f"unreadable/{key}/{n}"
    try:
        storage.set(aside, raw)
    except StorageError:
        return None
    return aside if storage.get(aside) == raw else None
