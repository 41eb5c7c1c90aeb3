"""docs/notation/hezong.md v1: every example of the doc parses as it says; round trips; precise errors."""

import re
from pathlib import Path

import pytest

from qipan.core import IllegalAction, NotationError
from qipan.games.hezong import GAME, Place, Rules
from qipan.games.hezong.notation import map_text

DOC = Path(__file__).resolve().parents[3] / "docs" / "notation" / "hezong.md"
BLOCKS = re.findall(r"```(hezong-[a-z]+)\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_doc_has_examples():
    kinds = [kind for kind, _ in BLOCKS]
    assert kinds.count("hezong-position") == 3 and "hezong-actions" in kinds and "hezong-invalid" in kinds


def test_doc_start_example_is_seed_0():
    first = next(body for kind, body in BLOCKS if kind == "hezong-position")
    assert first.strip() == GAME.position(GAME.new(2, seed=0))


def test_doc_examples():
    """Positions are normal forms; actions are legal, illegal or malformed as the doc says."""
    state = None
    for kind, body in BLOCKS:
        if kind == "hezong-position":
            text = body.strip()
            state = GAME.parse_position(text)
            assert GAME.position(state) == text
        elif kind == "hezong-actions":
            for line in body.strip().splitlines():
                text, expected = line.rsplit(" ", 1)
                if expected == "legal":
                    action = GAME.parse_action(state, text)
                    assert GAME.action_text(state, action) == text
                else:
                    error = IllegalAction if expected == "illegal" else NotationError
                    with pytest.raises(error):
                        GAME.parse_action(state, text)
        else:
            for line in body.strip().splitlines():
                with pytest.raises(NotationError):
                    GAME.parse_position(line)


def test_any_region_labels_are_accepted_and_normalised():
    """The map may be given explicitly with any labels (a blog author's board); normal form renumbers."""
    start = GAME.new(2, seed=3)
    text = GAME.position(start)
    relabelled = text.translate(str.maketrans("0123456789abcdefghijklmnopqrstuvwxyz",
                                              "zyxwvutsrqponmlkjihgfedcba9876543210"))
    fields_a, fields_b = text.split(" "), relabelled.split(" ")
    fields_b[1:] = fields_a[1:]
    state = GAME.parse_position(" ".join(fields_b))
    assert state == start and GAME.position(state) == text


def test_map_with_shape_letters_per_region():
    """The UI helpers: region of each cell and the shape letter of each region."""
    state = GAME.new(2, seed=0)
    assert map_text(state).split("/")[:2] == ["001122333444", "500122637748"]
    assert state.map.region_cells(0) == (0, 1, 13, 14)   # a1 b1 b2 c2: a Z, as drawn in the doc
    assert state.map.shapes[0] == "Z"
    assert state.map.region_cells(4) == (9, 10, 11, 22) and state.map.shapes[4] == "T"   # j1 k1 l1 k2
    assert state.map.regions[22] == 4


def test_position_keeps_options_that_affect_play():
    state = GAME.new(3, seed=1, attack_ray="from_new", final_tie="none")
    text = GAME.position(state)
    assert text.endswith("attack_ray=from_new final_tie=none")
    assert GAME.parse_position(text).rules == Rules(attack_ray="from_new", final_tie="none")


@pytest.mark.parametrize("text,message", [
    ("", "6 fields"),
    ("x x x x x x", "12 rows"),
])
def test_malformed_position_messages(text, message):
    with pytest.raises(NotationError, match=message):
        GAME.parse_position(text)


def test_last_cell_must_hold_the_previous_movers_stone():
    start = GAME.new(2, seed=0, start_player=0)
    after = start.apply(Place(5))
    text = GAME.position(after).replace(" f1 ", " g1 ")
    with pytest.raises(NotationError, match="previous mover"):
        GAME.parse_position(text)


def test_terminal_position_has_no_legal_action_text():
    state = GAME.new(2, seed=0)
    while not state.is_terminal():
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction):
        GAME.parse_action(state, "a1")
