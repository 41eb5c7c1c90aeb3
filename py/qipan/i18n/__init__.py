"""Every user-visible string of the app, in English and Traditional Chinese (Taiwan).

One table, key -> {"en": ..., "zh-TW": ...}, gathered from one module per part of the app
(`app`: frame, picker, shared controls; `editor`, `embed`, ...) and from each game's own
`strings.py`, added by the registry (`qipan.games`) as it registers the game. Terms
follow docs/glossary.md. Placeholders use str.format names, the same in both languages. A test
fails on a missing or unbalanced entry.

English needs a singular where Chinese does not: a module's `ONE` table gives the English text of
a key for a count `n` of 1 ("1 die", not "1 dice").
"""

from __future__ import annotations

from typing import Mapping

from qipan.i18n import analysis, app, correspondence, editor, embed, guide, image, log, saves

LANGS = ("en", "zh-TW")

TABLE: dict[str, dict[str, str]] = {}
ONE: dict[str, str] = {}
"""English texts for n == 1, by key."""
PARTS = (app, embed, guide, log, saves, image, editor, correspondence, analysis)
"""The app's own string modules (a game's strings come with its registration)."""
for _part in PARTS:
    TABLE.update(_part.STRINGS)
    ONE.update(getattr(_part, "ONE", {}))


def add(strings: Mapping[str, Mapping[str, str]], one: Mapping[str, str]) -> None:
    """Add a game's strings. Raises ValueError for a key the table has already."""
    twice = sorted(set(strings) & set(TABLE))
    if twice:
        raise ValueError(f"string keys defined twice: {', '.join(twice)}")
    TABLE.update({key: dict(entry) for key, entry in strings.items()})
    ONE.update(one)


def t(key: str, lang: str, **values: object) -> str:
    """The string for `key` in `lang` (falling back to English), with placeholders filled."""
    entry = TABLE[key]
    if lang == "en" and values.get("n") == 1 and key in ONE:
        return ONE[key].format(**values)
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
