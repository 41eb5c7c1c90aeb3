"""The move log without a browser: entries, grouping by turn, the current entry, the list's
HTML, stepping; and reviewing a past position on every game's screen (board input ignored,
nothing stale drawn, back to live on a move, undo or redo)."""

from __future__ import annotations

import types

import random

import pytest
from fakes import FakeElement, FakeHost

from qipan import games
from qipan.i18n import t
from qipan.match import Match
from qipan.app import move_log
from qipan.games.lyngk.ui.screen import LyngkScreen


def tr(key: str, **values: object) -> str:
    return t(key, "en", **values)


def lyngk_after(moves: int, seed: int = 1) -> Match:
    match = Match.new("lyngk", 2, seed)
    pick = random.Random(seed)
    for _ in range(moves):
        match.play_action(pick.choice(match.state.legal_actions()))
    return match


def played(game_id: str, players: int, plies: int, seed: int = 2) -> Match:
    match = Match.new(game_id, players, seed)
    pick = random.Random(seed)
    while len(match.actions) < plies and not match.state.is_terminal():
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(pick.choice(match.state.legal_actions()))
    return match


# -- the model ---------------------------------------------------------------------------------------

def test_entries_follow_the_actions_and_group_by_turn():
    match = lyngk_after(4)
    items = move_log.entries(match, tr)
    assert [e.ply for e in items] == [1, 2, 3, 4]
    assert [e.actor for e in items] == [0, 1, 0, 1]
    assert [e.notation for e in items] == list(match.actions)
    groups = move_log.group(items)
    assert [(g.actor, g.number, len(g.entries)) for g in groups] == [(0, 1, 1), (1, 2, 1), (0, 3, 1), (1, 4, 1)]


def test_chance_joins_the_turn_it_belongs_to_and_set_up_chance_stands_apart():
    match = played("quorsum", 2, 40)
    groups = move_log.group(move_log.entries(match, tr))
    assert groups[0].actor == -1 and groups[0].number == 0  # the opening roll belongs to nobody
    assert groups[0].entries[0].words.startswith("opening roll")
    setup = [g for g in groups if g.setup]  # the opening choice and the placement: no turn number
    assert setup and all(g.actor >= 0 and g.number == 0 for g in setup)
    players = [g for g in groups if g.actor >= 0 and not g.setup]
    assert groups.index(setup[-1]) < groups.index(players[0])
    assert [g.number for g in players] == list(range(1, len(players) + 1))
    rolls = [e for g in players for e in g.entries if e.notation.startswith("met")]
    assert rolls and all(e.words.startswith("rolled ") for e in rolls)
    assert all((a.actor, a.setup) != (b.actor, b.setup) for a, b in zip(groups, groups[1:]))
    listing = move_log.list_html(groups, 0, tr)
    assert f"Set-up · Player {setup[0].actor + 1}" in listing and "Turn 1 · " in listing


def test_others_acting_within_a_turn_keep_its_number():
    """Calavera: while the others mark (rules §4.3) it is still the active player's turn."""
    match = played("calavera", 3, 80)
    groups = move_log.group(move_log.entries(match, tr))
    players = [g for g in groups if g.actor >= 0]
    assert any(g.entries[0].turn != g.actor for g in players)  # someone marked in another's turn
    for a, b in zip(players, players[1:]):
        same_turn = b.entries[0].turn == a.entries[-1].turn
        assert b.number == (a.number if same_turn else a.number + 1)


def test_the_list_marks_the_current_entry_and_escapes_the_words():
    items = [move_log.Entry(1, 0, "a <b>", "x"), move_log.Entry(2, 1, "c", "y")]
    page = move_log.list_html(move_log.group(items), 1, tr, ("#123456", "#654321"))
    assert page.count('aria-current="step"') == 1
    assert '<li class="log-entry" data-ply="1" aria-current="step">' in page
    assert "a &lt;b&gt;" in page and '<code class="log-notation">x</code>' in page
    assert "Start position" in page and "Turn 2 · Player 2" in page and "background:#654321" in page


def test_stepping_stays_inside_the_game():
    assert move_log.step_target("back", 0, 5) == 0
    assert move_log.step_target("back", 3, 5) == 2
    assert move_log.step_target("forward", 5, 5) == 5
    assert move_log.step_target("start", 3, 5) == 0
    assert move_log.step_target("end", 1, 5) == 5
    assert set(move_log.STEP_KEYS.values()) == {"back", "forward", "start", "end"}


# -- reviewing on a screen ------------------------------------------------------------------------

def lyngk_screen(moves: int = 4) -> tuple[LyngkScreen, FakeHost]:
    host = FakeHost()
    screen = LyngkScreen(host, lyngk_after(moves))
    screen.resize(700, 600, 1)
    return screen, host


def test_viewing_shows_that_position_everywhere():
    screen, host = lyngk_screen()
    match = screen.match
    screen.view(2)
    assert screen.reviewing and screen.shown_ply == 2
    assert screen.state == match.states()[2]
    assert host.element("position-text").textContent == match.game.position(match.states()[2])
    panel = host.element("game-panel").innerHTML
    assert "Viewing move 2 of 4" in panel and 'data-action="live"' in panel and " inert>" in panel
    assert host.element("message").textContent == ""
    assert "to move" in host.element("board").attributes["aria-label"]
    assert screen.shown_match.actions == match.actions[:2]
    screen.view(4)  # the last ply is the live game
    assert not screen.reviewing and "Viewing" not in host.element("game-panel").innerHTML


def test_going_live_lets_a_computer_move_again():
    screen, host = lyngk_screen()
    screen.view(1)
    changes = host.changes
    screen.view(1)
    assert host.changes == changes  # nothing changed
    screen.view(None)
    assert host.changes == changes + 1


def test_a_move_undo_or_redo_returns_to_the_live_game():
    screen, _ = lyngk_screen()
    screen.view(1)
    screen.undo()
    assert not screen.reviewing and len(screen.match.actions) == 3
    screen.view(0)
    screen.redo()
    assert not screen.reviewing and len(screen.match.actions) == 4
    screen.view(2)
    screen.play(screen.match.state.legal_actions()[0])
    assert not screen.reviewing and len(screen.match.actions) == 5


def test_reviewing_draws_no_selection_or_trail_of_the_live_game():
    screen, host = lyngk_screen()
    origin = next(m.origin for m in screen.state.legal_actions() if m.origin >= 0)
    screen.choose(origin)
    assert screen.selection.origin == origin
    screen.view(1)
    ctx = host.element("board").context
    ctx.calls.clear()
    screen.redraw()
    live = ctx.calls[:]
    ctx.calls.clear()
    fresh = LyngkScreen(FakeHost(), Match.from_record(screen.shown_match.record()))
    fresh.resize(700, 600, 1)
    fresh.host.element("board").context.calls.clear()
    fresh.redraw()
    assert live == fresh.host.element("board").context.calls  # exactly the plain position
    assert screen.selection.origin == origin  # kept for when the game is shown again


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_screen_renders_every_past_position(game_id):
    game = games.get(game_id)
    match = played(game_id, game.max_players, 60)
    host = FakeHost()
    screen = games.ui(game_id).screen(host, match)
    screen.resize(800, 600, 1)
    for ply in range(len(match.actions) + 1):
        screen.view(ply)
        assert screen.state == match.states()[ply] or ply == len(match.actions)
        assert host.element("position-text").textContent == game.position(screen.state) or game_id == "gype"
    screen.view(None)
    assert screen.state is match.state


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_game_played_on_from_a_position_can_be_reviewed(game_id):
    """A game that starts from a position text (the editor's "Play from here", a position link)
    has no record that replays it: reviewing cuts it instead."""
    from qipan.app.embed import position_match
    game = games.get(game_id)
    source = played(game_id, game.min_players, 40, seed=5)
    start = min(8, len(source.actions))
    match = position_match(game_id, game.position(source.states()[start]))
    for text in source.actions[start:]:
        match.play(text)
    host = FakeHost()
    screen = games.ui(game_id).screen(host, match)
    screen.resize(800, 600, 1)
    for ply in range(len(match.actions) + 1):
        screen.view(ply)
        assert screen.state == match.states()[ply]
        assert screen.shown_match.state == match.states()[ply]
        assert screen.shown_match.actions == match.actions[:ply]
    screen.view(None)
    assert screen.state is match.state


class FakeNode(FakeElement):
    """An element with what the log's controller touches besides FakeElement's."""

    def __init__(self) -> None:
        super().__init__()
        self.open = True
        self.scrollTop = 0
        self.clientHeight = 100
        self.offsetTop = 0
        self.offsetHeight = 44
        self.ownerDocument = None

    def querySelector(self, _selector: str) -> "FakeNode":  # noqa: N802 (DOM name)
        return self


class FakeApp:
    def __init__(self, screen) -> None:
        self.screen = screen
        self.lang = "en"
        self.analysis = types.SimpleNamespace(marks=dict)  # no analysis: no grades in the log
        self.nodes: dict[str, FakeNode] = {}

    def tr(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    def element(self, element_id: str) -> FakeNode:
        return self.nodes.setdefault(element_id, FakeNode())

    def before_paint(self, task) -> None:
        task()

    def set_html(self, node, markup: str) -> None:
        node.innerHTML = markup


def test_the_controller_fills_the_log_and_follows_the_language(monkeypatch):
    screen, _ = lyngk_screen(3)
    app = FakeApp(screen)
    log = move_log.MoveLog(app)
    log.built_lang = "en"  # the shell is built (binding events needs the browser)
    log.refresh()
    listing = app.element("log-list").innerHTML
    assert listing.count('class="log-entry"') == 4 and listing.count("aria-current") == 1
    assert 'data-ply="3" aria-current="step"' in listing
    assert app.element("log-count").textContent == "3 so far"
    screen.view(1)
    log.refresh()
    assert 'data-ply="1" aria-current="step"' in app.element("log-list").innerHTML
    assert app.element("log-count").textContent == "Viewing move 1 of 3"
    app.lang = "zh-TW"
    monkeypatch.setattr(log, "build", lambda: setattr(log, "built_lang", app.lang))
    log.refresh()
    assert "疊到" in app.element("log-list").innerHTML and "開局局面" in app.element("log-list").innerHTML


def test_gype_start_rows_are_set_up_and_the_race_starts_at_turn_one():
    match = played("gype", 3, 40)
    groups = move_log.group(move_log.entries(match, tr))
    setup = [g for g in groups if g.setup]
    assert sorted(g.actor for g in setup) == [0, 1, 2]  # each player's start row
    assert all(e.notation.startswith("arrange") for g in setup for e in g.entries)
    turns = [g for g in groups if g.actor >= 0 and not g.setup]
    assert turns[0].number == 1 and groups.index(turns[0]) > groups.index(setup[-1])
