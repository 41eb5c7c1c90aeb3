"""A message already on screen follows a language switch: player names in it are translated when
the panel is drawn, not when the move was played."""

from fakes import FakeHost

from qipan.match import Match
from qipan.games.calavera.ui.screen import CalaveraScreen
from qipan.games.lyngk.ui.screen import LyngkScreen


def test_a_lyngk_move_message_is_redrawn_in_the_new_language():
    host = FakeHost("en")
    screen = LyngkScreen(host, Match.new("lyngk", 2, 5))
    screen.play(screen.state.legal_actions()[0])
    assert "Player 1" in host.element("message").textContent
    host.lang = "zh-TW"
    screen.render()
    text = host.element("message").textContent
    assert "玩家 1" in text and "Player" not in text


def test_a_calavera_message_names_the_player_in_the_language_shown():
    host = FakeHost("zh-TW")
    screen = CalaveraScreen(host, Match.new("calavera", 2, 8))
    screen.say(("calavera.stopped", {"player": screen.named(1)}))
    screen.render()
    assert "玩家 2" in host.element("message").textContent
    host.lang = "en"
    screen.render()
    assert "Player 2" in host.element("message").textContent


def test_a_calavera_roll_and_a_row_taken_are_told_in_the_language_shown():
    """The dice rolled and the row taken are named when the message is shown, not when played: a
    language switch after a roll shows no word of the other language (a tester saw "Player 1 擲出：
    orange, pink…")."""
    host = FakeHost("en")
    screen = CalaveraScreen(host, Match.new("calavera", 2, 8))
    screen.on_panel("roll", "")
    rolled = host.element("message").textContent
    assert rolled.startswith("Player 1") and ("rolled" in rolled or "skulls" in rolled)
    host.lang = "zh-TW"
    screen.render()
    shown = host.element("message").textContent
    assert shown.startswith("玩家 1") and not any(c.isascii() and c.isalpha() for c in shown), shown
    for _ in range(6):  # on to a row to take (Stop after a roll that keeps dice)
        if screen.state.phase.value == "choose":
            break
        screen.on_panel("stop" if screen.state.phase.value == "keep" else "roll", "")
    assert screen.state.phase.value == "choose"
    screen.on_panel("option", "0")
    taken = host.element("message").textContent
    assert taken.startswith("玩家 1")
    host.lang = "en"
    screen.render()
    shown = host.element("message").textContent
    assert shown.startswith("Player 1: ") and all(ord(c) < 0x2E80 for c in shown), shown
