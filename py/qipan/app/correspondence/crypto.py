"""The hashes and encodings of correspondence play: commitments, hash chains, roll keys.

SHA-256 (hashlib, in the standard library and in Pyodide; Web Crypto's `digest("SHA-256")` is the
browser's equivalent) cut to 128 bits for commitments and chain links (finding two inputs with
the same cut hash takes about 2**64 hashes; finding an input for a given one about 2**128).
Every hash starts with a label and the game's id, so nothing from another game or another use
can be replayed into this one."""

from __future__ import annotations

import base64
import binascii
import hashlib

GID_BYTES = 8
"""A correspondence game's id: 64 random bits, written as 11 base64url characters."""
VALUE_BYTES = 16
"""A chain link, a commitment and a salt: 128 bits, 22 characters."""
FRESH_BYTES = 8
"""A chooser's fresh randomness for a roll: 64 bits, 11 characters (see docs/correspondence.md)."""
CHAIN_LENGTH = 256
"""Links of a new hash chain: enough for the rolls a player witnesses in a long game; a player
whose chain runs out starts a new one (a `c` entry) in the same message as its last reveal."""


def b64(data: bytes) -> str:
    """base64url without padding."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64(text: str, size: int | None = None) -> bytes | None:
    """The bytes of base64url text (no padding), or None if it is not that (or not `size` bytes)."""
    if not all(c.isascii() and (c.isalnum() or c in "-_") for c in text) or len(text) % 4 == 1:
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    if size is not None and len(data) != size:
        return None
    if b64(data) != text:  # non-canonical trailing bits: one value, one spelling
        return None
    return data


def b64_len(size: int) -> int:
    """Characters of `size` bytes in unpadded base64url."""
    return (size * 8 + 5) // 6


def _hash(label: bytes, gid: bytes, *parts: bytes) -> bytes:
    digest = hashlib.sha256(b"qipan-c1/" + label + b"\0" + gid)
    for part in parts:
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return digest.digest()


def chain_step(gid: bytes, person: int, value: bytes) -> bytes:
    """One step down a player's hash chain: the link before `value` (its commitment)."""
    return _hash(b"chain", gid, bytes([person]), value)[:VALUE_BYTES]


def chain_link(gid: bytes, person: int, start: bytes, steps: int) -> bytes:
    """`steps` chain steps from the secret `start` (steps = CHAIN_LENGTH: the published tip)."""
    value = start
    for _ in range(steps):
        value = chain_step(gid, person, value)
    return value


def hide(gid: bytes, ply: int, salt: bytes, action: str) -> bytes:
    """The commitment to a hidden choice: the action's text at `ply`, with a random salt."""
    return _hash(b"hide", gid, ply.to_bytes(4, "big"), salt, action.encode("utf-8"))[:VALUE_BYTES]


def roll_key(gid: bytes, ply: int, fresh: bytes, revealed: bytes) -> int:
    """The 64-bit key of the rolls after the decision at `ply`: the chooser's fresh bytes and the
    witness's revealed chain link, both needed, neither enough."""
    return int.from_bytes(_hash(b"roll", gid, ply.to_bytes(4, "big"), fresh, revealed)[:8], "big")


def seed_key(gid: bytes, revealed: bytes, fresh: tuple[bytes, ...]) -> int:
    """The game's seed (its random set-up and any roll before the first decision): the creator's
    revealed chain link and every other player's fresh bytes."""
    return int.from_bytes(_hash(b"seed", gid, revealed, *fresh)[:8], "big")


def check(data: bytes) -> bytes:
    """The 4-byte check at the front of a link's or file's data (finds damage, not forgery)."""
    return hashlib.sha256(b"qipan-c1/check\0" + data).digest()[:4]
