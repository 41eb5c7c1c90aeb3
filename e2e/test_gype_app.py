"""Table Gype end to end in Chromium: seeded set-up, arranging by swaps with hidden rows, an
illegal click refused, moves by clicking and by keyboard, a re-roll, the board turned to the
player to move, phone and tablet sizes, reload and resume, then a whole game to its end.
One page for the module; the tests run in order and build on one game, mirrored by a CPython
Match with the same seed so every position can be compared exactly."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import arrow_keys, boot, click, press, resize, shot, watch
from gype_board import click_cell, greedy, layout_of, position_text, replay_html

from qipan.core import Rng
from qipan.games.gype import GAME, Arrange, Roll
from qipan.games.gype.board import cell_name as _name, parse_cell
from qipan.match import Match
from qipan.games.gype.ui import play as gype_play
from qipan.games.gype.ui.view import ARROWS

SEED = 4
MIRROR = Match.new("gype", 2, SEED)


def mirror(action) -> None:
    """Play on the CPython twin what the page played, chance resolved as the page does."""
    MIRROR.play_action(action)
    while MIRROR.state.is_chance():
        MIRROR.sample_chance()


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=gype&seed={SEED}")
    yield page, seen
    context.close()


def message(page) -> str:
    return page.locator("#message").text_content()


def test_the_browser_starts_the_same_set_up_as_cpython(app):
    page, _ = app
    assert position_text(page) == GAME.position(MIRROR.state)
    first = MIRROR.state.current
    assert page.locator(".player.active h3").text_content() == f"{first + 1}▶ Player {first + 1}"
    assert "Arrange your start row" in message(page)
    shot(page, "gype-01-setup")


def test_arranging_by_swaps_then_confirming_hides_the_row(app):
    page, _ = app
    state = MIRROR.state
    row = gype_play.setup_row(state)
    faces = gype_play.start_faces(state)
    click_cell(page, row[0])
    assert message(page) == f"Now tap the die to swap with {_name(row[0])}."
    click_cell(page, row[7])
    faces[0], faces[7] = faces[7], faces[0]
    click_cell(page, 44)  # a field cell is not part of the row
    assert "Only the dice of your own start row" in message(page)
    click(page, '[data-action="arrange"]')
    mirror(Arrange(tuple(faces)))
    # The next player must not read the first row: the position text is hidden too.
    assert position_text(page) == "(hidden while the start rows are being arranged)"
    assert "Pass the device to" in message(page)
    shot(page, "gype-02-second-player-arranges-first-row-hidden")
    click(page, '[data-action="arrange"]')
    mirror(Arrange(tuple(gype_play.start_faces(MIRROR.state))))
    assert position_text(page) == GAME.position(MIRROR.state)
    assert "Every start row is set" in message(page)


def test_an_illegal_click_is_refused_with_a_message(app):
    page, _ = app
    before = position_text(page)
    click_cell(page, 44)
    assert message(page) == "e4 is empty: pick one of your dice."
    assert "error" in page.locator("#message").get_attribute("class")
    state = MIRROR.state
    foreign = state.pieces(1 - state.current)[0]
    click_cell(page, foreign)
    assert f"belongs to Player {2 - state.current}" in message(page)
    assert position_text(page) == before


def test_picking_a_die_shows_its_cells_and_a_click_moves_it(app):
    page, _ = app
    state = MIRROR.state
    origin = next(c for c in state.pieces(state.current) if state.destinations(c))
    click_cell(page, origin)
    n = len(state.destinations(origin))
    assert message(page) == f"Pick where the die on {_name(origin)} goes (reachable cells: {n}), or re-roll it."
    assert page.locator('[data-action="roll"]').is_visible()
    shot(page, "gype-03-selected")
    dest = sorted(state.destinations(origin))[0]
    click_cell(page, dest)
    move = gype_play.choices(state, origin, dest)[0][0]
    if len(gype_play.choices(state, origin, dest)) > 1:
        click(page, '[data-action="option"][data-value="0"]')
    mirror(move)
    assert position_text(page) == GAME.position(MIRROR.state)


def test_a_re_roll_by_keyboard_alone(app):
    """...and the faces legend the player opened stays open when the re-rolled dice come into the
    panel before it (a new keyed section: assets/js/patch.js)."""
    page, _ = app
    page.locator(".gype-legend summary").click()
    state = MIRROR.state
    target = state.pieces(state.current)[0]
    page.focus("#board")
    press(page, "ArrowUp")  # the first arrow shows the cursor on e4
    for key in arrow_keys(layout_of(page).neighbour, ARROWS, parse_cell("e4"), target):
        press(page, key)
    press(page, "Enter")
    assert _name(target) in message(page)
    press(page, "r")
    mirror(Roll(target))
    assert position_text(page) == GAME.position(MIRROR.state)
    assert "re-rolled the die on" in message(page)
    assert page.locator(".gype-rerolled li").count() == 1
    assert page.evaluate("document.querySelector('.gype-legend').open")
    page.locator(".gype-legend summary").click()
    shot(page, "gype-04-rerolled")


def test_the_board_turns_to_the_player_to_move(app):
    page, _ = app
    click(page, '[data-action="rotate"]')
    assert page.locator('[data-action="rotate"]').get_attribute("aria-pressed") == "true"
    state = MIRROR.state
    seat = state.rules.seats[state.current]
    origin = next(c for c in state.pieces(state.current) if state.destinations(c))
    click_cell(page, origin, seat)
    shot(page, "gype-05-turned-to-player")
    dest = sorted(state.destinations(origin))[-1]
    click_cell(page, dest, seat)
    options = gype_play.choices(state, origin, dest)
    if len(options) > 1:
        press(page, "1")
    mirror(options[0][0])
    assert position_text(page) == GAME.position(MIRROR.state)
    click(page, '[data-action="rotate"]')


def test_the_hint_is_set_up_on_the_board_and_pressing_what_it_marks_plays_it(app):
    """The hard level's suggestion picks its die (the keyboard cursor on the cell to tap), or marks
    the Re-roll button or numbered path that plays it; a tap there plays the hinted action."""
    page, _ = app
    state = MIRROR.state
    page.click("#btn-hint")
    expect(page.locator("#message")).to_contain_text("would choose", timeout=60_000)
    hinted = GAME.parse_action(state, message(page).rsplit("(", 1)[1].removesuffix(")."))
    origin = hinted.cell if isinstance(hinted, Roll) else hinted.frm
    assert page.locator(".gype-selected span").text_content().startswith(f"{_name(origin)}: ")
    shot(page, "gype-13-hint")
    if page.locator("#game-panel .hinted").count():
        click(page, "#game-panel .hinted")
    else:
        click_cell(page, gype_play.move_path(hinted)[-1])
    mirror(hinted)
    assert position_text(page) == GAME.position(MIRROR.state)


@pytest.mark.parametrize("size", [(390, 844), (768, 1024), (1024, 768), (1440, 900)])
def test_the_board_fits_phone_tablet_and_desktop(app, size):
    page, _ = app
    resize(page, size[0], size[1])
    state = MIRROR.state
    origin = next(c for c in state.pieces(state.current) if state.destinations(c))
    click_cell(page, origin)
    assert _name(origin) in message(page)
    shot(page, f"gype-06-size-{size[0]}x{size[1]}")
    press(page, "Escape")
    resize(page, 1024, 768)


def test_reload_resumes_exactly_where_the_game_was(app):
    page, _ = app
    before = position_text(page)
    boot(page, page.url.split("?")[0])
    assert position_text(page) == before == GAME.position(MIRROR.state)


def test_a_whole_seeded_game_to_the_end_through_the_ui(app):
    page, _ = app
    rng = Rng(SEED)
    plies = 0
    while not MIRROR.state.is_terminal():
        state = MIRROR.state
        action = greedy(state, rng)
        if isinstance(action, Roll):
            click_cell(page, action.cell)
            click(page, '[data-action="roll"]')
        else:
            to = gype_play.move_path(action)[-1]
            options = gype_play.choices(state, action.frm, to)
            index = next(i for i, (_, rolled) in enumerate(options)
                         if frozenset(rolled) == frozenset(state.rolled_cells(action)))
            action = options[index][0]
            click_cell(page, action.frm)
            click_cell(page, to)
            if len(options) > 1:
                click(page, f'[data-action="option"][data-value="{index}"]')
        mirror(action)
        plies += 1
        assert position_text(page) == GAME.position(MIRROR.state), f"after decision {plies}"
    outcome = MIRROR.state.outcome()
    over = page.locator("#game-over")
    assert over.is_visible()
    headline = over.locator("h2").text_content()
    if outcome.winners:
        assert f"Player {outcome.winners[0] + 1} wins!" in headline
    else:
        assert "Draw" in headline
    cells = over.locator("tbody tr td").all_text_contents()
    assert [int(c) for c in cells[1::2]] == list(outcome.scores)
    shot(page, "gype-07-game-over")


def test_the_language_switch_keeps_the_game(app):
    page, _ = app
    before = position_text(page)
    page.click("#nav-lang")
    assert "遊戲結束" in page.locator("#game-over h2").text_content()
    assert "終點列" in page.locator("#game-panel").text_content()
    assert position_text(page) == before
    shot(page, "gype-08-zh-TW")
    page.click("#nav-lang")


def test_four_players_pass_and_play_with_the_board_turned_to_each(app):
    page, _ = app
    page.click("#btn-new")
    page.check('#dlg-new input[name="players"][value="4"]')
    page.click("#btn-start")  # the dialog's close event starts the game a moment later
    expect(page.locator("#position-text")).to_contain_text("seats=SWNE")  # nothing arranged yet: shown
    for _ in range(4):
        click(page, '[data-action="arrange"]')
    assert page.locator(".gype-players .player").count() == 4
    if page.locator('[data-action="rotate"]').get_attribute("aria-pressed") != "true":
        click(page, '[data-action="rotate"]')
    for turn in range(4):
        state = GAME.parse_position(position_text(page))
        seat = state.rules.seats[state.current]
        assert page.locator(".player.active").get_attribute("data-player") == str(state.current)
        origin = next(c for c in state.pieces(state.current) if state.destinations(c))
        click_cell(page, origin, seat)
        if turn == 1:
            shot(page, "gype-12-four-players-turned-to-west")
        dest = sorted(state.destinations(origin))[0]
        click_cell(page, dest, seat)
        if page.locator('[data-action="option"]').count():
            click(page, '[data-action="option"][data-value="0"]')
        assert GAME.parse_position(position_text(page)).board[dest] >= 0
    click(page, '[data-action="rotate"]')


def test_paths_chains_and_re_rolls_drawn_on_a_crowded_board(app, server):
    """A constructed position (no boot): a Hat with both paths to f5, what each re-rolls, and a
    Flame's jump chain, drawn by the app's view and replayed on a real canvas to look at."""
    import sys
    tests = __import__("pathlib").Path(__file__).parent.parent / "tests"
    sys.path[:0] = [str(tests), str(tests / "games" / "gype")]
    from fakes import RecordingContext
    from gype_util import crowded
    from test_gype_ui import screen_with

    page, _ = app
    screen, _ = screen_with(crowded())
    for name, cells in (("gype-09-hat-picked", ("e3",)), ("gype-10-hat-paths-numbered", ("e3", "f5")),
                        ("gype-11-chain", ("c2",))):
        screen.selection = gype_play.Selection()
        for cell in cells:
            screen.choose(parse_cell(cell))
        ctx = RecordingContext()
        screen.draw(ctx, 640, 640)
        other = page.context.new_page()
        other.set_content(replay_html(ctx.calls, 640, 640))
        other.screenshot(path=str(shot.__globals__["OUTPUT"] / f"{name}.png"))
        other.close()


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen = app
    seen.assert_clean()
