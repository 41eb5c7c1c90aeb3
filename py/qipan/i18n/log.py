"""Strings of the log feature (keys start with "log.")."""

STRINGS: dict[str, dict[str, str]] = {
}
