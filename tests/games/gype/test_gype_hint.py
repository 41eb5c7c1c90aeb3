"""The Hint on the Table Gype board: the hinted action is set up the way the player would choose
it (the die picked, the keyboard cursor on the cell to tap, the numbered path or the button that
plays it marked), so that pressing what the hint marks plays the hinted action."""

from __future__ import annotations

from fakes import FakeHost, RecordingContext
from hint_support import hint, hinted_buttons
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan import ai, games
from qipan.core import Rng
from qipan.games.gype import GAME, Arrange, GypeState, Jump, Leap, Roll, Rules, Step
from qipan.games.gype.board import ROW_CELLS, parse_cell
from qipan.games.gype.ui import play as gype_play
from qipan.games.gype.ui.screen import GypeScreen
from qipan.boardkit.screen import NOTATION_WORD
from qipan.match import Match
from gype_util import FIELD, crowded



def screen_at(state: GypeState, rotate: bool = False) -> tuple[GypeScreen, FakeHost]:
    host = FakeHost("en")
    if rotate:
        host.storage.set("gype/rotate", "1")
    screen = GypeScreen(host, Match.new("gype", state.players, 3))
    screen.match.restart_at(state)
    screen.resize(800, 700, 2)
    screen.render()
    return screen, host


def press_what_the_hint_marks(screen: GypeScreen, host: FakeHost, keyboard: bool, cell: int | None = None) -> None:
    """What a player does on seeing the hint: press the marked button (or its key), else tap the
    cell under the keyboard cursor (or press Enter there), or `cell` (where the cursor was)."""
    buttons = hinted_buttons(host)
    if buttons:
        assert len(buttons) == 1
        action, value = buttons[0]
        keys = {"roll": "r"}
        if int(value or 0) < 9:  # (the keys 1 to 9 choose the first nine ways; a tenth is tapped)
            keys["option"] = str(int(value or 0) + 1)
        if keyboard and action in keys:
            assert screen.on_key(keys[action])
        else:
            screen.on_panel(action, value)
        return
    cursor = screen.scene().cursor if cell is None else cell
    assert cursor is not None
    if keyboard:
        assert screen.on_key("Enter")
    else:
        screen.on_board_click(*screen.layout().to_px(cursor))


def played_first(screen: GypeScreen):
    """The first action played on `screen` (the dice it rolled follow it)."""
    return GAME.parse_action(screen.match.states()[0], screen.match.actions[0])


def test_a_step_picks_its_die_and_puts_the_cursor_on_the_cell_to_tap():
    state = crowded()
    screen, host = screen_at(state)
    step = Step(parse_cell("e5"), parse_cell("e6"))
    hint(screen, step)
    scene = screen.scene()
    assert scene.selected == step.frm and scene.cursor == step.to and step.to in scene.targets
    assert hinted_buttons(host) == [] and host.element("message").textContent.startswith("Hint: ")
    screen.on_board_click(*screen.layout().to_px(step.to))
    assert screen.match.actions == ("e5-e6",)


def test_a_jump_chain_is_played_by_enter_on_its_end():
    state = crowded()
    screen, host = screen_at(state)
    chain = Jump(parse_cell("c2"), (parse_cell("c4"), parse_cell("e6")))
    assert gype_play.hint_selection(state, chain) == gype_play.Selection(chain.frm)
    hint(screen, chain)
    assert screen.cursor == parse_cell("e6") and any(len(p) == 3 for p in screen.scene().paths)
    screen.on_key("Enter")
    assert screen.match.actions[0] == "c2xc4xe6"


def test_one_of_several_paths_to_a_cell_is_shown_numbered_and_marked():
    state = crowded()
    screen, host = screen_at(state)
    leap = Leap(parse_cell("e3"), parse_cell("f5"), "S")
    hint(screen, leap)
    index = next(i for i, (m, _) in enumerate(gype_play.choices(state, leap.frm, leap.to)) if m == leap)
    scene = screen.scene()
    assert screen.selection == gype_play.Selection(leap.frm, leap.to) and screen.cursor == leap.to
    assert len(scene.options) == 2 and scene.hinted_option == index
    assert hinted_buttons(host) == [("option", str(index))]
    ctx = RecordingContext()  # the hinted path's number is ringed in the cursor's colour
    screen.draw(ctx, 800, 700)
    rings = [call[1][:2] for call, then in zip(ctx.calls, ctx.calls[1:])
             if call[0] == "arc" and then == ("set", "strokeStyle", "#6a1b9a")]
    (x0, y0), (x1, y1) = (screen.layout().to_px(c) for c in gype_play.move_path(leap)[-2:])
    assert rings == [((x0 + x1) / 2, (y0 + y1) / 2)]
    screen.on_key(str(index + 1))
    assert screen.match.actions[0] == "e3-f5/S"


def test_a_roll_marks_the_die_and_the_re_roll_button():
    state = crowded()
    screen, host = screen_at(state)
    hint(screen, Roll(parse_cell("e5")))
    scene = screen.scene()
    assert scene.selected == scene.cursor == parse_cell("e5")
    assert scene.may_roll == {parse_cell("e5")} and not scene.targets and not scene.paths
    assert hinted_buttons(host) == [("roll", "")]
    screen.on_panel("roll", "")
    assert screen.match.actions[0] == "roll e5"


def test_an_arrangement_is_staged_on_the_start_row_and_confirm_is_marked():
    screen, host = screen_at(GAME.new(2, 5))
    state = screen.state
    arrange = Arrange((3, 3, 1, 2, 4, 2, 1, 4))
    hint(screen, arrange)
    row = ROW_CELLS[state.rules.seats[state.current]]
    assert [screen.scene().board[c] % 6 for c in row] == list(arrange.faces)
    assert hinted_buttons(host) == [("arrange", "")]
    # in words (the move log hides a row until the set-up ends; the hint is for the arranging player)
    said = host.element("message").textContent
    assert "start row: Flame, Flame, Book, Tree, Swords, Tree, Book, Swords" in said, said
    assert "shown when" not in said
    screen.choose(row[0])  # the player starts arranging: the hint's mark goes, the row stays
    assert hinted_buttons(host) == [] and screen.swap == row[0]
    screen.choose(row[0])
    screen.on_panel("arrange", "")
    assert screen.match.actions[0] == GAME.action_text(state, arrange)


def test_escape_puts_back_the_row_the_player_had_arranged_before_a_set_up_hint():
    screen, host = screen_at(GAME.new(2, 5))
    row = ROW_CELLS[screen.state.rules.seats[screen.state.current]]
    screen.choose(row[0])
    screen.choose(row[1])  # the player swapped two dice
    before = list(screen.staged_faces())
    hint(screen, Arrange((3, 3, 1, 2, 4, 2, 1, 4)))
    hint(screen, Arrange((4, 3, 1, 2, 4, 2, 1, 3)))  # (asked twice: still the player's row to go back to)
    assert screen.staged_faces() == [4, 3, 1, 2, 4, 2, 1, 3]
    screen.on_key("Escape")
    assert screen.staged_faces() == before and hinted_buttons(host) == []


def test_the_hint_s_cursor_goes_once_its_action_is_played_or_cancelled():
    screen, host = screen_at(crowded())
    hint(screen, Roll(parse_cell("e5")))
    screen.on_panel("roll", "")  # the marked Re-roll
    assert screen.hinted is None and screen.scene().cursor is None
    screen, host = screen_at(crowded())
    hint(screen, Roll(parse_cell("e5")))
    screen.on_key("Escape")
    assert screen.scene().cursor is None


def test_escape_and_undo_take_the_marks_away():
    screen, host = screen_at(crowded())
    hint(screen, Roll(parse_cell("e5")))
    screen.on_key("Escape")
    assert screen.selection == gype_play.Selection() and hinted_buttons(host) == []
    screen.choose(parse_cell("e5"))  # picked again by the player: its moves, not the hint's ↻
    assert screen.scene().may_roll == frozenset() and screen.scene().targets and hinted_buttons(host) == []
    screen.choose(parse_cell("e6"))
    following = screen.state  # North to move
    hint(screen, Roll(following.pieces(following.current)[0]))
    screen.undo()
    assert screen.selection == gype_play.Selection() and screen.hinted is None and hinted_buttons(host) == []
    assert screen.scene().cursor is None  # (the hint's cursor goes with it)
    screen.redo()
    hint(screen, Roll(following.pieces(following.current)[0]))
    screen.redo()  # nothing to redo: the hint's marks and cursor go all the same
    assert screen.hinted is None and screen.scene().cursor is None


def test_the_hard_levels_own_hint_is_played_by_pressing_what_it_marks():
    """Here the hard level leaps its Hat by the short-first path, which crosses no piece: the
    board's one option to that cell is the long-first path, so the hint names that one."""
    state = GAME.new(2, 7)
    rng = Rng(7)
    for _ in range(30):
        state = state.apply(rng.sample_outcome(state.chance_outcomes()) if state.is_chance()
                            else rng.choice(state.legal_actions()))
    while state.is_chance():
        state = state.apply(rng.sample_outcome(state.chance_outcomes()))
    action = ai.choose(state, games.ai("gype"), "hard", seed=1)
    assert action == Leap(parse_cell("d2"), parse_cell("b3"), "S") and not state.rolled_cells(action)
    screen, host = screen_at(state)
    hint(screen, action)
    assert host.element("message").textContent.endswith("(d2-b3/L).")
    press_what_the_hint_marks(screen, host, keyboard=False)
    assert played_first(screen) == Leap(action.frm, action.to, "L")


switches = st.fixed_dictionaries({
    "random_start": st.booleans(), "no_roll_on_jumps": st.booleans(), "utter_chaos": st.booleans(),
    "chain_rejump": st.booleans(), "full_goal_win": st.booleans(),
})


@st.composite
def played_positions(draw) -> GypeState:
    """A decision reached by random play from a new game (the set-up included) under some switches."""
    players, seed = draw(st.integers(2, 4)), draw(st.integers(0, 2 ** 32))
    state = GAME.new(players, seed, **draw(switches))
    rng = Rng(seed)
    for _ in range(draw(st.one_of(st.integers(0, 8), st.integers(20, 150)))):
        if state.is_terminal():
            break
        state = state.apply(rng.sample_outcome(state.chance_outcomes()) if state.is_chance()
                            else rng.choice(state.legal_actions()))
    while state.is_chance():
        state = state.apply(rng.sample_outcome(state.chance_outcomes()))
    return state


@st.composite
def crowded_boards(draw) -> GypeState:
    """Every die on the field, faces at random: long jump chains and several ways to one cell."""
    players = draw(st.integers(2, 4))
    cells = draw(st.permutations(FIELD))[:8 * players]
    board = [-1] * 100
    for i, cell in enumerate(cells):
        board[cell] = i // 8 * 6 + draw(st.integers(0, 5))
    state = GypeState(Rules(seats=("SN", "SWN", "SWNE")[players - 2]), tuple(board), draw(st.integers(0, players - 1)))
    return GAME.parse_position(GAME.position(state))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.one_of(played_positions(), crowded_boards()), rotate=st.booleans(), keyboard=st.booleans(),
       die_first=st.booleans(), data=st.data())
def test_pressing_what_any_hint_marks_plays_that_action(state, rotate, keyboard, die_first, data):
    """Whatever decision the hint names (an arrangement, a ROLL, a step, a jump chain, a Hat leap,
    a move with several ways to its cell), tapping or pressing what it marks plays the action the
    hint's text names: the hinted one, or for a Hat leap whose path crosses no piece, the board's
    one option to that cell, to the same effect. A new player may tap the die the hint picked
    first (the tablet report, in LYNGK: that tap let it go): it stays picked, the hint stands."""
    if state.is_terminal():
        return
    kinds: dict[str, list] = {}  # the kind drawn first: a move with several ways to its cell is rare
    for legal in state.legal_actions():
        several = isinstance(legal, (Step, Jump, Leap)) and gype_play.hint_selection(state, legal).dest is not None
        kinds.setdefault("several ways" if several else type(legal).__name__, []).append(legal)
    action = data.draw(st.sampled_from(kinds[data.draw(st.sampled_from(sorted(kinds)))]))
    screen, host = screen_at(state, rotate)
    hint(screen, action)
    named = host.element("message").textContent
    end = None
    if die_first and not keyboard and not isinstance(action, Arrange):
        die, end = screen.selection.origin, screen.scene().cursor
        assert die == (action.cell if isinstance(action, Roll) else action.frm)
        marks = hinted_buttons(host)
        screen.on_board_click(*screen.layout().to_px(die))
        assert screen.selection.origin == die and hinted_buttons(host) == marks
        assert host.element("message").textContent == named
    press_what_the_hint_marks(screen, host, keyboard, end)
    played = played_first(screen)
    notation = screen.match.actions[0]  # (one with words, a roll's or a row's, is left out: words alone)
    worded = bool(NOTATION_WORD.search(notation))
    assert named.endswith("”." if worded else f"({notation}).") and (notation in named) != worded
    if isinstance(action, Leap) and not state.rolled_cells(action):
        assert isinstance(played, Leap) and played.to == action.to and state.apply(played) == state.apply(action)
    else:
        assert played == action
