"""Notation tests for Gype: the examples of docs/notation/gype.md, round trips, and the
parser's refusals of impossible positions (each naming the rule it breaks)."""

import re
from pathlib import Path

import pytest

from gype_util import make
from qipan.core import IllegalAction, NotationError
from qipan.games.gype import GAME

DOC = Path(__file__).resolve().parents[3] / "docs" / "notation" / "gype.md"


def _blocks(kind):
    return re.findall(rf"```{kind}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_doc_positions_parse_and_are_normal_forms():
    """Every position example in the doc parses and prints back unchanged."""
    lines = [line for block in _blocks("position") for line in block.splitlines() if line.strip()]
    assert len(lines) >= 5
    for line in lines:
        assert GAME.position(GAME.parse_position(line)) == line


def test_doc_actions_parse_and_round_trip():
    """Every action example parses as legal in the position above it; `a => b` means a is read
    and printed as b."""
    checked = 0
    for block in _blocks("actions"):
        state = None
        for line in block.splitlines():
            if line.startswith("at: "):
                state = GAME.parse_position(line[4:])
                continue
            text, _, normal = line.partition(" => ")
            action = GAME.parse_action(state, text)
            assert GAME.action_text(state, action) == (normal or text)
            assert action in state.legal_actions()
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("text", ["", "hello", "roll", "roll a0", "roll k1", "c2-", "c2xx", "c2=Q",
                                  "arrange SSTT", "arrange ssttbbff", "c2-c3/X", "d1-e3/", "c2xa9"])
def test_malformed_actions_raise_notation_error(text):
    """Text that is no action at all (or names a missing corner) is a NotationError."""
    with pytest.raises(NotationError):
        GAME.parse_action(GAME.new(2, 0, first_player=0), text)


def test_well_formed_but_illegal_actions_raise_illegal_action():
    """Well-formed actions that are not legal here are IllegalAction, naming the position."""
    state = make({"c2": "F0", "e3": "S0", "d3": "B1"})
    for text in ("roll d3", "c2-c5", "c2xc4", "d3-d4", "c2-d4/L", "c2=H", "arrange SSTTBBFF", "dealt SSTTBBFF"):
        with pytest.raises(IllegalAction, match="gype v1"):
            GAME.parse_action(state, text)


GOOD = "gype v1 seats=SN turn=0 quiet=0 board=B1T1F1S1S1F1T1B1/........../........../........../........../........../........../........../........../S0S0T0T0B0B0F0F0"


@pytest.mark.parametrize("text,reason", [
    (GOOD.replace("gype v1", "gype v2"), "start with 'gype v1'"),
    (GOOD.replace("seats=SN", "seats=SE"), "§2"),
    (GOOD.replace("turn=0", "turn=2"), "names no player"),
    (GOOD.replace("B1T1F1S1S1F1T1B1", "B1T1F1S1S1F1T1."), "§3"),
    (GOOD.replace("B1T1F1S1S1F1T1B1", "B1T1F1S1S1F1T1B1B1"), "needs 8 cells"),
    (GOOD.replace("B1T1F1S1S1F1T1B1", "B1T1F1S1S1F1T1B2"), "only 2 players"),
    (GOOD.replace("........../S0S0", "S0........./.S0"), "§8"),  # a South piece on a1 (West row)
    (GOOD + " roll=d4", "empty cell"),
    (GOOD + " end=goal", "§9"),
    (GOOD + " end=stall", "§9"),
    (GOOD + " dealt=BBTTFFSS", "§10 V1"),
    (GOOD.replace("quiet=0", "quiet=61"), "§9"),
    (GOOD + " stall_rounds=x", "number"),
    (GOOD + " stall_result=win", "stall_result"),
    (GOOD + " colour=red", "unknown field"),
    (GOOD + " turn=1", "twice"),
])
def test_impossible_positions_are_refused(text, reason):
    """The position parser names the rule an impossible position breaks."""
    with pytest.raises(NotationError, match=re.escape(reason)):
        GAME.parse_position(text)


def test_setup_positions_are_checked():
    """§3: during set-up arranged rows hold the starting faces, and players arrange in turn."""
    empty = "/".join(["........"] + ["." * 10] * 8 + ["........"])
    start = f"gype v1 seats=SN turn=0 quiet=0 board={empty}"
    assert GAME.parse_position(start).setup
    wrong = start.replace("board=........", "board=B1B1B1B1T1T1F1F1")
    with pytest.raises(NotationError, match="§3"):
        GAME.parse_position(wrong)
    out_of_turn = start.replace("board=........", "board=B1B1T1T1F1F1S1S1").replace("turn=0", "turn=1")
    with pytest.raises(NotationError, match="§3"):
        GAME.parse_position(out_of_turn)


def test_chaos_position_check():
    """§10 V2: under utter chaos no piece stands in the far half while the start row is occupied."""
    state = make({"d4": "F0", **{f"{x}0": "E0" for x in "bcdefgh"}}, utter_chaos=True)
    text = GAME.position(state)
    head, rest = text.split("board=")
    board, tail = rest.split(" ", 1)
    rows = board.split("/")
    assert rows[5] == "...F0......"  # y = 4: the Flame on d4
    rows[3], rows[5] = rows[5], rows[3]  # move it to d6, in South's far half
    with pytest.raises(NotationError, match="§10 V2"):
        GAME.parse_position(f"{head}board={'/'.join(rows)} {tail}")
