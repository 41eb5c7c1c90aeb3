"""Golden playthroughs: a seeded random game written out ply by ply, replayed and diffed.

A rule change shows up as a readable diff in review. To rewrite the files after an intended
change, run `QIPAN_UPDATE_GOLDEN=1 make test-py` and read the diff before committing.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

from qipan import games
from qipan.core.simulate import random_playthrough
from qipan.match import Match


def golden_text(game_id: str, players: int, seed: int, variant: str | None = None, **options: Any) -> str:
    """The playthrough as text: set-up line, then per ply the action and the position after it."""
    game = games.get(game_id)
    play = random_playthrough(game, players, seed, variant, check=False, **options)
    match = Match.new(game_id, players, seed, variant, **options)
    lines = [f"# {game_id} players={players} seed={seed} variant={match.variant} options={match.options}",
             f"start {game.position(match.state)}"]
    for ply, text in enumerate(play.actions, 1):
        match.play(text)
        lines.append(f"{ply} {text}")
        lines.append(f"  {game.position(match.state)}")
    outcome = match.state.outcome()
    lines.append(f"outcome winners={list(outcome.winners)} scores={list(outcome.scores)} "
                 f"termination={outcome.termination.name} tiebreak={[list(t) for t in outcome.tiebreak]}")
    return "\n".join(lines) + "\n"


def check_golden(path: Path, game_id: str, players: int, seed: int, variant: str | None = None,
                 **options: Any) -> None:
    """Assert that the playthrough equals the stored file (rewrite it with QIPAN_UPDATE_GOLDEN=1)."""
    text = golden_text(game_id, players, seed, variant, **options)
    if os.environ.get("QIPAN_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    stored = path.read_text(encoding="utf-8")
    if stored != text:
        diff = "".join(difflib.unified_diff(stored.splitlines(True), text.splitlines(True),
                                            str(path), "now", n=2))
        raise AssertionError(f"golden playthrough changed:\n{diff[:4000]}")
