"""What the hint tests of the games that mark their hint in the panel share: asking for a hint
and reading which buttons it marked (boardkit/markup.py HINTED)."""

from __future__ import annotations

import re
from typing import Any

from fakes import FakeHost

HINTED = re.compile(r'<button type="button" class="(?:[\w-]+ )*hinted" data-action="(\w+)"'
                    r'(?: data-value="(\d+)")?')
"""A panel button marked as the one that plays the hint."""


def hint(screen: Any, action: Any) -> None:
    """Show `action` as the hint, with its notation, as the app does."""
    screen.show_hint(action, screen.match.game.action_text(screen.state, action))


def hinted_buttons(host: FakeHost) -> list[tuple[str, str]]:
    """The (data-action, data-value) of each panel button marked as playing the hint."""
    return [(m[1], m[2] or "") for m in HINTED.finditer(host.element("game-panel").innerHTML)]
