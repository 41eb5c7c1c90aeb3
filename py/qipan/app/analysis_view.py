"""The post-game analysis in the page (docs/analysis.md): the Analyse button, the progress bar and
Cancel while the computer player's worker analyses the game ply by ply, then what
app/analysis_html.py makes of the result: the grades in the move log, a summary per player, the
sentence and the evaluation graph.

`AnalysisView` fills #analysis, talks to the worker through the app's computer client, and keeps the
result in the save (app/storage.py), so it never runs twice. Beside every game, it shows only its
buttons until there is an analysis: the analysis's modules (`qipan.analysis`, app/analysis_html.py,
the board's notes) are imported then, not at the page's start (docs/startup.md, "Loaded when first
used").
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

from qipan.app.page import page
from qipan.app.storage import store_analysis, stored_analysis
from qipan.boardkit.markup import html
from qipan.boardkit.screen import Marks
from qipan.boardkit.store import StorageError

if TYPE_CHECKING:  # imported once there is an analysis (above)
    from qipan.analysis import Analysis, Decision

Tr = Callable[..., str]

PRESETS = (("quick", "analysis.analyse"), ("deeper", "analysis.deeper"))
"""The analyses the buttons run, with their labels: quick (seconds for a game) and deeper (one reply
further, several times as long; docs/analysis.md)."""


def shell_html(tr: Tr) -> str:
    """The section's fixed parts: heading and count, the buttons, the progress line (hidden), the result."""
    def button(preset: str, key: str) -> str:
        ident = "btn-analyse" if preset == "quick" else f"btn-analyse-{preset}"
        hint = "" if preset == "quick" else f' title="{html(tr("analysis.deeper_help"))}"'
        return f'<button type="button" id="{ident}" data-preset="{preset}"{hint}>{html(tr(key))}</button>'

    buttons = "".join(button(preset, key) for preset, key in PRESETS)
    return (f'<details id="analysis-box" class="analysis-box"><summary><h2 class="analysis-heading">'
            f'{html(tr("analysis.heading"))}</h2><span id="analysis-count" class="analysis-count"></span></summary>'
            f'<div class="analysis-run">{buttons}'
            f'<span id="analysis-running" class="analysis-running" hidden>'
            f'<progress id="analysis-progress" value="0" max="1" aria-labelledby="analysis-progress-text"></progress>'
            f'<span id="analysis-progress-text"></span>'
            f'<button type="button" id="btn-analysis-cancel">{html(tr("analysis.cancel"))}</button></span></div>'
            f'<p id="analysis-status" class="analysis-status" role="status" aria-live="polite"></p>'
            f'<div id="analysis-result"></div></details>')


class AnalysisView:
    """#analysis for the game on screen: runs, cancels, keeps and shows its analysis."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.built_lang = ""
        self.result: Analysis | None = None
        self.actions: tuple[str, ...] = ()
        """The actions the result (or the run under way) analysed."""
        self.running: int | None = None
        self._shown = ""
        self._status = ""

    # -- the page ---------------------------------------------------------------------------------

    def build(self) -> None:
        box = self.app.element("analysis")
        first = not self.built_lang
        was_open = False if first else bool(self.app.element("analysis-box").open)
        box.innerHTML = shell_html(self.app.tr)
        self.app.element("analysis-box").open = was_open
        self.built_lang = self.app.lang
        self._shown = ""
        if first:
            page().on(box, "click", self._on_click)

    def show(self, screen: Any, carried: Analysis | None = None) -> None:
        """A game came on screen: stop any run, and read its stored analysis, if it has one
        (`carried`: the analysis a shared link brought, for a game that is not saved)."""
        self.stop()
        self.result, self.actions, self._status = None, (), ""
        screen.overlay = self._draw_best
        if carried is not None and carried.total <= len(screen.match.actions):
            self.result, self.actions = carried, tuple(screen.match.actions[:carried.total])
        if screen.save_id:
            data = stored_analysis(self.app.storage, screen.save_id, screen.match.record().to_json())
            if data is not None:
                from qipan.analysis import Analysis, AnalysisFormatError
                try:
                    self.result = Analysis.from_json(data)
                    self.actions = tuple(screen.match.actions[:self.result.total])
                except AnalysisFormatError:
                    self.result = None  # a damaged one is simply not shown; the button runs it again
        self.refresh()

    def current_result(self) -> Analysis | None:
        """The analysis of the game on screen, if it has one that still fits it (a share link carries it)."""
        return self.result if self._current() else None

    def shown_decision(self) -> Decision | None:
        """The graded decision that led to the position on screen (None without a current analysis)."""
        screen = self.app.screen
        if screen is None or not self._current() or self.result is None:
            return None
        from qipan.app.analysis_html import decision_at
        return decision_at(self.result, screen.shown_ply)

    def _board_marks(self) -> Marks:
        """The best move to draw on the board: for the decision shown while the player reviews the
        game or once it is over (never over a live game still being played)."""
        screen = self.app.screen
        if screen is None or not (screen.reviewing or screen.state.is_terminal()) or (
                decision := self.shown_decision()) is None:
            return Marks()
        from qipan.app.analysis_html import best_marks
        return best_marks(screen, decision)

    def _draw_best(self, ctx: Any) -> None:
        """The screen's overlay: the best move found for the decision shown, on the board."""
        screen = self.app.screen
        marks = self._board_marks()
        if marks:
            from qipan.app.embed import draw_note  # (the same notes an embed draws)
            from qipan.app.embed_params import Note
            draw_note(ctx, screen, Note(marks.cells, marks.arrows), bool(self.app.dark))

    def names(self, players: int) -> list[str]:
        return [self.app.tr("player.n", n=p + 1) for p in range(players)]

    def marks(self) -> dict[int, str]:
        """The grades for the move log (empty without a current analysis)."""
        if not self._current() or self.result is None:
            return {}
        from qipan.app.analysis_html import marks
        return marks(self.result)

    def _current(self) -> bool:
        screen = self.app.screen
        if self.result is None or screen is None:
            return False
        if tuple(screen.match.actions[:len(self.actions)]) != self.actions:
            self.result, self.actions = None, ()  # undone past the analysed moves: no longer this game's
            return False
        return True

    def refresh(self) -> None:
        """Draw the section for the current screen (after every render; written only on change)."""
        screen = self.app.screen
        if screen is None:
            return
        if self.built_lang != self.app.lang:
            self.build()
        current = self._current()
        running = self.running is not None
        shown = count = ""
        if current and self.result is not None:
            from qipan.app.analysis_html import count_html, decision_at, move_html, result_html
            names = self.names(self.result.players)
            decision = decision_at(self.result, screen.shown_ply)
            move = (move_html(decision, screen.match, self.app.tr, names, bool(self._board_marks()))
                    if decision is not None else "")
            shown = result_html(self.result, self.app.tr, self.app.lang, names, move, screen.shown_ply)
            count = count_html(self.result, self.app.tr)
        key = f"{running}|{self._status}|{bool(screen.match.actions)}|{shown}"  # (a first move enables Analyse)
        if key == self._shown:
            return
        self._shown = key
        self.app.element("analysis-result").innerHTML = shown
        self.app.element("analysis-count").innerHTML = count
        self.app.element("analysis-status").textContent = self._status
        self.app.element("analysis-running").hidden = not running
        for preset, label in PRESETS:
            button = self.app.element("btn-analyse" if preset == "quick" else f"btn-analyse-{preset}")
            button.hidden = running
            button.textContent = self.app.tr("analysis.again" if current and preset == "quick" else label)
            button.disabled = not screen.match.actions

    # -- running ----------------------------------------------------------------------------------

    def start(self, preset: str = "quick") -> None:
        """Analyse the game on screen at `preset` ("quick" or "deeper")."""
        screen = self.app.screen
        if screen is None or self.running is not None or not screen.match.actions:
            return
        self.actions = tuple(screen.match.actions)
        record = json.dumps(screen.match.record().to_json(), ensure_ascii=False)
        self._status = ""
        self._progress(0, len(self.actions))
        self.running = self.app.computer.analyse(record, preset, self._on_step)
        self.app.element("analysis-box").open = True
        self.refresh()
        self.app.element("btn-analysis-cancel").focus()

    def cancel(self) -> None:
        if self.running is not None:
            self.stop()
            self._status = self.app.tr("analysis.cancelled")
            self.refresh()
            self.app.element("btn-analyse").focus()

    def stop(self) -> None:
        """Stop a run under way, silently (the player left the game)."""
        if self.running is not None:
            self.app.computer.cancel(self.running)
            self.running = None
            self.app.element("analysis-running").hidden = True
            self._shown = ""

    def _progress(self, done: int, total: int) -> None:
        bar = self.app.element("analysis-progress")
        bar.max = max(1, total)
        bar.value = done
        self.app.element("analysis-progress-text").textContent = self.app.tr("analysis.progress", k=done, n=total)

    def _on_step(self, text: str | None, error: str | None) -> None:
        if self.running is None:
            return
        if error is not None or text is None:
            self.running = None
            self._status = self.app.tr("analysis.failed", reason=error or "")
            self.refresh()
            return
        step = json.loads(text)
        self._progress(int(step["done"]), int(step["total"]))
        data = step.get("analysis")
        if data is None:
            return
        from qipan.analysis import Analysis
        self.running = None
        self.result = Analysis.from_json(data)
        self._status = self.app.tr("analysis.done")
        screen = self.app.screen
        if screen is not None and screen.save_id and self.app.can_save:
            try:
                store_analysis(self.app.storage, screen.save_id, data, list(self.actions))
            except StorageError:
                self._status = self.app.tr("analysis.not_kept")
        self.app.log.refresh()
        self.refresh()
        if screen is not None:
            screen.redraw()  # the best move of the decision on screen, if any

    # -- events -----------------------------------------------------------------------------------

    def _on_click(self, event: Any) -> None:
        point = event.target.closest("[data-ply]")
        if point and self.app.screen is not None and point.closest(".analysis-graph"):
            self.app.screen.view(int(point.getAttribute("data-ply")))  # as the move log's entry
            return
        node = event.target.closest("button")
        if not node:
            return
        preset = node.getAttribute("data-preset")
        if isinstance(preset, str) and preset:
            self.start(preset)
        elif str(node.id) == "btn-analysis-cancel":
            self.cancel()
