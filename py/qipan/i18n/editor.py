"""Strings of the editor feature (keys start with "editor.")."""

STRINGS: dict[str, dict[str, str]] = {
}
