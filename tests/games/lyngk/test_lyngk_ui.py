"""The LYNGK screen without a browser: clicks become moves, messages explain refusals, the
view draws every stack with its letter and height, and the panel shows claims and the end."""

from __future__ import annotations

import json

from fakes import BACKDROP, FakeHost, RecordingContext

from qipan.games.lyngk import GAME, PASS, Move
from qipan.games.lyngk.board import LABELS, parse_point
from qipan.match import Match
from qipan.games.lyngk.ui import play as lyngk_play, view as lyngk_view
from qipan.games.lyngk.ui.screen import LyngkScreen

EMPTY = "/".join(["."] * 43)


def position(stacks: dict[str, str], claims: str = "-/-", to_move: int = 1) -> str:
    cells = ["."] * 43
    for point, stack in stacks.items():
        cells[parse_point(point)] = stack
    return f"{'/'.join(cells)} {claims} {to_move} 0/0 standard"


def screen_at(seed: int = 3) -> tuple[LyngkScreen, FakeHost]:
    host = FakeHost()
    screen = LyngkScreen(host, Match.new("lyngk", 2, seed))
    screen.resize(700, 600, 2)
    return screen, host


def test_layout_hits_every_point_at_its_own_centre():
    layout = lyngk_view.Layout(640, 480)
    heights = (1,) * 43
    for point in range(43):
        assert layout.hit(*layout.to_px(point), heights) == point
    assert layout.hit(0, 0, heights) is None


def test_keyboard_arrows_reach_every_point():
    layout = lyngk_view.Layout(800, 600)
    seen, frontier = {LABELS.index("E4")}, [LABELS.index("E4")]
    while frontier:
        point = frontier.pop()
        for dx, dy in lyngk_view.ARROWS.values():
            other = layout.neighbour_in_direction(point, dx, dy)
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    assert len(seen) == 43


def test_every_top_piece_carries_its_letter_and_tall_stacks_their_height():
    state = GAME.parse_position(position({"A1": "IBRGK", "E4": "J", "C3": "BR"}, claims="R/-"))
    ctx = RecordingContext()
    lyngk_view.draw(ctx, lyngk_view.Layout(700, 600), lyngk_view.Scene(state.stacks, state.claims))
    texts = ctx.texts()
    assert {"K", "★", "R"} <= set(texts)
    assert "5" in texts and "2" in texts  # height badges
    assert "1" in texts  # C3 is topped by red, claimed by player 1


def test_a_click_on_a_foreign_stack_is_refused_with_its_reason():
    state = GAME.parse_position(position({"A1": "R", "B1": "B", "E4": "G", "E5": "I"}, claims="R/-", to_move=2))
    intent = lyngk_play.click(state, lyngk_play.Selection(), parse_point("A1"))
    assert intent.play is None
    assert intent.message == ("lyngk.err.foreign", {"point": "A1"})


def test_select_then_target_plays_the_move():
    state = GAME.new(2, 3)
    move = next(m for m in state.legal_actions() if not m.claim)
    first = lyngk_play.click(state, lyngk_play.Selection(), move.origin)
    assert first.selection.origin == move.origin
    assert move.dest in lyngk_play.targets(state, "", move.origin)
    assert lyngk_play.click(state, first.selection, move.dest).play == move


def test_a_move_open_only_with_a_claim_says_so():
    """§4.4, §9: a neutral single may land only on a single; claimed (own) it may land on a
    stack. Here the opponent owns green, so red's only move needs a claim (a forced claim)."""
    state = GAME.parse_position(position({"E4": "R", "E5": "BG"}, claims="-/G"))
    assert lyngk_play.click(state, lyngk_play.Selection(), parse_point("E4")).message[0] == "lyngk.err.needs_claim"
    claimed = lyngk_play.click(state, lyngk_play.Selection("R"), parse_point("E4"))
    assert claimed.selection.origin == parse_point("E4")
    assert lyngk_play.must_claim(state)


def test_the_screen_plays_clicks_saves_and_undoes():
    screen, host = screen_at()
    move = next(m for m in screen.state.legal_actions() if not m.claim)
    layout = screen.layout()
    for point in (move.origin, move.dest):
        screen.on_board_click(*layout.top_px(point, len(screen.state.stacks[point])))
    assert screen.match.actions == (GAME.action_text(GAME.new(2, 3), move),)
    assert '"actions":["' in host.storage.get("game/lyngk")
    assert host.storage.get("last") == "lyngk"
    assert host.element("position-text").textContent == GAME.position(screen.state)
    screen.undo()
    assert screen.match.actions == ()


def test_the_claim_buttons_toggle_and_show_before_the_move():
    screen, host = screen_at()
    screen.on_panel("claim", "G")
    assert 'data-value="G" aria-pressed="true"' in host.element("game-panel").innerHTML
    assert host.element("message").textContent == "You will claim green with this move."
    screen.on_panel("claim", "G")
    assert 'data-value="G" aria-pressed="false"' in host.element("game-panel").innerHTML


def test_a_forced_pass_is_explained_and_offered():
    """§9: a player with no legal turn passes; the panel says why and offers the button."""
    state = GAME.parse_position(position({"A1": "K", "E4": "R", "E5": "BG"}, claims="IB/RG", to_move=1))
    assert state.legal_actions() == (PASS,)
    host = FakeHost()
    screen = LyngkScreen(host, Match.new("lyngk", 2, 1))
    screen.match.restart_at(state)  # a constructed position, as the editor gives
    screen.render()
    panel = host.element("game-panel").innerHTML
    assert "has no legal turn" in panel and 'data-action="pass"' in panel


def test_game_over_shows_the_winner_and_the_tiebreak_vector():
    screen, host = screen_at(5)
    while not screen.state.is_terminal():
        screen.play(screen.state.legal_actions()[0])
    outcome = screen.state.outcome()
    box = host.element("game-over")
    assert not box.hidden
    assert ("wins!" in box.innerHTML) == bool(outcome.winners)
    for vector in outcome.tiebreak:
        assert "".join(f"<td>{v}</td>" for v in vector) in box.innerHTML


def test_chinese_panel_uses_the_glossary_terms():
    host = FakeHost("zh-TW")
    screen = LyngkScreen(host, Match.new("lyngk", 2, 3))
    screen.render()
    assert "佔領" in host.element("game-panel").innerHTML
    assert "輪到玩家 1" in host.element("game-panel").innerHTML
    assert isinstance(Move("", 0, 1), Move)


def test_the_picture_for_the_next_visit_is_drawn_at_css_pixel_size():
    screen, host = screen_at()
    screen.save_picture()
    picture = json.loads(host.storage.get("picture"))
    assert picture["game"] == "lyngk" and picture["image"].startswith("data:image/")
    assert host.element("board").width == 1400  # the live canvas is at the device ratio (2)
    drawn = host.offscreens[-1]
    assert (drawn.width, drawn.height) == (700, 600)  # the picture at CSS-pixel size
    assert "K" in drawn.context.texts() or "R" in drawn.context.texts()  # the board was drawn on it


def test_the_picture_for_the_next_visit_is_a_jpeg_on_the_boards_own_colour():
    """A JPEG decodes in half a WebP's time, and has no transparency: the board's colour is
    painted behind the whole board, or its empty parts would be black."""
    screen, host = screen_at()
    screen.save_picture()
    assert json.loads(host.storage.get("picture"))["image"].startswith("data:image/jpeg;")
    calls = host.offscreens[-1].context.calls
    assert calls[-3:] == [("set", "globalCompositeOperation", "destination-over"),
                          ("set", "fillStyle", BACKDROP), ("fillRect", (0, 0, 700, 600))]


def test_the_status_line_after_a_move_says_the_move_log_words_not_notation():
    """The outside report: 'Player 1: +R G3-H1' while the move log said it in words."""
    from qipan.app import move_log
    for lang in ("en", "zh-TW"):
        host = FakeHost(lang)
        screen = LyngkScreen(host, Match.new("lyngk", 2, 3))
        screen.resize(700, 600, 2)
        before = screen.state
        move = next(m for m in before.legal_actions() if m != PASS and m.claim)
        screen.play(move)
        text = GAME.action_text(before, move)
        ply = move_log.Ply(0, 3, before, move, text, screen.state, screen.state)
        words = screen.words.describe(ply, screen.tr)
        shown = host.element("message").textContent
        assert words in shown and text not in shown, shown


def test_game_over_says_why_the_game_ended():
    screen, host = screen_at(5)
    while not screen.state.is_terminal():
        screen.play(screen.state.legal_actions()[0])
    assert "No one could move" in host.element("game-over").innerHTML
    state = GAME.parse_position(position({"E4": "BGK", "E5": "JRI", "A1": "R", "B2": "G"}, claims="K/-")
                                .replace("standard", "stack6"))
    host = FakeHost("zh-TW")
    screen = LyngkScreen(host, Match.from_position("lyngk", GAME.position(state)))
    screen.resize(700, 600, 2)
    screen.play(next(m for m in state.legal_actions() if m != PASS and m.origin == parse_point("E4")
                     and m.dest == parse_point("E5")))
    assert screen.state.is_terminal()
    assert "立即獲勝" in host.element("game-over").innerHTML
