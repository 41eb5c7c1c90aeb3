"""Helpers for the Quorsum tests: build positions from text, play fixed dice, a purposeful bot."""

from __future__ import annotations

from qipan.core import Rng
from qipan.games.quorsum import GAME
from qipan.games.quorsum.actions import Allot, Dice, Go, Step, Stop, Try
from qipan.games.quorsum.board import CELL_OF, NEIGHBOURS, distance

# Values by rank (rank 1 first): counts 2:4, 3:3, 4:3, 5:3, 6:3 -- a legal draw of 16 tiles.
VALUES = ("2345", "6234", "5623", "4562")


def board(light: str = "", values: tuple[str, ...] = VALUES) -> str:
    """Board text with the cells named in `light` (e.g. "b2 c2") light, every other tile dark."""
    lit = {CELL_OF[name] for name in light.split()}
    rows = []
    for r in range(3, -1, -1):
        rows.append("".join(f"{values[r][c]}{'l' if r * 4 + c in lit else 'd'}" for c in range(4)))
    return "/".join(rows)


def position(light: str = "", pawns: str = "a1>d4,d1>a4/a4>d1,d4>a1", phase: str = "alloc:1",
             todo: str = "-", extra: str = "", locks: str = "-", stalemate: int = 0,
             score: str = "0-0", chooser: str = "1", values: tuple[str, ...] = VALUES,
             variant: str = "standard", options: str = ""):
    """A state parsed from position text built from the given fields."""
    text = (f"{variant} {board(light, values)} pawns={pawns} locks={locks} phase={phase} "
            + (f"todo={todo} " if phase.split(':')[0] in ('alloc', 'resolve', 'chain', 'roll') else "")
            + (f"{extra} " if extra else "")
            + f"stalemate={stalemate} score={score} chooser={chooser}"
            + (f" options={options}" if options else ""))
    return GAME.parse_position(text)


def play(state, *texts: str):
    """Apply action texts in turn (checked) and return the final state."""
    for text in texts:
        state = state.apply(GAME.parse_action(state, text))
    return state


def bot_action(state, rng: Rng):
    """A purposeful random player: mostly moves toward home, sometimes flips, never idles long."""
    actions = state.legal_actions()
    if state.is_chance():
        return rng.sample_outcome(state.chance_outcomes())
    me = state.player
    if state.phase == "alloc":
        moves = [a for a in actions if isinstance(a, Allot) and a.kind == "move"]
        useful = []  # flips that open a step toward home for one of my pawns
        for cell, home, _ in state.pawns[me]:
            for a in actions:
                if (isinstance(a, Allot) and a.kind == "flip" and a.dice == 2
                        and a.cell in NEIGHBOURS[cell]
                        and state.colours[a.cell] != state.colours[cell]
                        and distance(a.cell, home) < distance(cell, home)):
                    useful.append(a)
        roll = rng.randbelow(10)
        if useful and not state.todo and roll < 4:
            return rng.choice(useful)
        if moves and roll < 9:
            most = max(a.dice for a in moves)
            return rng.choice([a for a in moves if a.dice == most or rng.randbelow(4) == 0])
        return next(a for a in actions if isinstance(a, Go))
    if state.phase == "resolve":
        tries = [a for a in actions if isinstance(a, Try)]
        flips = [a for a in tries if a.kind == "flip"]
        if flips:
            return flips[0]
        return rng.choice(tries) if rng.randbelow(12) else actions[-1]
    if state.phase == "chain":
        cell = state.chain[0]
        home = state.pawn_at(cell)[1]
        steps = [a for a in actions if isinstance(a, Step)]
        closer = [a for a in steps if distance(a.cell, home) < distance(cell, home)]
        if closer:
            return rng.choice(closer)
        if steps and rng.randbelow(3) == 0:
            return rng.choice(steps)
        stops = [a for a in actions if isinstance(a, Stop)]
        return stops[0] if stops else rng.choice(actions)
    return rng.choice(actions)


def bot_game(seed: int, variant: str | None = None, check=None, **options):
    """Play a bot-vs-bot game; call `check(state)` on every state; return the final state."""
    rng = Rng(seed)
    state = GAME.new(2, seed, variant, **options)
    for _ in range(GAME.max_plies(2) * max(1, 2 * options.get("match_target", 0))):
        if check is not None:
            check(state)
        if state.is_terminal():
            return state
        state = state.apply(bot_action(state, rng))
    raise AssertionError("the bot game did not end")


__all__ = ["Dice", "board", "position", "play", "bot_action", "bot_game"]
