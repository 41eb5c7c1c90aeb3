"""The quorsum UI: screen, view, input, move-log words and editor tools (no browser imports)."""

from qipan.boardkit.plugin import GameUI
from qipan.games.quorsum.guide import GUIDE
from qipan.games.quorsum.ui.edit import TOOLS
from qipan.games.quorsum.ui.screen import QuorsumScreen

UI = GameUI(screen=QuorsumScreen, editor=TOOLS, guide=GUIDE, examples=('a1, d4', 'a1-b2'))
"""What this game gives the app."""
