"""Test helpers for 合縱連橫: build positions from small pictures of the board."""

from qipan.games.hezong import GAME, HezongState, Rules
from qipan.games.hezong.rules import EMPTY, STONES_EACH

MAP = GAME.new(2, seed=0).map
"""A fixed map for the tests (regions do not matter for placement and attacks)."""


def picture(rows: dict[int, str], mover: int, players: int = 2, rules: Rules = Rules(), last: int = -1,
            hmap=MAP) -> HezongState:
    """A state whose stones are drawn row by row (`{row index: 12 chars of '.' or a-h}`),
    with `mover` to move next; the start player is chosen so that the turn order fits."""
    stones = [EMPTY] * 144
    for r, text in rows.items():
        assert len(text) == 12, text
        for c, ch in enumerate(text):
            if ch != ".":
                stones[r * 12 + c] = "abcdefgh".index(ch)
    ply = sum(1 for s in stones if s >= 0)
    start = (mover - ply) % players
    each = STONES_EACH[players]
    supply = tuple(each - (ply // players + (1 if (p - start) % players < ply % players else 0))
                   for p in range(players))
    return HezongState(hmap, tuple(stones), start, supply, (0,) * players, last, rules)


def cell(name: str) -> int:
    """Cell index of a name like 'f7' (column a-l, row 1-12 from the top)."""
    return (int(name[1:]) - 1) * 12 + "abcdefghijkl".index(name[0])


def at(stones: dict[str, str], mover: int, players: int = 2, rules: Rules = Rules()) -> HezongState:
    """A state with the given stones (`{"f6": "a", ...}`) and `mover` to move."""
    rows = {r: ["."] * 12 for r in range(12)}
    for name, letter in stones.items():
        c = cell(name)
        rows[c // 12][c % 12] = letter
    return picture({r: "".join(row) for r, row in rows.items()}, mover, players, rules)
