"""The lyngk UI: screen, view, input, move-log words and editor tools (no browser imports)."""

from qipan.boardkit.plugin import GameUI
from qipan.games.lyngk.guide import GUIDE
from qipan.games.lyngk.ui.edit import TOOLS
from qipan.games.lyngk.ui.screen import LyngkScreen

UI = GameUI(screen=LyngkScreen, editor=TOOLS, guide=GUIDE, examples=('C7, E4', 'C7-C6'))
"""What this game gives the app."""
