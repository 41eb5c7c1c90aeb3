"""Every user-visible string of the app, in English and Traditional Chinese (Taiwan).

One table, key -> {"en": ..., "zh-TW": ...}, gathered from one module per part of the app:
`app` (frame, picker, shared controls) and one per game, whose keys start with its id. Terms
follow shared/glossary.md. Placeholders use str.format names, the same in both languages. A test
fails on a missing or unbalanced entry.
"""

from __future__ import annotations

from . import app, calavera, editor, embed, guide, gype, hezong, image, log, lyngk, quorsum, saves

LANGS = ("en", "zh-TW")

TABLE: dict[str, dict[str, str]] = {}
for _part in (app, quorsum, gype, lyngk, hezong, calavera, embed, guide, log, saves, image, editor):
    TABLE.update(_part.STRINGS)


def t(key: str, lang: str, **values: object) -> str:
    """The string for `key` in `lang` (falling back to English), with placeholders filled."""
    entry = TABLE[key]
    return entry.get(lang, entry["en"]).format(**values)


def has(key: str) -> bool:
    return key in TABLE


def pick_language(preferred: list[str]) -> str:
    """The app language for a browser's language list (zh-* → zh-TW, else en)."""
    for tag in preferred:
        if tag.lower().startswith("zh"):
            return "zh-TW"
        if tag.lower().startswith("en"):
            return "en"
    return "en"
