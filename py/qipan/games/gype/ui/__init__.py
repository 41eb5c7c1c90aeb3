"""The gype UI: screen, view, input, move-log words and editor tools (no browser imports)."""

from qipan.boardkit.plugin import GameUI
from qipan.games.gype.guide import GUIDE
from qipan.games.gype.ui.edit import TOOLS
from qipan.games.gype.ui.screen import GypeScreen

UI = GameUI(screen=GypeScreen, editor=TOOLS, guide=GUIDE, examples=('e1, e2', 'e1-e3'))
"""What this game gives the app."""
