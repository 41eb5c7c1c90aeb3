"""Saves: written after every move, read back exactly; unreadable ones kept aside, never lost."""

import json

from qipan.match import Match
from qipan.ui.storage import PREFIX, Storage, StorageError, load_match, save_match


class BrowserStorage:
    """Web Storage as the browser gives it: text values, and a quota."""

    def __init__(self, quota: int = 10**6) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if sum(map(len, self.items.values())) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def test_a_saved_game_resumes_exactly():
    backend = BrowserStorage()
    storage = Storage(backend)
    match = Match.new("lyngk", 2, 9)
    for _ in range(5):
        match.play_action(match.state.legal_actions()[0])
    save_match(storage, match)
    assert PREFIX + "game/lyngk" in backend.items
    loaded = load_match(storage, "lyngk")
    assert loaded.error is None and loaded.match.state == match.state


def test_an_unreadable_save_is_copied_aside_byte_for_byte():
    backend = BrowserStorage()
    storage = Storage(backend)
    for n, raw in enumerate(("{broken", json.dumps({"record": {"format": "qipan-record", "version": 7}})), 1):
        storage.set("game/lyngk", raw)
        loaded = load_match(storage, "lyngk")
        assert loaded.match is None and loaded.error
        assert loaded.kept_as == f"unreadable/game/lyngk/{n}"
        assert backend.items[PREFIX + loaded.kept_as] == raw
    assert backend.items[PREFIX + "game/lyngk"] == raw  # reading never changes the slot itself


def test_when_the_copy_cannot_be_made_the_caller_is_told_to_leave_the_slot_alone():
    backend = BrowserStorage(quota=20)
    storage = Storage(backend)
    backend.items[PREFIX + "game/lyngk"] = "{broken save}"
    loaded = load_match(storage, "lyngk")
    assert loaded.error and loaded.kept_as is None


def test_a_full_storage_raises_a_storage_error():
    storage = Storage(BrowserStorage(quota=5))
    try:
        storage.set("k", "too long a value")
    except StorageError as exc:
        assert "Quota" in str(exc)
    else:
        raise AssertionError("a full storage accepted the write")


def test_without_a_backend_storage_lives_in_memory_and_says_so():
    storage = Storage(None)
    assert not storage.persistent
    storage.set("a", "1")
    assert storage.get("a") == "1"
    storage.remove("a")
    assert storage.get("a") is None


def test_a_save_for_another_game_in_the_slot_is_not_loaded_as_this_one():
    storage = Storage(BrowserStorage())
    save_match(storage, Match.new("lyngk", 2, 1))
    storage.set("game/hezong", storage.get("game/lyngk"))
    loaded = load_match(storage, "hezong")
    assert loaded.match is None and "lyngk" in loaded.error
