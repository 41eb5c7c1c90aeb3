"""The LYNGK play screen in the browser: canvas, panel, pointer and keyboard, autosave.

Rules come from the engine, click meanings from lyngk_play, drawing from lyngk_view; this module
only wires them to the page.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pyscript import window

from ..games.lyngk import PASS, LyngkState, chain_path, tiebreak_vector
from ..games.lyngk.board import LABELS, label
from ..games.lyngk.rules import COLOURS
from ..i18n import t
from ..match import Match
from . import lyngk_play, lyngk_view
from .dom import el, html, on
from .storage import Storage, StorageError, save_match

class LyngkScreen:
    """One LYNGK game on the page: owns the match and the view state."""

    def __init__(self, match: Match, storage: Storage, lang: Callable[[], str], notify: Callable[[str], None]) -> None:
        self.match = match
        self.storage = storage
        self.lang = lang
        self.notify = notify
        self.selection = lyngk_play.Selection()
        self.cursor: int | None = None
        self.message: tuple[str, dict[str, object]] | None = None
        self.error = False
        self.last_path: tuple[int, ...] = ()
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")
        self.layout = lyngk_view.Layout(1, 1)
        self.dark = bool(window.matchMedia("(prefers-color-scheme: dark)").matches)
        on(self.canvas, "click", self._on_click)
        on(self.canvas, "keydown", self._on_key)
        on(el("claim-buttons"), "click", self._on_claim)
        on(el("btn-pass"), "click", lambda _e: self._play(PASS))
        on(el("btn-undo"), "click", lambda _e: self.undo())

    @property
    def state(self) -> LyngkState:
        return self.match.state

    def tr(self, key: str, **values: object) -> str:
        return t(key, self.lang(), **values)

    def player_name(self, player: int) -> str:
        return self.tr("player.n", n=player + 1)

    # -- input ------------------------------------------------------------------------------------

    def _on_click(self, event: Any) -> None:
        point = self.layout.hit(float(event.offsetX), float(event.offsetY), self._heights())
        if point is not None:
            self.cursor = None
            self.choose(point)

    def _on_key(self, event: Any) -> None:
        key = str(event.key)
        if key in lyngk_view.ARROWS:
            start = self.cursor if self.cursor is not None else (self.selection.origin or LABELS.index("E4"))
            self.cursor = self.layout.neighbour_in_direction(start, *lyngk_view.ARROWS[key]) if self.cursor is not None else start
            self.render()
        elif key in ("Enter", " ") and self.cursor is not None:
            self.choose(self.cursor)
        elif key == "Escape":
            self.selection = lyngk_play.Selection(self.selection.claim)
            self._say(("lyngk.pick_stack", {}))
            self.render()
        else:
            return
        event.preventDefault()

    def _on_claim(self, event: Any) -> None:
        node = event.target.closest("[data-claim]")
        if node is None:
            return
        colour = str(node.getAttribute("data-claim"))
        claim = "" if self.selection.claim == colour else colour
        self.selection = lyngk_play.Selection(claim, None)
        self._say(("lyngk.claim_chosen", {"colour": self.tr(f"lyngk.colour.{claim}")}) if claim else ("lyngk.pick_stack", {}))
        self.render()

    def choose(self, point: int) -> None:
        """A click or Enter on a point."""
        if self.state.is_terminal():
            return
        intent = lyngk_play.click(self.state, self.selection, point)
        if intent.play is not None:
            self._play(intent.play)
            return
        self.selection = intent.selection
        if intent.message:
            self._say(intent.message, error=intent.message[0].startswith("lyngk.err"))
        self.render()

    # -- playing ----------------------------------------------------------------------------------

    def _play(self, move: Any) -> None:
        before = self.state
        mover = before.player
        self.match.play_action(move)
        self.last_path = () if move == PASS else chain_path(before, move)
        self.selection = lyngk_play.Selection()
        text = self.match.actions[-1]
        if move != PASS and self.state.removed[mover] > before.removed[mover]:
            self._say(("lyngk.removed", {"player": self.player_name(mover)}))
        else:
            self._say(("lyngk.moved", {"player": self.player_name(mover), "move": text}))
        el("board-description").textContent = self.tr("lyngk.moved", player=self.player_name(mover), move=text)
        self.render()
        self.save()

    def undo(self) -> None:
        if not self.match.can_undo():
            return
        self.match.undo()
        self.last_path = ()
        self.selection = lyngk_play.Selection()
        self.message = None
        self.render()
        self.save()

    def save(self) -> None:
        """Autosave the record and a picture of the board for the next visit's first paint."""
        try:
            save_match(self.storage, self.match)
            picture = {"game": "lyngk", "title": self.tr("game.lyngk"),
                       "image": str(self.canvas.toDataURL("image/webp", 0.8))}
            self.storage.set("picture", json.dumps(picture))
            self.storage.set("last", "lyngk")
        except StorageError as exc:
            self.notify(self.tr("app.save_failed", reason=exc))

    def _say(self, message: tuple[str, dict[str, object]], error: bool = False) -> None:
        self.message = message
        self.error = error

    def _heights(self) -> tuple[int, ...]:
        return tuple(len(s) for s in self.state.stacks)

    # -- drawing ----------------------------------------------------------------------------------

    def resize(self) -> None:
        """Fit the canvas to its box at the device's pixel ratio, then redraw."""
        area = el("board-area")
        width, height = float(area.clientWidth), float(area.clientHeight)
        if width < 1 or height < 1:
            return
        ratio = float(window.devicePixelRatio or 1)
        self.canvas.width = round(width * ratio)
        self.canvas.height = round(height * ratio)
        self.ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        self.layout = lyngk_view.Layout(width, height)
        self.draw()

    def draw(self) -> None:
        state, sel = self.state, self.selection
        targets = lyngk_play.targets(state, sel.claim, sel.origin) if sel.origin is not None else frozenset()
        scene = lyngk_view.Scene(state.stacks, state.claims, sel.origin, targets, self.last_path, self.cursor, self.dark)
        lyngk_view.draw(self.ctx, self.layout, scene)

    def render(self) -> None:
        """Redraw the board and refresh the panel."""
        self.draw()
        self._panel()

    def _panel(self) -> None:
        state = self.state
        over = state.is_terminal()
        el("players").innerHTML = "".join(self._player_card(p) for p in (0, 1))
        el("turn").textContent = "" if over else self.tr("turn.to_move", player=self.player_name(state.player))
        self._claim_box()
        message = el("message")
        message.textContent = self.tr(self.message[0], **self.message[1]) if self.message else (
            "" if over else self.tr("lyngk.pick_stack"))
        message.className = "message error" if self.error else "message"
        pass_button = el("btn-pass")
        pass_button.hidden = not lyngk_play.must_pass(state)
        if lyngk_play.must_pass(state):
            message.textContent = self.tr("lyngk.forced_pass", player=self.player_name(state.player))
            message.className = "message"
        el("btn-undo").disabled = not self.match.can_undo()
        self._stack_view()
        self._game_over()
        el("position-text").textContent = self.match.game.position(state)
        stacks = sum(1 for s in state.stacks if s)
        summary = self.tr("lyngk.summary", stacks=stacks, player=self.player_name(state.player))
        self.canvas.setAttribute("aria-label", self.tr("lyngk.board_label", summary=summary))

    def _player_card(self, player: int) -> str:
        state = self.state
        claims = state.claims[player]
        chips = "".join(_chip(c, self.tr(f"lyngk.colour.{c}")) for c in claims) or html(self.tr("lyngk.none_claimed"))
        active = " active" if not state.is_terminal() and state.player == player else ""
        return (f'<div class="player{active}" data-player="{player}"><h3>{html(self.player_name(player))}</h3>'
                f'<div class="score">{html(self.tr("lyngk.score", n=state.removed[player]))}</div>'
                f'<div class="chips" aria-label="{html(self.tr("lyngk.claimed"))}">{chips}</div></div>')

    def _claim_box(self) -> None:
        state = self.state
        box = el("claim-box")
        colours = tuple(c for c in COLOURS if any(m.claim == c for m in state.legal_actions()))
        box.hidden = not colours
        if not colours:
            return
        forced = lyngk_play.must_claim(state)
        box.className = "claim-box forced" if forced else "claim-box"
        left = 2 - len(state.claims[state.player])
        el("claim-help").textContent = self.tr("lyngk.forced_claim") if forced else self.tr("lyngk.claim", left=left)
        el("claim-buttons").innerHTML = "".join(
            f'<button type="button" data-claim="{c}" aria-pressed="{"true" if self.selection.claim == c else "false"}">'
            f'{_chip(c, self.tr(f"lyngk.colour.{c}"))}{html(self.tr("lyngk.claim_button", colour=self.tr(f"lyngk.colour.{c}")))}</button>'
            for c in colours)

    def _stack_view(self) -> None:
        point = self.cursor if self.cursor is not None else self.selection.origin
        view = el("stack-view")
        if point is None or not self.state.stacks[point]:
            view.innerHTML = ""
            return
        stack = self.state.stacks[point]
        names = ", ".join(self.tr(f"lyngk.colour.{p}") for p in stack)
        view.innerHTML = (f'<span>{html(label(point))}:</span>' + "".join(_chip(p, self.tr(f"lyngk.colour.{p}")) for p in stack)
                          + f'<span class="visually-hidden">{html(self.tr("lyngk.stack_view", point=label(point), pieces=names))}</span>')

    def _game_over(self) -> None:
        box = el("game-over")
        outcome = self.state.outcome()
        if outcome is None:
            box.hidden = True
            return
        box.hidden = False
        if outcome.winners:
            headline = self.tr("over.winner", player=self.player_name(outcome.winners[0]))
        else:
            headline = self.tr("over.draw")
        six = self.match.variant == "stack6"
        heights = (5, 4, 3, 2, 1) if six else (4, 3, 2, 1)
        head = "".join(f'<th title="{html(self.tr("lyngk.height_col", h=h))}">{h}</th>' for h in heights)
        rows = ""
        for player in (0, 1):
            vector = tiebreak_vector(self.state, player)
            cells = "".join(f"<td>{v}</td>" for v in vector)
            won = ' class="won"' if player in outcome.winners else ""
            rows += f"<tr{won}><th>{html(self.player_name(player))}</th>{cells}</tr>"
        first = f"<th>{html(self.tr('lyngk.completed'))}</th>"
        note = self.tr("lyngk.tiebreak6" if six else "lyngk.tiebreak")
        box.innerHTML = (f'<h2>{html(self.tr("over.title"))}: {html(headline)}</h2>'
                         f'<table><thead><tr><th></th>{first}{head}</tr></thead><tbody>{rows}</tbody></table>'
                         f'<p>{html(note)}</p>')


def _chip(piece: str, name: str) -> str:
    mark = lyngk_view.PIECE_MARK[piece]
    return f'<span class="piece-chip piece-{piece}" title="{html(name)}" aria-label="{html(name)}">{html(mark)}</span>'


def start_match(seed: int, variant: str | None = None) -> Match:
    return Match.new("lyngk", 2, seed, variant)
