"""The game record: set-up plus the text of every action, chance outcomes included.

It is what saves, undo, share links and embeds store. Replaying it (`qipan.match`) reproduces
the game exactly. The JSON form is versioned; `from_json` reads every version ever written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from qipan.core.errors import RecordError

FORMAT = "qipan-record"
VERSION = 1


@dataclass(frozen=True)
class GameRecord:
    """One game: what it is, how it was set up, and every action played."""

    game: str
    players: int
    seed: int
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (the current format version)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
        }

    def dumps(self) -> str:
        """Compact JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> "GameRecord":
        """Read a record (dict or JSON text). Raises `RecordError` saying what is wrong."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise RecordError(f"not a game record: the text is not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise RecordError("not a game record: expected a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record: format is {data.get('format')!r}, expected {FORMAT!r}")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(f"record version {version!r} is not one this app can read (it reads {VERSION})")
        game, players, seed = data.get("game"), data.get("players"), data.get("seed")
        variant, options, actions = data.get("variant"), data.get("options", {}), data.get("actions")
        if not isinstance(game, str) or not game:
            raise RecordError("record has no game id")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError(f"record's player count {players!r} is not a number")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"record's seed {seed!r} is not a whole number")
        if variant is not None and not isinstance(variant, str):
            raise RecordError(f"record's variant {variant!r} is not text")
        if not isinstance(options, dict):
            raise RecordError("record's options are not an object")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record's actions are not a list of texts")
        return cls(game, players, seed, variant, dict(options), tuple(actions))
