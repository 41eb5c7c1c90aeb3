"""Calavera's turn flow with computer seats, without a browser: a person's bust is shown and the
computer waits for Continue (its marks, and its own first roll when nobody marks); "Pass the
device" is asked only of a person, and only where another person shares the device."""

from __future__ import annotations

from fakes import FakeHost
from hypothesis import given, settings
from hypothesis import strategies as st

from qipan.games.calavera.rules import Phase
from qipan.games.calavera.ui import play as play
from qipan.games.calavera.ui.screen import CalaveraScreen, next_decider
from qipan.match import Match

HANDOVER = "Pass the device"


def scripted(*texts: str, players: int = 2) -> Match:
    """A match with chosen dice (start player 0)."""
    match = Match.new("calavera", players, 1, start_player=0)
    for text in texts:
        match.play(text)
    return match


def screen_for(match: Match, seats: tuple[str, ...], lang: str = "en") -> tuple[CalaveraScreen, FakeHost]:
    host = FakeHost(lang)
    screen = CalaveraScreen(host, match, seats)
    screen.resize(1024, 700, 2)
    screen.render()
    return screen, host


def panel(host: FakeHost) -> str:
    return host.element("game-panel").innerHTML


def test_a_persons_bust_waits_for_continue_before_the_computer_marks():
    match = scripted("roll OBBSSS")
    screen, host = screen_for(match, ("human", "medium"))
    assert match.state.phase is Phase.MARK and match.state.marker == 1
    assert screen.computer_waits()
    shown = panel(host)
    assert "Three skulls: Player 1&#x27;s turn is lost. Player 2 plays when you continue." in shown
    assert 'data-action="continue"' in shown and 'data-action="option"' not in shown and HANDOVER not in shown
    screen.on_panel("option", "0")  # (only Continue is offered: nothing is played for the computer)
    screen.on_board_click(*_die_centre(screen, 0))
    assert len(match.actions) == 1 and host.changes == 0
    screen.on_panel("continue", "")
    assert not screen.computer_waits() and host.changes == 1  # the app now asks the computer
    assert 'data-action="continue"' not in panel(host) and HANDOVER not in panel(host)
    assert "Player 2 must mark: three skulls!" in panel(host)


def test_in_chinese_the_bust_and_continue_read_in_taiwan_usage():
    screen, host = screen_for(scripted("roll OBBSSS"), ("human", "easy"), lang="zh-TW")
    shown = panel(host)
    assert "三個骷髏：玩家 1 受到骷髏的詛咒，失去這個回合。按「繼續」後輪到玩家 2。" in shown
    assert ">繼續</button>" in shown


def test_a_bust_nobody_marks_holds_the_computers_first_roll_until_enter():
    match = scripted("roll SSSSSS")
    screen, host = screen_for(match, ("human", "hard"))
    assert match.state.is_chance() and match.state.active == 1  # the computer's roll is not thrown
    assert 'data-action="roll"' not in panel(host) and 'data-action="continue"' in panel(host)
    assert screen.on_key("Enter")
    assert not match.state.is_chance() and len(match.actions) == 2  # thrown, and saved
    assert host.storage.get("last") == "calavera" and host.changes == 1


def test_no_wait_when_a_person_marks_next_or_the_computer_busts():
    screen, host = screen_for(scripted("roll OBBSSS"), ("human", "human"))
    assert not screen.computer_waits() and f"{HANDOVER} to Player 2." in panel(host)
    screen, _ = screen_for(scripted("roll OBBSSS"), ("easy", "human"))
    assert not screen.computer_waits()


def test_pass_the_device_only_to_a_person_who_shares_it_with_another():
    marking = ("roll OBBRSS", "stop", "colour B")  # player 1 takes black; the others mark
    _, host = screen_for(scripted(*marking), ("medium", "human"))
    assert "Player 2 must mark" in panel(host) and HANDOVER not in panel(host)  # one person: nobody to pass to
    _, host = screen_for(scripted(*marking, players=3), ("human", "easy", "human"))
    assert "Player 2 must mark" in panel(host) and HANDOVER not in panel(host)  # a computer marks
    _, host = screen_for(scripted(*marking, players=3), ("easy", "human", "human"))
    assert f"{HANDOVER} to Player 2." in panel(host)


def _die_centre(screen: CalaveraScreen, slot: int) -> tuple[float, float]:
    layout = screen.layout()
    x, y = layout.die_xy(slot)
    return x + layout.die / 2, y + layout.die / 2


SEATS = st.lists(st.sampled_from(("human", "easy")), min_size=2, max_size=4)


@settings(max_examples=10, deadline=None)
@given(seats=SEATS, seed=st.integers(0, 2**32), data=st.data())
def test_a_computer_never_plays_over_an_unseen_bust_and_the_hand_over_is_only_for_people(seats, seed, data):
    """Played at random, as the app plays the computers: while a person's bust waits, the panel
    offers only Continue and no computer acts; "Pass the device" names a person, and only where
    two or more people play."""
    match = Match.new("calavera", len(seats), seed)
    screen, host = screen_for(match, tuple(seats))
    people = sum(seat == "human" for seat in seats)
    for _ in range(40):
        state = match.state
        if state.is_terminal():
            break
        shown = panel(host)
        tray = play.last_tray(match)
        nxt = next_decider(state)
        unseen = (play.just_rolled(match) and tray is not None and tray.skulls >= 3 and seats[tray.player] == "human"
                  and nxt is not None and seats[nxt] != "human" and screen.bust_seen != len(match.actions))
        assert screen.computer_waits() == unseen
        if unseen:
            assert shown.count("data-action=") == 1 and 'data-action="continue"' in shown
            played = len(match.actions)
            screen.advance()
            assert len(match.actions) == played
            screen.on_panel("continue", "")
            continue
        if HANDOVER in shown:
            assert people >= 2 and state.phase is Phase.MARK and seats[state.marker] == "human"
        if state.is_chance():
            screen.roll()  # a person's Roll button (a computer's is thrown by advance)
        else:
            actions = state.legal_actions()
            screen.play(actions[data.draw(st.integers(0, len(actions) - 1))])
