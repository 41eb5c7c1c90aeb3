"""A full storage is still the player's storage: its saves read, the player is told it is full, the
picture cache makes room first, and copies of unreadable saves stay within a budget."""

import json

from test_storage import BrowserStorage, played

from qipan.boardkit.store import PREFIX, Storage, StorageError, reach
from qipan.app.storage import ASIDE_BUDGET, game_key, keep_aside, list_saves, load_save, save_match, storage_notice


def full_backend_with_a_save():
    backend = BrowserStorage()
    match = played("lyngk", 1, 3)
    save_id = save_match(Storage(backend), match, now=10)
    backend.quota = sum(map(len, backend.items.values()))  # not one byte more
    return backend, match, save_id


def test_a_full_storage_is_read_not_taken_for_no_storage():
    backend, match, save_id = full_backend_with_a_save()
    storage = reach(lambda: backend)
    assert storage.persistent and storage.full
    assert [e.save_id for e in list_saves(storage)] == [save_id]
    assert load_save(storage, game_key("lyngk")).match.state == match.state
    assert storage_notice(storage) == "app.storage_full"


def test_a_storage_the_page_may_not_read_is_in_memory():
    def refused():
        raise RuntimeError("SecurityError")
    for get in (refused, lambda: None):
        storage = reach(get)
        assert not storage.persistent and not storage.full and storage_notice(storage) == "app.no_storage"
    assert storage_notice(reach(BrowserStorage)) is None


def test_a_write_that_fits_again_clears_full():
    backend, match, save_id = full_backend_with_a_save()
    storage = reach(lambda: backend)
    match.play_action(match.state.legal_actions()[0])
    try:
        save_match(storage, match, save_id=save_id, now=20)
    except StorageError:
        pass
    assert storage.full
    backend.quota *= 2  # the player deleted something elsewhere
    save_match(storage, match, save_id=save_id, now=30)
    assert not storage.full and load_save(storage, game_key("lyngk")).match.state == match.state


def test_the_picture_is_dropped_first_to_make_room_for_a_save():
    backend, match, save_id = full_backend_with_a_save()
    backend.items[PREFIX + "picture"] = json.dumps({"game": "lyngk", "image": "data:image/webp;base64," + "A" * 5_000})
    backend.quota = sum(map(len, backend.items.values()))  # full, the picture included
    storage = Storage(backend)
    match.play_action(match.state.legal_actions()[0])
    save_match(storage, match, save_id=save_id, now=20)
    assert PREFIX + "picture" not in backend.items and not storage.full
    assert load_save(storage, game_key("lyngk")).match.state == match.state


def test_a_picture_that_does_not_fit_drops_nothing_else():
    backend, _, save_id = full_backend_with_a_save()
    storage = Storage(backend)
    try:
        storage.set("picture", "x" * 100)
    except StorageError:
        pass
    assert storage.full and [e.save_id for e in list_saves(storage)] == [save_id]


def test_copies_of_unreadable_saves_stay_within_the_budget_and_nothing_is_overwritten():
    backend = BrowserStorage()
    storage = Storage(backend)
    for n in range(ASIDE_BUDGET):
        assert keep_aside(storage, f"save/x-{n}", f"{{broken {n}") is not None
    assert keep_aside(storage, "save/x-0", "{broken 0") is not None  # the same text: already kept
    backend.items[PREFIX + "game/lyngk"] = "{one more unreadable save"
    save_id = save_match(storage, played("lyngk", 2, 1), now=5)
    assert backend.items[PREFIX + "game/lyngk"] == "{one more unreadable save"  # left where it is
    assert len(storage.keys("unreadable/")) == ASIDE_BUDGET
    assert load_save(storage, f"save/{save_id}").match is not None  # the new game saved beside it


def test_has_room_says_whether_a_new_key_fits_and_drops_no_cache():
    backend, _, _ = full_backend_with_a_save()
    backend.items[PREFIX + "picture"] = "{}"
    backend.quota += 2
    storage = Storage(backend)
    assert not storage.has_room() and storage.full and PREFIX + "picture" in backend.items
    backend.quota += 100
    assert storage.has_room() and not storage.full and PREFIX + "probe" not in backend.items
