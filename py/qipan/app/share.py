"""Share links: a whole game (its record) or one position, packed into a short URL-safe token.

A token is `<kind><version>.<payload>`: kind `r` (a game record) or `p` (a position), version `1`,
payload = base64url (no padding) of zlib-compressed UTF-8 text — the record's compact JSON, or
`<game id>\\n<position text>`. Readers accept every version ever written (today: 1); anything
malformed raises `ShareError` (a `RecordError`, so a `NotationError` and a `ValueError`) saying
what is wrong. The token goes in the page URL as `?share=<token>` (docs/embed.md).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass

from qipan.boardkit.markup import html
from qipan.core import GameRecord, RecordError

VERSION = 1
MAX_TOKEN = 16_000
"""Longest token read (browsers and servers cut URLs somewhere above this)."""
MAX_TEXT = 200_000
"""Most bytes a payload may inflate to (a hostile link must not make the page allocate much)."""

_TOKEN = re.compile(r"([rp])([0-9]{1,3})\.([A-Za-z0-9_-]*)")
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")


class ShareError(RecordError):
    """A share link that cannot be read (cut short, damaged, from an unknown version)."""


@dataclass(frozen=True)
class Shared:
    """What a link carries: a record (kind "record"), or a game id and a position (kind "position")."""

    kind: str
    game: str
    record: GameRecord | None = None
    position: str | None = None


EMBED_PAGE = "embed.html"
"""The page other sites may frame (netlify.toml); the old embed address, the app's own page with
?embed=1&..., is redirected there (docs/embed.md)."""


def embed_page(base: str) -> str:
    """The embed page beside the app's address `base` (without its query): https://x/qipan/ or
    https://x/qipan/index.html -> https://x/qipan/embed.html."""
    return base.rsplit("/", 1)[0] + "/" + EMBED_PAGE


def _pack(text: str) -> str:
    data = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unpack(payload: str) -> str:
    if not payload:
        raise ShareError("the share link is empty after its version mark")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("the share link is damaged (not base64url text)") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data, MAX_TEXT + 1)
    except zlib.error:
        raise ShareError("the share link is damaged or cut short (its data does not unpack)") from None
    if len(raw) > MAX_TEXT or inflater.unconsumed_tail:
        raise ShareError("the share link unpacks to too much text")
    if not inflater.eof:
        raise ShareError("the share link is cut short (its data ends early)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareError("the share link is damaged (its text is not UTF-8)") from None


def secret(match) -> bool:
    """Whether the game hides something its record or position text would give away (Table
    Gype's start rows while the set-up goes on: its Words say so). Nothing is shared then."""
    from qipan import games
    return games.ui(match.game.id).words.secret(match.state)


def links(match, base: str, tr) -> tuple[tuple[str, str], ...] | str:
    """The share dialog's rows (label, text): the whole game's link (not for a game played on
    from an edited position: no record replays it), this position's link and the embed code;
    or, while the game keeps a secret, the reason nothing can be shared yet."""
    if secret(match):
        return tr("share.secret")
    position_token = encode_position(match.game.id, match.game.position(match.state))
    from_position = match.start_position is not None
    token = position_token if from_position else encode_record(match.record())
    embed = (f'<iframe src="{html(embed_page(base))}?embed=1&amp;mode={"view" if from_position else "step"}&amp;share={token}" '
             f'title="{html(tr(f"game.{match.game.id}"))}" width="100%" height="480" style="border:0" '
             f'loading="lazy"></iframe>')
    return ((() if from_position else ((tr("share.game_link"), f"{base}?share={token}"),))
            + ((tr("share.position_link"), f"{base}?share={position_token}"), (tr("share.embed_code"), embed)))


def encode_record(record: GameRecord) -> str:
    """The token of a whole game."""
    return f"r{VERSION}." + _pack(record.dumps())


def encode_position(game_id: str, position: str) -> str:
    """The token of one position of a game (its position text, as the game prints it)."""
    if not _GAME_ID.fullmatch(game_id):
        raise ShareError(f"{game_id!r} is not a game id")
    return f"p{VERSION}." + _pack(f"{game_id}\n{position}")


def decode(token: str) -> Shared:
    """Read a token. Raises `ShareError` saying what is wrong. Does not check the game exists or
    that the record replays (the caller does: `Match.from_record`, `games.get(...).parse_position`)."""
    if not isinstance(token, str):
        raise ShareError("the share link is not text")
    token = token.strip()
    if len(token) > MAX_TOKEN:
        raise ShareError(f"the share link is too long ({len(token)} characters; at most {MAX_TOKEN})")
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise ShareError("not a share link: expected r1.… (a game) or p1.… (a position)")
    kind, version, payload = match.group(1), int(match.group(2)), match.group(3)
    if version != VERSION:
        raise ShareError(f"share link version {version} is not one this app can read (it reads {VERSION})")
    text = _unpack(payload)
    if kind == "r":
        try:
            record = GameRecord.from_json(text)
        except RecordError as exc:
            raise ShareError(f"the shared game cannot be read: {exc}") from None
        return Shared("record", record.game, record=record)
    game, sep, position = text.partition("\n")
    if not sep or not _GAME_ID.fullmatch(game):
        raise ShareError("the shared position names no game")
    if not position.strip():
        raise ShareError("the shared position is empty")
    return Shared("position", game, position=position)
