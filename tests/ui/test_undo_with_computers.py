"""Undo against computer players: back to a person's decision, or not at all — never part of the
way into a computer's turn that its dice cut (it would be left waiting for a move)."""

from fakes import FakeHost

from qipan import games
from qipan.ai import choose
from qipan.match import Match
from qipan.games.lyngk.ui.screen import LyngkScreen
from qipan.games.quorsum.ui.screen import QuorsumScreen


def test_undo_takes_back_the_computers_reply_with_the_persons_move():
    host = FakeHost()
    screen = LyngkScreen(host, Match.new("lyngk", 2, 3), ("human", "easy"))
    start = screen.state
    for _ in range(2):  # the person's move, then the computer's reply
        screen.match.play_action(screen.state.legal_actions()[0])
    assert screen.undo_steps() == 2
    screen.undo()
    assert screen.state == start and screen.state.to_move == 0


def test_undo_is_refused_when_a_roll_stands_between_the_person_and_now():
    host = FakeHost()
    match = Match.new("quorsum", 2, 11)
    screen = QuorsumScreen(host, match, ("human", "easy"))
    found = False
    while not match.state.is_terminal() and len(match.actions) < 400:
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(choose(match.state, games.ai("quorsum"), "greedy", len(match.actions)))
        mover = match.state.to_move
        last_person = max((n for n, s in enumerate(match.states()[:-1])
                           if s.to_move == 0 and not match.was_chance(n)), default=None)
        if mover == 1 and last_person is not None and any(
                match.was_chance(n) for n in range(last_person, len(match.actions))):
            found = True
            break
    assert found, "no computer turn with a roll after the person's last decision"
    before = match.actions
    assert screen.undo_steps() == 0
    screen.undo()
    assert match.actions == before
    screen.render()
    assert host.element("btn-undo").attributes.get("aria-disabled") == "true"
