"""The Quorsum screen without a browser: taps and keys become engine actions, refusals say why,
the view draws values, pawns, homes, locks and odds as text, the panel shows exact odds before
each roll and real dice faces after it, and the end box explains the result."""

from __future__ import annotations

from fakes import FakeHost, RecordingContext

from qipan.core import Rng
from qipan.games.quorsum import GAME
from qipan.games.quorsum.actions import FLIP, GO, MOVE, STOP, Allot, Choose, Place, Step, Try
from qipan.games.quorsum.odds import toward_home_path
from qipan.games.quorsum.rules import ALLOCATE, CHAIN, CHOOSING, PLACING, ROLLOFF
from qipan.match import Match
from qipan.games.quorsum.ui import play as play
from qipan.games.quorsum.ui import view as view
from qipan.games.quorsum.ui.screen import QuorsumScreen

BOARD = "standard 2d5l4l3l/2d2d6l2l/5l6l3d3d/5d4l2d4l pawns=a1>d4,d1>a4/a4>d1,d4>a1"
ALLOC = GAME.parse_position(f"{BOARD} locks=c3:1 phase=alloc:2 todo=move@a4x2 stalemate=0 score=0-0 chooser=1")
RESOLVING = GAME.parse_position(f"{BOARD} locks=- phase=resolve:1 todo=flip@c3x2,move@a1x2 stalemate=0 score=0-0 chooser=1")
CHAINING = GAME.parse_position("standard 2d3d4d5d/6d2d3d4d/5d6d2d3d/4d3l5d6d pawns=a1>d4,d1>a4/a4>d1,d4>a1 "
                               "locks=- phase=chain:1 todo=- chain=a1x2 stalemate=0 score=0-0 chooser=1")
A1, B1, C1, D1, A2, C3, A4, D4 = 0, 1, 2, 3, 4, 10, 12, 15


def screen_at(seed: int = 4, lang: str = "en") -> tuple[QuorsumScreen, FakeHost]:
    host = FakeHost(lang)
    screen = QuorsumScreen(host, Match.new("quorsum", 2, seed))
    screen.resize(700, 600, 2)
    screen.render()
    return screen, host


def panel(host: FakeHost) -> str:
    return host.elements["game-panel"].innerHTML


def message(host: FakeHost) -> str:
    return host.elements["message"].textContent


def to_allocation(screen: QuorsumScreen) -> None:
    """Roll off, let the winner place the pawns on a1 and d4 for player 1, by taps."""
    screen.on_panel("roll", "")
    screen.on_panel("choose", "place")
    layout = screen.layout()
    screen.on_board_click(*layout.centre(A1))
    screen.on_board_click(*layout.centre(D4))


# -- view ---------------------------------------------------------------------------------------


def test_layout_hits_every_cell_at_its_centre_and_nothing_off_the_board():
    for w, h in ((390, 420), (768, 600), (1024, 700)):
        layout = view.Layout(w, h)
        for cell in range(16):
            assert layout.hit(*layout.centre(cell)) == cell
        assert layout.hit(1, 1) is None
    layout = view.Layout(500, 500)
    x, y = layout.centre(A4)
    assert y < layout.centre(A1)[1]  # rank 4 is drawn at the top


def test_arrow_keys_walk_the_grid_and_stop_at_the_edges():
    assert view.cursor_step(A1, "ArrowUp") == A2
    assert view.cursor_step(A1, "ArrowRight") == B1
    assert view.cursor_step(A1, "ArrowLeft") == A1
    assert view.cursor_step(D4, "ArrowUp") == D4


def test_the_board_writes_values_player_numbers_locks_and_odds():
    state = ALLOC
    pawns = tuple((p, cell, home) for p, side in enumerate(state.pawns) for cell, home, _ in side)
    ctx = RecordingContext()
    scene = view.Scene(state.values, state.colours, state.locks, pawns, state.player,
                       odds={B1: "75%"}, dice={A4: 2}, flips=frozenset({C3}))
    view.draw(ctx, view.Layout(600, 600), scene)
    texts = ctx.texts()
    assert sorted(t for t in texts if t in "23456" and len(t) == 1).count("2") >= 5  # values + numbers
    assert texts.count("1") >= 2 + 2 + 1 + 1  # rank label, 2 pawns, 2 houses, the lock on c3
    assert "75%" in texts and "×2" in texts
    assert set("abcd") <= set(texts)


def test_percentages_never_round_a_possibility_away():
    from fractions import Fraction
    assert play.pct(Fraction(215, 216)) == ">99%"
    assert play.pct(Fraction(1, 1296)) == "<1%"
    assert play.pct(Fraction(1)) == "100%"
    assert play.pct(Fraction(3, 4)) == "75%"
    assert play.pct1(Fraction(5, 9)) == "55.6%"


# -- taps ---------------------------------------------------------------------------------------


def test_tap_a_pawn_then_a_dice_count_allots_a_move():
    intent = play.click(ALLOC, play.Plan(), D4)
    assert intent.play is None and intent.plan.target == (MOVE, D4)
    assert intent.message == ("quorsum.msg.target_move", {"cell": "d4"})
    assert play.allot(ALLOC, intent.plan, 2).play == Allot(MOVE, D4, 2)


def test_pick_the_dice_first_then_tap_a_tile_to_flip_it():
    first = play.allot(ALLOC, play.Plan(), 2)
    assert first.plan.dice == 2 and first.message == ("quorsum.msg.dice_picked", {"n": 2})
    assert play.click(ALLOC, first.plan, B1).play == Allot(FLIP, B1, 2)
    assert play.allot(ALLOC, play.Plan(), 3).message == ("quorsum.err.too_many", {"left": 2})


def test_a_second_tap_on_an_own_pawn_switches_to_flipping_its_tile_then_off():
    first = play.click(ALLOC, play.Plan(), D4)
    second = play.click(ALLOC, first.plan, D4)
    assert second.plan.target == (FLIP, D4)
    third = play.click(ALLOC, second.plan, D4)
    assert third.plan.target is None


def test_refused_allotments_name_their_reason():
    assert play.click(ALLOC, play.Plan(), A1).message == ("quorsum.err.opponent_tile", {"cell": "a1"})
    assert play.click(ALLOC, play.Plan(), C3).message == ("quorsum.err.locked", {"cell": "c3", "n": 1})
    # a4's pawn already has its move: a tap offers to flip its tile instead
    assert play.click(ALLOC, play.Plan(), A4).plan.target == (FLIP, A4)


def test_resolution_taps_pick_the_planned_action_on_that_tile():
    assert play.click(RESOLVING, play.Plan(), A1).play == Try(MOVE, A1, 2)
    assert play.click(RESOLVING, play.Plan(), C3).play == Try(FLIP, C3, 2)
    assert play.click(RESOLVING, play.Plan(), B1).message == ("quorsum.err.no_action", {"cell": "b1"})


def test_chain_taps_step_or_say_why_not():
    assert play.click(CHAINING, play.Plan(), A2).play == Step(A2)
    where = {"origin": "a1"}
    assert play.click(CHAINING, play.Plan(), B1).message == ("quorsum.err.step_colour", {**where, "cell": "b1"})
    assert play.click(CHAINING, play.Plan(), C1).message == ("quorsum.err.step_far", {**where, "cell": "c1"})
    from fractions import Fraction
    assert play.step_odds(CHAINING) == {A2: 1 - Fraction(4, 6) ** 2}


def test_placement_taps_two_corners():
    state = GAME.parse_position(BOARD.split(" pawns")[0] + " pawns=- locks=- phase=place:1 stalemate=0 "
                                "score=0-0 chooser=1")
    assert play.click(state, play.Plan(), 5).message == ("quorsum.err.not_corner", {"cell": "b2"})
    first = play.click(state, play.Plan(), D4)
    assert first.plan.corners == (D4,)
    assert play.click(state, first.plan, A1).play == Place((A1, D4))
    assert play.click(state, first.plan, D4).plan.corners == ()


# -- screen ---------------------------------------------------------------------------------------


def test_the_opening_roll_waits_for_its_button_and_shows_the_faces():
    screen, host = screen_at()
    assert screen.state.phase == ROLLOFF
    assert 'data-action="roll"' in panel(host)
    screen.on_board_click(*screen.layout().centre(5))
    assert "Roll for the opening choice first" in message(host)
    screen.on_panel("roll", "")
    assert screen.state.phase == CHOOSING
    throw = play.rolloff_throws(screen.match)[-1]
    assert f'aria-label="Player 1 rolled {throw[0]}"' in panel(host)
    assert f"Opening roll {throw[0]}–{throw[1]}" in message(host)


def test_placement_and_allocation_by_taps_show_the_exact_odds():
    screen, host = screen_at()
    to_allocation(screen)
    state = screen.state
    assert state.phase == ALLOCATE and {p[0] for p in state.pawns[0]} == {A1, D4}
    pawn = next(c for c, _, _ in state.pawns[state.player] if toward_home_path(state, c))
    screen.on_board_click(*screen.layout().centre(pawn))
    reach = play.move_reach(state, pawn, 4)
    last = list(reach)[-1]
    assert play.pct1(reach[last]) in panel(host)
    screen.on_panel("dice", "4")
    assert screen.state.todo == ((MOVE, pawn, 4),)
    assert screen.state.phase != ALLOCATE  # all four dice allotted: resolution begins
    ctx = host.elements["board"].context
    assert play.pct(reach[last]) in ctx.texts()


def test_a_keyboard_allotment():
    screen, host = screen_at()
    to_allocation(screen)
    state = screen.state
    start = state.pawns[state.player][0][0]
    assert screen.on_key("ArrowUp") and screen.cursor == start
    screen.on_key("2")
    screen.on_key("Enter")
    assert screen.state.todo == (("move", start, 2),)
    assert screen.on_key("Escape")
    assert not screen.on_key("x")


def test_rolls_show_faces_that_agree_with_the_outcome_and_stay_put():
    screen, host = screen_at()
    to_allocation(screen)
    state = screen.state
    pawn = next(c for c, _, _ in state.pawns[state.player] if toward_home_path(state, c))
    screen.play(Allot(MOVE, pawn, 4))
    screen.play(Try(MOVE, pawn, 4))
    screen.play(Step(toward_home_path(screen.state, pawn)[0]))
    rolls = play.recent_rolls(screen.match)
    assert len(rolls) == 1
    roll = rolls[0]
    assert len(roll.faces) == 4 and sum(f >= roll.value for f in roll.faces) == roll.met
    assert play.recent_rolls(screen.match) == rolls
    assert "rolling" in panel(host)
    screen.render()
    assert "rolling" not in panel(host)  # a redraw does not throw the dice again
    assert f"{roll.met} of 4 met" in panel(host)


def _finish(screen: QuorsumScreen, seed: int) -> None:
    rng = Rng(seed)
    while not screen.state.is_terminal():
        state = screen.state
        if state.phase == ALLOCATE:
            movers = [c for c, h, _ in state.pawns[state.player] if c != h and state.step_targets(c)]
            flips = [a for a in state.legal_actions() if isinstance(a, Allot) and a.kind == FLIP
                     and a.dice == 2 and state.occupant(a.cell) < 0]
            if state.todo:
                action = GO
            elif movers and rng.randbelow(5):
                action = Allot(MOVE, rng.choice(movers), 4)
            else:
                action = rng.choice(flips) if flips else GO
        elif state.phase == CHAIN:
            path = toward_home_path(state, state.chain[0])
            steps = [a for a in state.legal_actions() if isinstance(a, Step)]
            action = Step(path[0]) if path else (rng.choice(steps) if steps and rng.randbelow(2) else STOP)
        elif state.phase == PLACING:
            action = Place((A1, D4))
        elif state.phase == CHOOSING:
            action = Choose("first")
        else:
            action = state.legal_actions()[0]
        screen.play(action)


def test_game_over_explains_a_win_at_home():
    for seed in range(1, 40):
        screen, host = screen_at(seed)
        screen.on_panel("roll", "")
        _finish(screen, seed)
        outcome = screen.state.outcome()
        if outcome.termination.value != "stalemate":
            break
    else:
        raise AssertionError("no seed ended at home")
    box = host.elements["game-over"].innerHTML
    assert not host.elements["game-over"].hidden
    assert f"Player {outcome.winners[0] + 1} wins!" in box
    assert ("a double win (2 points)" if outcome.termination.value == "double" else "a single win (1 point)") in box


def test_game_over_explains_a_stalemate_in_both_languages():
    for lang, words in (("en", ("Stalemate", "(6, 6)", "a draw (1 point each)")), ("zh-TW", ("僵局", "平手"))):
        screen, host = screen_at(lang=lang)
        to_allocation(screen)
        while not screen.state.is_terminal():
            screen.on_panel("go", "")  # give up every die: six turns without progress
        assert screen.state.stalemate == 6
        box = host.elements["game-over"].innerHTML
        assert all(w in box for w in words), box


def test_the_panel_in_chinese():
    screen, host = screen_at(lang="zh-TW")
    to_allocation(screen)
    text = panel(host)
    assert "分配骰子" in text and "僵局計數" in text
    assert "輪到玩家" in text


def test_letter_keys_press_the_panel_buttons():
    screen, host = screen_at()
    assert screen.on_key("r")
    assert screen.state.phase == CHOOSING
    screen.on_panel("choose", "place")
    assert screen.on_key("e")
    assert "does nothing now" in message(host)
    layout = screen.layout()
    screen.on_board_click(*layout.centre(A1))
    screen.on_board_click(*layout.centre(D4))
    screen.on_key("r")  # no dice allotted: the whole turn is given up
    assert screen.state.stalemate == 1


def test_a_turn_that_passes_is_said_in_the_message_line_for_a_screen_reader():
    for lang, said in (("en", "Player {n}'s turn: allocate the four dice."), ("zh-TW", "輪到玩家 {n}：分配四顆骰子。")):
        screen, host = screen_at(lang=lang)
        to_allocation(screen)  # the pawns placed: the other player's first turn begins
        state = screen.state
        assert state.phase == ALLOCATE and screen.match.states()[-2].player != state.player
        assert message(host) == said.format(n=state.player + 1)


def test_every_turn_that_passes_ends_its_message_with_whose_turn_it_is():
    """Also after dice: "rolled 2, 1 for b1 (value 3): none met, the move ends. Player 2's turn…"."""
    screen, host = screen_at(seed=8)
    rng, after_dice, passes = Rng(8), 0, 0
    while not screen.state.is_terminal() and passes < 12:
        before = screen.state
        if before.is_chance():
            screen.roll()
        else:
            legal = before.legal_actions()
            screen.play(legal[rng.randbelow(len(legal))])
        state = screen.state
        if state.phase == ALLOCATE and state.player != before.player:
            passes += 1
            turn = f"Player {state.player + 1}'s turn: allocate the four dice."
            assert message(host).endswith(turn)
            after_dice += message(host) != turn  # what the last action or roll did, then the turn
    assert passes >= 4 and after_dice > 0


def test_the_hint_says_the_action_in_words_without_the_english_notation():
    """The tablet report: the Chinese page's hint ended "（move a4 x1）". The hint says the action
    in the move log's words alone, in both languages, and follows a language switch."""
    screen, host = screen_at(lang="zh-TW")
    screen.match.restart_at(ALLOC)
    action = next(a for a in ALLOC.legal_actions() if isinstance(a, Allot) and a.kind == MOVE)
    text = GAME.action_text(ALLOC, action)
    screen.show_hint(action, text)
    said = message(host)
    assert said == f"提示：困難等級的電腦玩家會選擇「分配 {action.dice} 顆骰子移動 {text.split()[1]} 的棋子」。"
    assert text not in said
    host.lang = "en"
    screen.render()
    assert message(host).startswith("Hint: the hard computer player would choose “") and text not in message(host)
