"""A correspondence record as a link fragment (`#c1.<token>`) or as a small file (bytes).

Both carry the same data: a 4-byte check (crypto.check) and the record's compact JSON compressed
with raw DEFLATE (zlib, wbits -15: what the browser's CompressionStream("deflate-raw") makes).
The link writes them as base64url without padding after `c1.`; the file after the magic line
`qipan-c1\\n`. The `1` is the format version: readers accept every version ever written (today: 1).
Anything damaged, cut short, too long, from another version or not a game raises
`CorrespondenceError` with a `correspondence.err.*` key, and nothing is changed.
"""

from __future__ import annotations

import re
import zlib

from qipan.app.correspondence import crypto
from qipan.app.correspondence.errors import CorrespondenceError
from qipan.app.correspondence.model import CorrespondenceRecord
from qipan.core.numbers import read_number

VERSION = 1
PREFIX = f"c{VERSION}."
FRAGMENT = "#" + PREFIX
MAGIC = f"qipan-c{VERSION}\n".encode("ascii")
LINK_LIMIT = 2_000
"""Longest address a link should be shared as (chat apps cut longer ones); past it, a file."""
MAX_TOKEN = 200_000
"""Longest token read (a browser keeps far longer fragments; a page must not work forever)."""
MAX_FILE = 256 * 1024
MAX_TEXT = 1_000_000
"""Most bytes the data may inflate to."""

_TOKEN = re.compile(r"c([0-9]{1,4})\.(.*)", re.S)


def _pack(record: CorrespondenceRecord) -> bytes:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(record.dumps().encode("utf-8")) + deflate.flush()
    return crypto.check(data) + data


def _unpack(data: bytes) -> CorrespondenceRecord:
    if len(data) < 5:
        raise CorrespondenceError("correspondence.err.truncated")
    body = data[4:]
    if crypto.check(body) != data[:4]:
        raise CorrespondenceError("correspondence.err.damaged")
    inflater = zlib.decompressobj(-15)
    try:
        raw = inflater.decompress(body, MAX_TEXT + 1)
    except zlib.error:
        raise CorrespondenceError("correspondence.err.damaged") from None
    if len(raw) > MAX_TEXT or inflater.unconsumed_tail:
        raise CorrespondenceError("correspondence.err.too_big")
    if not inflater.eof or inflater.unused_data:
        raise CorrespondenceError("correspondence.err.damaged")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CorrespondenceError("correspondence.err.damaged") from None
    return CorrespondenceRecord.loads(text)


def encode(record: CorrespondenceRecord) -> str:
    """The token: `c1.` and the data in base64url (the fragment is `#` + token)."""
    return PREFIX + crypto.b64(_pack(record))


def fragment(record: CorrespondenceRecord) -> str:
    """`#c1.…`: what goes after the app's address."""
    return "#" + encode(record)


def fits_link(record: CorrespondenceRecord, base: str = "") -> bool:
    """Whether the address `base#c1.…` stays within LINK_LIMIT (else share the file)."""
    return len(base) + len(fragment(record)) <= LINK_LIMIT


def to_file(record: CorrespondenceRecord) -> bytes:
    """The same data as a file: the magic line, then the check and the compressed record."""
    return MAGIC + _pack(record)


def token_of(text: str) -> str:
    """The token in what a player pasted or opened: a whole address, `#c1.…` or `c1.…`."""
    text = text.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    return text


def decode(text: str) -> CorrespondenceRecord:
    """Read a link (a whole address, its fragment or the token). Does not replay it (`open`s do).
    Raises `CorrespondenceError`."""
    if not isinstance(text, str):
        raise CorrespondenceError("correspondence.err.not_link")
    token = token_of(text)
    if len(token) > MAX_TOKEN:
        raise CorrespondenceError("correspondence.err.too_long", limit=MAX_TOKEN)
    found = _TOKEN.fullmatch(token)
    if found is None:
        raise CorrespondenceError("correspondence.err.not_link")
    version = int(found.group(1))
    if version != VERSION:
        raise CorrespondenceError("correspondence.err.version", version=version)
    payload = found.group(2)
    if not payload:
        raise CorrespondenceError("correspondence.err.truncated")
    if len(payload) % 4 == 1:
        raise CorrespondenceError("correspondence.err.truncated")
    data = crypto.unb64(payload)
    if data is None:
        raise CorrespondenceError("correspondence.err.damaged")
    return _unpack(data)


def from_file(data: bytes) -> CorrespondenceRecord:
    """Read a file written by `to_file`. Raises `CorrespondenceError`."""
    if not isinstance(data, (bytes, bytearray)):
        raise CorrespondenceError("correspondence.err.not_file")
    if len(data) > MAX_FILE:
        raise CorrespondenceError("correspondence.err.too_long", limit=MAX_FILE)
    data = bytes(data)
    if not data.startswith(b"qipan-c"):
        raise CorrespondenceError("correspondence.err.not_file")
    line, sep, rest = data.partition(b"\n")
    if not sep:
        raise CorrespondenceError("correspondence.err.truncated")
    version = read_number(line[len(b"qipan-c"):].decode("ascii", "replace"), 4)
    if version is None:
        raise CorrespondenceError("correspondence.err.not_file")
    if version != VERSION:
        raise CorrespondenceError("correspondence.err.version", version=version)
    return _unpack(rest)
