"""The embed's bar under the board (links.EmbedPage.render_bar) on CPython: what the link asked
for that was ignored, and the points the board does not have, each its own sentence and line, in
the reader's language."""

from __future__ import annotations

from qipan import games

import re
from types import SimpleNamespace

from fakes import FakeHost
from qipan.app.links import EmbedPage

ORIGIN = "https://qipan.example"


def _page(query: str, lang: str = "en") -> tuple[EmbedPage, FakeHost]:
    host = FakeHost(lang)
    host.screen = None
    host.element("board").ownerDocument = SimpleNamespace(
        defaultView=SimpleNamespace(location=SimpleNamespace(origin=ORIGIN)))
    page = EmbedPage(host, query)
    page.session = page.open_session()
    return page, host


def _notes(host: FakeHost) -> list[str]:
    """The texts of the bar's problem lines."""
    return re.findall(r'<p class="embed-problems" role="note">([^<]*)</p>', host.element("embed-bar").innerHTML)


def test_ignored_parameters_and_missing_points_are_separate_lines():
    page, host = _page("embed=1&game=lyngk&mode=trry&arrow=C7>C6&hl=Z9,C3")
    page.missing = ["Z9"]
    page.render_bar()
    assert _notes(host) == ["Ignored in this board&#x27;s link: mode=trry cannot be read; "
                            "arrow=C7&gt;C6 cannot be read.", "Not points of this board: Z9."]


def test_the_lines_in_chinese():
    page, host = _page("embed=1&game=lyngk&mode=trry&arrow=C7>C6&hl=Z9,C3", "zh-TW")
    page.missing = ["Z9"]
    page.render_bar()
    assert _notes(host) == ["此棋盤連結中已略過：無法讀取 mode=trry；無法讀取 arrow=C7&gt;C6。",
                            "不是此棋盤上的位置：Z9。"]


def test_a_bottom_player_lyngk_does_not_have_is_listed_and_the_board_is_not_turned():
    page, host = _page("embed=1&game=lyngk&bottom=7")
    assert page.spec.bottom is None
    page.render_bar()
    assert _notes(host) == ["Ignored in this board&#x27;s link: bottom=7: this LYNGK game has 2 players."]


def test_a_per_move_key_that_is_not_a_number_is_listed():
    page, host = _page("embed=1&game=lyngk&hl.x=C3", "zh-TW")
    page.render_bar()
    assert _notes(host) == ["此棋盤連結中已略過：hl.x=C3：「x」不是步數（例如 hl.5 代表第 5 步）。"]


def test_players_out_of_range_says_the_range_and_the_game_still_opens():
    page, host = _page("embed=1&game=hezong&players=12", "zh-TW")
    assert page.session.game_id == "hezong" and page.session.match_at(0).players == 2
    page.render_bar()
    assert _notes(host) == ["此棋盤連結中已略過：players=12：合縱連橫需要 2–8 位玩家。"]
    page, host = _page("embed=1&game=hezong&players=5")
    page.render_bar()
    assert page.session.match_at(0).players == 5 and _notes(host) == []


def test_a_picture_from_another_site_is_listed_once_the_board_runs():
    page, host = _page("embed=1&game=lyngk&run=click&img=http://another.site/pic.png")
    page.render_bar()
    assert _notes(host) == ["Ignored in this board&#x27;s link: img=http://another.site/pic.png: a picture "
                            "from another site is blocked (use one on this board&#x27;s own site)."]
    page, host = _page(f"embed=1&game=lyngk&run=click&img={ORIGIN}/pics/c3.png")
    page.render_bar()
    assert _notes(host) == []


def test_step_mode_says_the_move_that_led_to_the_position_in_words_and_notation():

    for lang, said in (("en", "Player 2: "), ("zh-TW", "玩家 2：")):
        page, host = _page("embed=1&game=lyngk&seed=3&mode=step", lang)
        assert page.session.total == 0  # a fresh game: nothing to step through yet
        page.render_bar()
        assert '<p id="embed-move" class="embed-move"></p>' in host.element("embed-bar").innerHTML
        match = page.session.match_at(0)
        for _ in range(2):
            match.play_action(match.state.legal_actions()[0])
        host.screen = games.ui("lyngk").screen(host, match)
        page.render_bar()
        move = re.search(r'<p id="embed-move"[^>]*>(.*?)</p>', host.element("embed-bar").innerHTML).group(1)
        assert move.startswith(said) and f'<code class="log-notation">{match.actions[1]}</code>' in move
        assert host.element("embed-live").textContent == move.split(" <code")[0]  # said to a screen reader


def test_an_authors_dice_outcome_that_cannot_be_rolled_is_named_when_the_roll_comes():
    page, host = _page("embed=1&game=calavera&mode=try&dice=banana;roll OOPRRS")
    host._resize = lambda: None  # (the page's own; this board has no size to fit)
    host.element("embed-bar").querySelector = lambda selector: None
    page.doc.body = SimpleNamespace(dataset=SimpleNamespace())
    page.show()
    assert page.problems == [] and host.screen.state.is_chance()
    host.screen.roll()
    assert host.screen.match.actions == ("roll OOPRRS",)  # the next outcome in the list was used
    assert _notes(host) == ["Ignored in this board&#x27;s link: dice=banana: not a possible roll at that point "
                            "(skipped)."]
    page.act("reset")  # the same list again: named once
    host.screen.roll()
    assert len(page.problems) == 1
