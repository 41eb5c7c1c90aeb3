"""The step controls of an embed in step mode (app/embed.py `stepped`), and the presses a reader made
on the still before the board was ready (`early_presses`, `after_presses`: links.EmbedPage applies
them once the board shows; docs/embed.md, "While the board starts")."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from fakes import FakeHost
from qipan.app import share
from qipan.app.embed import STEPS, after_presses, early_presses, stepped
from qipan.app.links import EmbedPage
from qipan.match import Match

ORIGIN = "https://qipan.example"
plies = st.integers(0, 40)
presses = st.lists(st.sampled_from(STEPS), max_size=8).map(tuple)


@given(plies, plies, st.booleans(), st.sampled_from(STEPS))
def test_a_step_stays_within_the_record_and_only_next_keeps_the_moves_playing(ply, extra, playing, action):
    total = ply + extra
    after, plays = stepped(ply, total, playing, action)
    assert 0 <= after <= total
    if action == "play":
        assert plays is not playing
        assert after == (0 if plays and ply == total else ply)  # at the end, play starts over
    else:
        assert plays == (playing and action == "next")
        assert after == {"first": 0, "prev": max(0, ply - 1), "next": min(total, ply + 1), "last": total}[action]


@given(plies, plies, st.integers(0, 50))
def test_pressing_next_k_times_goes_k_moves_on_as_far_as_the_end(ply, extra, k):
    total = ply + extra
    assert after_presses(ply, total, ("next",) * k) == (min(total, ply + k), False)


def test_play_pressed_at_the_end_plays_from_the_start_and_a_second_press_stops_it():
    assert after_presses(6, 6, ("play",)) == (0, True)
    assert after_presses(6, 6, ("play", "play")) == (0, False)
    assert after_presses(2, 6, ("play", "next")) == (3, True)
    assert after_presses(2, 6, ("play", "prev")) == (1, False)


@given(st.text(max_size=60))
def test_whatever_the_page_wrote_only_step_controls_are_read_in_order(text):
    read = early_presses(text)
    assert set(read) <= set(STEPS)
    assert read == tuple(word for word in text.split() if word in STEPS)


@given(presses)
def test_the_presses_read_back_as_written(pressed):
    assert early_presses(" ".join(pressed)) == pressed


def _step_page(ply: int) -> tuple[EmbedPage, FakeHost]:
    """A LYNGK embed of six moves in step mode at `ply`, shown on CPython."""
    match = Match.new("lyngk", 2, 7)
    for _ in range(6):
        match.play(match.game.action_text(match.state, match.state.legal_actions()[0]))
    host = FakeHost()
    host.screen = None
    host._resize = lambda: None  # (the page's own; this board has no size to fit)
    host.computer = SimpleNamespace(later=lambda task, delay: None)  # (autoplay's next step: not run here)
    host.element("embed-bar").querySelector = lambda selector: None
    host.element("board").ownerDocument = SimpleNamespace(
        defaultView=SimpleNamespace(location=SimpleNamespace(origin=ORIGIN)))
    page = EmbedPage(host, f"embed=1&mode=step&ply={ply}&share={share.encode_record(match.record())}")
    page.doc.body = SimpleNamespace(dataset=SimpleNamespace())
    page.session = page.open_session()
    page.show()
    return page, host


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 6), presses)
def test_presses_kept_during_the_boot_end_where_the_same_presses_on_the_live_bar_end(ply, pressed):
    page, host = _step_page(ply)
    for action in pressed:
        page.act(action)
    assert (page.session.ply, page.playing) == after_presses(ply, 6, pressed)
    assert host.screen.match.actions == page.session.actions[:page.session.ply]  # and the board shows it


def test_play_pressed_off_and_on_before_the_timer_fires_plays_one_move_per_delay():
    """The old run's timer did nothing to stop it: two timers, the moves played twice as fast."""
    page, host = _step_page(0)
    timers: list = []
    host.computer = SimpleNamespace(later=lambda task, delay: timers.append(task))
    for action in ("play", "play", "play"):  # on, off, on: two timers pending
        page.act(action)
    assert len(timers) == 2 and page.playing
    for task in list(timers):
        task()
    assert page.session.ply == 1  # one move, not two
    assert len(timers) == 3  # and one timer goes on
