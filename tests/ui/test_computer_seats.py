"""Computer seats on the shared screen: they press their own Roll buttons, undo returns to a human."""

from fakes import FakeHost

from qipan.match import Match
from qipan.games.calavera.ui.screen import CalaveraScreen
from qipan.games.lyngk.ui.screen import LyngkScreen


def test_a_computer_throws_its_own_first_roll_but_a_human_presses_roll():
    start = Match.new("calavera", 2, 4).state
    assert start.is_chance() and start.rolls == 0  # the first roll of the game, by the active player
    seats = {start.active: "human", 1 - start.active: "hard"}
    waiting = CalaveraScreen(FakeHost(), Match.new("calavera", 2, 4), (seats[0], seats[1]))
    assert waiting.state.is_chance()  # the human presses Roll
    seats = {start.active: "hard", 1 - start.active: "human"}
    thrown = CalaveraScreen(FakeHost(), Match.new("calavera", 2, 4), (seats[0], seats[1]))
    assert not thrown.state.is_chance()  # the computer threw at once


def test_undo_against_a_computer_steps_back_to_the_humans_turn():
    screen = LyngkScreen(FakeHost(), Match.new("lyngk", 2, 6), ("human", "easy"))
    for _ in range(2):  # the human's move and the computer's reply
        screen.play(screen.state.legal_actions()[0])
    assert screen.computer_level() is None
    screen.undo()
    assert screen.match.actions == () and screen.computer_level() is None


def test_the_computer_level_is_the_seat_of_the_player_to_move():
    screen = LyngkScreen(FakeHost(), Match.new("lyngk", 2, 6), ("human", "medium"))
    assert screen.computer_level() is None
    screen.play(screen.state.legal_actions()[0])
    assert screen.computer_level() == "medium"
    assert screen.host.changes == 1


def test_redo_plays_again_what_undo_took_back():
    screen = LyngkScreen(FakeHost(), Match.new("lyngk", 2, 6))
    for _ in range(3):
        screen.play(screen.state.legal_actions()[0])
    after = screen.state
    screen.undo()
    assert screen.host.element("btn-redo").disabled is False
    screen.redo()
    assert screen.state == after and screen.host.element("btn-redo").disabled is True
