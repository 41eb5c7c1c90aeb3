"""The 合縱連橫 play screen: canvas, panel, pointer and keyboard, 2-8 seats of pass-and-play.

Rules come from the engine, click meanings from hezong_play, drawing from hezong_view; this
module wires them to the shared GameScreen. A first click (or Enter) on a legal cell previews
the attack, a second one places the stone; the stones an attack removes fade out on an overlay
(CSS animation) and stay marked on the board until the next move.
"""

from __future__ import annotations

from qipan.core import Action, Outcome, State
from qipan.games.hezong import DIRECTION_NAMES, HezongState, Place, cell_name
from qipan.games.hezong.ui import play as hezong_play, view as hezong_view
from qipan.boardkit.markup import html
from qipan.boardkit.screen import GameScreen, Marks
from qipan.games.hezong.ui.words import WORDS
from qipan.games.hezong.geometry import CELLS, COLUMNS, SIZE, parse_cell


class HezongScreen(GameScreen):
    """One game: the previewed cell, the keyboard cursor and the region view switch."""

    game_id = "hezong"
    words = WORDS

    def __init__(self, host, match, seats=()) -> None:
        self.selected: int | None = None
        self.cursor: int | None = None
        self.regions_view = False
        super().__init__(host, match, seats)
        layer = host.element("hezong-fx")
        if layer:
            layer.innerHTML = ""  # no replay of another game's last attack

    @property
    def state(self) -> HezongState:
        return super().state  # the viewed position while reviewing (GameScreen)

    def layout(self) -> hezong_view.Layout:
        return hezong_view.Layout(self.width, self.height)

    # -- where the points are (embeds' notes, pictures' coordinates) ------------------------------------

    def action_marks(self, state: State, text: str) -> Marks:
        """A placement: a ring on its cell."""
        action = self.match.game.parse_action(state, text)
        return Marks(cells=(cell_name(action.cell),)) if isinstance(action, Place) else Marks()

    def point_px(self, name: str) -> tuple[float, float, float] | None:
        try:
            cell = parse_cell(name.lower())
        except ValueError:
            return None
        if cell is None:
            return None
        layout = self.layout()
        x, y = layout.centre(cell)
        return x, y, layout.cell * 0.55

    def point_names(self) -> tuple[str, ...]:
        return tuple(f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}" for cell in range(CELLS))

    # -- input ------------------------------------------------------------------------------------

    def on_board_click(self, x: float, y: float) -> None:
        cell = self.layout().hit(x, y)
        if cell is not None:
            self.cursor = None
            self.choose(cell)

    def on_board_hover(self, x: float, y: float) -> None:
        """A mouse over a legal cell previews its attack, like the keyboard cursor does."""
        cell = self.layout().hit(x, y)
        if cell != self.cursor and self.selected is None and not self.state.is_terminal():
            self.cursor = cell
            self.redraw()

    def on_key(self, key: str) -> bool:
        if key in hezong_view.ARROWS:
            if self.cursor is None:
                self.cursor = self.selected if self.selected is not None else hezong_play.start_cursor(self.state)
            else:
                self.cursor = hezong_view.step(self.cursor, key)
            self.describe(self.cursor)
            self.render()
        elif key in ("Enter", " ") and self.cursor is not None:
            self.choose(self.cursor)
        elif key == "Escape":
            self.selected = None
            self.say(None)
            self.render()
        elif key in ("r", "R"):
            self.toggle_regions()
        else:
            return False
        return True

    def on_panel(self, action: str, value: str) -> None:
        if action == "regions":
            self.toggle_regions()
        elif action == "fire" and self.selected is not None:
            chosen = [a for a in hezong_play.fire_options(self.state, self.selected) if str(a.fire) == value]
            if chosen:
                self.play(chosen[0])

    def toggle_regions(self) -> None:
        self.regions_view = not self.regions_view
        self.render()

    def choose(self, cell: int) -> None:
        """A click or Enter on a cell: preview, confirm, or refuse."""
        intent = hezong_play.click(self.state, self.selected, cell)
        if intent.play is not None:
            self.play(intent.play)
            return
        self.selected = intent.selected
        self.say(intent.message, error=intent.error)
        self.render()

    def describe(self, cell: int) -> None:
        """The message for the keyboard cursor on `cell` (read out by screen readers)."""
        state = self.state
        if state.is_terminal():
            return
        if cell in state.placement_cells():
            self.say(hezong_play.preview_message(state, cell, selected=cell == self.selected))
        else:
            self.say(hezong_play.why_not(state, cell))

    def after_play(self, before: State, action: Action, text: str) -> None:
        gone = hezong_play.removed_by(before, self.state)
        self.selected = None
        values = {"n": before.to_move + 1, "cell": text}
        if gone:
            self.say(("hezong.attacked", {"player": values["n"], "cell": text, "n": len(gone),
                                          "cells": tuple(cell_name(c) for c, _ in gone)}))
        else:
            self.say(("hezong.placed", values))
        self.animate(gone)

    def show_hint(self, action: Action, text: str) -> None:
        """The suggested placement is previewed on the board like a first click."""
        self.selected = action.cell if isinstance(action, Place) else None
        super().show_hint(action, text)

    def let_go(self) -> None:
        self.selected = None
        self.animate(())

    def animate(self, gone: tuple[tuple[int, int], ...]) -> None:
        """Removed stones fade out on an overlay above the canvas (CSS keyframes in hezong.css)."""
        layer = self.host.element("hezong-fx")
        if not layer:
            self.host.element("board-area").insertAdjacentHTML(
                "beforeend", '<div id="hezong-fx" class="hezong-fx" aria-hidden="true"></div>')
            layer = self.host.element("hezong-fx")
        layout = self.layout()
        size = 0.76 * layout.cell
        spans = []
        for cell, player in gone:
            x, y = layout.centre(cell)
            spans.append(
                f'<span class="hz-burst" style="left:{x - size / 2:.1f}px;top:{y - size / 2:.1f}px;'
                f'width:{size:.1f}px;height:{size:.1f}px;font-size:{0.55 * size:.1f}px;'
                f'background:{hezong_view.STONE_FILL[player]};color:{hezong_view.STONE_INK[player]}">'
                f'{player + 1}</span>')
        layer.innerHTML = "".join(spans)

    # -- drawing ----------------------------------------------------------------------------------

    def preview_cell(self) -> int | None:
        """The cell whose attack is shown: the selected one, else a legal cell under the cursor."""
        if self.reviewing:
            return None
        if self.selected is not None:
            return self.selected
        if self.cursor is not None and self.cursor in self.state.placement_cells():
            return self.cursor
        return None

    def last_removed(self) -> tuple[tuple[int, int], ...]:
        """The stones the last action removed (after a reload too: read from the match)."""
        states = self.match.states()[:self.shown_ply + 1]  # up to the position shown (reviewing too)
        return hezong_play.removed_by(states[-2], states[-1]) if len(states) > 1 else ()

    def scene(self) -> hezong_view.Scene:
        state = self.state
        preview = self.preview_cell()
        return hezong_view.Scene(
            state.map.regions, state.map.shapes, state.stones,
            legal=frozenset(state.placement_cells()) if state.last >= 0 else frozenset(), last=state.last,
            mover=-1 if state.is_terminal() else state.to_move, selected=preview,
            targets=state.attack_targets(preview) if preview is not None else (),
            gone=self.last_removed(), cursor=None if self.reviewing else self.cursor, regions_view=self.regions_view, dark=self.host.dark)

    def draw(self, ctx, width: float, height: float) -> None:
        hezong_view.draw(ctx, hezong_view.Layout(width, height), self.scene())

    def board_label(self) -> str:
        state = self.state
        placed = sum(1 for s in state.stones if s >= 0)
        if state.is_terminal():
            turn = self.tr("over.title")
        else:
            turn = self.tr("turn.to_move", player=self.player_name(state.to_move))
        last = self.tr("hezong.last_stone", cell=cell_name(state.last)) if state.last >= 0 else self.tr("hezong.no_last_stone")
        return self.tr("hezong.board_label", n=placed, turn=turn, last=last)

    # -- panel ------------------------------------------------------------------------------------

    def panel_html(self) -> str:
        state = self.state
        parts = []
        if not state.is_terminal():
            player = state.to_move
            turn = html(self.tr("turn.to_move", player=self.player_name(player)))
            parts.append(f'<p class="turn">{_chip(player, self.player_name(player))} {turn}</p>')
            where = (self.tr("hezong.where_first") if state.last < 0
                     else self.tr("hezong.where_line", last=cell_name(state.last), n=len(state.placement_cells())))
            parts.append(f'<p class="hz-where">{html(where)}</p>')
            parts.append(self._preview_box())
        parts.append(self._score_table())
        pressed = "true" if self.regions_view else "false"
        parts.append(f'<button type="button" class="hz-regions" data-action="regions" aria-pressed="{pressed}">'
                     f'{html(self.tr("hezong.show_regions"))}</button>')
        if self.regions_view:
            parts.append(f'<p class="hz-help">{html(self.tr("hezong.regions_help"))}</p>')
        return "".join(parts)

    def _fire_buttons(self, cell: int) -> str:
        """With the "choose" house rule: one button per set of attacks the mover may fire."""
        options = hezong_play.fire_options(self.state, cell)
        if cell != self.selected or len(options) < 2:
            return ""
        buttons = []
        for action in options:
            directions = [d for d in range(8) if action.fire >> d & 1]
            removed = sorted({t for d in directions for t in self.state.direction_targets(cell, d)})
            label = (self.tr("hezong.fire_choice", dirs=self.tr("log.list_sep").join(DIRECTION_NAMES[d] for d in directions),
                             cells=self.tr("log.list_sep").join(cell_name(t) for t in removed)) if directions
                     else self.tr("hezong.fire_none"))
            buttons.append(f'<button type="button" data-action="fire" data-value="{action.fire}">{html(label)}</button>')
        return f'<div class="hz-fire">{"".join(buttons)}</div>'

    def _preview_box(self) -> str:
        cell = self.preview_cell()
        if cell is None:
            return '<div class="hz-preview"></div>'
        targets = self.state.attack_targets(cell)
        if not targets:
            body = html(self.tr("hezong.preview_none", cell=cell_name(cell)))
        else:
            chips = "".join(f'<span class="hz-victim">{_chip(self.state.stones[t], self.player_name(self.state.stones[t]))}'
                            f'<s>{html(cell_name(t))}</s></span>' for t in targets)
            body = f'{html(self.tr("hezong.preview_removes", cell=cell_name(cell)))} {chips}'
        return f'<div class="hz-preview">{body}{self._fire_buttons(cell)}</div>'

    def _score_table(self) -> str:
        state = self.state
        over = state.is_terminal()
        head = "".join(f"<th>{html(self.tr(f'hezong.col.{k}'))}</th>"
                       for k in ("player", "left", "lost", "exclusive", "shared", "adjustment", "score"))
        rows = []
        for tally in sorted(state.tallies(), key=lambda t: state.seat(t.player)):
            p = tally.player
            active = not over and p == state.to_move
            mark = f'<span class="hz-now" aria-hidden="true">{"▶" if active else ""}</span>'
            attrs = ' class="active" aria-current="true"' if active else ""
            rows.append(
                f'<tr{attrs} data-player="{p}"><th scope="row">{mark}{_who(p, self.player_name(p))}</th>'
                f'<td>{state.supply[p]}</td>'
                f'<td>{state.removed[p]}</td><td>{tally.exclusive}</td><td>{tally.shared}</td>'
                f'<td>{_minus(tally.adjustment)}</td><td class="hz-score">{_signed(tally.score)}</td></tr>')
        caption = self.tr("hezong.final_score" if over else "hezong.live_score")
        return (f'<div class="hz-wrap"><table class="hz-scores"><caption>{html(caption)}</caption>'
                f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')

    def game_over_html(self, outcome: Outcome) -> str:
        winners = outcome.winners
        if not winners:
            headline = self.tr("over.draw")
        elif len(winners) == 1:
            headline = self.tr("over.winner", player=self.player_name(winners[0]))
        else:
            headline = self.tr("hezong.shared_win", players=self.tr("log.list_sep").join(self.player_name(p) for p in winners))
        head = "".join(f"<th>{html(self.tr(f'hezong.col.{k}'))}</th>"
                       for k in ("rank", "player", "exclusive", "shared", "adjustment", "score"))
        rows = []
        for row in self.state.score_table():
            won = ' class="won"' if row.winner else ""
            star = ' <span aria-hidden="true">★</span>' if row.winner else ""
            rows.append(f'<tr{won} data-player="{row.player}"><td>{row.rank}</td><th scope="row">'
                        f'{_who(row.player, self.player_name(row.player))}{star}'
                        f'</th><td>{row.exclusive}</td><td>{row.shared}</td><td>{_minus(row.adjustment)}</td>'
                        f'<td>{_signed(row.score)}</td></tr>')
        return (f'{self.over_heading(headline)}'
                f'<div class="hz-wrap"><table class="hz-final"><thead><tr>{head}</tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table></div>'
                f'<p>{html(self.tr("hezong.scoring"))}</p>')


def _minus(points: int) -> str:
    """A turn-order adjustment as it is counted: subtracted."""
    return f"−{points}" if points else "0"


def _signed(points: int) -> str:
    """A score, with a typographic minus when below zero."""
    return str(points).replace("-", "−")


def _who(player: int, name: str) -> str:
    """A player in a table: the chip, with the name for screen readers."""
    return f'{_chip(player, name)}<span class="visually-hidden">{html(name)}</span>'


def _chip(player: int, name: str) -> str:
    """A small stone: the player's colour and number."""
    return (f'<span class="hz-chip hz-p{player + 1}" title="{html(name)}" aria-hidden="true">'
            f'{player + 1}</span>')
