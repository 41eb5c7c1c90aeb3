"""Optional sound effects, generated with Web Audio (nothing downloaded, nothing from another host).

Off unless the player turns it on in the settings. The audio context starts on first use, which
always follows a tap or a key (browsers allow sound only after the player has interacted).
"""

from __future__ import annotations

from typing import Any

from pyscript import window

# (frequency Hz, start s, length s) of each blip: a move is one soft click, a roll a short rattle.
SOUNDS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "move": ((520.0, 0.0, 0.06),),
    "dice": ((340.0, 0.0, 0.03), (410.0, 0.05, 0.03), (300.0, 0.09, 0.03), (460.0, 0.14, 0.03),
             (380.0, 0.2, 0.04)),
}


class Sound:
    """Plays the effects of SOUNDS when enabled."""

    def __init__(self) -> None:
        self.enabled = False
        self._context: Any = None

    def play(self, kind: str) -> None:
        if not self.enabled or kind not in SOUNDS:
            return
        try:
            if self._context is None:
                self._context = window.AudioContext.new()
            context = self._context
            now = float(context.currentTime)
            for frequency, start, length in SOUNDS[kind]:
                oscillator = context.createOscillator()
                gain = context.createGain()
                oscillator.type = "triangle"
                oscillator.frequency.value = frequency
                gain.gain.setValueAtTime(0.18, now + start)
                gain.gain.exponentialRampToValueAtTime(0.001, now + start + length)
                oscillator.connect(gain)
                gain.connect(context.destination)
                oscillator.start(now + start)
                oscillator.stop(now + start + length + 0.02)
        except Exception:  # no Web Audio here: play silently
            self.enabled = False
