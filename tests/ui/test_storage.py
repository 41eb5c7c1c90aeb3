"""Saves: written after every move, each game in its own save, read back exactly; old one-slot
saves migrate; unreadable ones are kept, listed and never overwritten."""

import json
from pathlib import Path

import pytest

from qipan.match import Match
from qipan.boardkit.store import PREFIX, Storage, StorageError
from qipan.app.storage import (
    delete_save,
    game_key,
    list_saves,
    load_save,
    newest_save,
    save_match,
    shelf_key,
    summarize,
)

DATA = Path(__file__).resolve().parent.parent / "data"


class BrowserStorage:
    """Web Storage as the browser gives it: text values, key(i)/length, and a quota."""

    def __init__(self, quota: int = 10**6) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index):
        return list(self.items)[index] if 0 <= index < len(self.items) else None

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if sum(len(v) for k, v in self.items.items() if k != key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def played(game_id: str, seed: int, moves: int) -> Match:
    match = Match.new(game_id, 2, seed)
    for _ in range(moves):
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(match.state.legal_actions()[0])
    return match


def test_a_saved_game_resumes_exactly():
    backend = BrowserStorage()
    storage = Storage(backend)
    match = played("lyngk", 9, 5)
    save_id = save_match(storage, match, ("human", "hard"), now=1_000)
    assert PREFIX + "game/lyngk" in backend.items
    loaded = load_save(storage, game_key("lyngk"))
    assert loaded.error is None and loaded.match.state == match.state
    assert loaded.seats == ("human", "hard") and loaded.save_id == save_id


def test_every_new_game_gets_its_own_save_and_never_overwrites_another():
    storage = Storage(BrowserStorage())
    first = played("lyngk", 1, 3)
    first_id = save_match(storage, first, now=1_000)
    second = played("lyngk", 2, 1)
    second_id = save_match(storage, second, now=2_000)  # a new game of the same kind
    other_id = save_match(storage, played("quorsum", 3, 4), now=3_000)
    assert len({first_id, second_id, other_id}) == 3
    entries = list_saves(storage)
    assert [e.save_id for e in entries] == [other_id, second_id, first_id]  # newest first
    # the game opened last holds its game's slot; the other lyngk game moved to its own key
    assert load_save(storage, game_key("lyngk")).save_id == second_id
    assert load_save(storage, shelf_key(first_id)).match.state == first.state
    # autosaving the first game again (resumed from the list) swaps them back, losing nothing
    first.play_action(first.state.legal_actions()[0])
    assert save_match(storage, first, save_id=first_id, now=4_000) == first_id
    assert load_save(storage, game_key("lyngk")).match.state == first.state
    assert load_save(storage, shelf_key(second_id)).match.state == second.state
    assert storage.get(shelf_key(first_id)) is None
    assert sorted(e.save_id for e in list_saves(storage)) == sorted([first_id, second_id, other_id])


def test_the_list_says_who_plays_whose_turn_and_who_won():
    storage = Storage(BrowserStorage())
    match = played("lyngk", 4, 3)
    save_match(storage, match, ("human", "easy"), now=50)
    entry = list_saves(storage)[0]
    assert entry.game == "lyngk" and entry.seats == ("human", "easy")
    assert entry.summary == {"players": 2, "moves": 3, "to_move": match.state.to_move, "winners": None}
    assert entry.created == entry.saved == 50
    save_match(storage, match, ("human", "easy"), entry.save_id, now=90)  # nothing changed: the time stays
    assert list_saves(storage)[0].saved == 50


def test_a_finished_game_lists_its_winners():
    storage = Storage(BrowserStorage())
    match = Match.new("lyngk", 2, 5)
    while not match.state.is_terminal():
        match.play_action(match.state.legal_actions()[-1])
    save_match(storage, match, now=1)
    assert list_saves(storage)[0].summary["winners"] == list(match.state.outcome().winners)


def test_an_old_one_slot_save_keeps_loading_and_is_migrated_without_loss():
    backend = BrowserStorage()
    storage = Storage(backend)
    old = (DATA / "legacy-save-quorsum.json").read_text().strip()
    backend.items[PREFIX + "game/quorsum"] = old
    before = json.loads(old)
    [entry] = list_saves(storage)  # the first read migrates it
    assert entry.readable and entry.game == "quorsum" and entry.seats == ("human", "easy")
    assert entry.saved == before["saved"] and entry.summary["moves"] > 0
    migrated = json.loads(backend.items[PREFIX + "game/quorsum"])
    assert migrated["record"] == before["record"] and migrated["id"] == entry.save_id
    loaded = load_save(storage, game_key("quorsum"))
    assert loaded.match.record().to_json() == before["record"] and loaded.save_id == entry.save_id
    # a new quorsum game moves the old one to the shelf, whole
    save_match(storage, Match.new("quorsum", 2, 1), now=1_763_900_000)
    assert json.loads(storage.get(shelf_key(entry.save_id)))["record"] == before["record"]
    assert len(list_saves(storage)) == 2


def test_an_unmigrated_old_save_is_also_moved_aside_whole():
    backend = BrowserStorage()
    storage = Storage(backend)
    old = (DATA / "legacy-save-quorsum.json").read_text().strip()
    backend.items[PREFIX + "game/quorsum"] = old  # never listed: moved as it is found
    save_match(storage, Match.new("quorsum", 2, 1), now=1_763_900_000)
    shelved = [k for k in backend.items if k.startswith(PREFIX + "save/")]
    assert len(shelved) == 1 and json.loads(backend.items[shelved[0]])["record"] == json.loads(old)["record"]


def test_an_unreadable_save_is_copied_aside_byte_for_byte():
    backend = BrowserStorage()
    storage = Storage(backend)
    for n, raw in enumerate(("{broken", json.dumps({"record": {"format": "qipan-record", "version": 7}})), 1):
        storage.set("game/lyngk", raw)
        loaded = load_save(storage, game_key("lyngk"))
        assert loaded.match is None and loaded.error
        assert loaded.kept_as == f"unreadable/game/lyngk/{n}"
        assert backend.items[PREFIX + loaded.kept_as] == raw
        assert load_save(storage, game_key("lyngk")).kept_as == loaded.kept_as  # the same text is kept once
    assert backend.items[PREFIX + "game/lyngk"] == raw  # reading never changes the slot itself


def test_when_the_copy_cannot_be_made_the_caller_is_told_to_leave_the_slot_alone():
    backend = BrowserStorage(quota=20)
    storage = Storage(backend)
    backend.items[PREFIX + "game/lyngk"] = "{broken save}"
    loaded = load_save(storage, game_key("lyngk"))
    assert loaded.error and loaded.kept_as is None


def test_an_unreadable_slot_that_cannot_be_copied_is_not_overwritten_the_game_saves_beside_it():
    backend = BrowserStorage(quota=1_500)
    storage = Storage(backend)
    backend.items[PREFIX + "game/lyngk"] = "{" * 900  # room for a new save, not for a copy of this
    save_id = save_match(storage, Match.new("lyngk", 2, 1), now=5)
    assert backend.items[PREFIX + "game/lyngk"] == "{" * 900
    assert load_save(storage, shelf_key(save_id)).match is not None


def test_corrupt_entries_are_listed_as_unreadable_kept_and_deletable():
    backend = BrowserStorage()
    storage = Storage(backend)
    good = save_match(storage, played("lyngk", 1, 2), now=10)
    backend.items[PREFIX + "save/gype-18c"] = '{"record": {"format": "qipan-record", "version": 1, "game": "gype"'
    backend.items[PREFIX + "save/hezong-1"] = json.dumps({"record": {"format": "qipan-record", "version": 1,
                                                                     "game": "chess", "players": 2, "seed": 1,
                                                                     "actions": []}})
    backend.items[PREFIX + "unreadable/game/quorsum/1"] = "garbage"
    backend.items[PREFIX + "settings"] = "{}"  # not a save
    entries = list_saves(storage)
    assert entries[0].save_id == good and entries[0].readable
    unreadable = {e.key: e for e in entries if not e.readable}
    assert set(unreadable) == {"save/gype-18c", "save/hezong-1", "unreadable/game/quorsum/1"}
    assert "chess" in unreadable["save/hezong-1"].error
    assert unreadable["save/gype-18c"].game == "gype" and unreadable["unreadable/game/quorsum/1"].game == "quorsum"
    assert backend.items[PREFIX + "save/gype-18c"].endswith('"gype"')  # listing changed nothing
    resumed = load_save(storage, "save/gype-18c")
    assert resumed.match is None and resumed.kept_as is None and PREFIX + "save/gype-18c" in backend.items
    for key in unreadable:
        delete_save(storage, key)
    assert [e.save_id for e in list_saves(storage)] == [good]
    delete_save(storage, "settings")  # only saves can be deleted this way
    assert PREFIX + "settings" in backend.items


def test_a_save_in_both_places_after_an_interrupted_move_is_listed_once():
    backend = BrowserStorage()
    storage = Storage(backend)
    save_id = save_match(storage, played("lyngk", 1, 2), now=10)
    backend.items[PREFIX + shelf_key(save_id)] = backend.items[PREFIX + game_key("lyngk")]
    assert [e.key for e in list_saves(storage)] == [game_key("lyngk")]


def test_the_picker_resumes_the_slot_else_the_newest_save_of_that_game():
    storage = Storage(BrowserStorage())
    assert newest_save(storage, "lyngk") is None
    old = save_match(storage, played("lyngk", 1, 1), now=10)
    new = save_match(storage, played("lyngk", 2, 1), now=20)
    assert newest_save(storage, "lyngk") == game_key("lyngk")
    delete_save(storage, game_key("lyngk"))
    assert newest_save(storage, "lyngk") == shelf_key(old)
    assert new != old
    storage.set(game_key("lyngk"), "{not a save")  # a broken slot: the readable save is resumed
    assert newest_save(storage, "lyngk") == shelf_key(old)
    delete_save(storage, shelf_key(old))
    assert newest_save(storage, "lyngk") == game_key("lyngk")  # nothing else: reported, kept aside


def test_a_full_storage_raises_a_storage_error():
    storage = Storage(BrowserStorage(quota=5))
    with pytest.raises(StorageError, match="Quota"):
        storage.set("k", "too long a value")


def test_a_full_storage_while_saving_loses_no_save():
    backend = BrowserStorage(quota=4_000)
    storage = Storage(backend)
    first = played("lyngk", 1, 2)
    first_id = save_match(storage, first, now=10)
    backend.quota = sum(map(len, backend.items.values())) + 100  # room for nothing more
    with pytest.raises(StorageError):
        save_match(storage, played("lyngk", 2, 3), now=20)
    assert load_save(storage, game_key("lyngk")).save_id == first_id
    assert [e.save_id for e in list_saves(storage)] == [first_id]


def test_without_a_backend_storage_lives_in_memory_and_says_so():
    storage = Storage(None)
    assert not storage.persistent
    storage.set("a", "1")
    assert storage.get("a") == "1" and storage.keys() == ["a"]
    storage.remove("a")
    assert storage.get("a") is None
    save_match(storage, played("gype", 1, 0), now=1)
    assert [e.game for e in list_saves(storage)] == ["gype"]


def test_keys_skip_other_apps_and_the_browsers_null():
    backend = BrowserStorage()
    backend.items.update({"other/app": "x", PREFIX + "save/a": "1", PREFIX + "game/b": "2"})
    storage = Storage(backend)
    assert storage.keys() == ["game/b", "save/a"] and storage.keys("save/") == ["save/a"]


def test_a_save_for_another_game_in_the_slot_is_not_loaded_as_this_one():
    storage = Storage(BrowserStorage())
    save_match(storage, Match.new("lyngk", 2, 1))
    storage.set("game/hezong", storage.get("game/lyngk"))
    loaded = load_save(storage, game_key("hezong"))
    assert loaded.match is None and "lyngk" in loaded.error


def test_a_damaged_summary_is_made_again_from_the_record():
    storage = Storage(BrowserStorage())
    key = shelf_key(save_match(storage, played("lyngk", 3, 1), now=10))
    payload = json.loads(storage.get(game_key("lyngk")))
    payload["summary"] = {"players": 2, "moves": None, "to_move": "x", "winners": [None]}
    storage.set(game_key("lyngk"), json.dumps(payload))
    [entry] = [e for e in list_saves(storage) if e.key == game_key("lyngk")]
    assert entry.readable and entry.summary == summarize(Match.from_record(payload["record"]))
    assert key != game_key("lyngk")


def test_an_unreadable_save_at_this_saves_own_key_is_kept_aside_not_deleted():
    backend = BrowserStorage()
    storage = Storage(backend)
    match = played("lyngk", 1, 2)
    save_id = save_match(storage, match, now=10)
    delete_save(storage, game_key("lyngk"))
    backend.items[PREFIX + shelf_key(save_id)] = "{a damaged copy of this save"
    match.play_action(match.state.legal_actions()[0])
    assert save_match(storage, match, save_id=save_id, now=20) == save_id  # written to the slot
    assert load_save(storage, game_key("lyngk")).match.state == match.state
    kept = [k for k in backend.items if k.startswith(PREFIX + "unreadable/save/")]
    assert [backend.items[k] for k in kept] == ["{a damaged copy of this save"]


def test_when_the_unreadable_save_cannot_be_kept_aside_it_stays_where_it_is():
    backend = BrowserStorage()
    storage = Storage(backend)
    match = played("lyngk", 1, 2)
    save_id = save_match(storage, match, now=10)
    delete_save(storage, game_key("lyngk"))
    damaged = "{" + "x" * 3_000
    backend.items[PREFIX + shelf_key(save_id)] = damaged
    backend.quota = sum(map(len, backend.items.values())) + 2_000  # room for the game, not for a copy
    save_match(storage, match, save_id=save_id, now=20)
    assert backend.items[PREFIX + shelf_key(save_id)] == damaged
