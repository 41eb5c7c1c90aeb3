"""Strings of the image feature (keys start with "image.")."""

STRINGS: dict[str, dict[str, str]] = {
}
