"""Post-game analysis time: a LYNGK game (cut at 60 plies; a two-player game between computer players
ends after about 30, so the whole game is timed and ms per ply printed) and a whole two-player
Calavera game, each analysed at the default (`quick`) and the `deeper` setting (figures, not
pass/fail; see docs/analysis.md).

    python bench/analysis.py                 # both games, both settings
    python bench/analysis.py --seed 3 --level medium
    python bench/analysis.py --calibrate 6     # the losses of easy vs hard players' moves, per game

The games are played by the computer player of `--level` on both seats, seeded, so a run is
reproducible. It prints the plies, the seconds to analyse, the depth the decisions reached and the
per-player totals, on this Python (the browser is about 1.5x slower); "cpu s" is the process's own
CPU time, which other work on a shared machine does not inflate.
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


def play(game_id: str, level: str | tuple[str, ...], seed: int, plies: int | None) -> Match:
    """A seeded two-player game between computer players of `level` (one per seat, or one for
    both), cut after `plies` actions."""
    levels = (level, level) if isinstance(level, str) else level
    match = Match.new(game_id, 2, seed)
    game_ai = games.ai(game_id)
    while not match.state.is_terminal() and (plies is None or len(match.actions) < plies):
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(ai.choose(match.state, game_ai, levels[match.state.to_move],
                                        seed * 1000 + len(match.actions)))
    return match


CALIBRATION_PLIES = {"lyngk": None, "hezong": 80, "gype": 120, "quorsum": None, "calavera": None}
"""Plies of each calibration game analysed (None: the whole game; the long ones are cut)."""


def calibrate(games_count: int, chosen: list[str]) -> None:
    """Per game: the value lost by the easy and the hard player's unforced decisions at `quick`, over
    `games_count` seeded games between them (seats swapped every other game), as percentiles, and
    the thresholds they suggest (docs/analysis.md, "Thresholds per game")."""
    print(f"{'game':9} {'level':6} {'moves':>5}  loss at 50/75/90/95/99%   share > 0")
    for game_id in chosen:
        losses: dict[str, list[float]] = {"easy": [], "hard": []}
        for seed in range(1, games_count + 1):
            seats = ("easy", "hard") if seed % 2 else ("hard", "easy")
            match = play(game_id, seats, seed, CALIBRATION_PLIES[game_id])
            for decision in Analyser(match, PRESETS["quick"]).run().decisions():
                if not decision.forced:
                    losses[seats[decision.player]].append(decision.loss)
        for level, found in losses.items():
            ordered = sorted(found) or [0.0]
            cut = " ".join(f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.3f}" for q in (.5, .75, .9, .95, .99))
            share = sum(1 for x in found if x > 0) / max(1, len(found))
            print(f"{game_id:9} {level:6} {len(found):5}  {cut:28} {share:.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--settings", default="quick,deeper")
    parser.add_argument("--calibrate", type=int, metavar="N",
                        help="instead: the losses of easy and hard players' moves over N games per game")
    parser.add_argument("--games", default="lyngk,hezong,gype,quorsum,calavera", help="for --calibrate")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.calibrate, args.games.split(","))
        return
    cases = [("lyngk", 60), ("calavera", None)]
    print(f"{'game':9} {'plies':>5} {'setting':8} {'seconds':>8} {'cpu s':>7} {'ms/ply':>7}  depths  totals (skill loss, luck, unforced decisions by grade)")
    for game_id, plies in cases:
        match = play(game_id, args.level, args.seed, plies)
        for name in args.settings.split(","):
            start, cpu = time.perf_counter(), time.process_time()
            analysis = Analyser(match, PRESETS[name]).run()
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            depths = sorted({d.depth for d in analysis.decisions()})
            totals = "; ".join(f"P{t.player + 1} {t.skill_loss:.2f} {t.luck:+.2f} "
                               + "/".join(str(t.grades[g]) for g in t.grades) for t in analysis.totals())
            print(f"{game_id:9} {analysis.total:5} {name:8} {seconds:8.2f} {cpu:7.2f} {1000 * seconds / max(1, analysis.total):7.1f}"
                  f"  {depths}  {totals}", flush=True)
        print(f"          {summary(analysis, 'en')}  |  {summary(analysis, 'zh-TW')}", flush=True)


if __name__ == "__main__":
    main()
