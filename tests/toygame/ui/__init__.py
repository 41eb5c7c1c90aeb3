"""The Dice Race UI: screen, view and move-log words (no editor, no guide)."""

from qipan.boardkit.plugin import GameUI

from toygame.ui.screen import RaceScreen
from toygame.ui.view import ASPECT

UI = GameUI(screen=RaceScreen, aspect=ASPECT, examples=("3, 7", "3-7"))
"""What this game gives the app."""
