"""Share links: a whole game (its record) or one position, packed into a short URL-safe token.

A token is `<kind><version>.<payload>`: kind `r` (a game record) or `p` (a position), payload =
base64url (no padding) of zlib-compressed UTF-8 text — `r1`: the record's compact JSON; `r2`: a
game with its analysis, `{"record": <record>, "analysis": <analysis_link.compact>}`; `p1`:
`<game id>\\n<position text>`. Readers accept every version ever written; anything malformed raises
`ShareError` (a `RecordError`, so a `NotationError` and a `ValueError`) saying what is wrong, except
an analysis that cannot be read: the game is still read and `Shared.analysis_error` says why. The
token goes in the page URL as `?share=<token>` (docs/embed.md).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from qipan.boardkit.markup import html
from qipan.core import GameRecord, RecordError

if TYPE_CHECKING:  # the analysis code is loaded only for a link that has one (the page's start stays light)
    from qipan.analysis import Analysis

VERSION = 1
WITH_ANALYSIS = 2
"""The version of a record token that carries the game's analysis too."""
LINK_LIMIT = 8_000
"""The longest token written with an analysis: past it the link carries the game alone (a URL
this long still opens everywhere; docs/embed.md)."""
MAX_TOKEN = 16_000
"""Longest token read (browsers and servers cut URLs somewhere above this)."""
MAX_TEXT = 200_000
"""Most bytes a payload may inflate to (a hostile link must not make the page allocate much)."""

_TOKEN = re.compile(r"([rp])([0-9]{1,3})\.([A-Za-z0-9_-]*)")
_READS = {("r", VERSION), ("r", WITH_ANALYSIS), ("p", VERSION)}
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_CUT_MARK = re.compile(r"(?:[rp][0-9]{0,3})?")
"""What is left of a token cut before its data (its version mark, or less)."""


class ShareError(RecordError):
    """A share link that cannot be read (cut short, damaged, from an unknown version). Its text
    says what is wrong in detail (English, for the developer); `why` says it in the player's
    terms, a `share.why.*` string key (see `why`)."""

    def __init__(self, detail: str, why: str = "damaged") -> None:
        super().__init__(detail)
        self.why = why


WHYS = ("incomplete", "damaged", "newer", "too_long", "unknown_game")
"""The reasons a link cannot be opened, as the player is told them (string keys `share.why.<why>`)."""


def why(exc: Exception) -> str:
    """Why a link could not be opened, in the player's terms (one of `WHYS`): a ShareError says;
    a game this app does not have is "unknown_game"; anything else a link led to (a record that
    does not replay, a position that does not parse) is "damaged"."""
    from qipan.games import UnknownGame
    if isinstance(exc, ShareError):
        return exc.why
    return "unknown_game" if isinstance(exc, UnknownGame) else "damaged"


@dataclass(frozen=True)
class Shared:
    """What a link carries: a record (kind "record"), or a game id and a position (kind "position")."""

    kind: str
    game: str
    record: GameRecord | None = None
    position: str | None = None
    analysis: dict[str, Any] | None = None
    """The game's analysis (`Analysis.to_json` form, not yet checked against the game), if the link has one."""
    analysis_error: str = ""
    """Why the link's analysis could not be read ("" when it could, or there is none)."""

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
        raise ShareError("the share link is empty after its version mark", "incomplete")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("the share link is cut short or damaged (not base64url text)", "incomplete") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data, MAX_TEXT + 1)
    except zlib.error:
        raise ShareError("the share link is damaged or cut short (its data does not unpack)") from None
    if len(raw) > MAX_TEXT or inflater.unconsumed_tail:
        raise ShareError("the share link unpacks to too much text")
    if not inflater.eof:
        raise ShareError("the share link is cut short (its data ends early)", "incomplete")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareError("the share link is damaged (its text is not UTF-8)") from None


def secret(match) -> bool:
    """Whether the game hides something its record or position text would give away (Table
    Gype's start rows while the set-up goes on: its Words say so). Nothing is shared then."""
    from qipan import games
    return games.ui(match.game.id).words.secret(match.state)


def links(match, base: str, tr, analysis: Analysis | None = None) -> tuple[tuple[str, str], ...] | str:
    """The share dialog's rows (label, text): the whole game's link (not for a game played on
    from an edited position: no record replays it), with `analysis` when it fits (its label says
    whether it is in), this position's link and the embed code (showing the analysis when the
    link has it); or, while the game keeps a secret, the reason nothing can be shared yet."""
    if secret(match):
        return tr("share.secret")
    position_token = encode_position(match.game.id, match.game.position(match.state))
    from_position = match.start_position is not None
    token = position_token if from_position else encode_record(match.record(), analysis)
    carried = token.startswith(f"r{WITH_ANALYSIS}.")
    label = tr("share.game_link")
    if analysis is not None and not from_position:
        label = tr("share.game_link_analysis" if carried else "share.game_link_too_long")
    show = "&amp;analysis=1" if carried else ""
    embed = (f'<iframe src="{html(embed_page(base))}?embed=1&amp;mode={"view" if from_position else "step"}{show}&amp;share={token}" '
             f'title="{html(tr(f"game.{match.game.id}"))}" width="100%" height="480" style="border:0" '
             f'loading="lazy"></iframe>')
    return ((() if from_position else ((label, f"{base}?share={token}"),))
            + ((tr("share.position_link"), f"{base}?share={position_token}"), (tr("share.embed_code"), embed)))


def encode_record(record: GameRecord, analysis: Analysis | None = None) -> str:
    """The token of a whole game; with its `analysis` in compact form (`r2`) when the token then
    stays within `LINK_LIMIT`, else the game alone (`r1`)."""
    if analysis is not None:
        from qipan.app.analysis_link import compact
        text = json.dumps({"record": record.to_json(), "analysis": compact(analysis)},
                          ensure_ascii=False, separators=(",", ":"))
        token = f"r{WITH_ANALYSIS}." + _pack(text)
        if len(token) <= LINK_LIMIT:
            return token
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
        raise ShareError(f"the share link is too long ({len(token)} characters; at most {MAX_TOKEN})", "too_long")
    match = _TOKEN.fullmatch(token)
    if match is None:
        cut = _CUT_MARK.fullmatch(token)  # "", "r", "r1": cut before its data
        raise ShareError("not a share link: expected r1.… (a game) or p1.… (a position)",
                         "incomplete" if cut else "damaged")
    kind, version, payload = match.group(1), int(match.group(2)), match.group(3)
    if (kind, version) not in _READS:
        newer = version > max(v for k, v in _READS if k == kind)
        raise ShareError(f"share link version {version} is not one this app can read "
                         f"(it reads {', '.join(f'{k}{v}' for k, v in sorted(_READS))})", "newer" if newer else "damaged")
    text = _unpack(payload)
    if kind == "r":
        compacted: Any = None
        if version == WITH_ANALYSIS:
            try:
                both = json.loads(text)
            except (ValueError, RecursionError):
                raise ShareError("the shared game cannot be read: its data is not JSON") from None
            if not isinstance(both, dict) or "record" not in both:
                raise ShareError("the shared game cannot be read: it has no record")
            text, compacted = both["record"], both.get("analysis")
        try:
            record = GameRecord.from_json(text)
        except RecordError as exc:
            raise ShareError(f"the shared game cannot be read: {exc}") from None
        if version != WITH_ANALYSIS:
            return Shared("record", record.game, record=record)
        from qipan.analysis import AnalysisFormatError
        from qipan.app.analysis_link import expand
        try:
            analysis = expand(compacted, record.game, record.players, record.actions)
        except AnalysisFormatError as exc:
            return Shared("record", record.game, record=record, analysis_error=str(exc))
        return Shared("record", record.game, record=record, analysis=analysis)
    game, sep, position = text.partition("\n")
    if not sep or not _GAME_ID.fullmatch(game):
        raise ShareError("the shared position names no game")
    if not position.strip():
        raise ShareError("the shared position is empty")
    return Shared("position", game, position=position)
