"""The Table Gype play screen: set-up arrangement, picking dice, paths, re-rolls, seats, the hint.

Rules come from the engine, click meanings from gype_play, drawing from gype_view; this module
wires them to the shared GameScreen and keeps the view state (selection, cursor, the staged
start-row arrangement, the hint set up on the board, the board's turn toward the player to move,
the last re-rolls).
"""

from __future__ import annotations

from qipan.core import Action, Outcome, State, is_number
from qipan.games.gype import Arrange, GypeState, Jump, Leap, Roll, Step, Termination
from qipan.games.gype.board import cell_name
from qipan.games.gype.ui import play as gype_play, view as gype_view
from qipan.boardkit.markup import HINTED, class_attribute, html
from qipan.boardkit.screen import GameScreen, Marks
from qipan.boardkit.store import StorageError
from qipan.games.gype.ui.words import WORDS, start_row
from qipan.boardkit.words import Ply
from qipan.games.gype.board import CELLS, parse_cell
from qipan.boardkit.labels import Label, Segment

CENTRE = 44
ROTATE_KEY = "gype/rotate"
"""Storage key of the "turn the board to the player to move" toggle, kept between visits."""


class GypeScreen(GameScreen):
    """One Gype game for 2–4 players passing one device."""

    game_id = "gype"
    words = WORDS

    def __init__(self, host, match, seats=()) -> None:
        self.selection = gype_play.Selection()
        self.cursor: int | None = None
        self.rotate = host.storage.get(ROTATE_KEY) == "1"
        self.last_path: tuple[int, ...] = ()
        self.just_rolled: tuple[int, ...] = ()
        self.animate = False
        self.faces: list[int] = []
        self.arranger: int | None = None
        self.swap: int | None = None
        self.hinted: Action | None = None
        """The hint on the board (show_hint) until the player clicks, cancels or plays."""
        self.unhinted: list[int] | None = None
        """The start row as the player had arranged it before a set-up hint staged its own (Escape
        puts it back)."""
        super().__init__(host, match, seats)

    @property
    def state(self) -> GypeState:
        return super().state  # the viewed position while reviewing (GameScreen)

    def bottom(self) -> str:
        """The seat drawn at the bottom: the one an embed asks for (bottom=), else the player to
        move's when the board turns, else South."""
        state = self.state
        if self.bottom_player is not None:
            return state.rules.seats[(self.bottom_player - 1) % len(state.rules.seats)]
        return state.rules.seats[state.current] if self.rotate else "S"

    def layout(self) -> gype_view.Layout:
        return gype_view.Layout(self.width, self.height, self.bottom())

    # -- where the points are (embeds' notes, pictures' coordinates) ------------------------------------

    def action_marks(self, state: State, text: str) -> Marks:
        """A step or a leap: an arrow; a jump: an arrow per landing; turning a die over: a ring."""
        action = self.match.game.parse_action(state, text)
        if isinstance(action, (Step, Leap)):
            return Marks(arrows=((cell_name(action.frm), cell_name(action.to)),))
        if isinstance(action, Jump):
            path = (action.frm, *action.landings)
            return Marks(arrows=tuple((cell_name(a), cell_name(b)) for a, b in zip(path, path[1:])))
        if isinstance(action, Roll):
            return Marks(cells=(cell_name(action.cell),))
        return Marks()

    def point_px(self, name: str) -> tuple[float, float, float] | None:
        try:
            cell = parse_cell(name.lower())
        except ValueError:
            return None
        layout = self.layout()
        x, y = layout.to_px(cell)
        return x, y, layout.unit * 0.55

    def coordinate_labels(self, arrows: list[Segment]) -> list[Label]:
        """A tag in the lower right of each occupied cell (an empty cell shows its name already)."""
        layout = self.layout()
        return [Label(cell_name(cell), x + 0.3 * layout.unit, y + 0.37 * layout.unit, 0.19 * layout.unit)
                for cell in CELLS if self.state.board[cell] >= 0 for x, y in [layout.to_px(cell)]]

    def staged_faces(self) -> list[int]:
        """The arranging player's proposed start row (fresh for each new arranger)."""
        state = self.state
        if self.arranger != state.current or len(self.faces) != 8:
            self.arranger = state.current
            self.faces = gype_play.start_faces(state)
            self.swap = None
        return self.faces

    # -- input ------------------------------------------------------------------------------------

    def on_board_click(self, x: float, y: float) -> None:
        cell = self.layout().hit(x, y)
        if cell is not None:
            self.cursor = None
            self.choose(cell)

    def on_key(self, key: str) -> bool:
        if key in gype_view.ARROWS:
            if self.cursor is None:
                self.cursor = self.swap if self.swap is not None else \
                    self.selection.origin if self.selection.origin is not None else CENTRE
            else:
                self.cursor = self.layout().neighbour(self.cursor, *gype_view.ARROWS[key])
            self.render()
        elif key in ("Enter", " ") and self.cursor is not None:
            self.choose(self.cursor)
        elif key == "Escape":
            self.selection = gype_play.Selection()
            self.swap = None
            if isinstance(self.hinted, Arrange) and self.unhinted is not None:
                self.faces = self.unhinted  # the row as the player had it before the hint
            self._drop_hint()
            self.say(("gype.setup" if self.state.setup else "gype.pick_piece", {}))
            self.render()
        elif key in ("r", "R"):
            self.roll_selected()
        elif key in ("t", "T"):
            self.on_panel("rotate", "")
        elif is_number(key, 1) and key != "0" and self.selection.dest is not None:
            self.on_panel("option", str(int(key) - 1))
        else:
            return False
        return True

    def on_panel(self, action: str, value: str) -> None:
        if action == "rotate":
            self.rotate = not self.rotate
            try:
                self.host.storage.set(ROTATE_KEY, "1" if self.rotate else "0")
            except StorageError:
                pass  # the toggle still works for this visit
            self.render()
        elif action == "arrange" and self.state.setup and not self.state.is_chance():
            self.play(Arrange(tuple(self.staged_faces())))
        elif action == "roll":
            self.roll_selected()
        elif action == "option" and self.selection.dest is not None:
            options = gype_play.choices(self.state, self.selection.origin, self.selection.dest)
            if is_number(value, 3) and int(value) < len(options):
                self.play(options[int(value)][0])

    def roll_selected(self) -> None:
        """§4 ROLL: re-roll the picked die where it stands."""
        origin = self.selection.origin
        if self.state.setup or self.state.is_terminal():
            return
        if origin is None:
            self.say(("gype.err.no_selection", {}), error=True)
            self.render()
            return
        self.play(Roll(origin))

    def choose(self, cell: int) -> None:
        """A click or Enter on a cell."""
        state = self.state
        if isinstance(self.hinted, (Step, Jump, Leap, Roll)) and cell == self.selection.origin:
            # Following the hint: a tap on the die it picked keeps it picked, with the hint's marks
            # and words, for the tap that plays it; the same in every game (docs/adding-a-game.md).
            self.render()
            return
        self.hinted = None  # the player takes over from the hint
        if state.is_terminal() or state.is_chance():
            return
        if state.setup:
            faces, self.swap, message = gype_play.setup_click(state, self.staged_faces(), self.swap, cell)
            self.faces = faces
            self.say(message, error=message[0].startswith("gype.err"))
            self.render()
            return
        intent = gype_play.click(state, self.selection, cell)
        if intent.play is not None:
            self.play(intent.play)
            return
        self.selection = intent.selection
        if intent.message:
            self.say(intent.message, error=intent.message[0].startswith("gype.err"))
        self.render()

    def after_play(self, before: State, action: Action, text: str) -> None:
        player = self.named(before.current)
        self.selection = gype_play.Selection()
        self.swap = None
        self._drop_hint()
        self.just_rolled = ()
        if isinstance(action, Arrange):
            self.last_path = ()
            following = self.named(self.state.current)
            if self.state.setup:
                passes = self.passes_device and self.seats[self.state.current] == "human"  # (a person, not the computer, next)
                self.say(("gype.arranged" if passes else "gype.arranged_here", {"player": player, "next": following}))
            else:
                self.say(("gype.started", {"player": following}))
            return
        if isinstance(action, Roll):
            self.last_path = ()
            self.just_rolled = (action.cell,)
            self.say(("gype.rolled", {"player": player, "cell": cell_name(action.cell)}))
        else:
            self.last_path = gype_play.move_path(action)
            self.just_rolled = before.rolled_cells(action)
            # the move log's words (not bare notation), in the language shown when it is shown
            ply = Ply(len(self.match.actions) - 1, self.match.seed, before, action, text, self.state, self.state)
            words = self.words
            self.say(("gype.moved", {"player": player, "move": lambda tr: words.describe(ply, tr)}))
        self.animate = bool(self.just_rolled)

    def show_hint(self, action: Action, text: str) -> None:
        """Set the hinted action up the way the player would: a MOVE's die picked with the keyboard
        cursor on its end cell (tap it, or press Enter), or, where several moves end there, its
        numbered path marked; a ROLL's die picked and marked ↻ (press Re-roll or R); a set-up's
        arrangement staged on the start row (press Confirm). A Hat leap is named as the board
        plays it (of two paths that cross no piece, the first)."""
        state = self.state
        if isinstance(action, (Step, Jump, Leap)):
            played = gype_play.as_played(state, action)
            if played != action:
                action, text = played, self.match.game.action_text(state, played)
            self.selection = gype_play.hint_selection(state, action)
            self.cursor = gype_play.move_path(action)[-1]
        elif isinstance(action, Roll):
            self.selection, self.cursor = gype_play.Selection(action.cell), action.cell
        elif isinstance(action, Arrange):
            self.unhinted = list(self.staged_faces()) if self.hinted is None else self.unhinted
            self.arranger, self.faces, self.swap = state.current, list(action.faces), None
            self.hinted = action
            # In words, where the move log says only that a row was arranged: the hint is for the
            # eyes of the player arranging, whose row the board shows anyway.
            self.say(("app.hint_in_words", {"move": lambda tr: start_row(action.faces, tr)}))
            self.render()
            return
        self.hinted = action
        super().show_hint(action, text)

    def rolls_hinted(self) -> bool:
        """Whether the hint is to re-roll the picked die."""
        return self.selection.origin is not None and self.hinted == Roll(self.selection.origin)

    def let_go(self) -> None:
        self.last_path = ()
        self.just_rolled = ()
        self.selection = gype_play.Selection()
        self._drop_hint()
        self.arranger = None

    def redo(self) -> None:
        """Play again what undo took back; a die picked meanwhile is let go (it may have moved)."""
        self.selection = gype_play.Selection()
        self._drop_hint()
        super().redo()

    def _drop_hint(self) -> None:
        """The hint is gone, and so is the cursor it put on the board: a player who taps would keep a
        dashed box on a square they never chose (a tablet tester's finding)."""
        if self.hinted is not None:
            self.cursor = None
        self.hinted = self.unhinted = None

    # -- drawing ----------------------------------------------------------------------------------

    def scene(self) -> gype_view.Scene:
        state, sel = self.state, self.selection
        names = tuple(self.player_name(p) for p in range(state.players))
        current = None if state.is_terminal() else state.current
        if self.reviewing:  # a past position: no selection, staged row or trail of the live game
            return gype_view.Scene(state.board, state.rules.seats, current, names=names, dark=self.host.dark,
                                   hidden=gype_play.hidden_cells(state) if state.setup else frozenset())
        scene = gype_view.Scene(state.board, state.rules.seats, current, names=names, cursor=self.cursor,
                                last_path=self.last_path, just_rolled=frozenset(self.just_rolled),
                                dark=self.host.dark)
        if state.setup and not state.is_chance():
            scene.board = gype_play.setup_board(state, self.staged_faces())
            scene.hidden = gype_play.hidden_cells(state)
            scene.swap = self.swap
            scene.last_path = ()
            return scene
        if sel.origin is not None and not state.is_terminal():
            scene.selected = sel.origin
            if self.rolls_hinted():  # the die itself marked ↻, no moves to draw the eye away
                scene.may_roll = frozenset((sel.origin,))
                return scene
            scene.may_roll = gype_play.rolls_if_any(state, sel)
            if sel.dest is not None:
                scene.options = tuple(gype_view.Option(gype_play.move_path(m), rolled)
                                      for m, rolled in gype_play.choices(state, sel.origin, sel.dest))
                scene.hinted_option = gype_play.hinted_option(state, sel, self.hinted)
                scene.targets = frozenset((sel.dest,))
            else:
                moves = state.piece_moves(sel.origin)
                scene.targets = frozenset(state.destinations(sel.origin))
                scene.paths = tuple(gype_play.move_path(m) for m, _ in moves if isinstance(m, (Jump, Leap)))
        return scene

    def draw(self, ctx, width: float, height: float) -> None:
        gype_view.draw(ctx, gype_view.Layout(width, height, self.bottom()), self.scene())

    def board_label(self) -> str:
        state = self.state
        parts = [self.tr("gype.summary_player", player=self.player_name(p), seat=self._seat(p), n=state.home_count(p))
                 for p in range(state.players)]
        if not state.is_terminal():
            parts.append(self.tr("gype.summary_turn", turn=self.tr("turn.to_move", player=self.player_name(state.current))))
        summary = self.sentences(parts)
        return self.tr("gype.board_label", seat=self.tr(f"gype.seat.{self.bottom()}"), summary=summary)

    def _seat(self, player: int) -> str:
        return self.tr(f"gype.seat.{self.state.rules.seats[player]}")

    # -- the panel --------------------------------------------------------------------------------

    def panel_html(self) -> str:
        state = self.state
        over = state.is_terminal()
        cards = "".join(self._player_card(p) for p in range(state.players))
        turn = ""
        if not over:
            turn = (f'<p class="turn gype-turn" data-key="turn">{owner_chip(state.current)}'
                    f'{html(self.tr("turn.to_move", player=self.player_name(state.current)))}</p>')
        if not over and not self.message:
            self.say(("gype.setup" if state.setup else "gype.pick_piece", {}))
        if self.reviewing:  # a past position: its players only (no live choices or rolls)
            return f'<div class="players gype-players" data-key="players">{cards}</div>{turn}'
        body = self._setup_box() if state.setup else self._selection_box()
        pressed = "true" if self.rotate else "false"
        rotate = (f'<button type="button" class="gype-rotate" data-action="rotate" data-key="rotate" aria-pressed="{pressed}">'
                  f'{html(self.tr("gype.rotate"))}</button>')
        # Each section keyed (data-key): the panel's patch keeps a section that stays when another
        # comes or goes before it (the legend stays as the player left it, open or closed).
        return (f'<div class="players gype-players" data-key="players">{cards}</div>{turn}{body}{self._rerolled()}{rotate}'
                f'{self._legend()}<p class="gype-keys" data-key="keys">{html(self.tr("gype.keys"))}</p>')

    def _player_card(self, player: int) -> str:
        state = self.state
        active = " active" if not state.is_terminal() and state.current == player else ""
        marker = "▶ " if active else ""
        return (f'<div class="player{active}" data-player="{player}">'
                f'<h3>{owner_chip(player)}<span>{marker}{html(self.player_name(player))}</span></h3>'
                f'<div class="score">{html(self.tr("gype.seat_of", seat=self._seat(player)))} · '
                f'{html(self.tr("gype.home", n=state.home_count(player)))}</div></div>')

    def position_text(self) -> str:
        """During the set-up the text would show rows already arranged: hidden while any is."""
        if self.state.setup and gype_play.hidden_cells(self.state):
            return self.tr("gype.position_hidden")
        return super().position_text()

    def _setup_box(self) -> str:
        if self.state.is_chance():
            return ""
        hinted = isinstance(self.hinted, Arrange) and self.hinted.faces == tuple(self.staged_faces())
        return (f'<div class="gype-box" data-key="setup"><p>{html(self.tr("gype.setup"))}</p>'
                f'<p class="gype-note">{html(self.tr("gype.setup_hidden"))}</p>'
                f'<button type="button"{class_attribute("primary", HINTED * hinted)} data-action="arrange">'
                f'{html(self.tr("gype.confirm"))}</button></div>')

    def _selection_box(self) -> str:
        state, sel = self.state, self.selection
        if state.is_terminal() or sel.origin is None:
            return ""
        face = state.board[sel.origin] % 6
        head = self.tr("gype.selected", cell=cell_name(sel.origin), face=self.tr(f"gype.face.{face}"),
                       how=self.tr(f"gype.how.{face}"))
        options = ""
        if sel.dest is not None:
            hinted = gype_play.hinted_option(state, sel, self.hinted)
            buttons = "".join(
                f'<button type="button"{class_attribute(HINTED * (i == hinted))} data-action="option" data-value="{i}"><b>{i + 1}</b> '
                f'{html(self._option_text(move, rolled))}</button>'
                for i, (move, rolled) in enumerate(gype_play.choices(state, sel.origin, sel.dest)))
            options = f'<div class="gype-options">{buttons}</div>'
        return (f'<div class="gype-box" data-key="selection"><p class="gype-selected">{gype_view.face_svg(face, state.current)}'
                f'<span>{html(head)}</span></p>{options}'
                f'<button type="button"{class_attribute(HINTED * self.rolls_hinted())} data-action="roll">'
                f'{html(self.tr("gype.roll_button"))}</button>'
                f'<p class="gype-note">{html(self.tr("gype.odds"))}</p></div>')

    def _option_text(self, move, rolled: tuple[int, ...]) -> str:
        if isinstance(move, Leap):
            how = self.tr(f"gype.option.{move.path}")
        else:
            how = self.tr("gype.option.chain", cells=self.tr("log.list_sep").join(cell_name(c) for c in move.landings))
        rolls = (self.tr("gype.option.rolls", cells=self.tr("log.list_sep").join(cell_name(c) for c in rolled)) if rolled
                 else self.tr("gype.option.no_rolls"))
        return how + self.tr("log.detail_sep") + rolls

    def _rerolled(self) -> str:
        """The dice the last turn re-rolled, with their new faces (tumbling once when new)."""
        if not self.just_rolled or self.state.is_chance():
            return ""
        css = "gype-face gype-tumble" if self.animate else "gype-face"
        self.animate = False
        items = []
        for cell in self.just_rolled:
            piece = self.state.board[cell]
            if piece < 0:
                continue
            name = self.tr(f"gype.face.{piece % 6}")
            items.append(f'<li>{gype_view.face_svg(piece % 6, piece // 6, css)}'
                         f'<span>{html(cell_name(cell))} → {html(name)}</span></li>')
        ply = len(self.match.actions)  # (a key per turn: the panel's patch makes new dice, which tumble)
        return (f'<div class="gype-rerolled" data-key="rerolled-{ply}"><span>{html(self.tr("gype.rerolled"))}</span>'
                f'<ul>{"".join(items)}</ul></div>')

    def _legend(self) -> str:
        rows = "".join(f'<li>{gype_view.face_svg(face)}<b>{html(self.tr(f"gype.face.{face}"))}</b> '
                       f'<span>{html(self.tr(f"gype.how.{face}"))}</span></li>' for face in range(6))
        return (f'<details class="gype-legend" data-key="legend"><summary>{html(self.tr("gype.faces"))}</summary>'
                f'<ul>{rows}</ul></details>')

    def game_over_html(self, outcome: Outcome) -> str:
        state = self.state
        if outcome.winners:
            headline = self.tr("over.winner", player=self.tr("log.list_sep").join(self.player_name(p) for p in outcome.winners))
        else:
            headline = self.tr("over.draw")
        mover = self.player_name(state.current)
        if outcome.termination is Termination.STALL:
            reason = self.tr("gype.over.stall", rounds=state.rules.stall_rounds)
        elif outcome.termination is Termination.FULL_GOAL_ROW:
            reason = self.tr("gype.over.full", player=mover)
        else:
            reason = self.tr("gype.over.goal", player=mover)
        rows = ""
        for player in range(state.players):
            won = ' class="won"' if player in outcome.winners else ""
            rows += (f'<tr{won}><th>{owner_chip(player)}{html(self.player_name(player))}</th>'
                     f'<td>{html(self._seat(player))}</td><td>{outcome.scores[player]}</td></tr>')
        return (f'{self.over_heading(headline)}<p>{html(reason)}</p>'
                f'<table><thead><tr><th></th><th>{html(self.tr("gype.col.seat"))}</th>'
                f'<th>{html(self.tr("gype.col.home"))}</th></tr></thead><tbody>{rows}</tbody></table>')


def owner_chip(player: int) -> str:
    """A small owner mark for the panel: the player's colour and number."""
    return (f'<span class="gype-chip" style="background:{gype_view.PLAYER_FILL[player]}" '
            f'aria-hidden="true">{player + 1}</span>')
