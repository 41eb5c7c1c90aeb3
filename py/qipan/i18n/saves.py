"""Strings of the saves feature (keys start with "saves.")."""

STRINGS: dict[str, dict[str, str]] = {
}
