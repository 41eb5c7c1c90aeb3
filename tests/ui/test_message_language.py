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
