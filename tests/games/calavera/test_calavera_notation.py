"""Position and action text v1 (docs/notation/calavera.md): the documented examples parse and
are in normal form, the parser names the rule an impossible position breaks."""

import re
from pathlib import Path

import pytest

from qipan.core import IllegalAction, NotationError
from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Freeze, Pass, Reroll, Roll, Stop, TakeColour, TakeRoses
from qipan.games.calavera.rules import Phase

DOC = Path(__file__).parents[3] / "docs" / "notation" / "calavera.md"


def doc_positions():
    block = re.search(r"Examples \(each is parsed.*?```\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_doc_has_examples_for_every_phase():
    phases = {GAME.parse_position(text).phase for text in doc_positions()}
    assert phases == set(Phase)


@pytest.mark.parametrize("text", doc_positions())
def test_doc_position_examples_are_normal_forms(text):
    state = GAME.parse_position(text)
    assert GAME.position(state) == text


def test_fields_in_any_order_normalise():
    text = "v1 start=0 sheets=0.0.0.0/0.0.0.0 bonus=---/--- claimed=--- phase=roll active=0 rolls=0 dice=- skulls=0"
    shuffled = "v1 skulls=0 dice=- phase=roll rolls=0 active=0 claimed=--- bonus=---/--- sheets=0.0.0.0/0.0.0.0 start=0"
    assert GAME.position(GAME.parse_position(shuffled)) == text


def test_default_options_are_left_out_and_others_kept():
    state = GAME.new(3, seed=9, even_rounds=True, passive_exclusion="colour")
    text = GAME.position(state)
    assert "even_rounds=yes" in text and "passive_exclusion=colour" in text and "passive_crosses" not in text
    assert GAME.parse_position(text).rules == state.rules


BASE = "v1 start=0 bonus=---/--- claimed=--- "


@pytest.mark.parametrize("text,rule", [
    (BASE + "sheets=14.0.0.0/0.0.0.0 phase=roll active=0 rolls=0 dice=- skulls=0", "§4.5"),
    (BASE + "sheets=6f.0.0.0/0.0.0.0 phase=roll active=0 rolls=0 dice=- skulls=0", "A13"),
    (BASE.replace("---/---", "F--/---") + "sheets=4.5.5.5/0.0.0.0 phase=roll active=0 rolls=0 dice=- skulls=0", "§4.6"),
    (BASE + "sheets=0.0.0.0/0.0.0.0 phase=keep active=0 rolls=1 dice=OOO skulls=3", "§4.1.3"),
    (BASE + "sheets=0.0.0.0/0.0.0.0 phase=keep active=0 rolls=1 dice=OOO skulls=1", "§4.1"),
    (BASE + "sheets=0.0.0.0/0.0.0.0 phase=keep active=0 rolls=3 dice=OOOO skulls=2", "§4.1.4-5"),
    (BASE + "sheets=16f.16f.0.0/0.0.0.0 phase=choose active=0 rolls=3 dice=OOPP skulls=2", "§4.2"),
    (BASE + "sheets=0.0.0.0/0.0.0.0 phase=mark active=0 rolls=3 dice=OOOO skulls=2 choice=colour:O marker=1",
     "§4.3"),
    (BASE + "sheets=0.0.0.0/0.0.0.0 phase=mark active=0 rolls=3 dice=OOGG skulls=2 choice=colour:P marker=1",
     "§4.2a"),
    (BASE + "sheets=0.0.0.0/0.0.0.0 phase=over", "§5"),
    ("v1 start=0 sheets=16f.16f.16f.16f/0.0.0.0 bonus=FFF/--- claimed=xxx phase=roll active=1 rolls=0 dice=- "
     "skulls=0", "§5"),
])
def test_impossible_positions_name_the_rule(text, rule):
    with pytest.raises(NotationError, match=re.escape(rule)):
        GAME.parse_position(text)


@pytest.mark.parametrize("text", [
    "", "v2 start=0", "v1 start=0 start=0", "v1 phase=roll", "v1 start=0 sheets=0.0.0/0.0.0.0 bonus=---/--- "
    "claimed=--- phase=roll active=0 rolls=0 dice=- skulls=0",
    BASE + "sheets=0.0.0.0 phase=roll active=0 rolls=0 dice=- skulls=0",  # one player
    BASE + "sheets=0.0.0.0/0.0.0.0 phase=roll active=2 rolls=0 dice=- skulls=0",
    BASE + "sheets=0.0.0.0/0.0.0.0 phase=roll active=0 rolls=0 dice=S skulls=0",
    BASE + "sheets=0.0.0.0/0.0.0.0 phase=over active=0",
    BASE + "sheets=0.0.0.0/0.0.0.0 phase=roll active=0 rolls=0 dice=- skulls=0 even_rounds=maybe",
])
def test_malformed_positions(text):
    with pytest.raises(NotationError):
        GAME.parse_position(text)


def test_action_texts():
    """The action table of the notation doc, both ways."""
    keep = GAME.parse_position(BASE + "sheets=0.0.0.0/0.0.0.0 phase=keep active=0 rolls=1 dice=OOPR skulls=2")
    assert GAME.parse_action(keep, "reroll OPR") == Reroll((1, 1, 0, 0, 1))
    assert GAME.parse_action(keep, "  Reroll rpo ") == Reroll((1, 1, 0, 0, 1))
    assert GAME.parse_action(keep, "stop") == Stop()
    roll = keep.apply(Reroll((1, 1, 0, 0, 1)))
    assert GAME.action_text(roll, GAME.parse_action(roll, "roll SOR")) == "roll ORS"
    choose = GAME.parse_position(BASE + "sheets=11.0.0.0/0.0.0.0 phase=choose active=0 rolls=3 dice=OOPRR skulls=1")
    expected = {"colour O": TakeColour(0), "colour pink": TakeColour(1), "roses G": TakeRoses(2),
                "freeze O": Freeze(0)}
    for text, action in expected.items():
        assert GAME.parse_action(choose, text) == action
    assert GAME.action_text(choose, Pass()) == "pass" and GAME.action_text(choose, Roll((0,) * 5 + (1,))) == "roll S"
    with pytest.raises(IllegalAction):
        GAME.parse_action(choose, "pass")
    with pytest.raises(IllegalAction):
        GAME.parse_action(choose, "roll OOPRRS")
    for bad in ("colour", "colour X", "freeze O P", "reroll S", "reroll -", "jump", "stop now"):
        with pytest.raises(NotationError):
            GAME.parse_action(choose, bad)
