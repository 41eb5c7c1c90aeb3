"""The Hint on the Calavera table: the hinted action is set up the way the player would choose it
(a re-roll's dice picked, lifted and badged, with Re-roll marked; Stop marked; a marking option
under the keyboard cursor, previewed on the sheet, its button marked), so that pressing what the
hint marks plays the hinted action; the marks go on the player's next input, a move, Undo or Redo."""

from __future__ import annotations

from fakes import FakeHost, RecordingContext
from hint_support import hint, hinted_buttons
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan import ai, games
from qipan.boardkit.markup import HINTED
from qipan.games.calavera import GAME
from qipan.games.calavera.actions import Freeze, Pass, Reroll, Stop, TakeColour, TakeRoses
from qipan.games.calavera.rules import RULE_CHOICES, Phase
from qipan.games.calavera.ui import play as play
from qipan.games.calavera.ui import view as view
from qipan.games.calavera.ui.screen import CalaveraScreen, hint_slots
from qipan.match import Match



def scripted(*texts: str, players: int = 2, **options) -> Match:
    """A match with chosen dice: roll texts are played as chance outcomes (start player 0)."""
    match = Match.new("calavera", players, 1, start_player=0, **options)
    for text in texts:
        match.play(text)
    return match


def screen_for(match: Match) -> tuple[CalaveraScreen, FakeHost]:
    host = FakeHost("en")
    screen = CalaveraScreen(host, match)
    screen.resize(1024, 700, 2)
    screen.render()
    return screen, host


def press_what_the_hint_marks(screen: CalaveraScreen, host: FakeHost, keyboard: bool) -> None:
    """What a player does on seeing the hint: press the one marked button, or its key (R for
    Re-roll, S for Stop, Enter on the option under the cursor)."""
    (action, value), = hinted_buttons(host)
    if not keyboard:
        screen.on_panel(action, value)
    elif action == "option":
        assert screen.option_cursor == int(value)
        assert screen.on_key("Enter")
    else:
        assert screen.on_key({"reroll": "r", "stop": "s"}[action])


def played(match: Match, ply: int):
    """The action played at `ply`."""
    return GAME.parse_action(match.states()[ply], match.actions[ply])


def test_a_re_roll_picks_its_dice_and_marks_the_re_roll_button():
    match = scripted("roll OPGGRS")
    screen, host = screen_for(match)
    action = ai.choose(match.state, games.ai("calavera"), "hard", seed=1)  # the hard level's own hint
    assert action == Reroll((1, 1, 0, 0, 1))
    hint(screen, action)
    assert screen.selected == frozenset({0, 1, 4})  # orange, pink and the rose; the greens stay
    panel = host.element("game-panel").innerHTML
    assert panel.count('aria-pressed="true"') == 3 and "Odds of this roll (dice rolled: 3)" in panel
    assert hinted_buttons(host) == [("reroll", "")]
    assert host.element("message").textContent.startswith("Hint: ")
    ctx = RecordingContext()
    view.draw(ctx, screen.layout(), screen._scene())
    assert screen._scene().selected == frozenset({0, 1, 4})
    assert ("set", "fillStyle", "#6a1b9a") in ctx.calls  # the lifted dice's re-roll badges
    screen.on_panel("reroll", "")
    assert match.actions[1] == "reroll OPR" and match.state.rolls == 2
    assert screen.selected == frozenset() and screen.hinted is None and hinted_buttons(host) == []


class Revealing(FakeHost):
    """A host whose message and panel record what the screen scrolls into view, in order."""

    def __init__(self) -> None:
        super().__init__("en")
        self.revealed: list[str] = []

    def element(self, element_id: str):
        node = super().element(element_id)
        node.closest = lambda _selector: None  # (no embed around it)
        node.scrollIntoView = lambda **_options: self.revealed.append(element_id)
        if element_id == "game-panel":  # (finds what the panel's markup holds, named by its selector)
            found = {f".{HINTED}": HINTED, '[data-key="handover"]': 'data-key="handover"'}
            node.querySelector = lambda selector: (self.element(selector) if selector in found and
                                                   found[selector] in node.innerHTML else None)
        return node


def test_the_control_a_hint_marks_is_revealed_then_the_hint_s_message():
    """The player presses the marked Re-roll next: revealing the message below it alone left it
    under the panel's sticky turn line (a tester's finding). The control is revealed first, then the
    message by the shortest scroll: both stay in view when they fit, the message when they do not
    (e2e/test_panel_in_view.py)."""
    match = scripted("roll OPGGRS")
    host = Revealing()
    screen = CalaveraScreen(host, match)
    screen.resize(1024, 700, 2)
    screen.render()
    host.revealed.clear()
    hint(screen, Reroll((1, 1, 0, 0, 1)))
    assert host.revealed == [f".{HINTED}", "message"]
    host.revealed.clear()
    screen.on_panel("reroll", "")  # the marks go: a message of the roll, nothing marked to reveal
    assert f".{HINTED}" not in host.revealed


def test_the_hand_over_to_the_next_marker_is_revealed_once_after_the_move_s_message():
    """After a row is taken the panel may be scrolled down to the options: "Pass the device to
    Player 2" under the sticky turn line went unseen (a tester's finding). It is revealed after the
    move's message, once per hand-over."""
    match = scripted("roll OBBRSS", "stop", players=3)
    host = Revealing()
    screen = CalaveraScreen(host, match)
    screen.resize(1024, 700, 2)
    screen.render()
    host.revealed.clear()
    screen.on_panel("option", "0")  # Player 1 takes a row: Player 2 marks next
    assert match.state.phase is Phase.MARK and match.state.marker == 1
    assert host.revealed[-2:] == ["message", '[data-key="handover"]']
    host.revealed.clear()
    screen.on_key("ArrowDown")  # the same hand-over, still shown: not scrolled to again
    assert '[data-key="handover"]' not in host.revealed
    screen.on_panel("option", "0")  # Player 2 marks: the hand-over to Player 3
    assert host.revealed[-1] == '[data-key="handover"]'


def test_stop_is_marked_and_lets_go_of_dice_the_player_had_picked():
    match = scripted("roll OBBRSS")
    screen, host = screen_for(match)
    screen.die(0)
    action = ai.choose(match.state, games.ai("calavera"), "hard", seed=1)
    assert action == Stop()
    hint(screen, action)
    assert screen.selected == frozenset() and hinted_buttons(host) == [("stop", "")]
    screen.on_key("s")
    assert match.actions[-1] == "stop" and hinted_buttons(host) == []


def test_an_option_is_under_the_cursor_previewed_on_the_sheet_and_marked():
    match = scripted("roll GGGGGR", "stop")  # green alone, or green with the rose as green
    screen, host = screen_for(match)
    options = play.options(match.state)
    action = TakeRoses(2)
    index = options.index(action)
    hint(screen, action)
    assert screen.option_cursor == index and hinted_buttons(host) == [("option", str(index))]
    assert 'class="cal-option focused hinted"' in host.element("game-panel").innerHTML
    assert screen._scene().preview == view.Preview(0, 2, 0, 1, False)  # one ghost cross on green
    screen.on_panel("option", str(index))
    assert played(match, 2) == action and hinted_buttons(host) == []


def test_a_freeze_is_previewed_as_its_ring():
    match = Match.from_position("calavera", "v1 start=0 sheets=0.0.9.0/0.0.0.0 bonus=---/--- claimed=--- "
                                            "phase=choose active=0 rolls=1 dice=OBRRRR skulls=0")
    screen, host = screen_for(match)
    options = play.options(match.state)
    hint(screen, Freeze(2))
    assert screen._scene().preview == view.Preview(0, 2, 9, 9, True)
    assert hinted_buttons(host) == [("option", str(options.index(Freeze(2))))]
    screen.on_key("Enter")
    assert match.state.frozen[0][2]


def test_the_marks_go_on_the_players_next_input_undo_and_redo():
    match = scripted("roll OPGGRS")
    screen, host = screen_for(match)
    hint(screen, Reroll((1, 1, 0, 0, 1)))
    screen.die(2)  # the player adds a green die: their own pick from here on, no hint marked
    assert screen.selected == frozenset({0, 1, 2, 4}) and hinted_buttons(host) == []
    hint(screen, Reroll((1, 1, 0, 0, 1)))
    screen.on_key("ArrowRight")
    assert screen.selected == frozenset({0, 1, 4}) and hinted_buttons(host) == []
    hint(screen, Stop())
    screen.on_key("Escape")
    assert hinted_buttons(host) == []
    screen.on_key("s")
    options = play.options(match.state)
    hint(screen, options[-1])
    screen.on_key("ArrowDown")
    assert screen.option_cursor == 0 and hinted_buttons(host) == []
    hint(screen, options[-1])
    screen.undo()  # back to the re-roll decision
    assert match.state.phase is Phase.KEEP and screen.hinted is None and hinted_buttons(host) == []
    hint(screen, Stop())
    screen.redo()
    assert match.state.phase is not Phase.KEEP and screen.hinted is None and hinted_buttons(host) == []
    assert screen.option_cursor is None


def test_a_pass_is_marked_in_the_panel():
    match = scripted("roll OPGBRS", "stop", active_may_pass=True)
    screen, host = screen_for(match)
    options = play.options(match.state)
    assert options[-1] == Pass()
    hint(screen, Pass())
    assert hinted_buttons(host) == [("option", str(len(options) - 1))] and screen._scene().preview is None
    screen.on_key("Enter")
    assert played(match, 2) == Pass()


def test_hint_slots_pick_the_first_dice_of_each_face():
    state = scripted("roll OOGGRR").state
    assert hint_slots(state, Reroll((1, 0, 2, 0, 1))) == frozenset({0, 2, 3, 4})
    assert play.selection_reroll(state, hint_slots(state, Reroll((2, 0, 0, 0, 2)))) == Reroll((2, 0, 0, 0, 2))


options_drawn = st.fixed_dictionaries({name: st.sampled_from(choices) for name, choices in RULE_CHOICES.items()})


@st.composite
def decisions(draw) -> Match:
    """A match played at random from a new game (its dice drawn by the match's seed) to a
    player's decision."""
    players, seed = draw(st.integers(2, 4)), draw(st.integers(0, 2 ** 32))
    match = Match.new("calavera", players, seed, **draw(options_drawn))
    for _ in range(draw(st.integers(0, 120))):
        state = match.state
        if state.is_terminal():
            break
        if state.is_chance():
            match.sample_chance()
        else:
            match.play_action(draw(st.sampled_from(state.legal_actions())))
    while match.state.is_chance():
        match.sample_chance()
    return match


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(match=decisions(), keyboard=st.booleans(), data=st.data())
def test_pressing_what_any_hint_marks_plays_that_action(match, keyboard, data):
    """Whatever the hint names (a re-roll of some dice, Stop, a colour, roses as a colour, a
    freeze, a pass), pressing its one marked button, or that button's key, plays it."""
    state = match.state
    if state.is_terminal():
        return
    kinds: dict[str, list] = {}  # the kind drawn first: Stop is one of many re-roll choices
    for legal in state.legal_actions():
        kinds.setdefault(type(legal).__name__, []).append(legal)
    action = data.draw(st.sampled_from(kinds[data.draw(st.sampled_from(sorted(kinds)))]))
    screen, host = screen_for(match)
    if state.phase is Phase.KEEP and data.draw(st.booleans()):  # dice the player had picked before
        screen.die(data.draw(st.integers(0, sum(state.dice) - 1)))
    ply = len(match.actions)
    hint(screen, action)
    assert isinstance(action, (Reroll, Stop, TakeColour, TakeRoses, Freeze, Pass))
    press_what_the_hint_marks(screen, host, keyboard)
    assert played(match, ply) == action
    assert screen.hinted is None and hinted_buttons(host) == []
