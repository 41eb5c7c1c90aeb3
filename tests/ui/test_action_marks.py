"""Each game draws "this action" on its board (GameScreen.action_marks): every decision of a seeded
game of each of the five games names only points of its own board, and the kinds of action that
move something show it (an arrow from where it was to where it goes, or a ring on what it acts on)."""

from __future__ import annotations

import pytest
from fakes import FakeHost
from seeded import seeded

from qipan import games
from qipan.boardkit.screen import Marks

GAME_IDS = ("quorsum", "gype", "lyngk", "hezong", "calavera")


def decisions(game_id: str, plies: int = 60):
    match = seeded(game_id, plies)
    states = match.states()
    return match, [(states[i], text) for i, text in enumerate(match.actions) if not match.was_chance(i)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_mark_is_a_point_of_the_board(game_id):
    match, plays = decisions(game_id)
    screen = games.ui(game_id).screen(FakeHost(), match)
    screen.resize(600, 600, 1)
    marked = 0
    for state, text in plays:
        marks = screen.action_marks(state, text)
        names = marks.cells + tuple(end for arrow in marks.arrows for end in arrow)
        assert all(screen.point_px(name) is not None for name in names), (text, marks)
        marked += bool(marks)
    assert marked, f"no decision of the {game_id} game is shown on its board"


def test_a_lyngk_move_is_an_arrow_from_its_stack_to_where_it_lands():
    match, plays = decisions("lyngk", 4)
    state, text = plays[0]
    screen = games.ui("lyngk").screen(FakeHost(), match)
    start, end = text.split()[-1].split("-")
    assert screen.action_marks(state, text) == Marks(arrows=((start, end),))


def test_a_hezong_placement_is_a_ring_on_its_cell():
    match, plays = decisions("hezong", 3)
    state, text = plays[0]
    assert games.ui("hezong").screen(FakeHost(), match).action_marks(state, text) == Marks(cells=(text,))


def test_a_gype_jump_draws_each_landing_and_a_die_turned_over_a_ring(monkeypatch):
    from qipan.games.gype import Jump, Roll
    screen = games.ui("gype").screen(FakeHost(), seeded("gype", 0))
    # the parse is the engine's (tested there); only the marks of each kind are under test here
    monkeypatch.setattr(screen.match.game, "parse_action",
                        lambda state, text: Jump(4, (6, 8)) if text == "jump" else Roll(6))
    assert screen.action_marks(screen.state, "jump") == Marks(arrows=(("e0", "g0"), ("g0", "i0")))
    assert screen.action_marks(screen.state, "roll") == Marks(cells=("g0",))


def test_no_marks_is_false_and_some_is_true():
    assert not Marks()
    assert Marks(cells=("a1",))
