"""The calavera UI: screen, view, input, move-log words and editor tools (no browser imports)."""

from qipan.boardkit.plugin import GameUI
from qipan.games.calavera.guide import GUIDE
from qipan.games.calavera.ui.edit import TOOLS
from qipan.games.calavera.ui.screen import CalaveraScreen

UI = GameUI(screen=CalaveraScreen, editor=TOOLS, guide=GUIDE, aspect=0.78, examples=('d1, d2', 'd1-d6'))
"""What this game gives the app."""
