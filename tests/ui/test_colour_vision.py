"""Colour-blind-safe palettes (issue: accessibility). Every game's palette is simulated for the
three common colour-vision deficiencies (Machado, Oliveira & Fernandes 2009, severity 1.0, applied
in linear RGB) and every pair of colours must stay apart in CIELAB (ΔE*ab). Colour is never the
only cue anyway (letters, numbers, symbols); this checks that it is a good cue too."""

from __future__ import annotations

import itertools
import math

import pytest

from qipan.games.calavera.ui import view as calavera_view
from qipan.games.gype.ui import view as gype_view
from qipan.games.hezong.ui import view as hezong_view
from qipan.games.lyngk.ui import view as lyngk_view
from qipan.games.quorsum.ui import view as quorsum_view

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}

PALETTES = {
    "LYNGK pieces": list(lyngk_view.PIECE_FILL.values()),
    "Quorsum pawns and tiles": [*quorsum_view.PLAYER_FILL, *quorsum_view.TILE_FILL],
    "Table Gype players": list(gype_view.PLAYER_FILL),
    "合縱連橫 stones (8 players)": list(hezong_view.STONE_FILL),
    "Calavera faces": list(calavera_view.FACE_FILL),
}
MIN_DELTA_E = 8.0
"""ΔE*ab below which two colours start to look alike side by side (a common rule of thumb ~10;
the stones of 8 players are the tightest palette and also carry their numbers)."""


def linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def to_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB (0..1) to CIELAB (D65)."""
    r, g, b = (min(max(c, 0.0), 1.0) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(hex_colour: str, matrix=None) -> tuple[float, float, float]:
    rgb = tuple(linear(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    if matrix is not None:
        rgb = tuple(sum(m * c for m, c in zip(row, rgb)) for row in matrix)
    return to_lab(rgb)


@pytest.mark.parametrize("vision", [None, *MACHADO])
@pytest.mark.parametrize("palette", PALETTES)
def test_every_pair_of_colours_stays_apart(palette, vision):
    colours = PALETTES[palette]
    matrix = MACHADO[vision] if vision else None
    close = [(a, b, round(math.dist(seen(a, matrix), seen(b, matrix)), 1))
             for a, b in itertools.combinations(colours, 2)
             if math.dist(seen(a, matrix), seen(b, matrix)) < MIN_DELTA_E]
    assert not close, f"{palette} under {vision or 'normal vision'}: too close {close}"


def test_the_simulation_merges_red_and_green_for_red_green_deficiencies():
    """The check can fail: pure red and a green of equal lightness become near twins."""
    red, green = "#b33c00", "#5f7a00"
    assert math.dist(seen(red), seen(green)) > 30
    assert math.dist(seen(red, MACHADO["deuteranopia"]), seen(green, MACHADO["deuteranopia"])) < MIN_DELTA_E
