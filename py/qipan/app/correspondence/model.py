"""A correspondence game as data (`Table`, `Message`, `CorrespondenceRecord`) and its replay
(`Replay`): every entry checked in order, every roll drawn again, every commitment compared with
its reveal. docs/correspondence.md is the specification; this module is its reference reader.

A record is the table (game, set-up, dice mode, who sits where) and the history: messages, each
written by one player (a person, who may hold several seats) on their device, in the order they
were sent. A message is a list of entries, each a kind letter and its text:

    a<action>    a decision of a seat the author holds (the game's action notation)
    h<commit>    a hidden decision (Table Gype's start row while the set-up goes on): its commitment
    s<salt><action>   the reveal of the author's earliest unrevealed hidden decision
    r<fresh>     verified dice: the chooser's fresh randomness (right after a decision that is
                 followed by a roll; and a joining player's contribution to the seed)
    c<tip>       verified dice: the tip of the author's new hash chain
    v<link>      verified dice: the author's next chain link (a witness's share of a roll, or the
                 creator's share of the seed)

Chance outcomes are never written: they are drawn again from the seed (friendly dice) or from the
roll keys (verified dice), so they cannot be forged.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from qipan import games
from qipan.app.correspondence import crypto
from qipan.app.correspondence.errors import CorrespondenceError
from qipan.core import Rng, State, mix
from qipan.match import Match

FRIENDLY = "friendly"
"""Dice from the shared seed, as in a game on one device: no extra message, and no protection: a
player who reads the seed (it is in the link) can foresee every roll. For friends who trust."""
VERIFIED = "verified"
"""Dice by commit and reveal: no player can know or steer a roll before their choice is fixed."""
DICE_MODES = (FRIENDLY, VERIFIED)

MAX_PERSONS = 8
MAX_NAME = 40
MAX_MESSAGES = 20_000
MAX_ENTRY = 400

_CHANCE_STREAM = 0x43484E43  # the same stream Match.sample_chance draws from
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_FRESH = crypto.b64_len(crypto.FRESH_BYTES)
_VALUE = crypto.b64_len(crypto.VALUE_BYTES)

Secret = Callable[[State[Any]], bool]


def _bad(field_name: str) -> CorrespondenceError:
    return CorrespondenceError("correspondence.err.malformed", field=field_name)


@dataclass(frozen=True)
class Table:
    """What is played and by whom: fixed when the game is created, the same in every link."""

    game: str
    players: int
    """Seats (the game's player count)."""
    gid: bytes
    """64 random bits naming this game on every device (and the friendly seed)."""
    dice: str = VERIFIED
    variant: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    """The house rules that differ from the game's defaults."""
    names: tuple[str, ...] = ()
    """One per person (a player who may hold several seats); metadata shown to the players."""
    owners: tuple[int, ...] = ()
    """For each seat, the person who plays it (default: person i plays seat i). Which of these
    persons a device plays is the device's own business (`Device.persons`), never the link's."""

    @property
    def persons(self) -> int:
        return len(self.names)

    def owner(self, seat: int) -> int:
        return self.owners[seat]

    def seats_of(self, person: int) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.owners) if p == person)

    @property
    def friendly_seed(self) -> int:
        return int.from_bytes(self.gid, "big")

    def check(self) -> "Table":
        """The table with the game's full options; `CorrespondenceError` for a bad set-up."""
        try:
            game = games.get(self.game)
        except games.UnknownGame:
            raise CorrespondenceError("correspondence.err.unknown_game", game=self.game) from None
        try:
            variant, _ = game.setup(self.players, self.variant, dict(self.options))
        except ValueError as exc:
            raise CorrespondenceError("correspondence.err.setup", game=self.game, problem=str(exc)) from None
        if self.dice not in DICE_MODES:
            raise _bad("dice")
        if len(self.gid) != crypto.GID_BYTES:
            raise _bad("id")
        if not 2 <= len(self.names) <= MAX_PERSONS or any(len(n) > MAX_NAME for n in self.names):
            raise _bad("names")
        if len(self.owners) != self.players or sorted(set(self.owners)) != list(range(len(self.names))):
            raise _bad("seats")
        return self

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"g": self.game, "n": self.players, "id": crypto.b64(self.gid),
                                "d": self.dice[0], "p": list(self.names)}
        if self.variant is not None and self.variant != games.get(self.game).variants[0]:
            data["v"] = self.variant
        defaults = games.get(self.game).options
        changed = {k: v for k, v in self.options.items() if defaults.get(k, object()) != v or type(defaults[k]) is not type(v)}
        if changed:
            data["o"] = changed
        if list(self.owners) != list(range(self.players)):
            data["w"] = list(self.owners)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Table":
        """Read and check a table. `CorrespondenceError` naming the field that is wrong."""
        if not isinstance(data, dict):
            raise _bad("table")
        game, players, gid_text = data.get("g"), data.get("n"), data.get("id")
        if not isinstance(game, str) or not _GAME_ID.fullmatch(game):
            raise _bad("g")
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 64:
            raise _bad("n")
        gid = crypto.unb64(gid_text, crypto.GID_BYTES) if isinstance(gid_text, str) else None
        if gid is None:
            raise _bad("id")
        dice = {"f": FRIENDLY, "v": VERIFIED}.get(data.get("d"))  # type: ignore[arg-type]
        if dice is None:
            raise _bad("d")
        variant = data.get("v")
        if variant is not None and not isinstance(variant, str):
            raise _bad("v")
        options = data.get("o", {})
        if not isinstance(options, dict):
            raise _bad("o")
        names = data.get("p")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise _bad("p")
        owners = data.get("w", list(range(players)))
        if not isinstance(owners, list) or not all(isinstance(o, int) and not isinstance(o, bool) for o in owners):
            raise _bad("w")
        unknown = set(data) - {"g", "n", "id", "d", "v", "o", "p", "w"}
        if unknown:
            raise _bad(sorted(unknown)[0])
        return cls(game, players, gid, dice, variant, dict(options), tuple(names), tuple(owners)).check()


@dataclass(frozen=True)
class Message:
    """What one person sent at one time: their entries, in order."""

    person: int
    entries: tuple[str, ...]

    def to_json(self) -> list[Any]:
        return [self.person, *self.entries]

    @classmethod
    def from_json(cls, data: Any, step: int) -> "Message":
        if (not isinstance(data, list) or len(data) < 2 or not isinstance(data[0], int)
                or isinstance(data[0], bool)):
            raise _bad(f"h[{step}]")
        if not all(isinstance(e, str) and 2 <= len(e) <= MAX_ENTRY for e in data[1:]):
            raise _bad(f"h[{step}]")
        return cls(data[0], tuple(data[1:]))


@dataclass(frozen=True)
class CorrespondenceRecord:
    """The whole game as a link carries it: the table and every message so far."""

    table: Table
    messages: tuple[Message, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**self.table.to_json(), "h": [m.to_json() for m in self.messages]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> "CorrespondenceRecord":
        """Read (not yet replay) a record. `CorrespondenceError` naming what is wrong."""
        if not isinstance(data, dict):
            raise _bad("record")
        history = data.get("h", [])
        if not isinstance(history, list) or len(history) > MAX_MESSAGES:
            raise _bad("h")
        table = Table.from_json({k: v for k, v in data.items() if k != "h"})
        messages = tuple(Message.from_json(m, i + 1) for i, m in enumerate(history))
        for i, message in enumerate(messages):
            if not 0 <= message.person < table.persons:
                raise _bad(f"h[{i + 1}]")
        return cls(table, messages)

    @classmethod
    def loads(cls, text: str) -> "CorrespondenceRecord":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise CorrespondenceError("correspondence.err.damaged") from None
        return cls.from_json(data)

    def extended(self, *messages: Message) -> "CorrespondenceRecord":
        return CorrespondenceRecord(self.table, self.messages + messages)


@dataclass
class Hidden:
    """A hidden decision: where, whose, its commitment and (once revealed, or known on the device
    that made it) its action."""

    ply: int
    person: int
    commitment: bytes
    step: int
    revealed: str | None = None


@dataclass
class Roll:
    """A roll waiting for its witness: the decision it follows and the chooser's fresh bytes."""

    ply: int
    chooser: int
    witness: int
    step: int
    fresh: bytes | None = None


@dataclass(frozen=True)
class Awaiting:
    """Who the game waits for, and for what: "join" (accept the invitation), "seed" (the creator
    reveals their share of the seed), "roll" (the witness reveals their share of a roll),
    "reveal" (a hidden choice is shown), "move" (a seat's decision), "over" (person -1)."""

    what: str
    person: int
    seat: int = -1


def hidden_secret(game_id: str) -> Secret:
    """The game's test of a position that hides earlier choices (its move-log words' `secret`:
    Table Gype's set-up); a decision there, followed by another such position, is hidden."""
    secret: Secret = games.ui(game_id).words.secret
    return secret


def witness_of(table: Table, seat: int) -> int:
    """The person who adds the second half of a roll after `seat`'s decision: the next person
    round the table (seat order) who is not the chooser."""
    chooser = table.owner(seat)
    for step in range(1, table.players + 1):
        person = table.owner((seat + step) % table.players)
        if person != chooser:
            return person
    raise CorrespondenceError("correspondence.err.malformed", field="w")


class Replay:
    """Replays a record entry by entry, checking each; raises `CorrespondenceError` at the first
    one that fails, naming its step (the message's number) and its author.

    `known` maps plies of hidden decisions to their salt and action where this device knows them
    (its own): they are played instead of a stand-in (the first legal action), which is what every
    other device plays until the reveal. `match` is None until a verified game's seed is known."""

    def __init__(self, record: CorrespondenceRecord, known: Mapping[int, tuple[bytes, str]] | None = None,
                 secret: Secret | None = None) -> None:
        self.record = record
        self.table = table = record.table
        self.known = dict(known or {})
        self.secret: Secret = secret or hidden_secret(table.game)
        self.game = games.get(table.game)
        self.heads: list[bytes | None] = [None] * table.persons
        self.fresh: list[bytes | None] = [None] * table.persons
        self.seed: int | None = table.friendly_seed if table.dice == FRIENDLY else None
        self.match: Match | None = None
        self.keys: dict[int, int] = {}
        """Verified dice: the roll key of every chance ply."""
        self.hidden: list[Hidden] = []
        self.roll: Roll | None = None
        self.plies_by_step: list[int] = []
        """How many actions the match had after each message (for "played since")."""
        self.rolls_verified = 0
        self.step = 0
        self.author = 0
        if self.seed is not None:
            self._start()
        for message in record.messages:
            self.add(message)

    def copy(self) -> "Replay":
        """An independent copy to replay more messages on (a device's draft, a longer link)."""
        other = copy.copy(self)
        other.known = dict(self.known)
        other.heads, other.fresh = list(self.heads), list(self.fresh)
        other.match = None if self.match is None else self.match.prefix(len(self.match.actions))
        other.keys = dict(self.keys)
        other.hidden = [dataclasses.replace(h) for h in self.hidden]
        other.roll = None if self.roll is None else dataclasses.replace(self.roll)
        other.plies_by_step = list(self.plies_by_step)
        return other

    def extend(self, record: CorrespondenceRecord, known: Mapping[int, tuple[bytes, str]] | None = None) -> "Replay":
        """This replay carried on to `record`, whose history begins with this one's (a copy);
        `known`: the device's hidden choices, if it has made more since."""
        other = self.copy()
        if known is not None:
            other.known = dict(known)
        for message in record.messages[len(self.record.messages):]:
            other.add(message)
        other.record = record
        return other

    # -- reading the state ----------------------------------------------------------------------

    @property
    def plies(self) -> int:
        return 0 if self.match is None else len(self.match.actions)

    def awaiting(self) -> Awaiting:
        table = self.table
        if self.match is None:
            for person in range(1, table.persons):
                if self.fresh[person] is None:
                    return Awaiting("join", person)
            if self.heads[0] is None:
                return Awaiting("join", 0)
            return Awaiting("seed", 0)
        if self.roll is not None:
            return Awaiting("roll", self.roll.witness)
        state = self.match.state
        pending = self.unrevealed()
        if pending and not self.secret(state):
            return Awaiting("reveal", pending[-1].person)
        if state.is_terminal():
            return Awaiting("over", -1)
        return Awaiting("move", table.owner(state.to_move), state.to_move)

    def unrevealed(self) -> list[Hidden]:
        """Hidden decisions not yet revealed in the record (known ones on this device included)."""
        return [h for h in self.hidden if h.revealed is None]

    def is_hidden_choice(self, state: State[Any], action_text: str) -> bool:
        """Whether playing `action_text` at `state` (a decision) must be sent as a commitment."""
        if not self.secret(state):
            return False
        after = state.apply(self.game.parse_action(state, action_text))
        return bool(self.secret(after))

    # -- replaying -----------------------------------------------------------------------------

    def _error(self, key: str, **values: Any) -> CorrespondenceError:
        names = self.table.names
        return CorrespondenceError(key, step=self.step, player=names[self.author], **values)

    def _start(self) -> None:
        table = self.table
        assert self.seed is not None
        try:
            self.match = Match.new(table.game, table.players, self.seed, table.variant, **dict(table.options))
        except ValueError as exc:
            raise CorrespondenceError("correspondence.err.setup", game=table.game, problem=str(exc)) from None
        self._draw(self.seed)  # rolls before the first decision: from the seed everyone made

    def _draw(self, key: int) -> None:
        """Play the chance outcomes due now: from the seed (friendly) or from `key` (verified)."""
        match = self.match
        assert match is not None
        while match.state.is_chance():
            if self.table.dice == FRIENDLY:
                match.sample_chance()
                continue
            ply = len(match.actions)
            self.keys[ply] = key
            outcome = Rng(mix(key, _CHANCE_STREAM, ply)).sample_outcome(match.state.chance_outcomes())
            match.play_action(outcome)

    def add(self, message: Message) -> None:
        """Replay one more message (the record is not extended: `Replay.record` stays as given)."""
        self.step += 1
        self.author = message.person
        if not 0 <= message.person < self.table.persons:
            raise _bad(f"h[{self.step}]")
        entries = message.entries
        for i, entry in enumerate(entries):
            self._entry(entry[0], entry[1:], entries[i + 1] if i + 1 < len(entries) else None)
        if self.roll is not None and self.roll.fresh is None:
            raise self._error("correspondence.err.no_fresh")
        self.plies_by_step.append(self.plies)

    def _entry(self, kind: str, body: str, following: str | None) -> None:
        if kind in "ah":
            self._decision(kind, body, following)
        elif kind == "r":
            self._fresh(body)
        elif kind == "c":
            self._chain(body)
        elif kind == "v":
            self._reveal(body)
        elif kind == "s":
            self._show(body)
        else:
            raise self._error("correspondence.err.entry", entry=kind + body[:12])

    def _value(self, body: str, size: int) -> bytes:
        data = crypto.unb64(body, size)
        if data is None:
            raise self._error("correspondence.err.entry", entry=body[:12])
        return data

    def _decision(self, kind: str, body: str, following: str | None) -> None:
        match, person = self.match, self.author
        if match is None:
            raise self._error("correspondence.err.too_early")
        if self.roll is not None:
            raise self._error("correspondence.err.roll_pending")
        if self.unrevealed() and not self.secret(match.state):
            raise self._error("correspondence.err.reveal_pending")
        state = match.state
        if state.is_terminal():
            raise self._error("correspondence.err.over")
        seat = state.to_move
        if self.table.owner(seat) != person:
            raise self._error("correspondence.err.out_of_turn", seat=seat + 1)
        ply = len(match.actions)
        if kind == "h":
            if not self.secret(state):
                raise self._error("correspondence.err.not_hidden")
            commitment = self._value(body, crypto.VALUE_BYTES)
            mine = self.known.get(ply)
            if mine is not None:
                salt, text = mine
                if crypto.hide(self.table.gid, ply, salt, text) != commitment:
                    raise self._error("correspondence.err.not_mine")
            else:
                text = self.game.action_text(state, state.legal_actions()[0])
            hidden = Hidden(ply, person, commitment, self.step)
            self.hidden.append(hidden)
            self._play(text, body)
            if not self.secret(match.state):
                raise self._error("correspondence.err.not_hidden")
        else:
            self._play(body, body)
        if match.state.is_chance():
            if self.table.dice == FRIENDLY:
                self._draw(0)
            else:
                self.roll = Roll(ply, person, witness_of(self.table, seat), self.step)
                if following is None or following[0] != "r":
                    raise self._error("correspondence.err.no_fresh")

    def _play(self, text: str, shown: str) -> None:
        assert self.match is not None
        try:
            self.match.play(text)
        except ValueError:
            raise self._error("correspondence.err.illegal", move=shown[:40], ply=len(self.match.actions) + 1) from None

    def _fresh(self, body: str) -> None:
        fresh = self._value(body, crypto.FRESH_BYTES)
        if self.table.dice != VERIFIED:
            raise self._error("correspondence.err.entry", entry="r")
        if self.match is None:
            if self.author == 0 or self.fresh[self.author] is not None:
                raise self._error("correspondence.err.entry", entry="r")
            self.fresh[self.author] = fresh
            return
        roll = self.roll
        if roll is None or roll.fresh is not None or roll.chooser != self.author or roll.step != self.step:
            raise self._error("correspondence.err.entry", entry="r")
        roll.fresh = fresh

    def _chain(self, body: str) -> None:
        tip = self._value(body, crypto.VALUE_BYTES)
        if self.table.dice != VERIFIED:
            raise self._error("correspondence.err.entry", entry="c")
        roll = self.roll
        if roll is not None and roll.fresh is not None and roll.witness == self.author:
            # a new chain now would let the witness pick their share after seeing the chooser's
            raise self._error("correspondence.err.chain_late")
        if self.match is None and self.author != 0 and self.fresh[self.author] is None:
            raise self._error("correspondence.err.entry", entry="c")
        self.heads[self.author] = tip

    def _reveal(self, body: str) -> None:
        value = self._value(body, crypto.VALUE_BYTES)
        person, head = self.author, self.heads[self.author]
        if head is None or self.table.dice != VERIFIED:
            raise self._error("correspondence.err.entry", entry="v")
        if crypto.chain_step(self.table.gid, person, value) != head:
            raise self._error("correspondence.err.reveal_mismatch")
        if self.match is None:
            if person != 0 or any(f is None for f in self.fresh[1:]):
                raise self._error("correspondence.err.entry", entry="v")
            self.heads[person] = value
            others = tuple(f for f in self.fresh[1:] if f is not None)
            self.seed = crypto.seed_key(self.table.gid, value, others)
            self._start()
            return
        roll = self.roll
        if roll is None or roll.witness != person or roll.fresh is None:
            raise self._error("correspondence.err.entry", entry="v")
        self.heads[person] = value
        self.roll = None
        self.rolls_verified += 1
        self._draw(crypto.roll_key(self.table.gid, roll.ply, roll.fresh, value))

    def _show(self, body: str) -> None:
        salt_text, text = body[:_VALUE], body[_VALUE:]
        salt = self._value(salt_text, crypto.VALUE_BYTES)
        waiting = [h for h in self.unrevealed() if h.person == self.author]
        if not waiting:
            raise self._error("correspondence.err.entry", entry="s")
        hidden = waiting[0]
        if crypto.hide(self.table.gid, hidden.ply, salt, text) != hidden.commitment:
            raise self._error("correspondence.err.hidden_mismatch", ply=hidden.ply + 1)
        hidden.revealed = text
        assert self.match is not None
        if not self.unrevealed() and not self.secret(self.match.state):
            self._rebuild()

    def _rebuild(self) -> None:
        """Every hidden choice is known: replay the game with them instead of the stand-ins, and
        check that no roll or later move depended on what was hidden."""
        old = self.match
        assert old is not None and self.seed is not None
        table = self.table
        true = {h.ply: h.revealed for h in self.hidden}
        match = Match.new(table.game, table.players, self.seed, table.variant, **dict(table.options))
        for ply, text in enumerate(old.actions):
            if old.was_chance(ply) and table.dice == VERIFIED:
                outcome = Rng(mix(self.keys[ply], _CHANCE_STREAM, ply)).sample_outcome(match.state.chance_outcomes())
                text_now = match.game.action_text(match.state, outcome)
                if text_now != text:
                    raise self._error("correspondence.err.hidden_changed", ply=ply + 1)
                match.play_action(outcome)
                continue
            if old.was_chance(ply):
                if match.sample_chance() != text:
                    raise self._error("correspondence.err.hidden_changed", ply=ply + 1)
                continue
            wanted = true.get(ply, text)
            assert wanted is not None
            try:
                match.play(wanted)
            except ValueError:
                raise self._error("correspondence.err.illegal", move=wanted[:40], ply=ply + 1) from None
        self.match = match
