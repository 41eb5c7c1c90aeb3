"""Stray taps on the game's panel: a quick double tap whose second tap lands on the control that
the first one's answer put under the finger (Calavera's Stop becomes the rows to take, a row taken
becomes the next player's Roll), or on a control that stayed but now acts for another player (the
rows the other player marks from, Quorsum's "give up" for the next player). That tap was meant for
the control and the player before, and what it would press may not be undone (a roll), so the app
ignores it (docs/architecture.md, "Taps")."""

from __future__ import annotations

DOUBLE_TAP_MS = 300.0
"""How soon after a control appears a double tap's second tap on it is taken as meant for what was
there before: above a double tap's interval (100–250 ms), below the time a player needs to see a
new control and decide to tap it."""


def stray_tap(clicks: int, tapped_at: float, shown_at: float) -> bool:
    """Whether a click on a panel control must be ignored. `clicks` is the click's count (the DOM's
    `detail`: 0 from the keyboard, 2 for a double tap's second tap), `tapped_at` the input's time and
    `shown_at` when the control became what it is for the player to move (added, given another
    action, or the turn passed), both in ms on the page's clock. A click from before the control was
    there (a busy page answers it late) is a stray, and so, within `DOUBLE_TAP_MS` of it appearing,
    is a double tap's second tap or a key (Enter pressed twice: the focus went to the control that
    replaced the one pressed, or to the next player's). A single tap is not: its finger was not on
    the control that went."""
    if tapped_at < shown_at:
        return True
    return clicks != 1 and tapped_at - shown_at < DOUBLE_TAP_MS
