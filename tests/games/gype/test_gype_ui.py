"""The Table Gype screen without a browser: the turned board's geometry and hit-testing, the
drawn pictograms and owner marks, clicks becoming moves (Hat paths and jump chains to choose),
set-up swaps with hidden rows, re-rolls, the panel, the game-over box, both languages."""

from __future__ import annotations

import pytest
from fakes import FakeHost, RecordingContext

from qipan.games.gype import GAME, Arrange, GypeState, Jump, Termination
from qipan.games.gype.board import CELLS, ROW_CELLS, parse_cell
from qipan.match import Match
from qipan.games.gype.ui import play as gype_play, view as gype_view
from qipan.games.gype.ui.screen import GypeScreen
from gype_util import crowded

EAR, BOOK, TREE, FLAME, SWORDS, HAT = range(6)


def screen_with(state: GypeState | None = None, lang: str = "en", seed: int = 3) -> tuple[GypeScreen, FakeHost]:
    host = FakeHost(lang)
    screen = GypeScreen(host, Match.new("gype", 2, seed))
    if state is not None:
        screen.match.restart_at(state)  # a constructed position, as the editor gives
    screen.resize(800, 700, 2)
    screen.render()
    return screen, host


@pytest.mark.parametrize("bottom", "SWNE")
def test_layout_hits_every_cell_at_its_centre_whichever_seat_is_at_the_bottom(bottom):
    layout = gype_view.Layout(640, 480, bottom)
    for cell in CELLS:
        assert layout.hit(*layout.to_px(cell)) == cell
    ox, oy = layout.origin()
    u = layout.unit
    assert layout.hit(ox + 0.5 * u, oy + 0.5 * u) is None  # a missing corner
    assert layout.hit(1, 1) is None
    # the bottom seat's start row is drawn on the bottom line of the grid
    assert {round(layout.to_px(c)[1]) for c in ROW_CELLS[bottom]} == {round(oy + 9.5 * u)}
    assert layout.edge_of(bottom) == "bottom"


def test_keyboard_arrows_reach_every_cell_hopping_the_corners():
    layout = gype_view.Layout(800, 600, "W")
    seen, frontier = {44}, [44]
    while frontier:
        cell = frontier.pop()
        for dx, dy in gype_view.ARROWS.values():
            other = layout.neighbour(cell, dx, dy)
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    assert seen == set(CELLS)


def test_every_die_is_drawn_as_its_pictogram_with_its_owner_number(monkeypatch):
    drawn = []
    for face, symbol in list(gype_view.SYMBOLS.items()):
        monkeypatch.setitem(gype_view.SYMBOLS, face,
                            lambda ctx, r, ink, bg, face=face, symbol=symbol: (drawn.append(face), symbol(ctx, r, ink, bg)))
    state = crowded()
    ctx = RecordingContext()
    scene = gype_view.Scene(state.board, "SN", 0, names=("Player 1", "Player 2"))
    gype_view.draw(ctx, gype_view.Layout(700, 600), scene)
    pieces = [state.board[c] for c in CELLS if state.board[c] >= 0]
    assert sorted(drawn) == sorted(p % 6 for p in pieces)
    texts = ctx.texts()
    assert texts.count("1") == 8 and texts.count("2") == 8  # owner marks, not colour alone
    assert "▶ Player 1" in texts and "Player 2" in texts  # the player to move is marked
    assert ctx.count("bezierCurveTo") > 0 and ctx.count("rotate") >= 16  # drawn, turned to their owners


def test_hidden_set_up_rows_show_a_question_mark_not_their_faces():
    screen, host = screen_with(seed=5)
    first = screen.state.current
    screen.on_panel("arrange", "")
    assert screen.state.setup and screen.state.current != first
    hidden = gype_play.hidden_cells(screen.state)
    assert hidden == frozenset(ROW_CELLS[screen.state.rules.seats[first]])
    ctx = RecordingContext()
    screen.draw(ctx, 800, 700)
    assert ctx.texts().count("?") == 8


def test_set_up_swaps_two_dice_then_confirm_plays_the_arrangement():
    screen, host = screen_with(seed=5)
    state = screen.state
    row = ROW_CELLS[state.rules.seats[state.current]]
    layout = screen.layout()
    screen.on_board_click(*layout.to_px(row[0]))
    assert host.element("message").textContent == f"Now tap the die to swap with {gype_play.cell_name(row[0])}."
    screen.on_board_click(*layout.to_px(row[6]))
    screen.on_board_click(*layout.to_px(44))
    assert host.element("message").className == "message error"
    screen.on_panel("arrange", "")
    faces = list(gype_play.START_FACES)
    faces[0], faces[6] = faces[6], faces[0]
    assert screen.match.actions[0] == GAME.action_text(state, Arrange(tuple(faces)))


def test_a_hat_shows_both_paths_and_what_each_would_re_roll():
    state = crowded()
    hat, dest = parse_cell("e3"), parse_cell("f5")
    picked = gype_play.click(state, gype_play.Selection(), hat)
    assert picked.selection.origin == hat and picked.play is None
    assert gype_play.rolls_if_any(state, picked.selection) >= {parse_cell("e4"), parse_cell("e5"), parse_cell("f3")}
    two = gype_play.click(state, picked.selection, dest)
    assert two.play is None and two.message == ("gype.pick_option", {"cell": "f5", "n": 2})
    options = gype_play.choices(state, hat, dest)
    assert {m.path for m, _ in options} == {"L", "S"}
    assert {frozenset(r) for _, r in options} == {frozenset({parse_cell("e4"), parse_cell("e5")}),
                                                  frozenset({parse_cell("f3")})}
    screen, host = screen_with(state)
    screen.choose(hat)
    screen.choose(dest)
    panel = host.element("game-panel").innerHTML
    assert "Hat path 2 then 1; re-rolls e4, e5" in panel and "Hat path 1 then 2; re-rolls f3" in panel
    assert screen.scene().options and screen.scene().may_roll == {parse_cell("e4"), parse_cell("e5"), parse_cell("f3")}
    screen.on_key("2")
    assert screen.match.actions[0] == "e3-f5/S"
    assert screen.state.board[dest] == HAT and screen.just_rolled == (parse_cell("f3"),)
    assert "Re-rolled:" in host.element("game-panel").innerHTML and "gype-tumble" in host.element("game-panel").innerHTML


def test_a_jump_chain_is_previewed_and_played_by_clicking_its_end():
    state = crowded()
    flame = parse_cell("c2")
    chain_end = parse_cell("e6")
    assert chain_end in state.destinations(flame)
    sel = gype_play.click(state, gype_play.Selection(), flame).selection
    screen, _ = screen_with(state)
    screen.selection = sel
    assert any(len(p) == 3 for p in screen.scene().paths)  # c2 x c4 x e6
    intent = gype_play.click(state, sel, chain_end)
    assert intent.play == Jump(flame, (parse_cell("c4"), chain_end))


def test_refusals_say_why():
    state = crowded()
    none = gype_play.Selection()
    assert gype_play.click(state, none, 44 + 40).message == ("gype.err.empty", {"cell": "e8"})
    assert gype_play.click(state, none, parse_cell("e4")).message == ("gype.err.foreign", {"cell": "e4", "n": 2})
    sel = gype_play.click(state, none, parse_cell("e3")).selection
    assert gype_play.click(state, sel, parse_cell("h8")).message[0] == "gype.err.not_target"


def test_roll_key_re_rolls_the_picked_die_and_the_panel_shows_its_new_face():
    screen, host = screen_with(crowded())
    screen.on_key("r")
    assert host.element("message").textContent == "Pick one of your dice first."
    screen.choose(parse_cell("e5"))
    screen.on_key("r")
    assert screen.match.actions[0] == "roll e5"
    assert screen.just_rolled == (parse_cell("e5"),)
    assert "e5 →" in host.element("game-panel").innerHTML
    assert host.element("message").textContent == "Player 1 re-rolled the die on e5."


def test_the_board_turns_to_the_player_to_move():
    state = crowded()
    screen, host = screen_with(GypeState(state.rules, state.board, 1))
    assert screen.layout().bottom == "S"
    screen.on_panel("rotate", "")
    assert screen.layout().bottom == "N"
    assert 'aria-pressed="true"' in host.element("game-panel").innerHTML
    assert "North side at the bottom" in host.element("board").attributes["aria-label"]


def test_the_screen_autosaves_every_move():
    screen, host = screen_with(seed=3)
    screen.on_panel("arrange", "")
    screen.on_panel("arrange", "")
    assert '"actions":["arrange' in host.storage.get("game/gype")
    assert host.element("position-text").textContent == GAME.position(screen.state)


def test_game_over_explains_the_result():
    state = GAME.parse_position(
        "gype v1 seats=SN turn=0 quiet=0 board=E0E0E0E0E0E0E0F0/........../........../........../........../"
        "........../.B1B1B1B1B1B1B1B1./........../........../........ end=goal")
    screen, host = screen_with(state)
    box = host.element("game-over")
    assert not box.hidden
    assert "Player 1 wins!" in box.innerHTML
    assert "brought all 8 dice into the goal row" in box.innerHTML
    assert "<td>South</td><td>8</td>" in box.innerHTML and "<td>North</td><td>0</td>" in box.innerHTML


def test_stall_ending_names_the_house_rule():
    state = crowded()
    stalled = GypeState(state.rules, state.board, 0, quiet=60, end=Termination.STALL)
    screen, host = screen_with(stalled)
    assert "Draw" in host.element("game-over").innerHTML and "stall limit" in host.element("game-over").innerHTML


def test_chinese_panel_uses_the_glossary_terms():
    screen, host = screen_with(crowded(), "zh-TW")
    screen.choose(parse_cell("e3"))
    panel = host.element("game-panel").innerHTML
    assert "輪到玩家 1" in panel and "帽子" in panel and "重擲" in panel and "終點列" in panel


def test_every_face_has_an_svg_pictogram_for_the_panel():
    for face in range(6):
        svg = gype_view.face_svg(face, 2)
        assert svg.startswith("<svg") and "<path" in svg and gype_view.PLAYER_FILL[2] in svg


def test_messages_follow_a_language_switch():
    screen, host = screen_with(crowded())
    screen.choose(parse_cell("e5"))
    screen.on_key("r")
    host.lang = "zh-TW"
    screen.render()
    assert host.element("message").textContent == "玩家 1 重擲了 e5 的骰子。"


def test_the_turn_toggle_is_remembered():
    screen, host = screen_with(crowded())
    screen.on_key("t")
    again = GypeScreen(host, Match.new("gype", 2, 1))
    assert again.rotate


def test_a_die_picked_before_redo_is_let_go():
    """Redo moves the picked die on: the Re-roll key then asks for a die, as it would not be
    the player's (an illegal ROLL before)."""
    screen, host = screen_with(crowded())
    screen.choose(parse_cell("e5"))
    screen.choose(parse_cell("e6"))  # the Tree steps forward
    screen.undo()
    screen.choose(parse_cell("e5"))
    screen.redo()
    assert screen.selection == gype_play.Selection() and screen.match.actions == ("e5-e6",)
    screen.on_key("r")
    assert host.element("message").textContent == "Pick one of your dice first."


def test_pass_the_device_only_from_a_person_to_another_person():
    """After a row is arranged, "Pass the device" is said only where the next to arrange is a
    person sharing the device with another (a tablet tester was told it against the computer)."""
    keys = set()
    for seats in (("human", "human", "human"), ("human", "hard", "human"), ("human", "human", "hard"),
                  ("easy", "human", "easy"), ("human", "easy", "easy")):
        screen = GypeScreen(FakeHost("en"), Match.new("gype", 3, 5), seats)
        screen.resize(800, 700, 2)
        screen.play(screen.state.legal_actions()[0])
        passes = sum(s == "human" for s in seats) > 1 and seats[screen.state.current] == "human"
        assert screen.message[0] == ("gype.arranged" if passes else "gype.arranged_here"), seats
        keys.add(screen.message[0])
    assert keys == {"gype.arranged", "gype.arranged_here"}  # (both cases met)


@pytest.mark.parametrize(("lang", "said"), [("en", "Player 1: Tree e5 to e6"), ("zh-TW", "玩家 1：樹 e5 移動到 e6")])
def test_the_status_line_after_a_move_says_the_move_log_words_not_notation(lang, said):
    """The tablet report: 'Player 2: h9-g8' while the move log said 'Swords h9 to g8'."""
    screen, host = screen_with(crowded(), lang)
    screen.choose(parse_cell("e5"))
    screen.choose(parse_cell("e6"))  # the Tree steps forward
    assert screen.match.actions == ("e5-e6",)
    assert host.element("message").textContent == said
    host.lang = "en" if lang == "zh-TW" else "zh-TW"  # the words follow a language switch
    screen.render()
    assert "e5-e6" not in host.element("message").textContent
