"""The Calavera play screen: the dice tray and score sheets on the canvas, the turn controls, the
options and the odds in the panel, pointer and keyboard.

Rules come from the engine, turn facts and click meanings from calavera_play, drawing from
calavera_view; this module wires them to the shared GameScreen.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from qipan.core import Action, Outcome, State, is_number
from qipan.games.calavera.actions import Freeze, Reroll, Stop, TakeColour
from qipan.games.calavera.dice import ROSE, SKULL, faces_of
from qipan.games.calavera.odds import RerollOdds
from qipan.games.calavera.rules import ROWS, CalaveraState, Phase, row_value
from qipan.games.calavera.ui import play as play
from qipan.games.calavera.ui import view as view
from qipan.boardkit.markup import HINTED, class_attribute, html
from qipan.boardkit.screen import GameScreen, Marks, reveal_found
from qipan.games.calavera.ui.words import WORDS
from qipan.boardkit.labels import Label, Segment

ARROWS_NEXT = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}
HANDOVER_S = 0.6
"""On a phone, a tap that passes the marking to another player puts that player's sheet in the
large place under the same finger: until another action is played, taps on that sheet wait this
long, so that a double tap cannot mark for them."""
ODDS_TABLES_KEPT = 64
"""Odds tables a screen keeps made (`_odds_table`): a turn's few, and those that recur every turn."""


class CalaveraScreen(GameScreen):
    """One game of Calavera: the dice chosen for a re-roll, the keyboard cursors and the hint."""

    game_id = "calavera"
    words = WORDS

    clock = staticmethod(time.monotonic)

    def __init__(self, host, match, seats=()) -> None:
        self.selected: frozenset[int] = frozenset()
        self.cursor: int | None = None
        self.option_cursor: int | None = None
        self.hinted: Action | None = None
        """The hint set up on the table (show_hint) until the player's next input, a move, Undo or Redo."""
        self.handover: tuple[int, float] = (-1, 0.0)  # (actions, clock) of the last hand-over by a tap
        self.handover_shown: tuple[int, int] | None = None
        """(actions, marker) of the hand-over the panel shows ("Pass the device to…"), if any."""
        self.odds_tables: dict[tuple[RerollOdds, str], str] = {}  # (odds, language): the table (_odds_table)
        self.bust_seen = -1
        """The number of actions played when a person last acknowledged their bust (Continue)."""
        super().__init__(host, match, seats)

    @property
    def state(self) -> CalaveraState:
        return super().state  # the viewed position while reviewing (GameScreen)

    def layout(self) -> view.Layout:
        return self._layout(self.width, self.height)

    # -- where the points are (embeds' notes, pictures' coordinates): the six dice, d1 to d6 -------

    def action_marks(self, state: State, text: str) -> Marks:
        """A re-roll: a ring on each die it throws again (its faces, first slots first); the
        marks on a sheet have no point names (their words say them)."""
        action = self.match.game.parse_action(state, text)
        if not isinstance(action, Reroll):
            return Marks()
        return Marks(cells=tuple(f"d{slot + 1}" for slot in sorted(hint_slots(state, action))))

    def point_px(self, name: str) -> tuple[float, float, float] | None:
        if len(name) != 2 or name[0].lower() != "d" or name[1] not in "123456":
            return None
        layout = self.layout()
        x, y = layout.die_xy(int(name[1]) - 1)
        return x + layout.die / 2, y + layout.die / 2, layout.die * 0.7

    def coordinate_labels(self, arrows: list[Segment]) -> list[Label]:
        """Above each die, where a die lifted for the re-roll would go."""
        labels = []
        for name in (f"d{n}" for n in range(1, 7)):
            spot = self.point_px(name)
            if spot is not None:
                x, y, r = spot
                labels.append(Label(name, x, y - r / 0.7 * 0.62, r * 0.26))
        return labels

    """On a phone, draw the sheet of the player who marks now large (the play screen). Pictures,
    embeds and the editor set it False: every sheet alike, with its values, where their notes and
    clicks are placed."""

    def _layout(self, width: float, height: float) -> view.Layout:
        """The table for a canvas size: on a phone the sheet of the player who marks now is large."""
        state = self.state
        return view.Layout(width, height, state.players, focus=play.mover(state) if self.focus_on_mover else None)

    def auto_chance(self, state: State) -> bool:
        """The first roll of a turn waits for the Roll button; a re-roll lands at once (its button
        was the throw)."""
        return state.rolls > 0

    def roll_owner(self, state: State) -> int | None:
        """The active player throws the first roll of their turn."""
        return state.active

    def computer_waits(self) -> bool:
        """A person's bust just rolled, with a computer to play next (to mark, or to roll its turn):
        the computer waits until that person has seen the skulls and pressed Continue."""
        match = self.match
        if self.viewing is not None or self.bust_seen == len(match.actions) or not play.just_rolled(match):
            return False
        tray = play.last_tray(match)
        nxt = next_decider(match.state)
        return (tray is not None and tray.skulls >= 3 and self.seats[tray.player] == "human"
                and nxt is not None and self.seats[nxt] != "human")

    def acknowledge(self) -> None:
        """Continue after the bust shown: the computer plays on (its first roll at once, when
        nobody marks)."""
        if not self.computer_waits():
            return
        self.bust_seen = len(self.match.actions)
        played = len(self.match.actions)
        self.advance()
        self.render()
        if len(self.match.actions) != played:
            self.host.after_frame(self.save)
        self.host.changed()

    def hands_over_to(self, state: CalaveraState) -> bool:
        """Whether the panel asks to pass the device to the player who must mark now: only to a
        person, and only where another person shares the device (`passes_device`)."""
        return state.phase is Phase.MARK and self.passes_device and self.seats[state.marker] == "human"

    # -- input ------------------------------------------------------------------------------------

    def on_board_click(self, x: float, y: float) -> None:
        hit = self.layout().hit(x, y)
        if hit is None or self.state.is_terminal() or self.computer_waits():
            return
        kind, a, b = hit
        if kind == "die":
            self.cursor = None
            self.die(a)
        else:
            self.row(a, b)

    def on_key(self, key: str) -> bool:
        phase = self.state.phase
        if self.computer_waits():
            if key not in ("Enter", " "):
                return False
            self.acknowledge()
        elif phase is Phase.ROLL and key in ("Enter", " "):
            self.roll()
        elif phase is Phase.KEEP:
            return self._keep_key(key)
        elif phase in (Phase.CHOOSE, Phase.MARK):
            return self._option_key(key)
        else:
            return False
        return True

    def _keep_key(self, key: str) -> bool:
        n = sum(self.state.dice)
        if key in ARROWS_NEXT:
            self.hinted = None
            self.cursor = 0 if self.cursor is None else (self.cursor + ARROWS_NEXT[key]) % n
            self.say(("calavera.die_button", {"n": self.cursor + 1, "face": self._face_name(self.cursor)}))
            self.render()
        elif key in ("Enter", " ") and self.cursor is not None:
            self.die(self.cursor)
        elif is_number(key, 1) and 1 <= int(key) <= 6:
            self.die(int(key) - 1)
        elif key in ("r", "R"):
            self.reroll()
        elif key in ("s", "S"):
            self.play(Stop())
        elif key == "Escape":
            self.selected, self.cursor, self.hinted = frozenset(), None, None
            self.say(("calavera.pick_dice", {}))
            self.render()
        else:
            return False
        return True

    def _option_key(self, key: str) -> bool:
        options = play.options(self.state)
        if key in ARROWS_NEXT:
            self.hinted = None
            at = self.option_cursor
            self.option_cursor = 0 if at is None else (at + ARROWS_NEXT[key]) % len(options)
            text = self._option_text(options[self.option_cursor])
            self.say(("calavera.option_focus", {"choice": text}))
            self.render()
        elif key in ("Enter", " ") and self.option_cursor is not None:
            self.play(options[self.option_cursor])
        elif key == "Escape":
            self.option_cursor, self.hinted = None, None
            self.say(None)
            self.render()
        else:
            return False
        return True

    def on_panel(self, action: str, value: str) -> None:
        if action == "continue":
            self.acknowledge()
        elif self.computer_waits():
            return  # (only Continue is offered)
        elif action == "roll":
            self.roll()
        elif action == "die":
            self.die(int(value))
        elif action == "reroll":
            self.reroll()
        elif action == "stop" and self.state.phase is Phase.KEEP:
            self.play(Stop())
        elif action == "option":
            options = play.options(self.state)
            index = int(value)
            if 0 <= index < len(options):
                self.play(options[index])

    def die(self, slot: int) -> None:
        """A tap on a die: toggle it for the re-roll, or take its colour when choosing."""
        state = self.state
        self.hinted = None  # the player takes over from the hint (their own dice picked from here on)
        faces = play.Tray(state.dice, state.skulls, 0, 0, True).faces if state.phase in play.LIVE else ()
        if state.phase is Phase.KEEP:
            self.selected, message = play.die_click(state, self.selected, slot)
            self.say(message, error=message[0].startswith("calavera.err"))
        elif state.phase in (Phase.CHOOSE, Phase.MARK) and slot < len(faces):
            if slot in play.used_slots(state):
                self.say(("calavera.err.not_option", {}), error=True)
            else:
                answer = play.colour_click(state, faces[slot])
                if not isinstance(answer, tuple):
                    self.play(answer)
                    return
                self.say(answer, error=True)
        else:
            self.say(("calavera.err.not_now", {}), error=True)
        self.render()

    def row(self, player: int, row: int) -> None:
        """A tap on a sheet row when choosing: take that colour if it is the only sensible reading."""
        state = self.state
        if state.phase not in (Phase.CHOOSE, Phase.MARK):
            return
        self.hinted = None
        if player != play.mover(state):
            self.say(("calavera.err.not_your_sheet", {"player": self.named(play.mover(state))}), error=True)
            self.render()
            return
        at, when = self.handover
        if at == len(self.match.actions) and self.clock() < when + HANDOVER_S:
            return  # the rest of a double tap on the sheet that just changed hands
        for_row = [o for o in play.options(state) if getattr(o, "row", None) == row]
        if len(for_row) == 1:
            self.play(for_row[0])
            after = self.state
            if after.phase in (Phase.CHOOSE, Phase.MARK) and play.mover(after) != player and self.layout().focused:
                self.handover = (len(self.match.actions), self.clock())
            return
        if for_row:
            self.option_cursor = play.options(state).index(for_row[0])
            colour = self.tr(f"calavera.face.{row}")
            self.say(("calavera.err.ways_in_panel", {"colour": colour, "n": len(for_row)}))
        else:
            self.say(("calavera.err.not_option", {}), error=True)
        self.render()

    def reroll(self) -> None:
        if self.state.phase is not Phase.KEEP:
            return
        action = play.selection_reroll(self.state, self.selected)
        if action is None:
            self.say(("calavera.err.no_selection", {}), error=True)
            self.render()
            return
        self.play(action)

    def advance(self) -> None:
        """Resolve the re-roll at once, then tell what the dice showed."""
        super().advance()
        if play.just_rolled(self.match):
            self.selected, self.cursor, self.option_cursor, self.hinted = frozenset(), None, None, None
            tray = play.last_tray(self.shown_match)
            who = self.named(tray.player)
            if tray.skulls >= 3:
                self.say(("calavera.bust", {"player": who}))
            else:  # (the dice named in the language shown when the message is: a switch follows)
                self.say(("calavera.rolled", {"player": who, "dice": lambda tr, faces=tray.faces: dice_text(tr, faces),
                                               "skulls": tray.skulls}))

    def after_play(self, before: State, action: Action, text: str) -> None:
        self.selected, self.cursor, self.option_cursor, self.hinted = frozenset(), None, None, None
        if type(action) is Stop:
            self.say(("calavera.stopped", {"player": self.named(before.active)}))
        elif before.phase in (Phase.CHOOSE, Phase.MARK):
            self.say(("calavera.marked", {"player": self.named(play.mover(before)),
                                          "choice": lambda tr: option_text(tr, action, before)}))

    def let_go(self) -> None:
        self.selected, self.cursor, self.option_cursor, self.hinted = frozenset(), None, None, None

    def redo(self) -> None:
        """Play again what undo took back; dice picked and the hint meanwhile are let go."""
        if self.match.can_redo():
            self.selected, self.cursor, self.option_cursor, self.hinted = frozenset(), None, None, None
        super().redo()

    def show_hint(self, action: Action, text: str) -> None:
        """Set the hinted action up the way the player would: a re-roll's dice picked (lifted, ↻)
        with Re-roll marked; Stop marked; a marking option under the keyboard cursor (its crosses
        or freeze ring previewed on the sheet, Enter plays it) with its button marked."""
        state = self.state
        if isinstance(action, Reroll):
            self.selected, self.cursor = hint_slots(state, action), None
        elif type(action) is Stop:
            self.selected, self.cursor = frozenset(), None
        elif action in play.options(state):
            self.option_cursor = play.options(state).index(action)
        self.hinted = action
        super().show_hint(action, text)

    def _hints(self, action: Action | None) -> bool:
        """Whether pressing the button that plays `action` now plays the hint shown."""
        return self.hinted is not None and self.hinted == action and not self.reviewing

    # -- words ------------------------------------------------------------------------------------

    def _face_name(self, slot: int) -> str:
        return self.tr(f"calavera.face.{faces_of(self.state.dice)[slot]}")

    def _option_text(self, option: Action) -> str:
        return option_text(self.tr, option, self.state)

    def _caption(self) -> str:
        tray = play.last_tray(self.shown_match)
        if tray is None:
            return self.tr("calavera.caption_none")
        who = self.player_name(tray.player)
        if tray.current:
            return self.tr("calavera.caption", player=who, roll=tray.rolls, skulls=tray.skulls)
        return self.tr("calavera.caption_last", player=who, skulls=tray.skulls)

    # -- drawing ----------------------------------------------------------------------------------

    def _scene(self) -> view.Scene:
        state = self.state
        players = range(state.players)
        tray = play.last_tray(self.shown_match)
        faces = tray.faces if tray is not None else ()
        dimmed = frozenset(range(len(faces))) if tray is not None and not tray.current else play.used_slots(state)
        preview = None
        options = play.options(state)
        if self.option_cursor is not None and self.option_cursor < len(options) and not self.reviewing:
            fx = play.effect(state, options[self.option_cursor])
            if fx is not None:
                preview = view.Preview(play.mover(state), fx.row, fx.before, fx.after,
                                       type(options[self.option_cursor]) is Freeze)
        return view.Scene(
            state.crosses, state.frozen, state.bonus, tuple(state.score(p) for p in players),
            tuple(self.player_name(p) for p in players), tuple(self.tr(f"calavera.letter.{f}") for f in range(6)),
            caption=self._caption(), note="* " + self.tr("calavera.note"), faces=faces,
            selected=self.selected if state.phase is Phase.KEEP and not self.reviewing else frozenset(),
            dimmed=dimmed, cursor=self.cursor if state.phase is Phase.KEEP and not self.reviewing else None,
            highlight=None if state.is_terminal() else play.mover(state), preview=preview, dark=self.host.dark)

    def draw(self, ctx, width: float, height: float) -> None:
        view.draw(ctx, self._layout(width, height), self._scene())

    def board_label(self) -> str:
        state = self.state
        tray = play.last_tray(self.shown_match)
        sheets = self.sentences(
            self.tr("calavera.sheet_label", player=self.player_name(p), rows=self.tr("log.list_sep").join(
                self.tr("calavera.row_frozen" if state.frozen[p][r] else "calavera.row_open",
                        colour=self.tr(f"calavera.face.{r}"), n=state.crosses[p][r],
                        value=row_value(state.crosses[p][r])) for r in range(ROWS)),
                bonus=state.bonus_points(p), total=state.score(p))
            for p in range(state.players))
        return self.tr("calavera.board_label", caption=self._caption(),
                       dice=dice_text(self.tr, tray.faces if tray else ()), sheets=sheets)

    # -- panel ------------------------------------------------------------------------------------

    def render_panel(self) -> None:
        """The panel; a hand-over that has just appeared (another player now marks) is scrolled into
        view after the move's message, below the sticky turn line: the player it names is the one to
        take the device (the panel may be scrolled down to the options just taken)."""
        super().render_panel()
        state = self.state
        shown = ((len(self.match.actions), state.marker)
                 if self.hands_over_to(state) and self.viewing is None else None)
        if shown is not None and shown != self.handover_shown:
            panel = self.host.element("game-panel")
            self.host.before_paint(lambda: reveal_found(panel, '[data-key="handover"]'))
        self.handover_shown = shown

    def panel_html(self) -> str:
        state = self.state
        cards = "".join(self._player_card(p) for p in range(state.players))
        # Each section keyed (data-key): the panel's patch (morphdom) keeps a section that stays when
        # another comes or goes before it, instead of turning each into the next (docs/performance.md).
        parts = [f'<div class="players cal-players" data-key="players">{cards}</div>']
        if self.computer_waits():
            parts.append(self._bust_seen())
        elif not state.is_terminal():
            parts.append(f'<p class="turn" data-key="turn">{html(self._turn_text())}</p>')
            if self.hands_over_to(state):
                parts.append(f'<p class="cal-handover" data-key="handover">{html(self.tr("calavera.handover", player=self.player_name(state.marker)))}</p>')
            if state.phase is Phase.ROLL:
                parts.append(f'<button type="button" class="primary cal-roll" data-action="roll" data-key="roll">'
                             f'{html(self.tr("calavera.roll"))}</button>')
            elif state.phase is Phase.KEEP:
                parts.append(self._keep_box())
            else:
                parts.append(self._options_box())
            if state.phase in (Phase.ROLL, Phase.KEEP):
                parts.append(self._odds_table())
        parts.append(f'<details class="cal-note below-message" data-key="note"><summary>{html(self.tr("calavera.note"))}</summary>'
                     f'<p>{html(self.tr("calavera.note_long"))}</p></details>')
        return "".join(parts)

    def _bust_seen(self) -> str:
        """The person's bust, and the button that lets the computer play on."""
        tray = play.last_tray(self.match)
        nxt = next_decider(self.state)
        assert tray is not None and nxt is not None  # (computer_waits)
        text = self.tr("calavera.phase.bust_seen", player=self.player_name(tray.player), next=self.player_name(nxt))
        return (f'<p class="turn" data-key="turn">{html(text)}</p>'
                f'<button type="button" class="primary cal-continue" data-action="continue" data-key="continue">'
                f'{html(self.tr("calavera.continue"))}</button>')

    def _turn_text(self) -> str:
        state = self.state
        who = self.player_name(play.mover(state))
        if state.phase is Phase.ROLL:
            return self.tr("calavera.phase.roll", player=who)
        if state.phase is Phase.KEEP:
            return self.tr("calavera.phase.keep", player=who, roll=state.rolls)
        if state.phase is Phase.CHOOSE:
            return self.tr("calavera.phase.choose", player=who)
        # (the words of the skulls rolled: the move log's bust says "Three skulls!" too)
        key = "calavera.phase.mark_bust" if state.is_bust else ("calavera.phase.mark_two" if state.skulls == 2
                                                              else "calavera.phase.mark")
        return self.tr(key, player=who, active=self.player_name(state.active))

    def _player_card(self, player: int) -> str:
        state = self.state
        active = " active" if not state.is_terminal() and play.mover(state) == player else ""
        frozen = sum(state.frozen[player])
        return (f'<div class="player{active}" data-player="{player}"><h3>{html(self.player_name(player))}</h3>'
                f'<div class="cal-total">{html(self.tr("calavera.total", n=state.score(player)))}</div>'
                f'<div class="score">{html(self.tr("calavera.bonus", n=state.bonus_points(player)))} · '
                f'{html(self.tr("calavera.frozen_rows", n=frozen))}</div></div>')

    def _keep_box(self) -> str:
        state = self.state
        buttons = "".join(
            f'<button type="button" class="cal-die" data-action="die" data-value="{slot}" '
            f'aria-pressed="{"true" if slot in self.selected else "false"}" '
            f'aria-label="{html(self.tr("calavera.die_button", n=slot + 1, face=self.tr(f"calavera.face.{face}")))}">'
            f'{_chip(face, self.tr(f"calavera.letter.{face}"))}</button>'
            for slot, face in enumerate(faces_of(state.dice)))
        skulls = "".join(_chip(SKULL, self.tr(f"calavera.letter.{SKULL}")) for _ in range(state.skulls))
        n = len(self.selected)
        reroll = self.tr("calavera.reroll", n=n) if n else self.tr("calavera.reroll_none")
        disabled = "" if n else ' aria-disabled="true"'
        reroll_hinted = self._hints(play.selection_reroll(state, self.selected))
        return (f'<div class="cal-keep" data-key="keep"><p>{html(self.tr("calavera.dice_heading"))}</p>'
                f'<div class="cal-dice">{buttons}</div>'
                f'<div class="cal-skulls" title="{html(self.tr("calavera.skulls_aside", n=state.skulls))}">'
                f'{skulls}<span>{html(self.tr("calavera.skulls_aside", n=state.skulls))}</span></div>'
                f'<div class="cal-buttons"><button type="button"{class_attribute("primary", HINTED * reroll_hinted)} '
                f'data-action="reroll"{disabled}>{html(reroll)}</button>'
                f'<button type="button"{class_attribute(HINTED * self._hints(Stop()))} data-action="stop">'
                f'{html(self.tr("calavera.stop"))}</button></div></div>')

    def _options_box(self) -> str:
        state = self.state
        options = play.options(state)
        items = "".join(
            f'<button type="button"{class_attribute("cal-option", "focused" * (i == self.option_cursor), HINTED * self._hints(o))} '
            f'data-action="option" data-value="{i}">{self._option_chips(o)}{html(self._option_text(o))}</button>'
            for i, o in enumerate(options))
        heading = self.tr("calavera.options_heading", player=self.player_name(play.mover(state)))
        return f'<div class="cal-options" data-key="options"><p>{html(heading)}</p>{items}</div>'

    def _odds_table(self) -> str:
        """The odds of the coming roll as a table, made once per odds and language: the same few
        recur every turn (six dice at a turn's start), and a tap on a die waits for its table."""
        chances = play.roll_odds(self.state, self.selected)
        if chances is None:
            return f'<p class="cal-odds-none below-message" data-key="odds-none">{html(self.tr("calavera.odds.none"))}</p>'
        key = (chances, getattr(self.host, "lang", ""))
        table = self.odds_tables.get(key)
        if table is None:
            if len(self.odds_tables) >= ODDS_TABLES_KEPT:
                self.odds_tables.clear()
            table = self.odds_tables[key] = self._make_odds_table(chances)
        return table

    def _make_odds_table(self, odds: RerollOdds) -> str:
        """The table of `odds`: at least k dice of each face, and the bust, each with its exact fraction."""
        at_least = html(self.tr("calavera.odds.at_least"))
        head = "".join(f"<th scope=\"col\">≥{k}</th>" for k in range(1, 7))
        rows = ""
        for face in range(ROSE + 1):
            name = self.tr(f"calavera.face.{face}") if face < ROSE else self.tr("calavera.roses")
            cells = "".join(
                f'<td title="{html(self.tr("calavera.odds.exact", fraction=odds.at_least[face][k]))}">'
                f'{html(play.percent(odds.at_least[face][k]) if odds.at_least[face][k] else "·")}</td>'
                for k in range(1, 7))
            rows += f'<tr><th scope="row">{_chip(face, self.tr(f"calavera.letter.{face}"))}{html(name)}</th>{cells}</tr>'
        bust = self.tr("calavera.odds.bust", p=play.percent(odds.bust))
        return (f'<div class="cal-odds below-message" data-key="odds"><table><caption>{html(self.tr("calavera.odds.title", n=odds.rerolled))}'
                f'</caption><thead><tr><th scope="col">{at_least}</th>{head}</tr></thead><tbody>{rows}</tbody></table>'
                f'<p class="cal-bust" title="{html(self.tr("calavera.odds.exact", fraction=odds.bust))}">{_chip(SKULL, "")}'
                f'{html(bust)}</p></div>')

    def _option_chips(self, option: Action) -> str:
        """The dice an option uses and the row it marks: a colour chip, or rose → colour."""
        if not hasattr(option, "row"):
            return ""
        row = _chip(option.row, self.tr(f"calavera.letter.{option.row}"))
        if type(option) is TakeColour:
            return row
        arrow = "❄" if type(option) is Freeze else "→"
        return f'{_chip(ROSE, self.tr(f"calavera.letter.{ROSE}"))}<span aria-hidden="true">{arrow}</span>{row}'

    def game_over_html(self, outcome: Outcome) -> str:
        state = self.state
        names = self.tr("calavera.over.and").join(self.player_name(p) for p in outcome.winners)
        if len(outcome.winners) == 1:
            headline = self.tr("over.winner", player=names)
        else:
            headline = self.tr("calavera.over.shared", players=names)
        done = [p for p in range(state.players) if all(state.frozen[p])]
        reason = self.tr("calavera.over.reason",
                         players=self.tr("calavera.over.and").join(self.player_name(p) for p in done))
        head = "".join(f'<th scope="col">{_chip(r, self.tr(f"calavera.letter.{r}"))}</th>' for r in range(ROWS))
        rows = ""
        for p in range(state.players):
            cells = "".join(f"<td>{v}</td>" for v in state.row_scores(p))
            won = ' class="won"' if p in outcome.winners else ""
            rows += (f'<tr{won}><th scope="row">{html(self.player_name(p))}</th>{cells}'
                     f'<td>{state.bonus_points(p)}</td><td><strong>{state.score(p)}</strong></td></tr>')
        return (f'{self.over_heading(headline)}<p>{html(reason)}</p>'
                f'<table><thead><tr><th></th>{head}<th scope="col">{html(self.tr("calavera.over.bonus"))}</th>'
                f'<th scope="col">{html(self.tr("calavera.over.total"))}</th></tr></thead><tbody>{rows}</tbody></table>')


def next_decider(state: CalaveraState) -> int | None:
    """The player who acts next: the one to move, or the one whose turn's roll is pending; None
    once the game is over."""
    if state.is_terminal():
        return None
    return state.active if state.is_chance() else state.to_move


def hint_slots(state: CalaveraState, action: Reroll) -> frozenset[int]:
    """The die slots a player taps to re-roll what `action` re-rolls: of each face, its first dice."""
    left = list(action.dice)
    slots = set()
    for slot, face in enumerate(faces_of(state.dice)):
        if left[face] > 0:
            left[face] -= 1
            slots.add(slot)
    return frozenset(slots)


def _chip(face: int, letter: str) -> str:
    """A small die face in HTML: colour, symbol class and letter (never colour alone)."""
    return f'<span class="cal-chip cal-face-{face}" aria-hidden="true">{html(letter)}</span>'


def dice_text(tr: Callable[..., str], faces: tuple[int, ...]) -> str:
    """The faces rolled, named in the language of `tr` ("orange, pink, rose")."""
    return tr("log.list_sep").join(tr(f"calavera.face.{f}") for f in faces) or tr("calavera.no_dice")


def option_text(tr: Callable[..., str], option: Action, state: CalaveraState) -> str:
    """What taking `option` in `state` does, in the language of `tr` ("orange row: 3 marks")."""
    colour = tr(f"calavera.face.{option.row}") if hasattr(option, "row") else ""
    key, values = play.option_message(state, option, colour)
    return tr(key, **values)
