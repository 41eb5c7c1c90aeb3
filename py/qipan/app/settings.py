"""The player's settings: what they are, their defaults, and reading them back safely.

Stored as JSON under `settings`. Anything unreadable or unknown falls back to the default, one
setting at a time, so a damaged or older settings object never stops the app.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

CHOICES: dict[str, tuple[str, ...]] = {
    "lang": ("en", "zh-TW"),
    "theme": ("auto", "light", "dark", "contrast"),
    "hand": ("right", "left"),
    "animation": ("normal", "fast", "off"),
}
"""The values of every text setting; the first is the default ("lang" defaults to the browser's)."""


@dataclass
class Settings:
    """Everything a player can set in the settings dialog."""

    lang: str = "en"
    theme: str = "auto"
    """auto follows the system's light or dark mode; contrast is the high-contrast theme."""
    hand: str = "right"
    """Which side the controls sit on in landscape (thumb reach on a tablet)."""
    face_to_face: bool = False
    """Two players across a table: the turn and messages are shown upside down at the far side too."""
    sound: bool = False
    animation: str = "normal"
    show_odds: bool = True
    """Odds, hints and previews (some players want to work the chances out themselves)."""

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None, lang: str, reduced_motion: bool) -> "Settings":
        """Read stored settings; each missing or bad value takes its default. `lang` is the
        browser's language; with reduced motion asked for, animation defaults to off."""
        default = cls(lang=lang, animation="off" if reduced_motion else "normal")
        try:
            data = json.loads(text) if text else {}
        except (ValueError, RecursionError):  # (nested too deeply to be settings)
            data = {}
        if not isinstance(data, dict):
            data = {}
        values = {}
        for item in fields(cls):
            value = data.get(item.name, getattr(default, item.name))
            wanted = getattr(default, item.name)
            valid = (value in CHOICES[item.name]) if item.name in CHOICES else isinstance(value, type(wanted))
            values[item.name] = value if valid else wanted
        return cls(**values)
