"""Numbers read from text are ASCII digits with a length limit, everywhere (a '²' from a French
keyboard or a URL, an Arabic-Indic digit, or 5,000 digits never reach `int`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fakes import FakeHost
from seeded import seeded

from qipan import games
from qipan.core import NotationError
from qipan.core.numbers import INT_DIGITS, is_number, read_number
from qipan.games import GAME_IDS

PY = Path(__file__).resolve().parents[2] / "py" / "qipan"
TRAPS = ("²", "³", "٣", "１", "-1", "+1", " 1", "1 ", "", "9" * 21, "9" * 5000)


def test_read_number_takes_ascii_digits_within_the_limit_only():
    assert read_number("0") == 0 and read_number("12345678901234567890") == 12345678901234567890
    assert read_number("7", 1) == 7 and read_number("12", 1) is None
    for text in TRAPS:
        assert read_number(text) is None and not is_number(text), repr(text)
    assert read_number(None) is None and read_number(12) is None


def test_no_unicode_digit_test_or_unicode_digit_class_is_left_in_the_code():
    """`isdigit`, `isdecimal`, `isnumeric` and a regex `\\d` all accept digits `int` reads wrongly
    or not at all; the code reads numbers with qipan.core.numbers instead."""
    trap = re.compile(r"\.is(digit|decimal|numeric)\(|\\d")
    for path in PY.rglob("*.py"):
        if path.name == "numbers.py" and path.parent.name == "core":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            # the editor's rewording tables match the engine's own messages, not a person's text
            if trap.search(code) and "editor." not in code and "(?P<" not in code and r"^\d" not in code:
                pytest.fail(f"{path.relative_to(PY)}:{n}: {line.strip()}")


@pytest.mark.parametrize("row", ["²", "1²", "9" * 5000, "٣", "12²"])
def test_hezong_position_rows_refuse_odd_digits_with_a_notation_error(row):
    """A run of empty cells is 1-12 in ASCII digits; anything else is a NotationError, not a
    bare ValueError from `int`."""
    game = games.get("hezong")
    fields = game.position(seeded("hezong", plies=3).state).split()
    rows = fields[1].split("/")
    fields[1] = "/".join([row] + rows[1:])
    with pytest.raises(NotationError):
        game.parse_position(" ".join(fields))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_screen_key_handler_trips_on_a_superscript_or_other_digit(game_id):
    """The '²' key of a French keyboard (and other digits) at every point of a game, Calavera's
    dice to keep and Gype's numbered move choices included: not handled, never a crash."""
    match = seeded(game_id, plies=0)
    for _ in range(40):
        if match.state.is_terminal():
            break
        screen = games.ui(game_id).screen(FakeHost("en"), match)
        screen.resize(1024, 700, 1)
        screen.render()
        if hasattr(screen, "selection") and not match.state.is_chance():  # Gype: a move to choose
            from qipan.games.gype.ui.play import Selection
            screen.selection = Selection(0, 0)
        for key in ("²", "³", "٣", "１"):
            screen.on_key(key)
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(match.state.legal_actions()[0])


def test_a_links_seed_may_be_as_long_as_it_always_could():
    """`?seed=` took any digit string int() reads (4,300 digits); it still does, and no more."""
    assert read_number("9" * INT_DIGITS, INT_DIGITS) == int("9" * INT_DIGITS)
    assert read_number("9" * (INT_DIGITS + 1), INT_DIGITS) is None
    assert read_number("9" * 21) is None  # the default limit stays for everything else
