"""Positions where the hard level must find the obvious best move (real budgets), written as
position text from each game's notation doc, and the same choice under any hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from qipan import ai, games
from qipan.games.calavera.actions import Freeze, Reroll, Stop
from qipan.games.calavera.dice import ROSE
from qipan.games.lyngk.board import parse_point
from qipan.games.quorsum.actions import Step, Try
from qipan.games.quorsum.board import CELL_OF

# LYNGK: player 1 owns red; the red single on E2 onto the neutral-and-black IBGK on E1 completes
# a red-topped 5-stack, which is removed for a point (rules §5).
LYNGK_FIVE = ("G/././././I/././././././././././././IBGK/R/./././././././././././././././././RI/././././B "
              "R/K 1 0/1 standard")
# Calavera: orange has 13 crosses (the 10 box) and three roses are showing: freeze it (§4.2c).
CALAVERA_CHOOSE = ("v1 start=0 sheets=13.3.3.3/3.3.3.3 bonus=---/--- claimed=--- phase=choose active=0 "
                   "rolls=3 dice=PBRRR skulls=1")
CALAVERA_KEEP = CALAVERA_CHOOSE.replace("phase=choose", "phase=keep").replace("rolls=3", "rolls=1")
# Quorsum: player 1's pawn on d4 is home; the one on b4 is a dark 4 away from its dark home a4.
QUORSUM_WIN = ("standard 4d5d6d2d/5d6d2d3d/6d2d3d4d/2d3d4d5d pawns=b4>a4,d4>d4/b2>d1,c2>a1 locks=- "
               "phase=alloc:1 todo=- stalemate=0 score=0-0 chooser=1")


def test_lyngk_completes_own_five_stack() -> None:
    state = games.get("lyngk").parse_position(LYNGK_FIVE)
    action = ai.choose(state, games.ai("lyngk"), "hard", seed=0)
    assert (action.origin, action.dest) == (parse_point("E2"), parse_point("E1"))


def test_calavera_freezes_the_ten() -> None:
    state = games.get("calavera").parse_position(CALAVERA_CHOOSE)
    assert ai.choose(state, games.ai("calavera"), "hard", seed=0) == Freeze(0)


def test_calavera_keeps_the_roses_for_the_freeze() -> None:
    """Before the last roll the roses are never thrown back, and the turn ends frozen at 10."""
    game = games.get("calavera")
    state = game.parse_position(CALAVERA_KEEP)
    action = ai.choose(state, games.ai("calavera"), "hard", seed=0)
    assert action == Stop() or (isinstance(action, Reroll) and action.dice[ROSE] == 0)


def test_quorsum_puts_all_dice_on_the_winning_chain() -> None:
    """Four dice on the step home win with 1 - (1/2)^4; any split does worse (rules §5)."""
    game = games.get("quorsum")
    state = game.parse_position(QUORSUM_WIN)
    while state.phase == "alloc":
        state = state.apply(ai.choose(state, games.ai("quorsum"), "hard", seed=0))
    assert state.todo == (("move", CELL_OF["b4"], 4),)
    assert ai.choose(state, games.ai("quorsum"), "hard", seed=0) == Try("move", CELL_OF["b4"], 4)
    state = state.apply(Try("move", CELL_OF["b4"], 4))
    assert state.phase == "chain"
    assert ai.choose(state, games.ai("quorsum"), "hard", seed=0) == Step(CELL_OF["a4"])


SCRIPT = """
import json, sys
from qipan import ai, games
out = []
for game_id, players, seed in (("lyngk", 2, 1), ("hezong", 3, 2), ("gype", 2, 3), ("quorsum", 2, 4), ("calavera", 3, 5)):
    game = games.get(game_id)
    state = game.new(players, seed)
    from qipan.core import Rng
    rng = Rng(seed)
    for _ in range(12):
        if state.is_terminal():
            break
        if state.is_chance():
            state = state.apply(rng.sample_outcome(state.chance_outcomes()))
        else:
            state = state.apply(ai.choose(state, games.ai(game_id), "easy", seed))
    out.append(game.position(state))
print(json.dumps(out))
"""


def test_same_actions_under_any_hash_seed() -> None:
    """str hashing is randomised per process; the computer players must not depend on it."""
    py = str(Path(__file__).resolve().parents[2] / "py")
    runs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=py)
        done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
