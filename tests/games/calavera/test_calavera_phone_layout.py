"""Calavera on a phone without a browser: where every sheet fits at a tappable size nothing changes;
on a narrow canvas the sheet of the player who marks is drawn large (folded in two halves in
portrait) with boxes of at least 32 px, the other sheets small, and a tap lands on the row drawn
under it, on the large sheet and on the small ones."""

from __future__ import annotations

import pytest
from fakes import FakeHost, RecordingContext

from qipan.games.calavera import GAME
from qipan.games.calavera.actions import TakeColour
from qipan.games.calavera.sheet import BOXES
from qipan.match import Match
from qipan.games.calavera.ui import view as view
from qipan.games.calavera.ui.screen import CalaveraScreen
from qipan.app.embed import position_match

PHONE = (390, 490)
"""The canvas of a 390x844 phone in portrait (measured in the browser)."""
PHONE_LANDSCAPE = (492, 331)
"""The canvas of an 844x390 phone in landscape."""
ROOMY = ((672, 709), (768, 608), (1024, 700), (1440, 820))
"""Canvases of tablets and desktops where two or three sheets already fit."""


def centre(layout: view.Layout, player: int, row: int, box: int) -> tuple[float, float]:
    x, y = layout.box_xy(player, row, box)
    u = layout.unit_of(player)
    return x + u / 2, y + u / 2


def inside(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[0] + a[2] <= b[0] + b[2] + 0.5 and a[1] + a[3] <= b[1] + b[3] + 0.5


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def frame_box(frame: view.Frame) -> tuple[float, float, float, float]:
    return (frame.x, frame.y, *frame.size)


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("focus", (0, 1))
def test_on_a_phone_the_marker_sheet_is_folded_with_boxes_of_32_px(players, focus):
    layout = view.Layout(*PHONE, players, focus=focus)
    big = layout.frames[focus]
    assert layout.focused and not big.small and big.runs == ((0, 8), (8, BOXES))
    assert big.unit >= 32 and layout.unit == big.unit
    assert view.Layout(*PHONE, players).unit < 20  # the shared layout it replaces
    assert layout.die >= 40
    canvas = (0, 0, *PHONE)
    tray = (0, 0, PHONE[0], layout.die_xy(0)[1] + layout.die)
    boxes = [frame_box(f) for f in layout.frames]
    for i, box in enumerate(boxes):
        assert inside(box, canvas)
        assert not overlap(box, tray)
        assert not any(overlap(box, other) for other in boxes[i + 1:])
    for player, frame in enumerate(layout.frames):
        assert frame.small == (player != focus)


@pytest.mark.parametrize("size", (PHONE, PHONE_LANDSCAPE))
@pytest.mark.parametrize("players", (2, 4))
def test_every_box_of_every_sheet_is_hit_where_it_is_drawn(size, players):
    layout = view.Layout(*size, players, focus=players - 1)
    for player in range(players):
        for row in range(4):
            for box in range(BOXES):
                assert layout.hit(*centre(layout, player, row, box)) == ("row", player, row), (player, row, box)
    for slot in range(6):
        x, y = layout.die_xy(slot)
        assert layout.hit(x + layout.die / 2, y + layout.die / 2) == ("die", slot, 0)
    big = layout.frames[players - 1]
    strip_x, strip_y = big.run_xy(len(big.runs) - 1)
    assert layout.hit(strip_x + big.unit, strip_y + big.unit / 2) is None  # a title strip marks nothing


def test_landscape_phone_keeps_one_line_but_larger_boxes():
    shared = view.Layout(*PHONE_LANDSCAPE, 2)
    layout = view.Layout(*PHONE_LANDSCAPE, 2, focus=0)
    assert layout.frames[0].runs == ((0, BOXES),)
    assert layout.unit > shared.unit * 1.1


@pytest.mark.parametrize("size", ROOMY)
@pytest.mark.parametrize("players", (2, 3))
def test_where_the_sheets_fit_nothing_changes(size, players):
    shared = view.Layout(*size, players)
    focused = view.Layout(*size, players, focus=1)
    assert not focused.focused and focused.frames == shared.frames and focused.die == shared.die
    state = GAME.parse_position("v1 start=0 sheets=11f.3.0.0/5.0.0.0 bonus=---/--- claimed=--- phase=roll "
                                "active=1 rolls=0 dice=- skulls=0")
    scene = view.Scene(state.crosses, state.frozen, state.bonus, (6, 1), ("A", "B"), tuple("OPGBRS"), highlight=1)
    if players == 2:
        one, two = RecordingContext(), RecordingContext()
        view.draw(one, shared, scene)
        view.draw(two, focused, scene)
        assert one.calls == two.calls


def scripted(*texts: str, players: int = 2) -> Match:
    match = Match.new("calavera", players, 1, start_player=0)
    for text in texts:
        match.play(text)
    return match


def phone_screen(match: Match) -> tuple[CalaveraScreen, FakeHost]:
    host = FakeHost("en")
    screen = CalaveraScreen(host, match)
    screen.resize(*PHONE, 2)
    screen.render()
    return screen, host


def test_a_tap_on_the_second_half_marks_that_colour():
    match = scripted("roll OBBGSS", "stop")  # player 1 chooses orange, black or green
    screen, host = phone_screen(match)
    layout = screen.layout()
    assert layout.frames[0].unit >= 32 and layout.frames[1].small
    screen.on_board_click(*centre(layout, 0, 3, 12))  # black row, the lower half
    assert match.actions[-1] == "colour B"
    assert "Take black" in host.element("message").textContent


def test_the_large_sheet_follows_the_marker_and_small_sheets_refuse_a_mark():
    match = scripted("roll OBBRSS", "stop", "colour O", players=3)  # player 2 marks next
    screen, host = phone_screen(match)
    assert match.state.phase.value == "mark" and match.state.marker == 1
    layout = screen.layout()
    assert [f.small for f in layout.frames] == [True, False, True]
    screen.on_board_click(*centre(layout, 2, 0, 3))  # player 3's small sheet
    assert "Only Player 2's sheet" in host.element("message").textContent
    assert len(match.actions) == 3


def test_the_phone_drawing_shows_the_large_sheet_and_the_small_ones():
    match = scripted("roll OBBRSS", "stop", "colour B")
    screen, host = phone_screen(match)
    ctx = RecordingContext()
    screen.draw(ctx, *PHONE)
    texts = ctx.texts()
    assert texts.count("10") == 4 and texts.count("-3") == 4  # values on the large sheet only
    assert "▶ Player 2" in texts and "Player 1" in texts       # the marker, then the small sheet
    assert texts.count("Σ 0") == 2
    assert "4" in texts and "5" in texts and "6" in texts      # bonus badges on both halves


def test_the_keyboard_preview_lands_on_the_folded_sheet():
    match = position_match("calavera", "v1 start=0 sheets=9.0.0.0/0.0.0.0 bonus=---/--- claimed=--- "
                                       "phase=choose active=0 rolls=3 dice=OOOPRR skulls=0")
    screen, _ = phone_screen(match)
    assert TakeColour(0) in match.state.legal_actions()
    screen.on_key("ArrowRight")  # the cursor on the first option: orange, 3 crosses from box 9
    ctx = RecordingContext()
    screen.draw(ctx, *PHONE)
    layout = screen.layout()
    x, y = layout.box_xy(0, 0, 10)
    u = layout.unit
    ghost = ("moveTo", (x + 0.2 * u, y + 0.2 * u))
    assert ghost in ctx.calls


@pytest.mark.parametrize("wrap", ("editor", "embed", "picture"))
def test_editor_embeds_and_pictures_draw_every_sheet_alike_where_their_points_are(wrap):
    """Only the play screen enlarges the marker's sheet: the editor places its clicks and rings,
    embeds their hl= and arrows, and pictures their notes with the layout that has every sheet
    alike (edit_calavera.spot, embed.point_px), so they must draw that one too."""
    from qipan.games.calavera.ui import edit as edit_calavera
    from qipan.app.editor import with_marks
    from qipan.app.embed import embedded, point_px
    from qipan.app.image_export import _still

    cls = {"editor": lambda: with_marks(CalaveraScreen, edit_calavera.draw_marks, lambda: ()),
           "embed": lambda: embedded(CalaveraScreen, True, lambda: None),
           "picture": lambda: _still(CalaveraScreen)}[wrap]()
    match = scripted("roll OBBRSS", "stop", "colour O", players=3)  # player 2 marks next
    screen = cls(FakeHost("en"), match)
    screen.resize(370, 289, 1)
    layout = screen.layout()
    assert CalaveraScreen(FakeHost("en"), match)._layout(370, 289).focused  # the play screen would
    assert not layout.focused and not any(f.small for f in layout.frames)
    x, y, _ = edit_calavera.spot(match.state, 370, 289, "2:G11")
    assert (x, y) == centre(layout, 1, 2, 10) and layout.hit(x, y) == ("row", 1, 2)  # player 2, green, box 11
    assert point_px(screen, "d1")[:2] == (layout.die_xy(0)[0] + layout.die / 2, layout.die_xy(0)[1] + layout.die / 2)


def test_a_double_tap_that_passes_the_marking_on_does_not_mark_for_the_next_player():
    match = scripted("roll OBBRSS", "stop", "colour O", players=3)  # player 2 marks, then player 3
    screen, host = phone_screen(match)
    now = [100.0]
    screen.clock = lambda: now[0]
    layout = screen.layout()
    assert match.state.marker == 1 and not layout.frames[1].small
    screen.on_board_click(*centre(layout, 1, 0, 3))  # player 2 marks orange
    assert len(match.actions) == 4 and match.state.marker == 2
    moved = screen.layout()
    assert not moved.frames[2].small and centre(moved, 2, 0, 3) == centre(layout, 1, 0, 3)  # same place
    now[0] += 0.15
    screen.on_board_click(*centre(moved, 2, 0, 3))  # the second tap of a double tap
    assert len(match.actions) == 4  # player 3 did not mark
    screen.on_board_click(*centre(moved, 0, 0, 3))  # a small sheet still says whose turn it is
    assert "Only Player 3's sheet" in host.element("message").textContent
    now[0] += 0.6
    screen.on_board_click(*centre(moved, 2, 0, 3))  # player 3, handed the device, taps
    assert len(match.actions) == 5
