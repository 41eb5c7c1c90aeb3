"""The LYNGK play screen: canvas, panel, pointer and keyboard.

Rules come from the engine, click meanings from lyngk_play, drawing from lyngk_view; this module
only wires them to the shared GameScreen.
"""

from __future__ import annotations

from qipan.core import Action, Outcome, State
from qipan.games.lyngk import PASS, LyngkState, Move, chain_path, tiebreak_vector
from qipan.games.lyngk.rules import Termination
from qipan.games.lyngk.board import LABELS, label
from qipan.games.lyngk.rules import COLOURS
from qipan.games.lyngk.ui import play as lyngk_play, view as lyngk_view
from qipan.boardkit.markup import html
from qipan.boardkit.screen import GameScreen, KeyItem, Marks
from qipan.boardkit.words import Ply
from qipan.games.lyngk.ui.words import WORDS
from qipan.games.lyngk.board import parse_point
from qipan.boardkit.labels import Label, Segment, tag_size

CENTRE = LABELS.index("E4")


class LyngkScreen(GameScreen):
    """One LYNGK game: the selection, the keyboard cursor and the last move's trail."""

    game_id = "lyngk"
    words = WORDS

    def __init__(self, host, match, seats=()) -> None:
        self.selection = lyngk_play.Selection()
        self.cursor: int | None = None
        self.hinted: lyngk_play.Selection | None = None
        """The selection a hint made, while it stands (the player has not chosen otherwise)."""
        super().__init__(host, match, seats)

    @property
    def state(self) -> LyngkState:
        return super().state  # the viewed position while reviewing (GameScreen)

    @property
    def flipped(self) -> bool:
        """Player 2's side at the bottom (an embed's bottom=2)."""
        return self.bottom_player == 2

    def layout(self) -> lyngk_view.Layout:
        return lyngk_view.Layout(self.width, self.height, self.flipped)

    # -- where the points are (embeds' notes, pictures' coordinates) ------------------------------------

    def action_marks(self, state: State, text: str) -> Marks:
        """A move: an arrow from the stack moved to the stack it lands on."""
        action = self.match.game.parse_action(state, text)
        return Marks(arrows=((label(action.origin), label(action.dest)),)) if isinstance(action, Move) else Marks()

    def point_px(self, name: str) -> tuple[float, float, float] | None:
        try:
            point = parse_point(name.upper())
        except ValueError:
            return None
        layout = self.layout()
        x, y = layout.top_px(point, len(self.state.stacks[point]))
        return x, y, layout.radius() * 1.25

    def coordinate_labels(self, arrows: list[Segment]) -> list[Label]:
        """Beside each occupied point, level with its base: no line of the board runs sideways, so
        the tag covers no line (nor an arrow along one), no neighbouring stack and not the column
        letters under the board. On the right of the point, or on its left where the right runs
        off the picture."""
        layout = self.layout()
        u = layout.unit
        size, gap = 0.16 * u, 0.59 * u  # clear of a highlight ring's stroke, and of the picture's edge
        labels = []
        for point, name in enumerate(LABELS):
            if not self.state.stacks[point]:
                continue
            x, y = layout.to_px(point)
            side = 1 if x + gap + tag_size(name, size)[0] / 2 <= self.width else -1
            labels.append(Label(name, x + side * gap, y, size))
        return labels

    # -- input ------------------------------------------------------------------------------------

    def on_board_click(self, x: float, y: float) -> None:
        point = self.layout().hit(x, y, tuple(len(s) for s in self.state.stacks))
        if point is not None:
            self.cursor = None
            self.choose(point)

    def on_key(self, key: str) -> bool:
        if key in lyngk_view.ARROWS:
            if self.cursor is None:
                self.cursor = self.selection.origin if self.selection.origin is not None else CENTRE
            else:
                self.cursor = self.layout().neighbour_in_direction(self.cursor, *lyngk_view.ARROWS[key])
            self.render()
        elif key in ("Enter", " ") and self.cursor is not None:
            self.choose(self.cursor)
        elif key == "Escape":
            self.selection, self.hinted = lyngk_play.Selection(self.selection.claim), None
            self.say(("lyngk.pick_stack", {}))
            self.render()
        else:
            return False
        return True

    def on_panel(self, action: str, value: str) -> None:
        if action == "pass":
            self.play(PASS)
        elif action == "claim":
            claim = "" if self.selection.claim == value else value
            self.selection, self.hinted = lyngk_play.Selection(claim, None), None
            self.say(("lyngk.claim_chosen", {"colour": self.tr(f"lyngk.colour.{claim}")}) if claim
                     else ("lyngk.pick_stack", {}))
            self.render()

    def choose(self, point: int) -> None:
        """A click or Enter on a point."""
        if self.state.is_terminal():
            return
        if self.hinted is not None and self.hinted == self.selection and point == self.selection.origin:
            # Following the hint: a tap on the stack it picked keeps it picked (and the hint's
            # words shown) for the tap on its target; the same in every game (docs/adding-a-game.md).
            self.render()
            return
        self.hinted = None  # the player takes over from the hint
        intent = lyngk_play.click(self.state, self.selection, point)
        if intent.play is not None:
            self.play(intent.play)
            return
        self.selection = intent.selection
        if intent.message:
            self.say(intent.message, error=intent.message[0].startswith("lyngk.err"))
        self.render()

    def after_play(self, before: State, action: Action, text: str) -> None:
        mover = before.player
        self.selection, self.hinted = lyngk_play.Selection(), None
        # the move log's words (not bare notation), in the language shown when it is shown
        ply = Ply(len(self.match.actions) - 1, self.match.seed, before, action, text, self.state, self.state)
        words = self.words
        self.say(("lyngk.moved", {"player": self.named(mover),
                                  "move": lambda tr: words.describe(ply, tr)}))

    def show_hint(self, action: Action, text: str) -> None:
        """Select the stack the hint moves (with its claim), so its targets light up."""
        if action != PASS:
            self.selection = self.hinted = lyngk_play.Selection(action.claim, action.origin)
            self.cursor = action.dest
        super().show_hint(action, text)

    def let_go(self) -> None:
        self.selection, self.hinted = lyngk_play.Selection(), None

    def last_path(self) -> tuple[int, ...]:
        """The trail of the move that led to the position shown (live or under review)."""
        ply = self.shown_ply
        if ply == 0:
            return ()
        before = self.match.states()[ply - 1]
        action = self.match.game.parse_action(before, self.match.actions[ply - 1])
        return () if action == PASS else chain_path(before, action)

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, ctx, width: float, height: float) -> None:
        state, sel = self.state, self.selection
        if self.reviewing:  # a past position: its own trail, no selection or cursor of the live game
            scene = lyngk_view.Scene(state.stacks, state.claims, None, frozenset(), self.last_path(), None,
                                     self.host.dark)
            lyngk_view.draw(ctx, lyngk_view.Layout(width, height, self.flipped), scene)
            return
        targets = lyngk_play.targets(state, sel.claim, sel.origin) if sel.origin is not None else frozenset()
        scene = lyngk_view.Scene(state.stacks, state.claims, sel.origin, targets, self.last_path(), self.cursor,
                                 self.host.dark)
        lyngk_view.draw(ctx, lyngk_view.Layout(width, height, self.flipped), scene)

    def picture_key(self) -> tuple[KeyItem, ...]:
        """Each player's owner mark, with the colours they claimed: a stack with one of those on
        top is theirs (a player who has claimed none has no mark on the board, and no entry)."""
        either = self.tr("lyngk.key.or")
        return tuple(
            KeyItem(lambda ctx, x, y, size, player=player: lyngk_view.owner_mark(ctx, player, x, y, size),
                    self.tr("lyngk.key.owner", player=self.player_name(player),
                            colours=either.join(self.tr(f"lyngk.colour.{c}") for c in claims)))
            for player, claims in enumerate(self.state.claims) if claims)

    def board_label(self) -> str:
        stacks = sum(1 for s in self.state.stacks if s)
        summary = self.tr("lyngk.summary", stacks=stacks, player=self.player_name(self.state.player))
        return self.tr("lyngk.board_label", summary=summary)

    def panel_html(self) -> str:
        state = self.state
        over = state.is_terminal()
        turn = "" if over else html(self.tr("turn.to_move", player=self.player_name(state.player)))
        if not over and not self.message:
            self.say(("lyngk.pick_stack", {}))
        forced_pass = ""
        if lyngk_play.must_pass(state):
            text = self.tr("lyngk.forced_pass", player=self.player_name(state.player))
            forced_pass = (f'<p class="forced">{html(text)}</p>'
                           f'<button type="button" class="primary" data-action="pass">{html(self.tr("ctl.pass"))}</button>')
        return (f'<div class="players lyngk-players">{self._player_card(0)}{self._player_card(1)}</div>'
                f'<p class="turn">{turn}</p>{self._claim_box()}{forced_pass}{self._stack_view()}')

    def _player_card(self, player: int) -> str:
        state = self.state
        chips = "".join(_chip(c, self.tr(f"lyngk.colour.{c}")) for c in state.claims[player]) or html(
            self.tr("lyngk.none_claimed"))
        active = " active" if not state.is_terminal() and state.player == player else ""
        return (f'<div class="player{active}" data-player="{player}">'
                f'<h3>{html(self.player_name(player))}{lyngk_view.owner_svg(player)}</h3>'
                f'<div class="score">{html(self.tr("lyngk.score", n=state.removed[player]))}</div>'
                f'<div class="chips" aria-label="{html(self.tr("lyngk.claimed"))}">{chips}</div></div>')

    def _claim_box(self) -> str:
        state = self.state
        colours = tuple(c for c in COLOURS if any(m.claim == c for m in state.legal_actions()))
        if not colours:
            return ""
        forced = lyngk_play.must_claim(state)
        left = 2 - len(state.claims[state.player])
        help_text = self.tr("lyngk.forced_claim") if forced else self.tr("lyngk.claim", left=left)
        buttons = "".join(
            f'<button type="button" data-action="claim" data-value="{c}" '
            f'aria-pressed="{"true" if self.selection.claim == c else "false"}">'
            f'{_chip(c, self.tr(f"lyngk.colour.{c}"))}'
            f'{html(self.tr("lyngk.claim_button", colour=self.tr(f"lyngk.colour.{c}")))}</button>'
            for c in colours)
        return (f'<div class="claim-box{" forced" if forced else ""}"><p>{html(help_text)}</p>'
                f'<div class="claim-buttons">{buttons}</div></div>')

    def _stack_view(self) -> str:
        point = self.cursor if self.cursor is not None else self.selection.origin
        if point is None or self.reviewing or not self.state.stacks[point]:
            return '<div class="stack-view"></div>'
        stack = self.state.stacks[point]
        names = self.tr("log.list_sep").join(self.tr(f"lyngk.colour.{p}") for p in stack)
        return (f'<div class="stack-view"><span>{html(label(point))}:</span>'
                + "".join(_chip(p, self.tr(f"lyngk.colour.{p}")) for p in stack)
                + f'<span class="visually-hidden">{html(self.tr("lyngk.stack_view", point=label(point), pieces=names))}</span></div>')

    def game_over_html(self, outcome: Outcome) -> str:
        if outcome.winners:
            headline = self.tr("over.winner", player=self.player_name(outcome.winners[0]))
        else:
            headline = self.tr("over.draw")
        six = self.match.variant == "stack6"
        heights = (5, 4, 3, 2, 1) if six else (4, 3, 2, 1)
        head = "".join(f'<th title="{html(self.tr("lyngk.height_col", h=h))}">{h}</th>' for h in heights)
        rows = ""
        for player in (0, 1):
            cells = "".join(f"<td>{v}</td>" for v in tiebreak_vector(self.state, player))
            won = ' class="won"' if player in outcome.winners else ""
            rows += f"<tr{won}><th>{html(self.player_name(player))}</th>{cells}</tr>"
        note = self.tr("lyngk.tiebreak6" if six else "lyngk.tiebreak")
        if outcome.termination is Termination.SIX_STACK:
            reason = self.tr("lyngk.over.six", player=self.player_name(outcome.winners[0]))
        else:
            reason = self.tr("lyngk.over.no_moves")
        return (f'{self.over_heading(headline)}<p class="over-reason">{html(reason)}</p>'
                f'<table><thead><tr><th></th><th>{html(self.tr("lyngk.completed"))}</th>{head}</tr></thead>'
                f'<tbody>{rows}</tbody></table><p>{html(note)}</p>')


def _chip(piece: str, name: str) -> str:
    mark = lyngk_view.PIECE_MARK[piece]
    return f'<span class="piece-chip piece-{piece}" title="{html(name)}" aria-label="{html(name)}">{html(mark)}</span>'
