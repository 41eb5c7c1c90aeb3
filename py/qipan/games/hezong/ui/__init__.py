"""The hezong UI: screen, view, input, move-log words and editor tools (no browser imports)."""

from qipan.boardkit.plugin import GameUI
from qipan.games.hezong.guide import GUIDE
from qipan.games.hezong.ui.edit import TOOLS
from qipan.games.hezong.ui.screen import HezongScreen

UI = GameUI(screen=HezongScreen, editor=TOOLS, guide=GUIDE, examples=('a1, f6', 'a1-c3'))
"""What this game gives the app."""
