"""Dice Race registered for one test through the public registry, and removed after it."""

from __future__ import annotations

from typing import Iterator

import pytest

from qipan import games

from toygame import GAME, PLUGIN, RaceGame


@pytest.fixture
def race() -> Iterator[RaceGame]:
    """The toy game in `qipan.games` (and its strings in the table) for the length of a test."""
    games.register(PLUGIN)
    try:
        yield GAME
    finally:
        games.unregister(GAME.id)
