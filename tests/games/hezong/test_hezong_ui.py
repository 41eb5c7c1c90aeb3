"""The 合縱連橫 screen without a browser: cells are hit where they are drawn, the drawing carries
numbers and letters (never colour alone), a first click previews the attack and a second places,
illegal cells are refused with their reason, and the panel and the end table follow the engine."""

from __future__ import annotations

import random

from fakes import FakeHost, RecordingContext

from qipan.core import Outcome
from qipan.games.hezong import GAME, HezongState, Place, Rules, parse_cell
from qipan.games.hezong.geometry import PIECE_COUNTS
from qipan.games.hezong.rules import EMPTY, STONES_EACH
from qipan.match import Match
from qipan.games.hezong.ui import play as hezong_play, view as hezong_view
from qipan.games.hezong.ui.screen import HezongScreen

MAP = GAME.new(2, seed=0).map


def position(stones: dict[str, int], mover: int, players: int = 3, last: str | None = None) -> HezongState:
    """A state with `stones` ({"f6": player}) and `mover` to move; the start player fits the turn order."""
    board = [EMPTY] * 144
    for name, player in stones.items():
        board[parse_cell(name)] = player
    ply = len(stones)
    start = (mover - ply) % players
    each = STONES_EACH[players]
    supply = tuple(each - (ply // players + (1 if (p - start) % players < ply % players else 0))
                   for p in range(players))
    return HezongState(MAP, tuple(board), start, supply, (0,) * players, parse_cell(last) if last else -1, Rules())


# A 3-player fight: player 0 plays next to its own stone on e5, and the ray through e5 runs on
# to player 1's stone on e8 (over empty cells): e8 is removed (rules §3.2 case 1).
FIGHT = position({"e5": 0, "e8": 1, "a4": 2}, mover=0, last="a4")


def screen_at(players: int = 3, seed: int = 5, lang: str = "en") -> tuple[HezongScreen, FakeHost]:
    host = FakeHost(lang)
    screen = HezongScreen(host, Match.new("hezong", players, seed))
    screen.resize(720, 720, 2)
    screen.render()
    return screen, host


def test_layout_hits_every_cell_at_its_centre_and_nothing_outside():
    for width, height in ((390, 380), (768, 560), (1440, 840)):
        layout = hezong_view.Layout(width, height)
        for cell in range(144):
            assert layout.hit(*layout.centre(cell)) == cell
        ox, oy = layout.origin
        assert layout.hit(ox - 2, oy + 5) is None
        assert layout.hit(ox + 5, oy + 12 * layout.cell + 2) is None


def test_arrow_keys_step_and_stop_at_the_edge():
    assert hezong_view.step(parse_cell("f6"), "ArrowRight") == parse_cell("g6")
    assert hezong_view.step(parse_cell("f6"), "ArrowUp") == parse_cell("f5")
    assert hezong_view.step(parse_cell("a1"), "ArrowLeft") == parse_cell("a1")
    assert hezong_view.step(parse_cell("l12"), "ArrowDown") == parse_cell("l12")


def test_every_stone_carries_its_number_and_every_region_its_shape_letter():
    ctx = RecordingContext()
    scene = hezong_view.Scene(MAP.regions, MAP.shapes, FIGHT.stones)
    hezong_view.draw(ctx, hezong_view.Layout(700, 700), scene)
    texts = ctx.texts()
    for letter, count in PIECE_COUNTS.items():
        assert texts.count(letter) == count
    assert {"1", "2", "3"} <= set(texts)
    assert texts.count("a") == 2 and texts.count("12") == 2  # coordinates on both sides


def test_the_region_view_shows_the_points_each_held_region_yields():
    stones = list(FIGHT.stones)
    e5 = parse_cell("e5")
    partner = next(c for c in MAP.region_cells(MAP.regions[e5]) if c != e5)
    stones[partner] = 2  # a second colour in e5's region: shared
    ctx = RecordingContext()
    scene = hezong_view.Scene(MAP.regions, MAP.shapes, tuple(stones), regions_view=True)
    hezong_view.draw(ctx, hezong_view.Layout(700, 700), scene)
    texts = ctx.texts()
    assert texts.count("+1") == 1 and texts.count("+2") == 2  # e8's and a4's regions held alone
    assert not set(PIECE_COUNTS) & set(texts)  # the letters give way to the points


def test_a_first_click_previews_the_attack_and_a_second_places():
    e4 = parse_cell("e4")
    first = hezong_play.click(FIGHT, None, e4)
    assert first.play is None and first.selected == e4
    assert first.message == ("hezong.sel_attack", {"cell": "e4", "n": 1, "cells": ("e8",)})
    assert hezong_play.click(FIGHT, e4, e4).play == Place(e4)


def test_the_preview_draws_the_ghost_stone_and_marks_the_victim():
    e4, e8 = parse_cell("e4"), parse_cell("e8")
    layout = hezong_view.Layout(700, 700)
    plain, preview = RecordingContext(), RecordingContext()
    base = dict(legal=frozenset(FIGHT.placement_cells()), last=FIGHT.last, mover=0)
    hezong_view.draw(plain, layout, hezong_view.Scene(MAP.regions, MAP.shapes, FIGHT.stones, **base))
    hezong_view.draw(preview, layout, hezong_view.Scene(MAP.regions, MAP.shapes, FIGHT.stones, selected=e4,
                                                         targets=(e8,), **base))
    assert preview.texts().count("1") == plain.texts().count("1") + 1  # the mover's ghost stone
    ex, ey = layout.centre(e8)
    assert ("arc", (ex, ey, 0.45 * layout.cell, 0, 6.283185307179586)) in preview.calls  # ring on e8


def test_illegal_cells_are_refused_with_their_reason():
    taken = hezong_play.click(FIGHT, None, parse_cell("e5"))
    assert taken.error and taken.message == ("hezong.err.taken", {"cell": "e5", "n": 1})
    off = hezong_play.click(FIGHT, parse_cell("e4"), parse_cell("f6"))
    assert off.error and off.message == ("hezong.err.off_line", {"cell": "f6", "last": "a4"})
    assert off.selected == parse_cell("e4")  # the preview stays


def test_removed_by_names_the_stones_an_attack_took():
    after = FIGHT.apply(Place(parse_cell("e4")))
    assert hezong_play.removed_by(FIGHT, after) == ((parse_cell("e8"), 1),)


def test_the_screen_places_with_two_clicks_and_says_so():
    screen, host = screen_at()
    cell = parse_cell("f6")
    x, y = screen.layout().centre(cell)
    screen.on_board_click(x, y)
    assert screen.selected == cell and screen.match.actions == ()
    assert host.element("message").textContent.startswith("f6 attacks nothing.")
    screen.on_board_click(x, y)
    assert screen.match.actions == ("f6",)
    mover = screen.match.states()[0].to_move
    assert host.element("message").textContent == f"Player {mover + 1} placed on f6."
    assert "row or column of f6" in host.element("game-panel").innerHTML


def test_keyboard_cursor_previews_enter_selects_and_confirms_escape_cancels():
    screen, host = screen_at()
    screen.play(Place(parse_cell("f6")))
    assert screen.on_key("ArrowRight")  # the cursor appears on the last stone
    assert screen.cursor == parse_cell("f6")
    assert "already holds a stone" in host.element("message").textContent
    screen.on_key("ArrowRight")
    assert host.element("message").textContent.startswith("g6: a stone here")
    screen.on_key("Enter")
    assert screen.selected == parse_cell("g6")
    screen.on_key("Escape")
    assert screen.selected is None
    screen.on_key("Enter")
    screen.on_key(" ")
    assert screen.match.actions == ("f6", "g6")
    assert not screen.on_key("x")


def test_an_attack_plays_the_fade_out_and_leaves_the_victim_marked():
    screen, host = screen_at(seed=9)
    rng = random.Random(3)
    while not any(screen.state.attack_targets(c) for c in screen.state.placement_cells()):
        screen.play(Place(rng.choice(screen.state.placement_cells())))
    cell = next(c for c in screen.state.placement_cells() if screen.state.attack_targets(c))
    targets = screen.state.attack_targets(cell)
    screen.choose(cell)
    assert host.element("game-panel").innerHTML.count('class="hz-victim"') == len(targets)
    screen.choose(cell)
    assert host.element("hezong-fx").innerHTML.count('class="hz-burst"') == len(targets)
    assert "and removed" in host.element("message").textContent
    assert {c for c, _ in screen.scene().gone} == set(targets)
    screen.undo()
    assert host.element("hezong-fx").innerHTML == ""


def test_the_panel_lists_every_seat_in_turn_order_and_marks_the_mover():
    screen, host = screen_at(players=8, seed=2)
    panel = host.element("game-panel").innerHTML
    state = screen.state
    assert panel.count("<tr") == 9  # header + 8 seats
    order = [int(part.split('"')[0]) for part in panel.split('data-player="')[1:]]
    assert order == sorted(range(8), key=state.seat)
    assert f'<tr class="active" aria-current="true" data-player="{state.to_move}">' in panel
    screen.on_panel("regions", "")
    assert 'aria-pressed="true"' in host.element("game-panel").innerHTML and screen.regions_view


def test_a_whole_game_ends_with_the_score_table():
    screen, host = screen_at(players=4, seed=12)
    rng = random.Random(8)
    while not screen.state.is_terminal():
        screen.choose(cell := rng.choice(screen.state.placement_cells()))
        screen.choose(cell)
    over = host.element("game-over")
    assert not over.hidden
    table = screen.state.score_table()
    winners = [row.player for row in table if row.winner]
    if len(winners) == 1:
        assert f"Player {winners[0] + 1} wins!" in over.innerHTML
    for row in table:
        assert f'data-player="{row.player}"><td>{row.rank}</td>' in over.innerHTML
    assert "2 points per exclusive region" in over.innerHTML
    screen.on_board_click(*screen.layout().centre(0))  # nothing happens once over
    assert len(screen.match.actions) == 48


def test_a_shared_win_and_the_other_language():
    screen, host = screen_at(lang="zh-TW")
    assert "目前分數" in host.element("game-panel").innerHTML
    assert f"輪到玩家 {screen.state.to_move + 1}" in host.element("game-panel").innerHTML
    outcome = Outcome((0, 2), (5, 4, 5), None)
    assert "玩家 1、玩家 3 並列獲勝" in screen.game_over_html(outcome)
    assert "合縱連橫棋盤" in host.element("board").attributes["aria-label"]


def test_a_hint_is_previewed_like_a_first_click():
    screen, host = screen_at()
    screen.show_hint(Place(parse_cell("c3")), "c3")
    assert screen.selected == parse_cell("c3") and screen.preview_cell() == parse_cell("c3")
    screen.choose(parse_cell("c3"))
    assert screen.match.actions == ("c3",)


def test_with_the_choose_house_rule_the_panel_offers_each_set_of_attacks():
    """§3.2 K2 (attack=choose): a confirmed cell with attacks asks which to fire, then plays it."""
    fire_options = hezong_play.fire_options
    host = FakeHost()
    screen = HezongScreen(host, Match.new("hezong", 2, 5, None, attack="choose"))
    screen.resize(700, 700, 1)
    while True:  # play quietly until some placement could attack
        state = screen.state
        cell = next((c for c in state.placement_cells() if len(fire_options(state, c)) > 1), None)
        if cell is not None:
            break
        screen.play(next(a for a in state.legal_actions() if len(fire_options(state, a.cell)) == 1))
    screen.choose(cell)
    screen.choose(cell)  # a second click asks instead of playing
    assert host.element("message").textContent.startswith("Choose which attacks")
    panel = host.element("game-panel").innerHTML
    assert panel.count('data-action="fire"') == len(fire_options(state, cell))
    chosen = fire_options(state, cell)[-1]
    screen.on_panel("fire", str(chosen.fire))
    assert screen.match.actions[-1] == GAME.action_text(state, chosen)


def test_the_board_label_counts_its_stones_in_english_and_chinese():
    """The label screen readers read: "1 stone", "2 stones" (English's singular), 顆 in Chinese."""
    host = FakeHost("en")
    screen = HezongScreen(host, Match.new("hezong", 2, 3))
    assert "0 stones on the board" in screen.board_label()
    screen.play(screen.state.legal_actions()[0])
    assert "1 stone on the board" in screen.board_label()
    screen.play(screen.state.legal_actions()[0])
    assert "2 stones on the board" in screen.board_label()
    host.lang = "zh-TW"
    assert "棋盤上有 2 顆棋子" in screen.board_label()
