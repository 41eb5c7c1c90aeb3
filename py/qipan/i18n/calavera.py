"""Strings of the calavera screen. Keys start with "calavera."."""

STRINGS: dict[str, dict[str, str]] = {}
