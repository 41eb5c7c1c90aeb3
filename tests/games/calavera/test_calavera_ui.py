"""The Calavera screen without a browser: the layout hits every die and row, the view draws the
faces, values and marks, taps and keys become actions, the panel shows the exact odds, the
marking hand-over and the reconstruction note, and the game-over box explains the result."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from fakes import FakeHost, RecordingContext

from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Freeze, Reroll, TakeColour, TakeRoses
from qipan.games.calavera.odds import reroll_odds
from qipan.match import Match
from qipan.games.calavera.ui import play as play
from qipan.games.calavera.ui import view as view
from qipan.games.calavera.ui.screen import CalaveraScreen

SIZES = ((390, 460), (768, 560), (672, 700), (1024, 700), (1440, 820))


def scripted(*texts: str, players: int = 2) -> Match:
    """A match with chosen dice: roll texts are played as chance outcomes (start player 0)."""
    match = Match.new("calavera", players, 1, start_player=0)
    for text in texts:
        match.play(text)
    return match


def screen_for(match: Match, lang: str = "en") -> tuple[CalaveraScreen, FakeHost]:
    host = FakeHost(lang)
    screen = CalaveraScreen(host, match)
    screen.resize(1024, 700, 2)
    screen.render()
    return screen, host


def center(layout: view.Layout, slot: int) -> tuple[float, float]:
    x, y = layout.die_xy(slot)
    return x + layout.die / 2, y + layout.die / 2


# -- layout -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("size", SIZES)
def test_every_die_and_row_is_hit_at_its_centre_and_all_fits(players, size):
    layout = view.Layout(*size, players)
    for slot in range(6):
        assert layout.hit(*center(layout, slot)) == ("die", slot, 0)
    for player in range(players):
        for row in range(4):
            x, y = layout.box_xy(player, row, 7)
            assert layout.hit(x + layout.unit / 2, y + layout.unit / 2) == ("row", player, row)
        sx, sy = layout.sheet_xy(player)
        assert sx >= 0 and sx + view.SHEET_W * layout.unit <= size[0] + 0.5
        assert sy + view.SHEET_H * layout.unit <= size[1] + 0.5
    assert layout.die >= 40  # a thumb-sized tap target even on a phone
    assert layout.hit(1, size[1] - 1) is None


def test_four_players_on_a_wide_board_use_two_columns():
    assert view.Layout(1900, 700, 4).columns == 2
    assert view.Layout(390, 460, 4).columns == 1


# -- drawing ----------------------------------------------------------------------------------

def test_the_view_draws_letters_values_bonus_lines_and_the_note():
    match = scripted("roll OBBRSS")
    screen, _ = screen_for(match)
    ctx = RecordingContext()
    view.draw(ctx, screen.layout(), screen._scene())
    texts = ctx.texts()
    assert {"O", "B", "R", "S"} <= set(texts)           # die letters (black is "B", the skull "S")
    assert texts.count("10") == 8 and texts.count("-3") == 8  # every row of both sheets prints its values
    assert {"4", "/", "2", "5", "6"} <= set(texts)       # bonus lines: first / later
    assert "* Sheet values are a reconstruction" in texts
    assert "Player 1 · roll 1/3 · skulls 2/3" in texts
    assert "▶ Player 1" in texts                         # the player to act is marked
    assert "Σ 0" in texts


@pytest.mark.parametrize("dark", (False, True))
@pytest.mark.parametrize("row", range(4))
def test_crosses_stand_out_on_every_crossed_box_of_every_row_in_both_themes(row, dark):
    """The cross's ink against its box (the row's colour over each zone's shade) reaches 3:1, the
    WCAG contrast for graphics; the dark theme's black row has white crosses (black on near-black
    was unseen)."""
    ink = view.cross_ink(row, dark)
    for zone in view.ZONE_FILL:
        assert view.contrast(ink, view.crossed_fill(row, zone, dark)) >= 3.0, (zone, ink)
    assert ink == ("#ffffff" if dark and row in (1, 2, 3) else "#1b1b1b")  # (the light theme as it was)


@pytest.mark.parametrize("dark", (False, True))
def test_the_sheet_draws_each_rows_crosses_and_last_cross_frame_in_its_ink(dark):
    screen, host = screen_for(scripted("roll OBBRSS"))
    host.dark = dark
    scene = replace(screen._scene(), crosses=((3, 3, 3, 3), (0, 0, 0, 0)))
    ctx = RecordingContext()
    view.draw(ctx, screen.layout(), scene)
    calls = ctx.calls
    # A cross: globalAlpha 1, strokeStyle, lineWidth, lineCap "round" (view._cross).
    crosses = [calls[i - 2][2] for i, call in enumerate(calls)
               if call == ("set", "lineCap", "round") and calls[i - 3] == ("set", "globalAlpha", 1.0)]
    assert crosses == [view.cross_ink(row, dark) for row in range(4) for _ in range(3)]
    # The frame around each row's last cross (strokeStyle, lineWidth, strokeRect).
    frames = [calls[i - 2][2] for i, call in enumerate(calls)
              if call[0] == "strokeRect" and calls[i - 1][:2] == ("set", "lineWidth") and calls[i - 2][:2] == ("set", "strokeStyle")
              and calls[i - 1][2] > 1]
    assert frames == [view.cross_ink(row, dark) for row in range(4)]


def test_black_and_skull_faces_differ_by_more_than_colour():
    assert view.FACE_FILL[3] != view.FACE_FILL[5] and view.SYMBOLS[3] == "square" and view.SYMBOLS[5] == "skull"
    ctx = RecordingContext()
    view._draw_die(ctx, 60, 5, "S", False)
    skull_arcs = ctx.count("arc")
    ctx = RecordingContext()
    view._draw_die(ctx, 60, 3, "B", False)
    assert ctx.count("fillRect") == 1 and skull_arcs > ctx.count("arc")


def test_selected_dice_are_lifted_with_a_reroll_badge_and_taken_dice_struck():
    match = scripted("roll OBBRSS")
    screen, _ = screen_for(match)
    layout = screen.layout()
    screen.on_board_click(*center(layout, 1))
    ctx = RecordingContext()
    view.draw(ctx, layout, screen._scene())
    assert ("set", "fillStyle", "#6a1b9a") in ctx.calls  # the re-roll badge
    match = scripted("roll OBBRSS", "stop", "colour B")
    assert play.used_slots(match.state) == frozenset({1, 2})


@settings(max_examples=40, deadline=None)
@given(st.integers(300, 1400), st.integers(300, 1100))
def test_the_reroll_badge_stays_below_the_caption_and_beside_its_die(width, height):
    """The badge of a lifted die covered the caption's "roll 1/3" (a tablet tester's report)."""
    match = scripted("roll OBBRSS")
    screen, _ = screen_for(match)
    screen.resize(width, height, 1)
    layout = screen.layout()
    screen.on_board_click(*center(layout, 1))
    ctx = RecordingContext()
    view.draw(ctx, layout, screen._scene())
    at = ctx.calls.index(("set", "fillStyle", "#6a1b9a"))
    x, y, r = next(args[:3] for name, *rest in reversed(ctx.calls[:at]) if name == "arc" for args in rest)
    die_x, _ = layout.die_xy(1)
    assert y - r >= layout.top + layout.caption_h - 1e-6
    assert x + r <= die_x + layout.die + layout.gap + 1e-6


def test_a_frozen_row_shows_a_lock_and_its_value():
    state = GAME.parse_position("v1 start=0 sheets=11f.0.0.0/0.0.0.0 bonus=---/--- claimed=--- phase=roll "
                                "active=1 rolls=0 dice=- skulls=0")
    scene = view.Scene(state.crosses, state.frozen, state.bonus, (6, 0), ("A", "B"), tuple("OPGBRS"))
    ctx = RecordingContext()
    view.draw(ctx, view.Layout(800, 600, 2), scene)
    assert ("set", "fillStyle", "#1b1b1b") in ctx.calls and "6" in ctx.texts()


# -- play logic -------------------------------------------------------------------------------

def test_die_taps_toggle_the_reroll_and_skulls_are_refused():
    state = scripted("roll OBBRSS").state
    selected, message = play.die_click(state, frozenset(), 1)
    assert selected == {1} and message == ("calavera.selected", {"n": 1})
    assert play.selection_reroll(state, selected | {2, 3}) == Reroll((0, 0, 0, 2, 1))
    assert play.die_click(state, selected, 1)[0] == frozenset()
    assert play.die_click(state, selected, 4) == (selected, ("calavera.err.skull", {}))


def test_the_odds_are_the_engines_exact_odds():
    state = scripted("roll OBBRSS").state
    odds = play.roll_odds(state, frozenset({0}))
    assert odds == reroll_odds((0, 0, 0, 2, 1), 2, 1)
    assert odds.bust == Fraction(1, 6)
    assert play.roll_odds(state, frozenset()) is None
    assert play.percent(Fraction(1, 6)) == "16.7%" and play.percent(Fraction(1, 46656)) == "<0.1%"
    assert play.percent(Fraction(0)) == "0%" and play.percent(Fraction(1)) == "100%"


def test_option_texts_say_what_happens_to_the_row():
    state = GAME.parse_position("v1 start=0 sheets=12.11.0.0/0.0.0.0 bonus=---/--- claimed=--- phase=choose "
                                "active=0 rolls=3 dice=OOPRRR skulls=0")
    assert play.option_message(state, TakeColour(0), "orange") == (
        "calavera.opt.colour_death", {"colour": "orange", "n": 2, "value": 3})
    assert play.option_message(state, Freeze(1), "pink") == (
        "calavera.opt.freeze", {"colour": "pink", "value": 6, "roses": 2})
    assert play.effect(state, TakeRoses(2)) == play.Effect(2, 0, 3, None)


def test_a_bust_nobody_marks_is_still_shown_from_the_record():
    match = scripted("roll OSSSGG", players=2)
    # player 1 can mark (G or O) so the MARK phase shows; the tray reads the roll either way
    tray = play.last_tray(match)
    assert tray.skulls == 3 and tray.faces == (0, 2, 2, 5, 5, 5) and tray.current == (match.state.phase.value == "mark")


# -- the screen -------------------------------------------------------------------------------

def test_roll_button_tap_and_reroll_through_the_screen():
    match = Match.new("calavera", 2, 9)
    screen, host = screen_for(match)
    assert 'data-action="roll"' in host.element("game-panel").innerHTML
    screen.on_panel("roll", "")
    assert "rolled" in host.element("message").textContent or "Three skulls" in host.element("message").textContent
    assert match.state.phase.value in ("keep", "choose", "mark", "roll")


def test_keep_phase_panel_keyboard_and_canvas():
    match = scripted("roll OBBRSS")
    screen, host = screen_for(match)
    panel = host.element("game-panel").innerHTML
    assert panel.count('data-action="die"') == 4 and "Skulls set aside: 2 of 3" in panel
    assert "Select dice to re-roll to see the odds." in panel
    screen.on_key("ArrowRight")
    screen.on_key(" ")
    panel = host.element("game-panel").innerHTML
    assert 'data-value="0" aria-pressed="true"' in panel
    assert "Odds of this roll (dice rolled: 1)" in panel and "Bust (3 skulls this turn): 16.7%" in panel
    screen.on_key("Escape")
    screen.on_panel("reroll", "")
    assert host.element("message").className == "message error"
    screen.on_board_click(*center(screen.layout(), 4))  # a skull
    assert "Skulls are set aside" in host.element("message").textContent
    screen.on_key("s")
    assert match.actions[-1] == "stop" and match.state.phase.value == "choose"


def test_the_odds_table_is_made_again_in_another_language_and_kept_for_its_odds():
    """The table is made once per odds and language (it recurs every turn): a language switch
    shows it in the new language, and the same odds again show the table already made."""
    match = scripted("roll OBBRSS")
    screen, host = screen_for(match)
    screen.on_panel("die", "0")
    assert "Odds of this roll (dice rolled: 1)" in host.element("game-panel").innerHTML
    host.lang = "zh-TW"
    screen.render()
    panel = host.element("game-panel").innerHTML
    assert "這次擲骰的機率（擲 1 顆骰子）" in panel and "Odds of this roll" not in panel
    assert len(screen.odds_tables) == 2
    screen.on_panel("die", "1")
    screen.on_panel("die", "1")  # the same selection again: its table as made
    assert len(screen.odds_tables) == 3 and "這次擲骰的機率（擲 1 顆骰子）" in host.element("game-panel").innerHTML


def test_the_turn_line_of_the_others_marking_says_how_many_skulls_in_the_move_log_s_words():
    """One skull, two, or three (the bust: the log says "Three skulls!", the others mark from all
    the dice), in both languages."""
    screen, host = screen_for(scripted("roll OBBSSS"))
    assert "Player 2 must mark: three skulls! Player 1 marks nothing this turn. Choose from all the dice." in \
        host.element("game-panel").innerHTML
    host.lang = "zh-TW"
    screen.render()
    assert "三個骷髏！骷髏的詛咒" in host.element("game-panel").innerHTML
    screen, host = screen_for(scripted("roll OBBGRS", "stop"))
    screen.on_panel("option", "0")
    assert "Player 2 must mark: Player 1 rolled a skull. Choose from the dice left." in host.element("game-panel").innerHTML


def test_choosing_by_die_tap_and_the_others_mark_in_turn():
    match = scripted("roll OBBRSS", "stop", players=3)
    screen, host = screen_for(match)
    screen.on_board_click(*center(screen.layout(), 1))  # a black die: take black
    assert match.actions[-1] == "colour B"
    assert match.state.phase.value == "mark" and match.state.marker == 1
    panel = host.element("game-panel").innerHTML
    assert "Pass the device to Player 2." in panel and "Player 2 must mark: Player 1 rolled two skulls." in panel
    assert host.element("message").textContent == "Player 1: Take black: 2 × ✕, row worth 0."
    screen.on_board_click(*center(screen.layout(), 1))  # black was taken
    assert host.element("message").className == "message error"
    sx, sy = screen.layout().box_xy(0, 0, 3)
    screen.on_board_click(sx + 1, sy + 1)  # not this player's sheet
    assert "Only Player 2's sheet" in host.element("message").textContent
    screen.on_key("ArrowDown")
    assert screen._scene().preview is not None
    screen.on_key("Enter")
    assert match.state.phase.value == "mark" and match.state.marker == 2
    screen.undo()
    assert match.state.marker == 1


def test_game_over_box_explains_a_shared_win():
    state = GAME.parse_position("v1 start=0 sheets=11f.11f.11f.12f/13f.13f.13f.14f bonus=FFF/LLL claimed=xxx "
                                "phase=over")
    match = Match.new("calavera", 2, 1)
    match.restart_at(state)  # a constructed position, as the editor gives
    screen, host = screen_for(match)
    box = host.element("game-over")
    assert not box.hidden
    assert "Player 1 and Player 2 share the win!" in box.innerHTML
    assert "froze all four rows" in box.innerHTML and "<strong>41</strong>" in box.innerHTML


def test_chinese_strings_use_the_glossary_terms():
    match = scripted("roll OBBRSS")
    screen, host = screen_for(match, "zh-TW")
    panel = host.element("game-panel").innerHTML
    assert "重擲" in panel and "停止擲骰" in panel and "作答紙" in panel and "骷髏" in panel
    screen.on_panel("die", "0")
    assert "機率" in host.element("game-panel").innerHTML
    assert "橘" in screen._scene().letters


def test_whole_game_by_panel_and_board_label():
    match = Match.new("calavera", 4, 12)
    screen, host = screen_for(match)
    steps = 0
    while not match.state.is_terminal():
        phase = match.state.phase.value
        if phase == "roll":
            screen.on_key("Enter")
        elif phase == "keep":
            screen.on_panel("stop" if steps % 3 == 0 else "die", "0")
            if steps % 3:
                screen.on_panel("reroll", "")
        else:
            screen.on_panel("option", str(steps % len(match.state.legal_actions())))
        steps += 1
    assert not host.element("game-over").hidden
    label = screen.board_label()
    assert label.startswith("Calavera. Last roll:") and "Player 4:" in label


def test_a_row_that_can_be_marked_two_ways_is_chosen_in_the_panel():
    match = scripted("roll GGGGGR", "stop")  # green alone, or green with the rose as green
    screen, host = screen_for(match)
    layout = screen.layout()
    x, y = layout.box_xy(0, 2, 3)  # player 1's green row
    screen.on_board_click(x + 1, y + 1)
    assert len(match.actions) == 2  # nothing marked: two readings
    assert host.element("message").textContent == (
        "The green row can be marked in 2 ways now: the first is outlined in the panel; choose one there.")
    assert screen.option_cursor is not None
