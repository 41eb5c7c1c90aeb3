"""Strings of the gype screen. Keys start with "gype."."""

STRINGS: dict[str, dict[str, str]] = {}
