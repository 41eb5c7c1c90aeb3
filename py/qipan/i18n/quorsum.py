"""Strings of the quorsum screen. Keys start with "quorsum."."""

STRINGS: dict[str, dict[str, str]] = {}
