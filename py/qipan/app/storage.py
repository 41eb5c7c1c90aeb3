"""localStorage behind a guard, under a versioned namespace, and the saved games in it.

The browser may refuse storage (a cross-site iframe, a privacy mode): then everything lives in
memory and `persistent` is False, so the app can say that progress will not be kept. A save that
cannot be read is copied aside byte for byte and reported; it is never overwritten.
This module does not import `js`: it is given the browser's storage object (or None).

Saved games (docs/records.md, "Saved games"): every save has an id and a key of its own. The save
of each game that was opened last is `game/<game id>` (the slot older versions kept their one game
in, so their saves keep loading where they are); every other save is `save/<save id>`. Opening or
starting a game moves the game that held the slot to `save/<its id>` first: nothing is overwritten.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

from qipan import games
from qipan.core import GameRecord, RecordError
from qipan.core.record import VERSION
from qipan.match import Match
from qipan.boardkit.store import Storage, StorageError

SEATS = ("human", "easy", "medium", "hard")
"""Who plays a seat: a person, or a computer level."""
OPEN = "game/"
"""`game/<game id>`: the save of that game opened last."""
SHELF = "save/"
"""`save/<save id>`: every other save."""
ASIDE = "unreadable/"
"""`unreadable/<key>/<n>`: copies of saves that could not be read."""
ASIDE_BUDGET = 20
"""At most this many copies are kept aside; past it an unreadable save stays where it is (and the
game it would have made room for is saved beside it), until the player deletes some."""


# -- one save ---------------------------------------------------------------------------------------


@dataclass
class Loaded:
    """What reading a save gave: a match, or nothing, or an unreadable save (kept aside when it
    was in a game's slot)."""

    match: Match | None = None
    error: str | None = None
    why: str = ""
    """When unreadable: why, in plain words (a `saves.why.*` string key; see `why_unreadable`)."""
    kept_as: str | None = None
    seats: tuple[str, ...] = ()
    save_id: str | None = None


@dataclass(frozen=True)
class SaveEntry:
    """A line of the saved-games list, read without replaying the game."""

    key: str
    save_id: str
    game: str
    """The game id ("" when the save cannot be read far enough to say)."""
    saved: float
    """When it was last written (Unix seconds, to the millisecond; 0 when unknown)."""
    created: float = 0
    seats: tuple[str, ...] = ()
    summary: dict[str, Any] = field(default_factory=dict)
    """{"players", "moves": decisions so far, "to_move": player or -1/-4, "winners": [...] or None}."""
    error: str | None = None
    why: str = ""
    """When unreadable: why, in plain words (a `saves.why.*` string key)."""

    @property
    def readable(self) -> bool:
        return self.error is None


def game_key(game_id: str) -> str:
    return f"{OPEN}{game_id}"


def shelf_key(save_id: str) -> str:
    return f"{SHELF}{save_id}"


def summarize(match: Match) -> dict[str, Any]:
    """What the list shows of a game without replaying it: moves made, whose turn, who won."""
    states = match.states()
    moves = sum(1 for state in states[:-1] if not state.is_chance())
    outcome = match.state.outcome() if match.state.is_terminal() else None
    return {"players": match.players, "moves": moves, "to_move": match.state.to_move,
            "winners": None if outcome is None else list(outcome.winners)}


def _summary_ok(summary: Any, record: dict[str, Any]) -> bool:
    """Whether a stored summary has the form summarize() writes and fits its record (else it is
    made again): every number is bounded by the record, so a damaged one cannot claim 10^8 players."""
    players = record["players"]

    def whole(value: Any, low: int, high: int) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

    if not isinstance(summary, dict) or summary.get("players") != players:
        return False
    winners = summary.get("winners")
    return (whole(summary.get("moves"), 0, len(record["actions"])) and whole(summary.get("to_move"), -4, players - 1)
            and (winners is None or isinstance(winners, list) and len(winners) == len(set(map(repr, winners)))
                 and all(whole(w, 0, players - 1) for w in winners)))


def _seats(value: Any, players: int) -> tuple[str, ...]:
    if isinstance(value, list) and len(value) == players and all(s in SEATS for s in value):
        return tuple(value)
    return ()  # an older save, or a damaged seat list: everyone plays by hand


LATEST = 1e11
"""Times past this (the year 5138) are damage, not times: they read as unknown."""


def _time(value: Any) -> float:
    """A stored time (Unix seconds; older saves wrote whole seconds), or 0 when it is not one
    (not a number, not finite, not after 1970, after LATEST)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return 0.0
    return float(value) if 0 < value < LATEST else 0.0  # (NaN and infinities fail the test too)


def _legacy_id(game_id: str, saved: Any) -> str:
    """The id a save written before saves had ids gets (stable: from its game and time)."""
    return f"{game_id}-{saved if isinstance(saved, int) and _time(saved) else 0}"


def read_payload(raw: str) -> dict[str, Any]:
    """The JSON object of a save, with a structurally valid record; raises RecordError/ValueError."""
    try:
        payload = json.loads(raw)
    except RecursionError:
        raise RecordError("the save is nested too deeply to be a game") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("record"), dict):
        raise RecordError("the save holds no game record")
    record = GameRecord.from_json(payload["record"])
    if record.game not in games.GAME_IDS:
        raise RecordError(f"the save is of an unknown game {record.game!r}")
    game = games.plugin(record.game)  # (listing the saves imports no engine)
    if not game.min_players <= record.players <= game.max_players:
        raise RecordError(f"the save claims {_bounded_text(record.players)} players; {record.game} is for "
                          f"{game.min_players}-{game.max_players}")
    return payload


def _bounded_text(number: int) -> str:
    """A stored whole number as text, shortened when it is huge (str() refuses past 4300 digits)."""
    return str(number) if -10**12 < number < 10**12 else ("-" if number < 0 else "") + "more than 10^12"


def read_entry(storage: Storage, key: str) -> SaveEntry | None:
    """The list line of the save at `key` (None if nothing is there). A save from before saves had
    ids and summaries is replayed once and written back with them (its record unchanged)."""
    raw = storage.get(key)
    if raw is None:
        return None
    if key.startswith(ASIDE):  # (already reported when it was put aside)
        return SaveEntry(key, key, _game_in_key(key), unreadable_time(key, raw), error="", why=why_unreadable(raw))
    try:
        payload = read_payload(raw)
        record = payload["record"]
        if not _summary_ok(payload.get("summary"), record) or not isinstance(payload.get("id"), str):
            payload = _migrate(storage, key, payload)
        return SaveEntry(key, payload["id"], record["game"], _time(payload.get("saved")), _time(payload.get("created")),
                         _seats(payload.get("seats"), record["players"]), payload["summary"])
    except (ValueError, RecordError) as exc:
        return SaveEntry(key, key, _game_in_key(key), unreadable_time(key, raw), error=str(exc), why=why_unreadable(raw))


WHY_UNREADABLE = ("cut", "damaged", "newer", "unknown_game")
"""What `why_unreadable` says (string keys `saves.why.<why>`)."""


def why_unreadable(raw: str) -> str:
    """Why a save cannot be read, in the player's terms (never the parser's English): "cut" (its
    text stops early, as when it was cut off), "newer" (a record version this app does not have
    yet), "unknown_game", else "damaged"."""
    try:
        payload = json.loads(raw)
    except json.JSONDecodeError as exc:
        end = len(raw.rstrip())  # (the parser stops at the end, or in a word, number or text it began there)
        cut = end and (exc.pos >= end - 8 or exc.msg.startswith("Unterminated string"))
        return "cut" if cut else "damaged"
    except (ValueError, RecursionError):
        return "damaged"
    record = payload.get("record") if isinstance(payload, dict) else None
    if isinstance(record, dict):
        version, game = record.get("version"), record.get("game")
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            return "newer"
        if isinstance(game, str) and game not in games.GAME_IDS:
            return "unknown_game"
    return "damaged"


_STAMP = re.compile(r'"(saved|created)"\s*:\s*([0-9]{1,12}(?:\.[0-9]{1,6})?)\s*[,}]')
"""A time field in a save's text, whole (followed by what comes after a value)."""


def unreadable_time(key: str, raw: str) -> float:
    """When an unreadable save was last written, as far as can be told (0 when not): its text's
    "saved" (or "created") field when that much survives, else the time in its key's save id
    (`save/<game>-<ms in hex>`). Times before `KEY_TIMES` read as unknown."""
    stamps = dict(_STAMP.findall(raw[:100_000]))
    for name in ("saved", "created"):
        if name in stamps and KEY_TIMES <= float(stamps[name]) < LATEST:
            return float(stamps[name])
    for part in key.split("/")[1:]:
        pieces = part.split("-")
        if len(pieces) >= 2 and pieces[0] in games.GAME_IDS and re.fullmatch(r"[0-9a-f]{1,12}", pieces[1]):
            seconds = int(pieces[1], 16) / 1000
            return seconds if KEY_TIMES <= seconds < LATEST else 0.0
    return 0.0


KEY_TIMES = 1e9
"""A time in a key before this (2001) is not one a save was made at: it reads as unknown."""


def _game_in_key(key: str) -> str:
    """The game a key names, when it does (`game/<id>`, `unreadable/save/<id>-18c2/1`)."""
    for part in key.split("/")[1:]:
        if part.split("-")[0] in games.GAME_IDS:
            return part.split("-")[0]
    return ""


def _migrate(storage: Storage, key: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Give an old save its id, creation time and summary (replaying it) and write it back."""
    match = Match.from_record(payload["record"])
    upgraded = dict(payload)
    if not isinstance(upgraded.get("id"), str):
        upgraded["id"] = _legacy_id(match.game.id, payload.get("saved"))
    if not _time(upgraded.get("created")):
        upgraded["created"] = _time(payload.get("saved"))
    upgraded["summary"] = summarize(match)
    try:
        storage.set(key, _dumps(upgraded))
    except StorageError:
        pass  # no room for the few bytes more: it stays as it was and is upgraded next time
    return upgraded


def _dumps(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


def load_save(storage: Storage, key: str) -> Loaded:
    """Read and replay the save at `key`. An unreadable save in a game's slot is copied aside
    (the slot is about to be written); elsewhere it stays where it is, untouched."""
    raw = storage.get(key)
    if raw is None:
        return Loaded()
    try:
        payload = read_payload(raw)
        match = Match.from_record(payload["record"])
        if key.startswith(OPEN) and match.game.id != key[len(OPEN):]:
            raise RecordError(f"the save is a {match.game.id} game, not {key[len(OPEN):]}")
        save_id = payload.get("id")
        if not isinstance(save_id, str):
            save_id = _legacy_id(match.game.id, payload.get("saved"))
        return Loaded(match=match, seats=_seats(payload.get("seats"), match.players), save_id=save_id)
    except (ValueError, RecordError) as exc:
        kept = keep_aside(storage, key, raw) if key.startswith(OPEN) else None
        return Loaded(error=str(exc), why=why_unreadable(raw), kept_as=kept)


def keep_aside(storage: Storage, key: str, raw: str) -> str | None:
    """Copy unreadable text to `unreadable/<key>/<n>` and check the copy; returns its key (the
    existing one when the same text was kept aside before).

    Returns None when the copy could not be made and checked: the caller must then not write
    to `key`, so the unreadable save stays where it is.
    """
    n = 1
    while (copy := storage.get(f"{ASIDE}{key}/{n}")) is not None:
        if copy == raw:
            return f"{ASIDE}{key}/{n}"
        n += 1
        if n > 999:
            return None
    if len(storage.keys(ASIDE)) >= ASIDE_BUDGET:
        return None  # the budget is spent: the text stays where it is, unread and untouched
    aside = f"{ASIDE}{key}/{n}"
    try:
        storage.set(aside, raw)
    except StorageError:
        return None
    return aside if storage.get(aside) == raw else None


def storage_notice(storage: Storage) -> str | None:
    """What the player is told about the storage at the start (a string key), if anything."""
    if not storage.persistent:
        return "app.no_storage"
    return "app.storage_full" if storage.full else None


# -- writing ----------------------------------------------------------------------------------------


def new_save_id(storage: Storage, game_id: str, now: float) -> str:
    """An id no save has: the game and the time in milliseconds (hex), with a suffix if taken."""
    base = f"{game_id}-{int(now * 1000):x}"
    taken = {entry.save_id for entry in list_saves(storage)}
    n = 1
    candidate = base
    while candidate in taken or storage.get(shelf_key(candidate)) is not None:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def save_match(storage: Storage, match: Match, seats: tuple[str, ...] | list[str] = (),
               save_id: str | None = None, now: float | None = None) -> str:
    """Write a game into its own save and make it its game's slot; returns the save's id (a new
    one when `save_id` is None). Raises `StorageError` when the storage refuses.

    The game that held the slot is moved to `save/<its id>` first (checked); a slot that cannot be
    read is copied aside first, or, if it cannot be, left alone and this save goes to its own key.
    """
    now = time.time() if now is None else now
    game_id = match.game.id
    if save_id is None:
        save_id = new_save_id(storage, game_id, now)
    slot, own = game_key(game_id), shelf_key(save_id)
    before = _previous(storage, slot, save_id) or _previous(storage, own, save_id)
    record = match.record().to_json()
    unchanged = before is not None and before.get("record") == record
    earlier = before or {}
    payload = {"record": record, "id": save_id,
               "saved": (_time(earlier.get("saved")) if unchanged else 0) or round(now, 3),
               "created": _time(earlier.get("created")) or round(now, 3),
               "seats": list(seats), "summary": summarize(match)}
    kept = analysis_of(earlier, record)
    if kept is not None:  # still the analysis of this game's first moves (docs/analysis.md)
        payload["analysis"] = kept
    target = slot if _make_room(storage, slot, save_id) else own
    if target == own and not _clear_own(storage, own, save_id):
        raise StorageError(f"{own} holds text that could not be read nor kept aside")
    storage.set(target, _dumps(payload))
    if target == slot:
        _clear_own(storage, own, save_id, remove=True)  # it was on the shelf and now is in the slot
    return save_id


def analysis_of(payload: dict[str, Any], record: dict[str, Any]) -> dict[str, Any] | None:
    """The analysis stored in `payload` when it still covers the first moves of `record` (the
    same set-up, and the analysed actions unchanged: an undo past them or a new game drops it)."""
    data = payload.get("analysis")
    earlier = payload.get("record")
    if not isinstance(data, dict) or not isinstance(earlier, dict):
        return None
    total = data.get("total")
    mine, theirs = earlier.get("actions"), record.get("actions")
    if (not isinstance(total, int) or isinstance(total, bool) or not isinstance(mine, list)
            or not isinstance(theirs, list) or not 0 <= total <= min(len(mine), len(theirs))):
        return None
    same = all(earlier.get(k) == record.get(k) for k in set(earlier) | set(record) if k != "actions")
    return data if same and mine[:total] == theirs[:total] else None


def stored_analysis(storage: Storage, save_id: str, record: dict[str, Any]) -> dict[str, Any] | None:
    """The analysis kept with the save `save_id` (its JSON, unread), if it covers `record`'s first moves."""
    for key in storage.keys(OPEN) + [shelf_key(save_id)]:
        payload = _previous(storage, key, save_id)
        if payload is not None:
            return analysis_of(payload, record)
    return None


def store_analysis(storage: Storage, save_id: str, data: dict[str, Any], actions: list[str] | tuple[str, ...]) -> bool:
    """Keep an analysis (`Analysis.to_json()` of the game whose first actions were `actions`) in
    the save `save_id`, so that it never has to run again; False when the save is not there or no
    longer begins with those actions. Raises `StorageError` when the storage refuses."""
    for key in storage.keys(OPEN) + [shelf_key(save_id)]:
        payload = _previous(storage, key, save_id)
        if payload is not None:
            stored = payload["record"]["actions"]
            if data.get("total") != len(actions) or list(stored[:len(actions)]) != list(actions):
                return False
            storage.set(key, _dumps({**payload, "analysis": data}))
            return True
    return False


def _clear_own(storage: Storage, own: str, save_id: str, remove: bool = False) -> bool:
    """Whether `own` (this save's shelf key) may be written over (or, with `remove`, was emptied):
    it is empty or holds this save; unreadable text is kept aside first (left where it is when it
    cannot be); another save's text is never touched."""
    raw = storage.get(own)
    if raw is None:
        return True
    if _previous(storage, own, save_id) is None:
        try:
            read_payload(raw)
            return False  # a readable save of another id under this key: not ours to touch
        except (ValueError, RecordError):
            if keep_aside(storage, own, raw) is None:
                return False
    if remove:
        storage.remove(own)
    return True


# -- two tabs on one save ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """What `write_save` did: the save the game is now in, and the record written (the tab keeps
    it, to know its own write from another tab's)."""

    save_id: str
    record: dict[str, Any]
    forked_from: str | None = None
    """Another tab had changed this save: the game went to the new save `save_id` instead."""


def stored_record(storage: Storage, save_id: str) -> dict[str, Any] | None:
    """The record now stored for `save_id` (in its game's slot or on the shelf), if readable."""
    for key in storage.keys(OPEN) + [shelf_key(save_id)]:
        payload = _previous(storage, key, save_id)
        if payload is not None:
            return payload["record"]
    return None


def _is_prefix(earlier: dict[str, Any], later: dict[str, Any]) -> bool:
    """Whether the record `earlier` is a point of the game `later` (the same set-up, and its
    actions the first of `later`'s)."""
    same = all(earlier.get(k) == later.get(k) for k in set(earlier) | set(later) if k != "actions")
    mine, theirs = earlier.get("actions"), later.get("actions")
    return same and isinstance(mine, list) and isinstance(theirs, list) and theirs[:len(mine)] == mine


def write_save(storage: Storage, match: Match, seats: tuple[str, ...] | list[str], save_id: str | None,
               last: dict[str, Any] | None, now: float | None = None) -> Written:
    """`save_match`, for a tab that last wrote (or read) `last` as `save_id`: what is stored is
    written over only when it is that record or an earlier point of this game; otherwise another
    tab changed it, and this game is written as a new save (both kept). Raises `StorageError`."""
    record = match.record().to_json()
    if save_id is not None:
        stored = stored_record(storage, save_id)
        if stored is not None and stored != last and not _is_prefix(stored, record):
            return Written(save_match(storage, match, seats, None, now), record, forked_from=save_id)
    return Written(save_match(storage, match, seats, save_id, now), record)


def outside_change(storage: Storage, save_id: str, last: dict[str, Any] | None,
                   mine: dict[str, Any]) -> str | None:
    """How the stored save stands after another tab wrote (the browser's `storage` event): None
    (as this tab left it, or an earlier point of this tab's game), "ahead" (this tab's game played
    on: it can be shown), "diverged" (changed otherwise: this tab's next move makes a new save), or
    "gone" (deleted; this tab's next move saves it again)."""
    stored = stored_record(storage, save_id)
    if stored is None:
        return "gone"
    if stored == last or stored == mine or _is_prefix(stored, mine):
        return None
    return "ahead" if _is_prefix(mine, stored) else "diverged"


def _previous(storage: Storage, key: str, save_id: str) -> dict[str, Any] | None:
    """The payload at `key` if it is this save's."""
    raw = storage.get(key)
    if raw is None:
        return None
    try:
        payload = read_payload(raw)
    except (ValueError, RecordError):
        return None
    found = payload.get("id")
    if not isinstance(found, str):
        found = _legacy_id(payload["record"]["game"], payload.get("saved"))
    return payload if found == save_id else None


def _make_room(storage: Storage, slot: str, save_id: str) -> bool:
    """Empty the slot for `save_id` unless it already holds it: move another save to the shelf,
    keep unreadable text aside. False when the slot must be left alone."""
    raw = storage.get(slot)
    if raw is None:
        return True
    try:
        payload = read_payload(raw)
    except (ValueError, RecordError):
        return keep_aside(storage, slot, raw) is not None
    other = payload.get("id")
    if not isinstance(other, str):
        other = _legacy_id(payload["record"]["game"], payload.get("saved"))
        payload = {**payload, "id": other}
    if other == save_id:
        return True
    moved = _dumps(payload)
    shelf = shelf_key(other)
    existing = storage.get(shelf)
    if existing is not None and _previous(storage, shelf, other) is None:
        if keep_aside(storage, shelf, existing) is None:
            return False
    storage.set(shelf, moved)
    return storage.get(shelf) == moved


def list_saves(storage: Storage) -> list[SaveEntry]:
    """Every save, newest first: readable ones, then the ones that cannot be read (kept; each can
    be deleted). A save found both in a slot and on the shelf is listed once, from the slot."""
    entries: dict[str, SaveEntry] = {}
    for key in storage.keys(OPEN) + storage.keys(SHELF) + storage.keys(ASIDE):
        entry = read_entry(storage, key)
        if entry is not None and entry.save_id not in entries:
            entries[entry.save_id] = entry
    return sorted(entries.values(), key=lambda e: (e.readable, e.saved, e.created, e.key), reverse=True)


def newest_save(storage: Storage, game_id: str) -> str | None:
    """The key of the save the picker resumes for a game: its slot if that holds a readable game,
    else the newest readable save of that game on the shelf, else the unreadable slot (so that it
    is reported and kept aside)."""
    slot = read_entry(storage, game_key(game_id))
    if slot is not None and slot.readable:
        return slot.key
    shelf = next((e.key for e in list_saves(storage) if e.readable and e.game == game_id), None)
    return shelf or (slot.key if slot is not None else None)


def delete_save(storage: Storage, key: str) -> None:
    """Remove a save (readable or not) for good."""
    if key.startswith((OPEN, SHELF, ASIDE)):
        storage.remove(key)
