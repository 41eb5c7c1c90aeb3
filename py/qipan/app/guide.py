"""Rules pages and first-game tutorials: the parts that need a match or the string table.

A game's guide is the `Guide` its UI registers (boardkit/guide.py: RULES, TUTORIAL, NOTES). The
"Our choices" section is built here from the engine's options, named as the new-game dialog's
House rules name them. `app/guide_screen.py` shows both; tests/guide checks every position and
action.
"""

from __future__ import annotations

from typing import Any, Callable

from qipan import games
from qipan.boardkit.markup import html
from qipan.i18n import has, t
from qipan.match import Match


class ScriptedMatch(Match):
    """A Match that starts from a given position and draws chance outcomes from a script."""

    script: list[str]
    """Chance outcomes still to come, in order (from the tutorial's steps)."""

    @classmethod
    def at(cls, game_id: str, position: str) -> "ScriptedMatch":
        """The match of a diagram or a tutorial scene: it starts at `position`."""
        match = cls.from_position(game_id, position)
        match.script = []
        return match

    def sample_chance(self) -> str:
        if self.script and self.state.is_chance():
            self.play(self.script.pop(0))
            return self.actions[-1]
        return super().sample_chance()

    def can_undo(self) -> bool:
        return False


def names_a_player(name: str, default: Any) -> bool:
    """A whole-number option that names a player (-1: drawn at random), e.g. the start player: it is
    shown as Random, Player 1, Player 2…, not as the engine's 0-based number."""
    return isinstance(default, int) and not isinstance(default, bool) and name.endswith("_player")


def option_value(game_id: str, name: str, value: Any, lang: str) -> str:
    """An option's value as the new-game dialog shows it."""
    if isinstance(value, bool):
        return t("guide.on" if value else "guide.off", lang)
    if names_a_player(name, value):
        return t("newgame.random_player", lang) if value < 0 else t("player.n", lang, n=value + 1)
    if isinstance(value, int):
        return str(value)
    key = f"{game_id}.option.{name}.{value}"
    return t(key, lang) if has(key) else str(value)


def card_buttons(game_id: str, tr: Callable[[str], str]) -> str:
    """The Rules and Tutorial buttons of a game's picker card (here, not in guide_screen.py: the
    picker shows them before the guide is first opened, and that module is loaded then). Asks the
    plug-in, not the UI: showing the picker imports no game's UI or engine."""
    if not games.plugin(game_id).guide:
        return ""
    return (f'<button type="button" data-guide="tutorial" data-value="{game_id}">{html(tr("guide.tutorial"))}'
            f'</button><button type="button" data-guide="rules" data-value="{game_id}">{html(tr("guide.rules"))}'
            f'</button>')
