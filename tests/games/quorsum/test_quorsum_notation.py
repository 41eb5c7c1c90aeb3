"""Notation v1 (docs/notation/quorsum.md): documented examples, round trips, rejected positions."""

import re
from pathlib import Path

import pytest
from quorsum_helpers import position

from qipan.core import IllegalAction, NotationError
from qipan.games.quorsum import GAME

DOC = Path(__file__).resolve().parents[3] / "docs" / "notation" / "quorsum.md"


def _blocks(kind):
    return re.findall(rf"```{kind}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_every_documented_position_parses_and_is_a_normal_form():
    lines = [line for block in _blocks("quorsum-position") for line in block.splitlines()]
    assert len(lines) >= 10
    phases = set()
    for line in lines:
        state = GAME.parse_position(line)
        assert GAME.position(state) == line
        phases.add(state.phase)
    assert phases >= {"rolloff", "layout", "choose", "place", "alloc", "chain", "roll", "over"}


def test_every_documented_action_parses_in_its_position():
    (block,) = _blocks("quorsum-actions")
    first, *actions = block.splitlines()
    state = GAME.parse_position(first)
    for text in actions:
        action = GAME.parse_action(state, text)
        assert GAME.action_text(state, action) == text


def test_option_table_lists_every_option_with_its_default():
    text = DOC.read_text(encoding="utf-8")
    for name, default in GAME.options.items():
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        assert re.search(rf"\| `{name}` \| `{shown}` \|", text), name


def test_keys_in_any_order_print_in_normal_form():
    """Parsing accepts the keys in any order; printing gives the normal form."""
    normal = GAME.position(position())
    head, rest = normal.split(" pawns=")
    shuffled = head + " " + " ".join(reversed(("pawns=" + rest).split()))
    assert GAME.position(GAME.parse_position(shuffled)) == normal


BASE = GAME.position(position())


@pytest.mark.parametrize("text,rule", [
    (BASE.replace("2d3d4d5d", "2d2d2d2d"), "§1"),                       # six 2-tiles
    (BASE.replace("pawns=a1>d4,d1>a4", "pawns=a1>d4,a1>a4"), "§4.2"),   # two pawns on a1
    (BASE.replace("pawns=a1>d4,d1>a4", "pawns=a1>d4,d1>d4"), "§3.3"),   # two pawns for one home
    (BASE.replace("pawns=a1>d4,d1>a4", "pawns=d4>d4,a4>a4").replace("/a4>d1,d4>a1", "/b2>d1,c2>a1"),
     "§8"),                                                              # won, but still playing
    (BASE.replace("todo=-", "todo=move@a1x4"), "§4.1"),                 # four dice, still allotting
    (BASE.replace("locks=-", "locks=b2:1"), "§6"),                      # mover's lock at turn start
    (BASE.replace("todo=-", "todo=flip@a4x1"), "§4.1"),                 # opponent's tile
    (BASE.replace("stalemate=0", "stalemate=6"), "§7"),
    (BASE.replace("score=0-0", "score=1-0"), "§8"),
    (BASE.replace("standard", "sprint").replace("4d5d6d2d", "4l5d6d2d"), "§9"),
    (BASE.replace("phase=alloc:1 todo=-", "phase=resolve:1 todo=-"), "§4.3"),
    (BASE.replace("phase=alloc:1 todo=-", "phase=chain:1 todo=- chain=d1x2")
     .replace("4d5d6d2d/5d6d2d3d/6d2d3d4d/2d3d4d5d", "4d5d6d2d/5d6d2d3d/6d2d3d4l/2d3d4l5d"), "§4.2"),
    (BASE.replace("chooser=1", "chooser=-"), "§3.2"),
    (BASE.replace("pawns=a1>d4,d1>a4/a4>d1,d4>a1", "pawns=-"), "§3.3"),
])
def test_impossible_positions_are_rejected_naming_the_rule(text, rule):
    with pytest.raises(NotationError, match=re.escape(rule)):
        GAME.parse_position(text)


@pytest.mark.parametrize("text", ["", "standard", "chess 2d/2d", BASE + " pawns=-", BASE + " colour=red",
                                  BASE.replace("locks=-", "locks=z9:1"), BASE + " options=sprint:true",
                                  BASE + " options=draw_points:1", BASE + " options=flip_lock:never",
                                  # a roll phase without its roll= (was a TypeError; found by mypy)
                                  BASE.replace("phase=alloc:1 todo=-", "phase=roll:1 todo=- chain=a1x2")])
def test_malformed_positions_raise_notation_error(text):
    with pytest.raises(NotationError):
        GAME.parse_position(text)


def test_malformed_and_illegal_action_texts():
    """NotationError for text that is no action; IllegalAction for one not legal here."""
    state = position()
    for bad in ("", "jump a1", "move a1 x5", "move e1 x1", "met"):
        with pytest.raises(NotationError):
            GAME.parse_action(state, bad)
    for illegal in ("step b1", "met 2", "move a4 x1", "try move a1 x2", "choose first"):
        with pytest.raises(IllegalAction, match="not legal in standard"):
            GAME.parse_action(state, illegal)
    assert GAME.parse_action(state, "  move   a1  x2 ") == GAME.parse_action(state, "move a1 x2")
