"""Every game's board draws at any frame size, tiny ones included, without a negative radius or
size (an embed's frame being resized threw "IndexSizeError: The radius provided (-0.17) is
negative" from Calavera's rose)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from fakes import FakeHost
from seeded import seeded

from qipan import games
from qipan.games import GAME_IDS

SIZED = {  # the canvas calls whose arguments must not be negative (or not finite), by position
    "arc": (2,), "arcTo": (4,), "ellipse": (2, 3), "rect": (2, 3), "fillRect": (2, 3),
    "strokeRect": (2, 3), "clearRect": (2, 3), "roundRect": (2, 3, 4), "createRadialGradient": (2, 5),
    "drawImage": (3, 4), "setLineDash": (0,),
}


class StrictContext:
    """A 2D context that refuses what a browser refuses (and what draws nothing sensible)."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", 0)

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any) -> Any:
            object.__setattr__(self, "calls", self.calls + 1)
            for i in SIZED.get(name, ()):
                if i < len(args):
                    values = args[i] if isinstance(args[i], (list, tuple)) else [args[i]]
                    for v in values:
                        if isinstance(v, (int, float)):
                            assert math.isfinite(v) and v >= 0, f"{name}{args}: argument {i} is {v}"
            if name == "measureText":
                return type("Metrics", (), {"width": 0.0})()
            if name in ("createLinearGradient", "createRadialGradient", "createPattern"):
                return StrictContext()
            return None
        return call

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "lineWidth" or name == "font":
            if isinstance(value, (int, float)):
                assert math.isfinite(value) and value >= 0, f"{name} = {value}"
            if isinstance(value, str) and "px" in value:
                size = value.split("px")[0].split()[-1]
                assert not size.startswith("-") and size != "nan", f"font {value!r}"


def positions(game_id: str):
    """A few positions of each game: the start, a chance node and a later move, and the end."""
    match = seeded(game_id, plies=0)
    yield match
    for _ in range(3):
        for _ in range(7):
            if match.state.is_terminal():
                break
            if match.state.is_chance():
                match.sample_chance()
            else:
                match.play_action(match.state.legal_actions()[-1])
        yield match


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_draws_at_widths_1_to_40_with_no_negative_size(game_id):
    for match in positions(game_id):
        screen = games.ui(game_id).screen(FakeHost("en"), match)
        for w in range(1, 41):
            for width, height in ((w, w), (w, 600), (600, w), (w, 2 * w)):
                screen.resize(width, height, 1)
                ctx = StrictContext()
                screen.draw(ctx, width, height)
        for width, height in ((0.5, 0.5), (0, 0)):
            screen.draw(StrictContext(), width, height)
