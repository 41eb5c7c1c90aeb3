"""Notation v1: rules §15 and docs/notation/lyngk.md (its examples are parsed here)."""

import re
from pathlib import Path

import pytest

from qipan.core import IllegalAction, NotationError
from qipan.games.lyngk import GAME, PASS, Move
from qipan.games.lyngk.board import parse_point
from lyngk_util import board

DOC = Path(__file__).parents[3] / "docs" / "notation" / "lyngk.md"


def blocks(kind):
    return [b.strip().splitlines() for b in re.findall(rf"```{kind}\n(.*?)```", DOC.read_text("utf-8"), re.S)]


def test_the_doc_has_examples():
    assert len(blocks("position")) == 1 and len(blocks("position")[0]) == 5
    assert len(blocks("action")) == 2


@pytest.mark.parametrize("text", blocks("position")[0])
def test_doc_positions_are_normal_forms(text):
    """§15: every documented position parses and prints back unchanged."""
    assert GAME.position(GAME.parse_position(text)) == text


def test_doc_first_positions_are_the_seed_1_start_and_its_successor():
    start, after = blocks("position")[0][:2]
    assert GAME.position(GAME.new(2, 1)) == start
    state = GAME.new(2, 1)
    assert GAME.position(state.apply(GAME.parse_action(state, "+R B3-B4"))) == after


@pytest.mark.parametrize("block", blocks("action"))
def test_doc_actions_are_legal_and_round_trip(block):
    """§15: action texts of the doc are legal in their position and print back unchanged."""
    state = GAME.parse_position(block[0])
    for text in block[1:]:
        action = GAME.parse_action(state, text)
        assert action in state.legal_actions()
        assert GAME.action_text(state, action) == text


def test_action_values():
    """§15: `+R C3-C4` is Move("R", C3, C4); `pass` is PASS; points by per-column label."""
    state = board({"C3": "R", "C4": "B"})
    assert GAME.parse_action(state, "+R C3-C4") == Move("R", parse_point("C3"), parse_point("C4"))
    assert GAME.parse_action(state, "  c3-c4 ") == Move("", parse_point("C3"), parse_point("C4"))
    stuck = board({"E1": "R", "E3": "GR", "E5": "G"}, claims=("IB", ""))
    assert GAME.parse_action(stuck, "pass") == PASS and GAME.parse_action(stuck, " PASS") == PASS
    assert GAME.action_text(stuck, PASS) == "pass"


@pytest.mark.parametrize("text", ["", "C3", "C3-", "C3-C4-C5", "+ C3-C4", "+RR C3-C4", "+J C3-C4",
                                  "R C3-C4", "C3-Z9", "C0-C4", "C3 C4", "passs", "+R pass"])
def test_malformed_actions_raise_notation_error(text):
    state = board({"C3": "R", "C4": "B"})
    with pytest.raises(NotationError):
        GAME.parse_action(state, text)


@pytest.mark.parametrize("text,reason", [("C4-C3", "C4-C3"), ("C3-C5", "empty"), ("D1-C4", "empty"),
                                         ("pass", "§9")])
def test_illegal_actions_raise_illegal_action_with_a_reason(text, reason):
    state = board({"C3": "R", "C4": "B"}, claims=("", "B"))
    with pytest.raises(IllegalAction, match=reason):
        GAME.parse_action(state, text)


START = GAME.position(GAME.new(2, 1))
STACKS = START.split()[0].split("/")


def with_stack(point, stack, rest="-/- 1 0/0 standard"):
    cells = ["."] * 43
    cells[parse_point(point)] = stack
    return "/".join(cells) + " " + rest


@pytest.mark.parametrize("text,rule", [
    ("", "5 fields"),
    (START + " x=1 y", "5 fields"),
    (START.replace("standard", "stack7"), "variant"),
    ("/".join(STACKS[:42]) + " -/- 1 0/0 standard", "43 points"),
    (with_stack("E4", "RBGKIJ"), "taller than 5"),
    (with_stack("E4", "RBGKIJ", "-/- 1 0/0 stack6"), "joker never tops"),
    (with_stack("E4", "RBGKIJR", "-/- 1 0/0 stack6"), "taller than 6"),
    (with_stack("E4", "RBR"), "repeats a real colour"),
    (with_stack("E4", "RJ"), "joker never tops"),
    (with_stack("E4", "X"), "letters"),
    (with_stack("E4", ""), "letters"),
    (with_stack("E4", "R", "RBG/- 1 0/0 standard"), "at most two"),
    (with_stack("E4", "R", "R/R 1 0/0 standard"), "both players"),
    (with_stack("E4", "R", "RR/- 1 0/0 standard"), "twice"),
    (with_stack("E4", "R", "J/- 1 0/0 standard"), "jokers are never claimed"),
    (with_stack("E4", "R", "-/- 3 0/0 standard"), "1 or 2"),
    (with_stack("E4", "R", "-/- 1 0-0 standard"), "removed"),
    (with_stack("E4", "R", "R/- 1 9/0 standard"), "cannot be built"),
    (with_stack("E4", "R", "-/B 1 1/0 standard"), "without claiming"),
    (with_stack("E4", "R", "-/- 1 0/0 standard winner=1"), "only the stack6"),
    (with_stack("E4", "R", "-/- 1 0/0 standard speed=on"), "unknown extra"),
    (with_stack("E4", "R", "-/- 1 0/0 standard late_claim_six_wins=yes"), "'on' or 'off'"),
    (with_stack("E4", "R", "-/- 1 0/0 standard winner=1,winner=1"), "repeated"),
    (START.replace("/I/", "/R/"), "pieces of R"),
    ("/".join("J" if i < 4 else "." for i in range(43)) + " -/- 1 0/0 standard", "jokers"),
])
def test_impossible_positions_name_the_broken_rule(text, rule):
    """§15, §7: a position breaking an invariant is refused with a message naming the rule."""
    with pytest.raises(NotationError, match=re.escape(rule)):
        GAME.parse_position(text)


def test_claims_and_extras_are_normalised():
    """§15: claims print in the order IBRGK; extras in their fixed order, defaults left out."""
    text = with_stack("E4", "R", "KR/- 2 0/0 stack6 late_claim_six_wins=on,claim_captures_neutral_fives=off")
    state = GAME.parse_position(text)
    assert state.claims == ("RK", "") and state.player == 1
    assert GAME.position(state).split()[1:] == ["RK/-", "2", "0/0", "stack6",
                                                "claim_captures_neutral_fives=off,late_claim_six_wins=on"]
    default = GAME.parse_position(with_stack("E4", "R", "-/- 1 0/0 standard late_claim_six_wins=off"))
    assert len(GAME.position(default).split()) == 5
