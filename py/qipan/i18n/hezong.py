"""Strings of the hezong screen. Keys start with "hezong."."""

STRINGS: dict[str, dict[str, str]] = {}
