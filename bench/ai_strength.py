"""AI strength: seeded matches between computer-player levels, with win rates and think times.

    python bench/ai_strength.py                       # every game, every pair (long)
    python bench/ai_strength.py --games lyngk,quorsum --games-per-pair 10 --pairs hard-random
    python bench/ai_strength.py --games gype --pairs hard-hard --a-budgets hard=6000   # a budget against another

For each game and pair (A vs B) it plays `--games-per-pair` two-player games, A taking the first
seat in even games and the second in odd ones, with the dice and set-up drawn from the game's
seed. It prints A's score ((wins + draws / 2) / games) with a Wilson 95% interval, the W/D/L
counts, and the median and 95th-percentile think time per move of A on this Python (figures,
not pass/fail; see docs/ai.md). Every game of every row is queued at once on `--workers`
processes, so a row's last games do not leave a worker idle. `--a-budgets level=N,...` gives A's
levels other MCTS budgets than the game's (e.g. a hard level's old budget against its new one).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from math import sqrt

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "py"))

from qipan import ai, games  # noqa: E402
from qipan.core import Rng, mix  # noqa: E402

PAIRS = ("hard-random", "hard-greedy", "medium-random", "medium-greedy", "easy-random", "easy-greedy",
         "greedy-random", "hard-medium", "medium-easy")
MAX_DECISIONS = 2000
"""A game still running after this many decisions is scored a draw (none came close in runs)."""


def play(game_id: str, seed: int, levels: tuple[str, str], players: int = 2,
         budgets: tuple[dict[str, int], dict[str, int]] = ({}, {})) -> tuple[tuple[int, ...], list[float], list[float]]:
    """One seeded game; the winners and each seat's think times (seconds per move). `budgets`:
    MCTS budgets by level that replace the game's for the first and for the other seats."""
    state = games.get(game_id).new(players, seed)
    rng = Rng(mix(seed, 0xD1CE))
    times: list[list[float]] = [[], []]
    own = games.ai(game_id)
    seat_ai = [dataclasses.replace(own, budgets={**(own.budgets or {}), **b}) if b else own for b in budgets]
    decisions = 0
    while not state.is_terminal() and decisions < MAX_DECISIONS:
        if state.is_chance():
            state = state.apply_unchecked(rng.sample_outcome(state.chance_outcomes()))
            continue
        seat = state.to_move
        level = levels[min(seat, 1)]
        start = time.perf_counter()
        action = ai.choose(state, seat_ai[min(seat, 1)], level, mix(seed, decisions))
        times[min(seat, 1)].append(time.perf_counter() - start)
        state = state.apply(action)
        decisions += 1
    winners = state.outcome().winners if state.is_terminal() else ()
    return winners, times[0], times[1]


def _job(args: tuple[str, str, str, int, dict[str, int]]) -> tuple[float, list[float]]:
    """Play game `index` of a pair; A's score (1, 1/2, 0) and A's think times."""
    game_id, a, b, index, a_budgets = args
    swap = index % 2 == 1
    seed = mix(0xB3AC, index)
    winners, first, second = play(game_id, seed, (b, a) if swap else (a, b), 2,
                                  ({}, a_budgets) if swap else (a_budgets, {}))
    seat_a = 1 if swap else 0
    if not winners or len(winners) == 2:
        score = 0.5
    else:
        score = 1.0 if seat_a in winners else 0.0
    return score, second if swap else first


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (draws count as half a success)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_times: list[float], q: float) -> float:
    if not sorted_times:
        return 0.0
    return sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(games.GAME_IDS), help="comma-separated game ids")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated A-B level pairs")
    parser.add_argument("--games-per-pair", type=int, default=20)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--a-budgets", default="", help="level=iterations,... for A instead of the game's")
    args = parser.parse_args()
    a_budgets = {level: int(n) for level, n in (item.split("=") for item in args.a_budgets.split(",") if item)}
    print("| game | A vs B | games | A score | Wilson 95% | W/D/L | A median think | A p95 think |")
    print("|---|---|---|---|---|---|---|---|")
    rows = [(game_id, *pair.split("-")) for game_id in args.games.split(",") for pair in args.pairs.split(",")]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        # every game of every row is queued at once (the workers never wait for a row's last game);
        # rows are printed in order as they complete
        futures = [[pool.submit(_job, (game_id, a, b, i, a_budgets)) for i in range(args.games_per_pair)]
                   for game_id, a, b in rows]
        for (game_id, a, b), row in zip(rows, futures):
            results = []
            for i, f in enumerate(row):
                results.append(f.result())
                print(f"  {game_id} {a} vs {b} game {i}: A scores {results[-1][0]}", file=sys.stderr, flush=True)
            scores = [s for s, _ in results]
            times = sorted(t for _, ts in results for t in ts)
            wins = sum(1 for s in scores if s == 1.0)
            draws = sum(1 for s in scores if s == 0.5)
            total = sum(scores)
            low, high = wilson(total, len(scores))
            print(f"| {game_id} | {a} vs {b} | {len(scores)} | {total / len(scores):.0%} | "
                  f"{low:.0%}-{high:.0%} | {wins}/{draws}/{len(scores) - wins - draws} | "
                  f"{percentile(times, 0.5):.3f} s | {percentile(times, 0.95):.3f} s |", flush=True)

if __name__ == "__main__":
    main()
