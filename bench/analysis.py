"""Post-game analysis time: a LYNGK game (cut at 60 plies; a two-player game between computer players
ends after about 30, so the whole game is timed and ms per ply printed) and a whole two-player
Calavera game, each analysed at the default (`quick`) and the `deeper` setting (figures, not
pass/fail; see docs/analysis.md).

    python bench/analysis.py                 # both games, both settings
    python bench/analysis.py --seed 3 --level medium

The games are played by the computer player of `--level` on both seats, seeded, so a run is
reproducible. It prints the plies, the seconds to analyse, the depth the decisions reached and the
per-player totals, on this Python (the browser is about 1.5x slower).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from qipan import ai, games  # noqa: E402
from qipan.analysis import PRESETS, Analyser, summary  # noqa: E402
from qipan.match import Match  # noqa: E402


def play(game_id: str, level: str, seed: int, plies: int | None) -> Match:
    """A seeded game between two computer players of `level`, cut after `plies` actions."""
    match = Match.new(game_id, 2, seed)
    game_ai = games.ai(game_id)
    while not match.state.is_terminal() and (plies is None or len(match.actions) < plies):
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(ai.choose(match.state, game_ai, level, seed * 1000 + len(match.actions)))
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--settings", default="quick,deeper")
    args = parser.parse_args()
    cases = [("lyngk", 60), ("calavera", None)]
    print(f"{'game':9} {'plies':>5} {'setting':8} {'seconds':>8} {'ms/ply':>7}  depths  totals (skill loss, luck, unforced decisions by grade)")
    for game_id, plies in cases:
        match = play(game_id, args.level, args.seed, plies)
        for name in args.settings.split(","):
            start = time.perf_counter()
            analysis = Analyser(match, PRESETS[name]).run()
            seconds = time.perf_counter() - start
            depths = sorted({d.depth for d in analysis.decisions()})
            totals = "; ".join(f"P{t.player + 1} {t.skill_loss:.2f} {t.luck:+.2f} "
                               + "/".join(str(t.grades[g]) for g in t.grades) for t in analysis.totals())
            print(f"{game_id:9} {analysis.total:5} {name:8} {seconds:8.2f} {1000 * seconds / max(1, analysis.total):7.1f}"
                  f"  {depths}  {totals}", flush=True)
        print(f"          {summary(analysis, 'en')}  |  {summary(analysis, 'zh-TW')}", flush=True)


if __name__ == "__main__":
    main()
