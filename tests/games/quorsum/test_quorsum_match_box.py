"""Quorsum match play between games, without a browser: a game of a match that ends stops at a
pause with a box (who won, how, the match score, what each player needs, "Next game"), the
next game's tiles are not laid before the button, and the pause behaves under review, Undo,
Redo, a computer seat, a reload and both languages. The message after a game's last action says
how the game ended."""

from __future__ import annotations

from pathlib import Path

from fakes import FakeElement, FakeHost

from qipan.games.quorsum.actions import GO, Choose, Place, Step
from qipan.games.quorsum.rules import ALLOCATE, CHOOSING, LAYOUT, OVER, Rules, QuorsumState
from qipan.match import Match
from qipan.games.quorsum.ui import match_score as qm
from qipan.games.quorsum.ui import play as play
from qipan.app.embed import position_match
from qipan.games.quorsum.ui.screen import FIRST_CHOICE_ID, QuorsumScreen

DATA = Path(__file__).resolve().parent
SEED, TARGET = 4, 5
BEFORE_DOUBLE = [line for line in (DATA / "match_before_double.txt").read_text().splitlines()
                 if line and not line.startswith("#")]
"""Game 1 of a match (seed 4, target 5) up to Player 1's last step: the pawn on d3 has 2 dice,
and stepping to d4 (its dice meet the value) brings Player 1's second pawn home while Player 2
has none home: a double win."""
D4 = 15


class Focusable(FakeElement):
    """An element that records focus() calls (the browser's button)."""

    def __init__(self) -> None:
        super().__init__()
        self.focused = 0

    def focus(self) -> None:
        self.focused += 1


def screen_for(match: Match, seats: tuple[str, ...] = (), lang: str = "en") -> tuple[QuorsumScreen, FakeHost]:
    host = FakeHost(lang)
    host.elements[qm.NEXT_GAME_ID] = Focusable()
    screen = QuorsumScreen(host, match, seats)
    screen.resize(700, 600, 1)
    screen.render()
    return screen, host


def before_the_win() -> Match:
    match = Match.new("quorsum", 2, SEED, match_target=TARGET)
    for text in BEFORE_DOUBLE:
        match.play(text)
    return match


def at_the_pause(seats: tuple[str, ...] = (), lang: str = "en") -> tuple[QuorsumScreen, FakeHost]:
    screen, host = screen_for(before_the_win(), seats, lang)
    screen.play(Step(D4))
    return screen, host


def panel(host: FakeHost) -> str:
    return host.elements["game-panel"].innerHTML


def message(host: FakeHost) -> str:
    return host.elements["message"].textContent


def drawn_texts(host: FakeHost) -> list[str]:
    return host.elements["board"].context.texts()


def test_the_winning_step_stops_at_a_pause_with_a_box_and_no_next_layout():
    screen, host = at_the_pause()
    state = screen.state
    assert state.phase == LAYOUT and not any(state.values)  # the next game's tiles are not drawn
    assert state.score == (2, 0)
    box = panel(host)
    assert "Game 1: Player 1 wins" in box
    assert "a double win (2 points)" in box
    assert "Match score 2–0 (target 5)" in box
    assert "Player 1 needs 3 more, Player 2 needs 5 more" in box
    assert "Player 1 makes the opening choice (no roll)" in box
    assert f'id="{qm.NEXT_GAME_ID}"' in box and 'data-action="next"' in box
    assert "Between two games of the match" in box
    assert host.elements[qm.NEXT_GAME_ID].focused == 1
    assert host.elements["game-over"].hidden  # the match goes on: not the end box


def test_the_message_after_the_winning_step_says_the_game_is_won_not_that_dice_go_on():
    _, host = at_the_pause()
    text = message(host)
    assert "Stepped to d4" in text and "both of Player 1's pawns are home" in text
    assert "double win (2 points)" in text
    assert "go on" not in text


def test_the_board_shows_the_finished_game_not_an_empty_layout():
    screen, host = at_the_pause()
    final = screen.board
    assert final.phase == OVER and final.pawns_home(0) == 2 and final.pawns_home(1) == 0
    assert any(final.values)
    texts = drawn_texts(host)
    assert str(final.values[0]) in texts  # tile values are written on the canvas
    label = host.elements["board"].attributes["aria-label"]
    assert "Player 1's pawn on d4 heading for d4" in label and "Between two games" in label


def test_next_game_lays_the_tiles_and_asks_the_alternating_opening_choice():
    screen, host = at_the_pause()
    host.elements[FIRST_CHOICE_ID] = first = Focusable()
    screen.on_panel("next", "")
    state = screen.state
    assert state.phase == CHOOSING and state.player == 0 and all(state.values)
    assert "Game 2 of the match" in message(host) and "Player 1 makes the opening choice" in message(host)
    box = panel(host)
    assert "qs-between" not in box
    assert "makes this game&#x27;s opening choice" in box  # no roll this time (§8)
    assert "qs-throw" not in box and "qs-rolls" not in box  # game 1's roll-off and rolls are gone
    assert first.focused == 1


def test_the_board_keys_start_the_next_game_too():
    screen, _ = at_the_pause()
    assert screen.on_key("Enter")
    assert screen.state.phase == CHOOSING


def test_reviewing_shows_the_box_only_at_the_pause():
    screen, host = at_the_pause()
    pause = len(screen.match.actions)
    screen.on_panel("next", "")
    screen.view(pause - 2)  # the chain before the winning step
    assert "qs-between" not in panel(host)
    assert screen.board.phase != OVER
    screen.view(pause)
    assert "qs-between" in panel(host) and "Game 1: Player 1 wins" in panel(host)
    screen.view(pause + 3)  # tiles of game 2 being laid
    assert "qs-between" not in panel(host)
    screen.view(None)
    assert screen.state.phase == CHOOSING and "qs-between" not in panel(host)


def test_a_computer_seat_does_not_start_the_next_game():
    screen, host = at_the_pause(seats=("human", "easy"))
    screen.advance()
    assert qm.between_games(screen.state)
    assert screen.computer_level() is None


def test_two_computers_play_on_by_themselves():
    screen, _ = screen_for(before_the_win(), seats=("easy", "easy"))
    screen.play(Step(D4))
    assert not qm.between_games(screen.state)


def test_after_a_reload_the_pause_shows_the_box_again():
    screen, _ = at_the_pause()
    again, host = screen_for(Match.from_record(screen.match.record().to_json()))
    assert qm.between_games(again.state)
    assert "Game 1: Player 1 wins" in panel(host)
    assert host.elements[qm.NEXT_GAME_ID].focused == 1


def _stalemate_by_giving_up(screen: QuorsumScreen) -> None:
    """Game 2: Player 1 goes first, then both give up all dice for six turns."""
    screen.play(Choose("first"))
    screen.play(Place((0, 3)))
    for _ in range(6):
        screen.play(GO)


def test_undo_of_a_stalemate_ending_removes_the_box_and_redo_brings_it_back():
    screen, host = at_the_pause()
    screen.on_panel("next", "")
    _stalemate_by_giving_up(screen)
    assert qm.between_games(screen.state) and screen.state.score == (3, 1)
    box = panel(host)
    assert "Game 2: a draw" in box and "Stalemate" in box and "a draw (1 point each)" in box
    assert "Player 1 needs 2 more, Player 2 needs 4 more" in box
    assert "Stalemate" in message(host) and "a draw" in message(host)
    focused = host.elements[qm.NEXT_GAME_ID].focused
    screen.undo()
    assert screen.state.phase == ALLOCATE and screen.state.stalemate == 5
    assert "qs-between" not in panel(host)
    assert not host.elements["btn-redo"].disabled
    screen.redo()
    assert "Game 2: a draw" in panel(host)
    assert host.elements[qm.NEXT_GAME_ID].focused == focused + 1


def test_the_box_in_chinese_uses_the_glossary_terms():
    _, host = at_the_pause(lang="zh-TW")
    box = panel(host)
    assert "第 1 場：玩家 1 獲勝" in box
    assert "雙倍勝利" in box and "競賽比分 2–0（目標點數 5）" in box
    assert "下一場" in box
    assert "玩家 1 的兩枚棋子都回到家園" in message(host) and "以雙倍勝利贏得這場遊戲（2 點）" in message(host)
    assert "兩場" not in message(host)  # one game won twice over, not two games


def test_when_both_reach_the_target_level_the_box_says_the_match_plays_on():
    rules = Rules(match_target=3)
    state = QuorsumState(rules, (0,) * 16, (0,) * 16, (-1,) * 16, (), LAYOUT, -1, score=(3, 3), chooser=1)
    text = qm.needs_text(FakeHost().tr, lambda p: f"Player {p + 1}", state)
    assert "Both players have reached 3 points and are level" in text


def test_a_match_that_begins_at_the_pause_shows_the_box_without_the_unknown_game():
    screen, _ = at_the_pause()
    match = position_match("quorsum", screen.position_text())  # a position link to the pause
    end = qm.game_end(match)
    assert end is not None and end.final is None and end.number is None
    box = qm.between_html(FakeHost().tr, lambda p: f"Player {p + 1}", end)
    assert "Game over" in box and "Match score 2–0" in box and 'data-action="next"' in box


def test_the_last_game_of_a_match_says_who_won_the_match():
    match = Match.new("quorsum", 2, SEED, match_target=2)
    for text in BEFORE_DOUBLE:
        match.play(text)
    screen, host = screen_for(match)
    screen.play(Step(D4))
    assert screen.state.phase == OVER
    over = host.elements["game-over"]
    assert not over.hidden and "Player 1 wins the match 2–0." in over.innerHTML
    assert "a double win" in over.innerHTML
    assert "double win" in message(host) and "go on" not in message(host)


def test_a_single_game_won_at_home_says_so_after_the_step():
    before = before_the_win().state
    single = qm.final_position(before, Step(D4))
    assert single.phase != OVER  # a step only declares the target; the dice decide
    rolled = single.apply(single.chance_outcomes()[-1][0])
    assert rolled.phase == OVER
    key, values = play.outcome_message(single, single.chance_outcomes()[-1][0], rolled)
    assert key == "quorsum.msg.won_double" and values["n"] == 1


# -- match wording: counts and the winner's score first ---------------------------------------------


def _pause_with(score: tuple[int, int], target: int) -> QuorsumState:
    rules = Rules(match_target=target)
    return QuorsumState(rules, (0,) * 16, (0,) * 16, (-1,) * 16, (), LAYOUT, -1, score=score, chooser=1)


def test_one_point_is_singular_in_english_and_the_chinese_follows():
    state = _pause_with((1, 1), 1)
    assert qm.needs_text(FakeHost().tr, lambda p: f"Player {p + 1}", state).startswith(
        "Both players have reached 1 point and are level")
    assert "雙方都已達到 1 點且同分" in qm.needs_text(FakeHost("zh-TW").tr, lambda p: f"玩家 {p + 1}", state)
    tr = FakeHost().tr
    assert tr("quorsum.over.stalemate_win", player="Player 2", n=1) == "Player 2 wins the stalemate (1 point)."
    assert tr("quorsum.over.stalemate_win", player="Player 2", n=2) == "Player 2 wins the stalemate (2 points)."
    assert tr("quorsum.over.stalemate_draw", n=1).endswith("a draw (1 point each).")
    assert tr("quorsum.over.stalemate_draw", n=0).endswith("a draw (0 points each).")
    assert tr("quorsum.over.stalemate_draw", n=2).endswith("a draw (2 points each).")


def test_the_match_winner_s_score_comes_first_whoever_wins():
    name = lambda p: f"Player {p + 1}"  # noqa: E731
    assert qm.match_result_text(FakeHost().tr, name, _pause_with((0, 3), 3)) == "Player 2 wins the match 3–0."
    assert qm.match_result_text(FakeHost().tr, name, _pause_with((4, 2), 3)) == "Player 1 wins the match 4–2."
    zh = qm.match_result_text(FakeHost("zh-TW").tr, lambda p: f"玩家 {p + 1}", _pause_with((1, 5), 5))
    assert zh == "玩家 2 以 5–1 贏得競賽。"
    assert qm.match_result_text(FakeHost().tr, name, _pause_with((3, 3), 3)) == "The match is a draw (3–3)."


# -- the side panel: what is new or focused is scrolled into view above the sticky controls -------


class Scrolled(Focusable):
    """An element that records scrollIntoView calls in a list shared with the others."""

    def __init__(self, name: str, log: list[tuple[str, dict[str, str]]]) -> None:
        super().__init__()
        self.name, self.log = name, log

    def scrollIntoView(self, **options: str) -> None:  # noqa: N802 (DOM name)
        self.log.append((self.name, options))


class Style:
    def __init__(self) -> None:
        self.properties: dict[str, str] = {}
        self.sets = 0

    def setProperty(self, name: str, value: str) -> None:  # noqa: N802
        self.properties[name] = value
        self.sets += 1

    def getPropertyValue(self, name: str) -> str:  # noqa: N802
        return self.properties.get(name, "")


class Panel(FakeElement):
    """The side panel with its controls bar (offsetHeight: the bar's height in CSS pixels)."""

    def __init__(self, bar_height: int) -> None:
        super().__init__()
        self.style = Style()
        self.bar = FakeElement()
        self.bar.offsetHeight = bar_height

    def querySelector(self, selector: str) -> FakeElement | None:  # noqa: N802
        return self.bar if selector == ".controls" else None


def panel_screen(match: Match, bar_height: int = 170) -> tuple[QuorsumScreen, FakeHost, list, Panel]:
    host = FakeHost()
    log: list[tuple[str, dict[str, str]]] = []
    host.elements["panel"] = panel_el = Panel(bar_height)
    for name in ("message", "game-over", qm.NEXT_GAME_ID):
        host.elements[name] = Scrolled(name, log)
    host.elements["game-over"].hidden = True  # as in index.html
    screen = QuorsumScreen(host, match)
    screen.resize(700, 600, 1)
    screen.render()
    return screen, host, log, panel_el


def test_the_panel_s_scroll_padding_is_the_height_of_its_controls_bar():
    screen, _, _, panel_el = panel_screen(before_the_win(), bar_height=170)
    assert panel_el.style.properties["--controls-height"] == "170px"
    panel_el.bar.offsetHeight = 118  # a wider panel or shorter labels: the bar has fewer rows
    screen.resize(900, 700, 1)
    assert panel_el.style.properties["--controls-height"] == "118px"
    sets = panel_el.style.sets
    screen.resize(900, 700, 1)  # the same height: not set again (every element in the panel would be styled again)
    assert panel_el.style.sets == sets
    panel_el.bar.offsetHeight = 0  # the play screen hidden: nothing measured, the last value stays
    screen.render()
    assert panel_el.style.properties["--controls-height"] == "118px"


def test_the_message_after_the_last_step_is_revealed_and_next_game_focused():
    screen, host, log, _ = panel_screen(before_the_win())
    log.clear()
    screen.play(Step(D4))
    assert log == [("message", {"block": "nearest", "container": "nearest"})]
    assert host.elements[qm.NEXT_GAME_ID].focused == 1
    screen.render()  # a redraw with the same message scrolls nothing
    assert log == [("message", {"block": "nearest", "container": "nearest"})]


def test_a_hint_and_a_refusal_are_revealed_but_not_while_reviewing():
    screen, host, log, _ = panel_screen(before_the_win())
    log.clear()
    screen.show_hint(Step(D4), "step d4")
    assert log == [("message", {"block": "nearest", "container": "nearest"})] and "“next step: d4 (value 5)”" in message(host)
    assert screen.on_key("r")  # no roll in the middle of a chain: refused in words
    assert len(log) == 2 and message(host) == "That key does nothing now."
    screen.view(0)
    screen.say(("quorsum.err.key", {}))
    screen.render()
    assert len(log) == 2  # reviewing: the message line is empty, nothing to reveal


def test_the_end_box_of_the_match_is_revealed_then_the_message_above_it():
    match = Match.new("quorsum", 2, SEED, match_target=2)
    for text in BEFORE_DOUBLE:
        match.play(text)
    screen, host, log, _ = panel_screen(match)
    log.clear()
    screen.play(Step(D4))
    assert not host.elements["game-over"].hidden
    assert [name for name, _ in log] == ["game-over", "message"]
    screen.render()  # already shown: not again
    assert [name for name, _ in log] == ["game-over", "message"]
