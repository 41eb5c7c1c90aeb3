"""A correspondence game as the page plays it: one device's `Device`, what the player may do now,
what is due to be sent, taking back an unsent move, and how it is kept in the browser's storage.

Browser-free (CPython-testable): the page (app/correspondence/ui.py) shows it, the play screen
(app/correspondence/screen.py) feeds it the player's decisions. docs/correspondence.md, "In the page".
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from qipan import games
from qipan.app.correspondence import link
from qipan.app.correspondence.device import Device, Opened, RandomBytes
from qipan.app.correspondence.errors import CorrespondenceError
from qipan.app.correspondence.model import VERIFIED, CorrespondenceRecord
from qipan.app.correspondence.verify import verify
from qipan.app.move_log import entry, plies
from qipan.boardkit.store import Storage
from qipan.match import Match

Tr = Callable[..., str]
HUMAN = "human"
REMOTE = "remote"
"""A seat played on another device: this page never moves for it (nor does a computer)."""
KEY = "corr/"
"""`corr/<save id>`: a correspondence game kept on this device, with its secrets (never in a link)."""
FILE_SUFFIX = ".qipan-c1"


@dataclass(frozen=True)
class Outgoing:
    """What to send: the address (`url`), whether it fits a chat message (`fits`, else the file),
    the file's name and bytes, and to whom (names)."""

    url: str
    fits: bool
    filename: str
    data: bytes
    to: tuple[str, ...]
    what: str = "move"
    """What the game waits for from them (`Awaiting.what`: "join", "seed", "roll", "reveal", "move", "over")."""


def persons_of(names: Iterable[str], mine: Iterable[bool]) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """The persons of a table from the start dialog's seats: one per distinct name (the same name
    on several seats: one person holding them), this device's persons first (the creator is
    person 0). Returns (names per person, person per seat, this device's persons)."""
    seat_names = [n.strip() for n in names]
    flags = list(mine)
    order: list[str] = []
    for name in [n for n, me in zip(seat_names, flags) if me] + seat_names:
        if name not in order:
            order.append(name)
    owners = tuple(order.index(name) for name in seat_names)
    own = tuple(sorted({order.index(name) for name, me in zip(seat_names, flags) if me}))
    return tuple(order), owners, own


class Session:
    """One correspondence game on this device."""

    def __init__(self, device: Device, save_id: str, *, created: float | None = None,
                 start: dict[str, Any] | None = None, moves: Iterable[str] = (), fork_of: str | None = None,
                 random_bytes: RandomBytes = os.urandom, clock: Callable[[], float] = time.time) -> None:
        self.device = device
        self.save_id = save_id
        self.clock = clock
        self.random_bytes = random_bytes
        self.created = clock() if created is None else created
        self.start = start if start is not None else device.to_json()
        """The device before the unsent decisions (`moves`): they are taken back from it."""
        self.moves = list(moves)
        """The decisions played since `start` (unsent)."""
        self.fork_of = fork_of

    # -- starting ----------------------------------------------------------------------------------

    @classmethod
    def create(cls, game: str, players: int, *, names: Iterable[str], mine: Iterable[bool], dice: str = VERIFIED,
               variant: str | None = None, options: dict[str, Any] | None = None,
               random_bytes: RandomBytes = os.urandom, clock: Callable[[], float] = time.time) -> "Session":
        """A new game from the start dialog: `names` and `mine` per seat (this device plays the
        seats marked mine). Raises `CorrespondenceError` (a bad set-up, no seat of mine)."""
        persons, owners, own = persons_of(names, mine)
        if not own:
            raise CorrespondenceError("correspondence.err.seats")
        if len(persons) < 2:
            raise CorrespondenceError("correspondence.err.one_person")
        if any(not name for name in persons):
            raise CorrespondenceError("correspondence.err.no_name")
        device = Device.create(game, players, dice=dice, variant=variant, options=options, names=persons,
                               owners=owners, persons=own, random_bytes=random_bytes, clock=clock)
        device.advance()
        return cls(device, device.table.gid.hex(), random_bytes=random_bytes, clock=clock)

    @classmethod
    def receive(cls, text: str | bytes, persons: Iterable[int], *, random_bytes: RandomBytes = os.urandom,
                clock: Callable[[], float] = time.time) -> "Session":
        """A game this device has never seen, opened from a link or file, playing `persons`:
        joins when the invitation waits for them, and adds whatever is due from them."""
        device = Device.receive(text, persons, random_bytes=random_bytes, clock=clock)
        if device.awaiting().what == "join" and device.my_turn():
            device.join()
        _advance(device)
        return cls(device, device.table.gid.hex(), random_bytes=random_bytes, clock=clock)

    # -- reading -----------------------------------------------------------------------------------

    @property
    def table(self) -> Any:
        return self.device.table

    @property
    def game_id(self) -> str:
        return str(self.table.game)

    def seats(self) -> tuple[str, ...]:
        """Per seat: HUMAN (played here) or REMOTE (another device)."""
        return tuple(HUMAN if self.table.owner(s) in self.device.persons else REMOTE for s in range(self.table.players))

    def seat_name(self, seat: int) -> str:
        return str(self.table.names[self.table.owner(seat)])

    def match(self) -> Match | None:
        """A copy of the game as this device sees it (None until a verified game's seed is known)."""
        view = self.device.view.match
        return None if view is None else view.prefix(len(view.actions))

    def sent_plies(self) -> int:
        """How many actions were sent or received (earlier ones cannot be taken back)."""
        return self.device.base.plies

    def can_move(self) -> bool:
        waiting = self.device.awaiting()
        return waiting.what == "move" and waiting.person in self.device.persons

    def over(self) -> bool:
        return self.device.awaiting().what == "over"

    def due(self) -> bool:
        """Whether a link should go out now: something unsent while another device is awaited
        (or this game was never sent: the invitation)."""
        if self.device.my_turn():
            return False
        return bool(self.device.draft) or (self.device.sent_at is None and not self.device.record.messages
                                           and not self.over())

    def status(self, tr: Tr, when: Callable[[float], str]) -> str:
        """"Your turn", or who the game waits for (and since when this device sent its link)."""
        waiting = self.device.awaiting()
        if waiting.what == "over":
            return tr("correspondence.wait.over")
        if waiting.person in self.device.persons:
            return tr("correspondence.your_turn")
        text = tr(f"correspondence.wait.{waiting.what}", player=self.table.names[waiting.person])
        since = self.device.waiting_since
        if since is not None and not self.device.draft:
            text = tr("correspondence.with_since", text=text, since=tr("correspondence.waiting_since", when=when(since)))
        return text

    def recipients(self) -> tuple[str, ...]:
        """The names of whoever the game waits for (the link goes to them)."""
        waiting = self.device.awaiting()
        return () if waiting.person < 0 else (str(self.table.names[waiting.person]),)

    def verdict(self, tr: Tr) -> str | None:
        """Verified dice: "Dice verified: …" (the whole record re-checked by verify() once the game
        is over: its failing step if any; before, what the replay of every link checked so far)."""
        if self.over():
            return verify(self.device.record).text(tr)
        if self.table.dice != VERIFIED or self.device.base.match is None:
            return None
        base = self.device.base
        return tr("correspondence.verify.ok", rolls=base.rolls_verified, moves=base.plies)

    def since(self, tr: Tr, opened: Opened) -> list[str]:
        """What was played since this device's last link, in the move log's words, with names."""
        match = self.device.view.match
        if match is None or not opened.plies:
            return []
        words = games.ui(self.game_id).words
        lines = []
        for ply in plies(match, opened.plies.start)[:len(opened.plies)]:
            item = entry(words, ply, tr)
            actor = item.actor
            name = self.seat_name(actor) if 0 <= actor < self.table.players else tr("correspondence.dice_actor")
            lines.append(tr("correspondence.since_line", player=name, move=item.words))
        return lines

    # -- acting ------------------------------------------------------------------------------------

    def play(self, text: str) -> None:
        """A decision of a seat of this device (raises `CorrespondenceError` when it is not its move)."""
        self.device.play(text)
        self.moves.append(text)

    def take_back(self, count: int) -> None:
        """Take back the last `count` unsent decisions: the device again as before them (fresh
        random bytes: nothing of it was sent)."""
        if count <= 0 or self.start is None or count > len(self.moves):
            return
        keep = self.moves[:-count]
        device = Device.from_json(self.start, random_bytes=self.random_bytes, clock=self.clock)
        device.advance()
        for text in keep:
            device.play(text)
        self.device, self.moves = device, keep

    def send(self, base: str) -> Outgoing:
        """Seal the draft (nothing of it can be taken back now) and give what to send."""
        to, what = self.recipients(), self.device.awaiting().what
        url = self.device.send(base)
        self.start, self.moves = self.device.to_json(), []
        name = f"{self.game_id}-{self.save_id[:8]}-{len(self.device.record.messages)}{FILE_SUFFIX}"
        return Outgoing(url, link.fits_link(self.device.record, base), name, self.device.file(), to, what)

    def sealed(self, base: str) -> tuple["Session", Outgoing]:
        """A copy of this game with the draft sealed, and what to send; this game is unchanged
        (it takes the copy with `take` once the copy is safely kept: a link is never offered
        whose secrets were not stored)."""
        copy = Session.from_json(self.to_json(), random_bytes=self.random_bytes, clock=self.clock)
        return copy, copy.send(base)

    def take(self, other: "Session") -> None:
        """Become `other` (a copy of this game: `sealed`, or the copy another tab kept)."""
        self.device, self.start, self.moves = other.device, other.start, list(other.moves)
        self.created, self.fork_of = other.created, other.fork_of

    def open(self, text: str | bytes) -> Opened:
        """Open a link or file of this game (`Device.open`), then add what is due from this device
        with no choice (a witness's half of a roll, a reveal). Raises `CorrespondenceError`."""
        before = self.device.to_json()
        opened = self.device.open(text)
        if opened.kind == "new":
            try:
                _advance(self.device)
            except CorrespondenceError:
                self.device = Device.from_json(before, random_bytes=self.random_bytes, clock=self.clock)
                raise
            self.start, self.moves = self.device.to_json(), []
        return opened

    def fork(self, theirs: CorrespondenceRecord, save_id: str) -> "Session":
        """The refused other version, kept as a game of its own (this device's persons, no secrets:
        it can be looked at and re-checked, and played on where it needs none)."""
        device = Device(theirs, self.device.persons, random_bytes=self.random_bytes, clock=self.clock)
        device.received_at = self.clock()
        return Session(device, save_id, fork_of=self.save_id, random_bytes=self.random_bytes, clock=self.clock)

    # -- storage -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"device": self.device.to_json(), "id": self.save_id, "created": self.created, "saved": self.clock(),
                "start": self.start, "moves": list(self.moves), "fork_of": self.fork_of}

    @classmethod
    def from_json(cls, data: dict[str, Any], *, random_bytes: RandomBytes = os.urandom,
                  clock: Callable[[], float] = time.time) -> "Session":
        """Read a kept game. Raises `CorrespondenceError`."""
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise CorrespondenceError("correspondence.err.malformed", field="save")
        device = Device.from_json(data.get("device"), random_bytes=random_bytes, clock=clock)  # type: ignore[arg-type]
        moves = data.get("moves") or []
        start = data.get("start")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves) or not isinstance(start, (dict, type(None))):
            moves, start = [], None  # the undo trail is lost, the game is not
        created = data.get("created")
        fork_of = data.get("fork_of")
        return cls(device, data["id"], created=float(created) if isinstance(created, (int, float)) else 0.0,
                   start=start, moves=moves, fork_of=fork_of if isinstance(fork_of, str) else None,
                   random_bytes=random_bytes, clock=clock)


def _advance(device: Device) -> None:
    """What is due from this device with no choice; a half of a roll or a start row that only
    another device knows (this person joined elsewhere) is refused: `correspondence.err.elsewhere`."""
    waiting = device.awaiting()
    mine = waiting.person in device.persons
    if mine and waiting.what in ("seed", "roll") and waiting.person not in device.chains:
        raise CorrespondenceError("correspondence.err.elsewhere", player=device.table.names[waiting.person])
    if mine and waiting.what == "reveal" and not all(h.ply in device.hidden for h in device.view.unrevealed()
                                                     if h.person in device.persons):
        raise CorrespondenceError("correspondence.err.elsewhere", player=device.table.names[waiting.person])
    device.advance()


# -- kept in storage ----------------------------------------------------------------------------------


def store(storage: Storage, session: Session) -> str:
    """Keep the game (its secrets with it) under `corr/<id>`; the text written. Raises `StorageError`."""
    text = json.dumps(session.to_json(), ensure_ascii=False, separators=(",", ":"))
    storage.set(KEY + session.save_id, text)
    return text


def load(storage: Storage, save_id: str, **kwargs: Any) -> Session | None:
    """The kept game `save_id` (None if there is none). Raises `CorrespondenceError` when the
    text cannot be read (it is left where it is)."""
    raw = storage.get(KEY + save_id)
    if raw is None:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise CorrespondenceError("correspondence.err.malformed", field="save") from None
    return Session.from_json(data, **kwargs)


def remove(storage: Storage, save_id: str) -> None:
    """Delete a kept game for good (the player asked)."""
    storage.remove(KEY + save_id)


def kept(storage: Storage) -> list[tuple[str, Session | None]]:
    """Every kept correspondence game (None where one cannot be read), newest first."""
    found: list[tuple[float, str, Session | None]] = []
    for key in storage.keys(KEY):
        save_id = key[len(KEY):]
        try:
            session = load(storage, save_id)
        except CorrespondenceError:
            session = None
        saved = 0.0
        raw = storage.get(key)
        try:
            value = json.loads(raw or "{}").get("saved", 0)
            saved = float(value) if isinstance(value, (int, float)) else 0.0
        except (ValueError, AttributeError, RecursionError):
            pass
        found.append((saved, save_id, session))
    return [(save_id, session) for _, save_id, session in sorted(found, key=lambda f: (f[0], f[1]), reverse=True)]


def fork_id(storage: Storage, save_id: str) -> str:
    """An id for another version of `save_id` that no kept game has."""
    n = 2
    while storage.get(f"{KEY}{save_id}-{n}") is not None:
        n += 1
    return f"{save_id}-{n}"


class ChangedElsewhere(Exception):
    """The kept copy of a game is not what this tab last read or wrote: another tab changed it."""


class Shelf:
    """This tab's view of the kept games by link: it remembers the text it last read or wrote
    for each, so that it never overwrites a copy another tab changed since (that copy's secrets
    would be lost). docs/correspondence.md, "Several tabs"."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.seen: dict[str, str] = {}
        """save id -> the text this tab last read or wrote under `corr/<id>`."""

    def load(self, save_id: str, **kwargs: Any) -> Session | None:
        """`load`, remembering what was read. Raises `CorrespondenceError`."""
        raw = self.storage.get(KEY + save_id)
        session = load(self.storage, save_id, **kwargs)
        if raw is not None:
            self.seen[save_id] = raw
        return session

    def changed(self, save_id: str) -> bool:
        """Whether the kept copy differs from what this tab last read or wrote (a copy this tab
        never read counts as changed; a deleted one does not: writing it again loses nothing)."""
        raw = self.storage.get(KEY + save_id)
        return raw is not None and raw != self.seen.get(save_id)

    def store(self, session: Session) -> None:
        """Keep `session` unless another tab changed its copy. Raises `ChangedElsewhere`, `StorageError`."""
        if self.changed(session.save_id):
            raise ChangedElsewhere(session.save_id)
        self.seen[session.save_id] = store(self.storage, session)

    def fork_for(self, session: Session, theirs: CorrespondenceRecord, text: str | bytes) -> Session:
        """Where a refused other version of `session` goes: a kept copy of another version that
        the link or file `text` opens on (it extends it, or is the same or older), else a new copy."""
        for key in self.storage.keys(f"{KEY}{session.save_id}-"):
            try:
                copy = self.load(key[len(KEY):], random_bytes=session.random_bytes, clock=session.clock)
                if copy is None or copy.fork_of != session.save_id:
                    continue
                copy.open(text)
            except CorrespondenceError:
                continue
            return copy
        return session.fork(theirs, fork_id(self.storage, session.save_id))


def save_id_of(text: str | bytes) -> str:
    """The id a link's or file's game is kept under (its game id). Raises `CorrespondenceError`."""
    record = link.from_file(text) if isinstance(text, bytes) else link.decode(text)
    return record.table.gid.hex()
