"""One device's side of a correspondence game: its copy of the record, the seats it plays, its
secrets (hash chains, hidden choices) and the entries it has not sent yet (the draft).

A device never trusts a link: `open` replays and checks all of it, then compares it with the copy
it keeps. The same history or an older one changes nothing and says so; a longer one is taken
and its new moves returned; one that departs from the copy is refused (`correspondence.err.fork`,
the other copy in the error's `theirs`, so the page can keep both). Opening has no other effect,
so a link preview that opens a link first changes nothing either.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from qipan import games
from qipan.app.correspondence import crypto, link
from qipan.app.correspondence.errors import CorrespondenceError
from qipan.app.correspondence.model import (
    VERIFIED, Awaiting, CorrespondenceRecord, Message, Replay, Table)
from qipan.core import GameRecord

RandomBytes = Callable[[int], bytes]
Clock = Callable[[], float]


@dataclass(frozen=True)
class Opened:
    """What opening a link did: kind "same" (nothing new), "older" (an earlier link: nothing new)
    or "new" (moves taken); `plies` are the new actions (indexes into the match, chance outcomes
    included) for the move log's words; `key` says it (correspondence.open.*)."""

    kind: str
    plies: range
    awaiting: Awaiting
    draft_dropped: bool = False

    @property
    def key(self) -> str:
        return f"correspondence.open.{self.kind}"


class Device:
    """A device playing some of the seats of a correspondence game (its persons' seats)."""

    def __init__(self, record: CorrespondenceRecord, persons: Iterable[int], *,
                 random_bytes: RandomBytes = os.urandom, clock: Clock = time.time) -> None:
        self.record = record
        self.persons = frozenset(persons)
        if not self.persons or not all(0 <= p < record.table.persons for p in self.persons):
            raise CorrespondenceError("correspondence.err.seats")
        self.random_bytes = random_bytes
        self.clock = clock
        self.chains: dict[int, tuple[bytes, int]] = {}
        """Per person of this device: its chain's secret start and how many links it revealed."""
        self.hidden: dict[int, tuple[bytes, str]] = {}
        """Per ply of this device's hidden choices: the salt and the action."""
        self.draft: list[Message] = []
        self.sent_at: float | None = None
        self.received_at: float | None = None
        self._view: Replay | None = None
        self._base: Replay | None = None

    # -- starting --------------------------------------------------------------------------------

    @classmethod
    def create(cls, game: str, players: int, *, dice: str = VERIFIED, variant: str | None = None,
               options: dict[str, Any] | None = None, names: tuple[str, ...] = (),
               owners: tuple[int, ...] | None = None, persons: Iterable[int] = (0,),
               random_bytes: RandomBytes = os.urandom, clock: Clock = time.time) -> "Device":
        """A new game on the creator's device (who is person 0). Verified dice: the draft holds the
        creator's chain tip; send the invitation link to the next player."""
        owners = tuple(range(players)) if owners is None else tuple(owners)
        count = max(owners) + 1 if owners else 0
        names = tuple(names) or tuple(f"{n + 1}" for n in range(count))
        table = Table(game, players, random_bytes(crypto.GID_BYTES), dice, variant, dict(options or {}),
                      names, owners).check()
        full = games.get(game).setup(players, variant, dict(options or {}))[1]
        defaults = games.get(game).options
        table = Table(table.game, players, table.gid, dice, variant,
                      {k: v for k, v in full.items() if defaults[k] != v}, names, owners)
        device = cls(CorrespondenceRecord(table), persons, random_bytes=random_bytes, clock=clock)
        if 0 not in device.persons:
            raise CorrespondenceError("correspondence.err.seats")
        if dice == VERIFIED:
            device._new_chain(0)
        return device

    @classmethod
    def receive(cls, text: str | bytes, persons: Iterable[int], *, random_bytes: RandomBytes = os.urandom,
                clock: Clock = time.time) -> "Device":
        """A device that has no copy yet opens a link (or file) and plays `persons`' seats."""
        record = link.from_file(text) if isinstance(text, bytes) else link.decode(text)
        Replay(record)
        device = cls(record, persons, random_bytes=random_bytes, clock=clock)
        device.received_at = clock()
        return device

    def join(self) -> None:
        """Accept the invitation (verified dice): each person of this device adds fresh bytes to
        the seed and the tip of their hash chain. Raises if no person of this device is due."""
        done = False
        while True:
            waiting = self.view.awaiting()
            if waiting.what != "join" or waiting.person not in self.persons or waiting.person == 0:
                break
            self._add(waiting.person, "r" + crypto.b64(self.random_bytes(crypto.FRESH_BYTES)))
            self._new_chain(waiting.person)
            done = True
        if not done:
            raise CorrespondenceError("correspondence.err.not_your_turn")

    # -- reading ---------------------------------------------------------------------------------

    @property
    def table(self) -> Table:
        return self.record.table

    @property
    def view(self) -> Replay:
        """The game as this device sees it: the record, its draft and its own hidden choices."""
        if self._view is None:
            self._view = self.base.extend(self.record.extended(*self.draft), self._known())
        return self._view

    @property
    def base(self) -> Replay:
        """The replay of the record alone (what was sent and received)."""
        if self._base is None:
            self._base = Replay(self.record, self._known())
        return self._base

    def _known(self) -> dict[int, tuple[bytes, str]]:
        return dict(self.hidden)

    def awaiting(self) -> Awaiting:
        return self.view.awaiting()

    def my_turn(self) -> bool:
        """Whether this device has something to do (a move, a join, a reveal)."""
        return self.awaiting().person in self.persons

    def legal(self) -> tuple[str, ...]:
        """The action texts this device may play now (none when it is not its move)."""
        view = self.view
        waiting = view.awaiting()
        if waiting.what != "move" or waiting.person not in self.persons or view.match is None:
            return ()
        state, game = view.match.state, view.match.game
        return tuple(game.action_text(state, a) for a in state.legal_actions())

    def game_record(self) -> GameRecord | None:
        """The game as an ordinary record (saves, share links, the move log), once its seed is
        known; during a hidden set-up, other players' choices are stand-ins."""
        match = self.view.match
        return None if match is None else match.record()

    @property
    def waiting_since(self) -> float | None:
        """When this device sent its last link, while it waits for another player."""
        return None if self.my_turn() else self.sent_at

    # -- acting ----------------------------------------------------------------------------------

    def _add(self, person: int, entry: str) -> None:
        if self.draft and self.draft[-1].person == person:
            last = self.draft[-1]
            self.draft[-1] = Message(person, last.entries + (entry,))
        else:
            self.draft.append(Message(person, (entry,)))
        self._view = None

    def _new_chain(self, person: int) -> None:
        start = self.random_bytes(crypto.VALUE_BYTES)
        self.chains[person] = (start, 0)
        self._add(person, "c" + crypto.b64(crypto.chain_link(self.table.gid, person, start, crypto.CHAIN_LENGTH)))

    def _reveal_link(self, person: int) -> None:
        start, used = self.chains[person]
        used += 1
        self.chains[person] = (start, used)
        self._add(person, "v" + crypto.b64(crypto.chain_link(self.table.gid, person, start, crypto.CHAIN_LENGTH - used)))
        if used == crypto.CHAIN_LENGTH:
            self._new_chain(person)

    def play(self, text: str) -> None:
        """Play a decision of a seat of this device: checked, added to the draft (a hidden choice as
        its commitment, a decision followed by a roll with fresh bytes); then whatever is due
        on this device by itself (`advance`). Raises `CorrespondenceError`."""
        self.advance()
        view = self.view
        waiting = view.awaiting()
        if waiting.what != "move" or waiting.person not in self.persons or view.match is None:
            raise CorrespondenceError("correspondence.err.not_your_turn")
        state, game = view.match.state, view.match.game
        try:
            text = game.action_text(state, game.parse_action(state, text))
            hidden = view.is_hidden_choice(state, text)
            rolls = state.apply(game.parse_action(state, text)).is_chance()
        except ValueError:
            raise CorrespondenceError("correspondence.err.illegal_here", move=text[:40]) from None
        ply = view.plies
        entries: list[str] = []
        if hidden:
            salt = self.random_bytes(crypto.VALUE_BYTES)
            self.hidden[ply] = (salt, text)
            entries.append("h" + crypto.b64(crypto.hide(self.table.gid, ply, salt, text)))
        else:
            entries.append("a" + text)
        if self.table.dice == VERIFIED and rolls:
            entries.append("r" + crypto.b64(self.random_bytes(crypto.FRESH_BYTES)))
        for entry in entries:
            self._add(waiting.person, entry)
        self._view = None
        self.advance()

    def advance(self) -> list[str]:
        """Add what is due from this device without a choice: the creator's share of the seed, a
        witness's share of a roll, the reveal of a hidden choice once the set-up is over. Returns
        the entries added (none when nothing is due)."""
        added: list[str] = []
        while True:
            waiting = self.view.awaiting()
            person = waiting.person
            if person not in self.persons:
                break
            if waiting.what in ("seed", "roll"):
                self._reveal_link(person)
            elif waiting.what == "reveal":
                ply = self.view.unrevealed()[-1].ply
                salt, text = self.hidden[ply]
                self._add(person, "s" + crypto.b64(salt) + text)
            else:
                break
            added.append(self.draft[-1].entries[-1])
        return added

    def discard(self) -> None:
        """Forget the draft (nothing of it was sent)."""
        self.draft = []
        self._view = None

    def send(self, base: str = "") -> str:
        """Seal the draft into the record and give the address to send: `base` + `#c1.…` (the same
        link again when there is nothing new)."""
        if self.draft:
            view = self.view  # checked before it is sealed
            self.record, self._base, self._view = view.record, view, None
            self.draft = []
            self.sent_at = self.clock()
        return base + link.fragment(self.record)

    def file(self) -> bytes:
        """The sent record as a file (when the link would be too long)."""
        return link.to_file(self.record)

    # -- opening ---------------------------------------------------------------------------------

    def open(self, text: str | bytes) -> Opened:
        """Open a link or file of this game: replay and check it, compare it with this copy.
        Raises `CorrespondenceError` (this device unchanged): damaged, another game, a forgery,
        or a fork (`correspondence.err.fork`, the other copy in `theirs`)."""
        theirs = link.from_file(text) if isinstance(text, bytes) else link.decode(text)
        mine = self.record
        if theirs.table.gid != mine.table.gid:
            raise CorrespondenceError("correspondence.err.other_game")
        if theirs.table != mine.table:
            raise CorrespondenceError("correspondence.err.fork", theirs=theirs, step=0)
        ours, other = mine.messages, theirs.messages
        common = 0
        while common < min(len(ours), len(other)) and ours[common] == other[common]:
            common += 1
        if common < len(ours) and common < len(other):
            Replay(theirs)  # a damaged or forged fork is refused as such
            raise CorrespondenceError("correspondence.err.fork", theirs=theirs, step=common + 1)
        before = self.base
        if common == len(other):
            kind = "same" if len(other) == len(ours) else "older"
            return Opened(kind, range(before.plies, before.plies), before.awaiting())
        for step, message in enumerate(other[common:], common + 1):
            if message.person in self.persons:
                raise CorrespondenceError("correspondence.err.not_from_me", step=step)
        after = before.extend(theirs, self._known())
        dropped = False
        self.record, self._base, self._view = theirs, after, None
        if self.draft:
            try:
                self.view.awaiting()
            except CorrespondenceError:
                dropped = True
                self.discard()
        self.received_at = self.clock()
        return Opened("new", range(before.plies, after.plies), self.view.awaiting(), dropped)

    # -- the device's own store ----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything this device keeps (its secrets included: never put this in a link)."""
        return {
            "record": self.record.to_json(),
            "persons": sorted(self.persons),
            "chains": {str(p): [crypto.b64(s), n] for p, (s, n) in self.chains.items()},
            "hidden": {str(ply): [crypto.b64(s), t] for ply, (s, t) in self.hidden.items()},
            "draft": [m.to_json() for m in self.draft],
            "sent_at": self.sent_at,
            "received_at": self.received_at,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], *, random_bytes: RandomBytes = os.urandom,
                  clock: Clock = time.time) -> "Device":
        """A device's copy as `to_json` wrote it. Raises `CorrespondenceError`."""
        try:
            record = CorrespondenceRecord.from_json(data["record"])
            device = cls(record, data["persons"], random_bytes=random_bytes, clock=clock)
            for p, (s, n) in data.get("chains", {}).items():
                device.chains[int(p)] = (_bytes(s), int(n))
            for ply, (s, t) in data.get("hidden", {}).items():
                device.hidden[int(ply)] = (_bytes(s), str(t))
            device.draft = [Message.from_json(m, i + 1) for i, m in enumerate(data.get("draft", []))]
            device.sent_at, device.received_at = data.get("sent_at"), data.get("received_at")
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, CorrespondenceError):
                raise
            raise CorrespondenceError("correspondence.err.malformed", field="device") from None
        device.view.awaiting()  # replays: a damaged copy is refused here, not later
        return device


def _bytes(text: str) -> bytes:
    data = crypto.unb64(text)
    if data is None:
        raise ValueError("not base64url")
    return data
