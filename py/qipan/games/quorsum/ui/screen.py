"""The Quorsum play screen: canvas, panel, taps and keys.

Rules come from the engine, tap meanings and odds from quorsum_play, drawing from quorsum_view;
this module wires them to the shared GameScreen. The opening roll-off waits for a Roll button;
flip and step rolls are thrown as soon as the action or step is chosen (the dice are committed),
and their faces are shown in the panel.
"""

from __future__ import annotations

from fractions import Fraction

from qipan.core import Action, Outcome, State
from qipan.games.quorsum.actions import END_TURN, FIRST, FLIP, GO, MOVE, PLACE, STOP, Choose, Place, Step, Try
from qipan.games.quorsum.board import cell_name
from qipan.games.quorsum.rules import (
    ALLOCATE,
    CHAIN,
    CHOOSING,
    PLACEMENTS,
    PLACING,
    RESOLVE,
    ROLLOFF,
    STALEMATE_LIMIT,
    QuorsumState,
    game_result,
)
from qipan.games.quorsum.ui import play as play
from qipan.games.quorsum.ui import view as view
from qipan.games.quorsum.ui.match_score import (
    NEXT_GAME_ID,
    GameEnd,
    between_games,
    between_html,
    game_end,
    game_number,
    match_result_text,
    result_html,
)
from qipan.boardkit.markup import html
from qipan.boardkit.screen import GameScreen, Marks, Message
from qipan.games.quorsum.ui.words import WORDS
from qipan.games.quorsum.board import CELLS

PIPS = {0: (), 1: (5,), 2: (1, 9), 3: (1, 5, 9), 4: (1, 3, 7, 9), 5: (1, 3, 5, 7, 9),
        6: (1, 3, 4, 6, 7, 9)}
"""Pip positions (1..9, row by row) of each die face; 0 is the blank face of the cube."""
DIGIT_KEYS = {"1": 1, "2": 2, "3": 3, "4": 4}
LETTER_KEYS = {"r": "roll", "s": "stop", "e": "end"}
"""Board keys for panel buttons: r = roll (the opening roll, or close the allocation), s = stop
the chain, e = end the turn."""
NEXT_KEYS = ("Enter", " ", "n", "N")
"""Board keys that start the next game of a match at the pause between games."""
FIRST_CHOICE_ID = "qs-choose-first"
"""The id of the opening choice's "Go first" button (focused when a person chooses)."""


class QuorsumScreen(GameScreen):
    """One Quorsum game: the plan being made, the keyboard cursor, the rolls on show."""

    game_id = "quorsum"
    words = WORDS

    def __init__(self, host, match, seats=()) -> None:
        self.plan = play.Plan()
        self.cursor: int | None = None
        self.animated = -1
        """The ply of the newest roll already shown rolling (so a redraw does not roll again)."""
        self.focused_pause = -1
        """The ply of the pause between games whose "Next game" button was given the focus."""
        self.focus_next: str | None = None
        """The element to focus once the panel around the board is written (`render_panel`)."""
        super().__init__(host, match, seats)

    @property
    def state(self) -> QuorsumState:
        return super().state  # the viewed position while reviewing (GameScreen)

    def layout(self) -> view.Layout:
        return view.Layout(self.width, self.height)

    # -- where the points are (embeds' notes, pictures' coordinates) ------------------------------------

    def action_marks(self, state: State, text: str) -> Marks:
        """Dice put on a tile (flip, move, try): a ring on it; the layout's corners: a ring on each."""
        action = self.match.game.parse_action(state, text)
        if isinstance(action, Place):
            return Marks(cells=tuple(cell_name(c) for c in action.corners))
        cell = getattr(action, "cell", None)
        return Marks(cells=(cell_name(cell),)) if isinstance(cell, int) else Marks()

    def point_px(self, name: str) -> tuple[float, float, float] | None:
        cells = {cell_name(c): c for c in CELLS}
        if name.lower() not in cells:
            return None
        layout = self.layout()
        x, y = layout.centre(cells[name.lower()])
        return x, y, layout.unit * 0.5

    def point_names(self) -> tuple[str, ...]:
        return tuple(cell_name(cell) for cell in CELLS)

    # -- between the games of a match ---------------------------------------------------------------

    def game_end(self) -> GameEnd | None:
        """The game of the match that just ended, when the position shown is the pause after it."""
        return game_end(self.shown_match) if between_games(self.state) else None

    @property
    def board(self) -> QuorsumState:
        """The position on the board: the one shown, or at the pause between two games of a match
        the finished game's last position (the next game's tiles are not laid yet)."""
        end = self.game_end()
        return end.final if end is not None and end.final is not None else self.state

    def next_game(self) -> None:
        """The "Next game" button: lay out the next game's tiles and go to its opening choice."""
        state = self.state
        if self.reviewing or not between_games(state):
            return
        number, chooser = game_number(self.match), state.chooser
        player = self.named(chooser)
        self.say(("quorsum.msg.next_game", {"k": number, "player": player}) if number
                 else ("quorsum.msg.next_game_any", {"player": player}))
        self.focus_next = FIRST_CHOICE_ID if self.seats[chooser] == "human" else "board"
        self.roll()  # (its panel, with the first choice, may be written after: render_panel focuses it)

    def _focus(self, element_id: str) -> None:
        node = self.host.element(element_id)
        focus = getattr(node, "focus", None) if node else None
        if focus is not None:
            focus()

    def render_panel(self) -> None:
        """The panel around the board; the first time the pause between two games is shown live,
        focus "Next game", and after it the next game's first choice (once the panel that has
        them is written)."""
        super().render_panel()
        ply = len(self.match.actions)
        if self.viewing is None and between_games(self.state) and self.focused_pause != ply:
            self.focused_pause = ply
            self._focus(NEXT_GAME_ID)
        if self.focus_next is not None:
            self._focus(self.focus_next)
            self.focus_next = None

    # -- chance -----------------------------------------------------------------------------------

    def auto_chance(self, state: State) -> bool:
        """The opening roll waits for the Roll button, the next game of a match for the "Next
        game" button; every other roll is thrown at once."""
        return state.phase != ROLLOFF and not between_games(state)

    def advance(self) -> None:
        start = len(self.match.actions)
        super().advance()
        self._describe(start)

    def roll(self) -> None:
        """The Roll button: throw the pending roll (the opening roll) and say how it fell."""
        start = len(self.match.actions)
        super().roll()
        if len(self.match.actions) > start:
            self._describe(start)
            self.render()

    def _describe(self, start: int) -> None:
        """Say what the chance outcomes played from ply `start` on did (the last one counts)."""
        states, actions = self.match.states(), self.match.actions
        said = None
        for ply in range(start, len(actions)):
            action = self.match.game.parse_action(states[ply], actions[ply])
            said = play.outcome_message(states[ply], action, states[ply + 1]) or said
        if start < len(actions):
            said = self._with_turn(said, states[start])
        if said:
            self.say(said)

    def _with_turn(self, message: Message | None, before: State) -> Message | None:
        """`message`, and when the turn has just passed, whose it is now (said for a screen
        reader too: the panel's turn line is not a live region)."""
        state = self.state
        if state.phase != ALLOCATE or state.player == before.player:
            return message
        turn = ("quorsum.msg.turn", {"n": state.player + 1})
        return turn if message is None else ("text.sentences", {"first": message, "then": turn})

    # -- input ------------------------------------------------------------------------------------

    def on_board_click(self, x: float, y: float) -> None:
        cell = self.layout().hit(x, y)
        if cell is not None:
            self.cursor = None
            self.choose(cell)

    def on_key(self, key: str) -> bool:
        state = self.state
        if between_games(state) and key in NEXT_KEYS:
            self.next_game()
        elif key in view.ARROWS:
            if self.cursor is None:
                self.cursor = self._cursor_start()
            else:
                self.cursor = view.cursor_step(self.cursor, key)
            self.render()
        elif key in ("Enter", " ") and self.cursor is not None:
            self.choose(self.cursor)
        elif key == "Escape":
            self.plan = play.Plan()
            self.say(None)
            self.render()
        elif key in DIGIT_KEYS and state.phase == ALLOCATE:
            self.pick_dice(DIGIT_KEYS[key])
        elif key.lower() in LETTER_KEYS:
            self._letter(LETTER_KEYS[key.lower()])
        else:
            return False
        return True

    def _letter(self, what: str) -> None:
        legal = self.state.legal_actions()
        if what == "roll" and self.state.phase == ROLLOFF:
            self.roll()
        elif what == "roll" and GO in legal:
            self.play(GO)
        elif what == "stop" and STOP in legal:
            self.play(STOP)
        elif what == "end" and END_TURN in legal:
            self.play(END_TURN)
        else:
            self.say(("quorsum.err.key", {}), error=True)
            self.render()

    def _cursor_start(self) -> int:
        state = self.state
        if state.phase == CHAIN:
            return state.chain[0]
        if state.pawns and state.player >= 0:
            return state.pawns[state.player][0][0]
        return 5

    def on_panel(self, action: str, value: str) -> None:
        state = self.state
        if state.is_terminal():
            return
        if action == "roll":
            self.roll()
        elif action == "next":
            self.next_game()
        elif action == "choose" and value in (FIRST, PLACE):
            self.play(Choose(value))
        elif action == "place":
            corners = tuple(sorted(int(c) for c in value.split(",")))
            self.play(Place(corners))
        elif action == "dice":
            self.pick_dice(int(value))
        elif action == "go":
            self.play(GO)
        elif action == "cancel":
            self.plan = play.Plan()
            self.say(("quorsum.msg.alloc", {"left": state.dice_left()}))
            self.render()
        elif action == "try":
            kind, cell, dice = value.split(":")
            self.play(Try(kind, int(cell), int(dice)))
        elif action == "end":
            self.play(END_TURN)
        elif action == "step":
            self.play(Step(int(value)))
        elif action == "stop":
            self.play(STOP)

    def pick_dice(self, dice: int) -> None:
        """A dice count from the tray or a digit key."""
        self._follow(play.allot(self.state, self.plan, dice))

    def choose(self, cell: int) -> None:
        """A tap or Enter on a cell."""
        if self.state.is_terminal():
            return
        self._follow(play.click(self.state, self.plan, cell))

    def _follow(self, intent: play.Intent) -> None:
        if intent.play is not None:
            self.play(intent.play)
            return
        self.plan = intent.plan
        if intent.message:
            self.say(intent.message, error=intent.message[0].startswith("quorsum.err"))
        self.render()

    def after_play(self, before: State, action: Action, text: str) -> None:
        self.plan = play.Plan()
        self.say(self._with_turn(play.outcome_message(before, action, self.state), before))

    def let_go(self) -> None:
        self.plan = play.Plan()
        self.focused_pause = -1  # a Redo back to the pause between games focuses "Next game" again

    def show_hint(self, action: Action, text: str) -> None:
        """Put the keyboard cursor on the tile the hinted action concerns."""
        cell = getattr(action, "cell", None)
        if isinstance(cell, int):
            self.cursor = cell
        super().show_hint(action, text)

    # -- drawing ----------------------------------------------------------------------------------

    def scene(self) -> view.Scene:
        """What the canvas shows now: the board, the plan and its odds."""
        state, plan, board = self.state, play.Plan() if self.reviewing else self.plan, self.board
        pawns = tuple((p, cell, home) for p, side in enumerate(board.pawns) for cell, home, _ in side)
        scene = view.Scene(board.values, board.colours, board.locks, pawns, board.player,
                           cursor=None if self.reviewing else self.cursor, dark=self.host.dark)
        phase = state.phase
        if phase in (ALLOCATE, RESOLVE, CHAIN):
            self._planned(scene)
        if phase == ALLOCATE:
            if plan.target is not None:
                scene.selected = plan.target[1]
            else:
                scene.targets = frozenset(c for c, _, _ in state.pawns[state.player]
                                          if play.kinds_at(state, c)[:1] == (MOVE,))
        elif phase == RESOLVE:
            scene.targets = frozenset(a.cell for a in state.legal_actions() if isinstance(a, Try))
        elif phase == CHAIN:
            chances = play.step_odds(state)
            scene.selected = state.chain[0]
            scene.targets = frozenset(chances)
            scene.odds = {cell: play.pct(p) for cell, p in chances.items()}
            scene.dice = {state.chain[0]: state.chain[1]}
        elif phase == PLACING:
            scene.targets = frozenset(c for c in (0, 3, 12, 15) if c not in plan.corners)
            scene.ghosts = tuple((0, c) for c in plan.corners)
        return scene

    def _planned(self, scene: view.Scene) -> None:
        """The allotted actions: dice badges, flip marks with their odds, routes with reach odds."""
        state = self.state
        paths, flips = [], set()
        for kind, cell, dice in state.todo:
            scene.dice[cell] = scene.dice.get(cell, 0) + dice
            if kind == FLIP:
                flips.add(cell)
                scene.odds[cell] = play.pct(play.flip_odds(state, cell, dice).now)
            elif state.pawn_at(cell) is not None:
                reach = play.move_reach(state, cell, dice)
                paths.append((cell, *reach))
                for target, p in reach.items():
                    scene.odds[target] = play.pct(p)
        scene.flips = frozenset(flips)
        scene.paths = tuple(paths)

    def draw(self, ctx, width: float, height: float) -> None:
        view.draw(ctx, view.Layout(width, height), self.scene())

    def board_label(self) -> str:
        state, board = self.state, self.board
        pawns = self.tr("quorsum.pawn_sep").join(
            self.tr("quorsum.pawn_label", player=self.player_name(p), cell=cell_name(cell),
                    home=cell_name(home))
            for p, side in enumerate(board.pawns) for cell, home, _ in side)
        turn = ""
        if between_games(state):
            turn = self.tr("quorsum.board_turn", turn=self.tr("quorsum.phase.between"))
        elif state.player >= 0 and not state.is_terminal():
            turn = self.tr("quorsum.board_turn", turn=self.tr("turn.to_move", player=self.player_name(state.player)))
        return self.tr("quorsum.board_label", pawns=pawns or self.tr("quorsum.no_pawns"), turn=turn,
                       count=board.stalemate)

    # -- panel ------------------------------------------------------------------------------------

    def panel_html(self) -> str:
        state = self.state
        over = state.is_terminal()
        end = self.game_end()
        turn = ""
        if not over and state.player >= 0:
            turn = self.tr("turn.to_move", player=self.player_name(state.player))
        elif end is not None:
            turn = self.tr("quorsum.phase.between")
        elif not over:
            turn = self.tr("quorsum.phase.rolloff")
        box = {ROLLOFF: self._rolloff_box, CHOOSING: self._choose_box, PLACING: self._place_box,
               ALLOCATE: self._alloc_box, RESOLVE: self._resolve_box,
               CHAIN: self._chain_box}.get(state.phase)
        shown = between_html(self.tr, self.player_name, end) if end is not None else box() if box else ""
        return (f'<div class="players">{self._player_card(0)}{self._player_card(1)}</div>'
                f'<p class="turn">{html(turn)}</p>{self._status()}'
                f'{shown}{self._rolls_box()}'
                f'<p class="qs-hint qs-keys">{html(self.tr("quorsum.keys"))}</p>')

    def _player_card(self, player: int) -> str:
        state = self.board
        active = " active" if not state.is_terminal() and state.player == player else ""
        home = (self.tr("quorsum.pawns_home", n=state.pawns_home(player)) if state.pawns
                else self.tr("quorsum.no_pawns"))
        points = self.tr("quorsum.points", n=state.score[player])
        mark = (f'<span class="qs-pawn qs-p{player + 1}" aria-hidden="true">{player + 1}</span>')
        return (f'<div class="player{active}" data-player="{player}"><h3>{html(self.player_name(player))}{mark}</h3>'
                f'<div class="score">{html(home)}</div><div class="score qs-points">{html(points)}</div></div>')

    def _status(self) -> str:
        state, count = self.state, self.board.stalemate
        cube = _die(count, "qs-cube", self.tr("quorsum.cube_label", n=count))
        text = self.tr("quorsum.stalemate", n=count, limit=STALEMATE_LIMIT)
        target = state.rules.match_target
        match = (self.tr("quorsum.match", a=state.score[0], b=state.score[1], target=target) if target
                 else self.tr("quorsum.single", a=state.score[0], b=state.score[1]))
        return (f'<div class="qs-status">{cube}<span class="qs-count">{html(text)}</span>'
                f'<span class="qs-match">{html(match)}</span></div>')

    def _button(self, label: str, action: str, value: str = "", primary: bool = False,
                pressed: bool | None = None, extra: str = "", element_id: str = "") -> str:
        cls = (f' id="{element_id}"' if element_id else "") + (' class="primary"' if primary else "")
        data_value = f' data-value="{html(value)}"' if value else ""
        aria = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
        return (f'<button type="button"{cls} data-action="{action}"{data_value}{aria}>'
                f'{html(label)}{extra}</button>')

    def _rolloff_box(self) -> str:
        return (f'<div class="qs-box"><p class="qs-prompt">{html(self.tr("quorsum.prompt.rolloff"))}</p>'
                f'{self._button(self.tr("quorsum.btn.rolloff"), "roll", primary=True)}</div>')

    def _choose_box(self) -> str:
        state = self.state
        throws = play.rolloff_throws(self.shown_match)
        shown = ""
        for i, (a, b) in enumerate(throws):
            tie = i < len(throws) - 1
            label = self.tr("quorsum.rolloff_tie" if tie else "quorsum.rolloff_final")
            shown += (f'<div class="qs-throw{" tie" if tie else ""}"><span>{html(label)}</span>'
                      f'{_die(a, "", self.tr("quorsum.die_of", player=self.player_name(0), n=a))}'
                      f'{_die(b, "", self.tr("quorsum.die_of", player=self.player_name(1), n=b))}</div>')
        prompt = self.tr("quorsum.prompt.choose" if throws else "quorsum.prompt.choose_alternate",
                         player=self.player_name(state.player))
        return (f'<div class="qs-box">{shown}<p class="qs-prompt">{html(prompt)}</p>'
                f'<div class="qs-buttons">{self._button(self.tr("quorsum.btn.first"), "choose", FIRST, True, element_id=FIRST_CHOICE_ID)}'
                f'{self._button(self.tr("quorsum.btn.place"), "choose", PLACE)}</div></div>')

    def _place_box(self) -> str:
        state = self.state
        buttons = "".join(
            self._button(self.tr("quorsum.btn.placement", a=cell_name(p.corners[0]), b=cell_name(p.corners[1])),
                         "place", f"{p.corners[0]},{p.corners[1]}",
                         pressed=bool(self.plan.corners) and set(self.plan.corners) <= set(p.corners))
            for p in PLACEMENTS)
        prompt = self.tr("quorsum.prompt.place", player=self.player_name(state.player))
        return (f'<div class="qs-box"><p class="qs-prompt">{html(prompt)}</p>'
                f'<p class="qs-hint">{html(self.tr("quorsum.hint.place"))}</p>'
                f'<div class="qs-buttons qs-placements">{buttons}</div></div>')

    def _alloc_box(self) -> str:
        state, plan = self.state, play.Plan() if self.reviewing else self.plan
        left = state.dice_left()
        tray = "".join(
            f'<span class="qs-slot used" title="{html(self._action_name(kind, cell))}">'
            f'{_die(0, "qs-tray-die", self._action_name(kind, cell))}<small>{html(cell_name(cell))}</small></span>'
            for kind, cell, dice in state.todo for _ in range(dice))
        for k in range(1, left + 1):
            label = self.tr("quorsum.btn.dice", n=k)
            odds = ""
            if plan.target is not None:
                todo = (*state.todo, (plan.target[0], plan.target[1], k))
                odds = f'<small>{html(self._plan_odds(plan.target[0], plan.target[1], k, todo))}</small>'
            tray += self._button(label, "dice", str(k), pressed=plan.dice == k,
                                 extra=odds)
        if plan.target is not None:
            key, values = play.target_message(self.state, *plan.target)
            prompt = self.tr(key, **values)
        elif plan.dice:
            prompt = self.tr("quorsum.msg.dice_picked", n=plan.dice)
        else:
            prompt = self.tr("quorsum.prompt.alloc", left=left)
        planned = self._plan_list()
        go = self.tr("quorsum.btn.go_give_up", n=left) if state.todo else self.tr("quorsum.btn.go_nothing")
        cancel = self._button(self.tr("ctl.cancel"), "cancel") if plan != play.Plan() else ""
        return (f'<div class="qs-box"><p class="qs-prompt">{html(prompt)}</p>'
                f'<div class="qs-tray" aria-label="{html(self.tr("quorsum.tray", n=left))}">{tray}</div>'
                f'{planned}<div class="qs-buttons">{self._button(go, "go", primary=bool(state.todo))}{cancel}</div></div>')

    def _action_name(self, kind: str, cell: int) -> str:
        key = "quorsum.act.move" if kind == MOVE else "quorsum.act.flip"
        return self.tr(key, cell=cell_name(cell), value=self.state.values[cell])

    def _plan_odds(self, kind: str, cell: int, dice: int, todo: tuple | None = None) -> str:
        """The chance of a planned action (`todo`: everything planned, default the state's): a
        flip's success as the engine will resolve it, or a move's reach along its route."""
        state = self.state
        if kind == FLIP:
            return self._flip_odds_text(play.flip_odds(state, cell, dice, todo))
        reach = play.move_reach(state, cell, dice)
        if not reach:
            return self.tr("quorsum.odds.no_route")
        return self.tr("log.list_sep").join(self.tr("quorsum.odds.reach", cell=cell_name(c), pct=play.pct1(p))
                         for c, p in reach.items())

    def _flip_odds_text(self, plan) -> str:
        """A planned flip's odds in words: 0 % with the reason when it fails unrolled, and what the
        order of resolution changes."""
        tr = self.tr
        text = tr("quorsum.odds.flip", pct=play.pct1(plan.now), frac=_frac(plan.now))
        if plan.blocked is not None:
            text += tr("quorsum.odds.sep") + tr(f"quorsum.odds.blocked.{plan.blocked}")
        if plan.clear_first is not None:
            text += tr("quorsum.odds.sep") + tr("quorsum.odds.clear_first", cell=cell_name(plan.clear_first),
                                              pct=play.pct1(plan.later))
        if plan.before:
            cells = tr("log.list_sep").join(cell_name(c) for c in plan.before)
            text += tr("quorsum.odds.sep") + tr("quorsum.odds.before", cells=cells)
        return text

    def _plan_list(self) -> str:
        state = self.state
        if not state.todo:
            return ""
        items = "".join(
            f'<li><strong>{html(self._action_name(kind, cell))}</strong> '
            f'<span class="qs-dice-count">{html(self.tr("quorsum.btn.dice", n=dice))}</span>'
            f'<br><small>{html(self._plan_odds(kind, cell, dice))}</small></li>'
            for kind, cell, dice in state.todo)
        return f'<ul class="qs-plan" aria-label="{html(self.tr("quorsum.planned"))}">{items}</ul>'

    def _resolve_box(self) -> str:
        state = self.state
        buttons = ""
        for action in state.legal_actions():
            if not isinstance(action, Try):
                continue
            label = f"{self._action_name(action.kind, action.cell)} · {self.tr('quorsum.btn.dice', n=action.dice)}"
            extra = f'<small>{html(self._plan_odds(action.kind, action.cell, action.dice))}</small>'
            buttons += self._button(label, "try", f"{action.kind}:{action.cell}:{action.dice}",
                                    primary=True, extra=extra)
        end = self._button(self.tr("quorsum.btn.end"), "end")
        return (f'<div class="qs-box"><p class="qs-prompt">{html(self.tr("quorsum.prompt.resolve"))}</p>'
                f'<div class="qs-buttons qs-actions">{buttons}</div><div class="qs-buttons">{end}</div></div>')

    def _chain_box(self) -> str:
        state = self.state
        cell, dice = state.chain
        buttons = "".join(
            self._button(self.tr("quorsum.btn.step", cell=cell_name(y), value=state.values[y]), "step", str(y),
                         primary=True,
                         extra=f'<small>{html(self.tr("quorsum.odds.flip", pct=play.pct1(p), frac=_frac(p)))}</small>')
            for y, p in play.step_odds(state).items())
        stop = self._button(self.tr("quorsum.btn.stop"), "stop") if STOP in state.legal_actions() else ""
        prompt = self.tr("quorsum.msg.chain", cell=cell_name(cell), n=dice)
        return (f'<div class="qs-box"><p class="qs-prompt">{html(prompt)}</p>'
                f'<div class="qs-buttons qs-actions">{buttons}</div><div class="qs-buttons">{stop}</div></div>')

    def _rolls_box(self) -> str:
        rolls = play.recent_rolls(self.shown_match)
        if not rolls:
            return ""
        newest = rolls[-1].ply
        rows = ""
        for roll in rolls:
            fresh = roll.ply == newest and newest > self.animated
            dice = "".join(_die(f, ("met" if f >= roll.value else "missed") + (" rolling" if fresh else ""),
                                self.tr("quorsum.die_met" if f >= roll.value else "quorsum.die_missed", n=f))
                           for f in roll.faces)
            what = self.tr("quorsum.roll.step" if roll.kind == MOVE else "quorsum.roll.flip",
                           cell=cell_name(roll.cell), value=roll.value)
            result = self.tr("quorsum.roll.met", met=roll.met, n=len(roll.faces))
            rows += (f'<li data-key="roll-{roll.ply}"><span class="qs-roll-what">{html(what)}</span>'  # (a new
                     f'<span class="qs-dice">{dice}</span>'  # roll's row is new to the panel's patch: its dice roll)
                     f'<span class="qs-roll-result">{html(result)}</span></li>')
        self.animated = max(self.animated, newest)
        title = self.tr("quorsum.rolls", player=self.player_name(rolls[-1].player))
        return f'<div class="qs-box qs-rolls"><h4>{html(title)}</h4><ul>{rows}</ul></div>'

    # -- the end ----------------------------------------------------------------------------------

    def game_over_html(self, outcome: Outcome) -> str:
        state = self.state
        _, winners, _ = game_result(state)
        headline = (self.tr("over.winner", player=self.player_name(winners[0])) if winners
                    else self.tr("over.draw"))
        match = ""
        if state.rules.match_target:
            score = self.tr("quorsum.match", a=state.score[0], b=state.score[1], target=state.rules.match_target)
            match = (f'<p>{html(score)}</p><p class="qs-match-result">'
                     f'{html(match_result_text(self.tr, self.player_name, state))}</p>')
        return (f'{self.over_heading(headline)}'
                f'{result_html(self.tr, self.player_name, state)}{match}')


def _frac(p: Fraction) -> str:
    return str(p) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _die(face: int, cls: str, label: str) -> str:
    """A die face of pips in HTML (its value also as text for screen readers)."""
    pips = "".join(f'<i class="pip p{k}"></i>' for k in PIPS[face])
    return f'<span class="qs-die {cls}" role="img" aria-label="{html(label)}" data-face="{face}">{pips}</span>'
