"""What a game hands the app's generic features (`GameUI`): its play screen (which also places its
points and its coordinate tags, and holds its move-log words), its editor tools, its rules page and
tutorial, and the few facts the page needs before drawing."""

from __future__ import annotations

from dataclasses import dataclass

from qipan.boardkit.editing import EditorTools
from qipan.boardkit.guide import Guide
from qipan.boardkit.screen import GameScreen
from qipan.boardkit.words import Words


@dataclass(frozen=True)
class GameUI:
    """A game's UI, registered with `qipan.games` and asked for by the app; the app never names a game."""

    screen: type[GameScreen]
    editor: EditorTools | None = None
    """None: the game is edited through its position text alone."""
    guide: Guide | None = None
    """None: the game has no rules page or tutorial in the app yet."""
    aspect: float = 1.0
    """The board's height over its width (an embed's frame needs a height before Python runs)."""
    examples: tuple[str, str] = ("", "")
    """Example notes in the game's notation (points to highlight, an arrow), for help texts."""

    @property
    def words(self) -> Words:
        """How the game's actions read (the move log's, the hint's and the embed's words)."""
        return self.screen.words
