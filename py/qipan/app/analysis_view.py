"""The post-game analysis in the page (docs/analysis.md): the Analyse button, the progress bar and
Cancel while the computer player's worker analyses the game ply by ply, then the grades in the
move log, a summary per player, the sentence and the evaluation graph (an inline SVG).

The pure part (`marks`, `grade_html`, `totals_html`, `graph_svg`, `result_html`) turns an
`Analysis` into HTML; `AnalysisView` fills #analysis, talks to the worker through the app's
computer client, and keeps the result in the save (app/storage.py), so it never runs twice.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from qipan import games
from qipan.analysis import GRADES, Analysis, AnalysisFormatError, Decision, PlayerTotals, summary
from qipan.analysis.summary import signed
from qipan.app.embed import draw_note
from qipan.app.embed_params import Note
from qipan.app.page import page
from qipan.app.storage import store_analysis, stored_analysis
from qipan.boardkit.markup import html
from qipan.boardkit.screen import Marks
from qipan.boardkit.store import StorageError
from qipan.boardkit.words import Ply

Tr = Callable[..., str]

SYMBOLS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""Each grade's mark beside its name (never colour alone)."""

PRESETS = (("quick", "analysis.analyse"), ("deeper", "analysis.deeper"))
"""The analyses the buttons run, with their labels: quick (seconds for a game) and deeper (one reply
further, several times as long; docs/analysis.md)."""


def marks(analysis: Analysis) -> dict[int, str]:
    """The grade of each unforced decision, by the move log's entry number (ply + 1)."""
    return {d.ply + 1: d.grade for d in analysis.decisions() if not d.forced}


def grade_html(grade: str, tr: Tr) -> str:
    """A grade as the log shows it: its symbol and its name."""
    return (f'<span class="log-grade" data-grade="{html(grade)}"><span aria-hidden="true">{html(SYMBOLS[grade])}</span> '
            f'{html(tr(f"analysis.grade.{grade}"))}</span>')


def totals_html(analysis: Analysis, tr: Tr, names: Sequence[str]) -> str:
    """Per player: decisions by grade, the value the decisions lost and (in games with dice) the luck."""
    dice = bool(analysis.rolls())
    head = "".join(f'<th scope="col" title="{html(tr(f"analysis.grade.{g}"))}"><span aria-hidden="true">{SYMBOLS[g]}'
                   f'</span><span class="visually-hidden">{html(tr(f"analysis.grade.{g}"))}</span></th>'
                   for g in GRADES)
    luck_head = f'<th scope="col">{html(tr("analysis.luck"))}</th>' if dice else ""

    def row_html(total: PlayerTotals) -> str:
        cells = "".join(f"<td>{total.grades[g]:d}</td>" for g in GRADES)
        luck = f"<td>{html(signed(total.luck))}</td>" if dice else ""
        return (f'<tr data-player="{total.player:d}"><th scope="row">{html(names[total.player])}</th>'
                f"<td>{total.decisions:d}</td>{cells}<td>{total.skill_loss:.2f}</td>{luck}</tr>")

    return (f'<div class="analysis-table-wrap"><table class="analysis-table"><caption>{html(tr("analysis.per_player"))}'
            f'</caption><thead><tr><th scope="col">{html(tr("analysis.player"))}</th>'
            f'<th scope="col">{html(tr("analysis.decisions"))}</th>{head}'
            f'<th scope="col">{html(tr("analysis.lost"))}</th>{luck_head}</tr></thead>'
            f'<tbody>{"".join(row_html(t) for t in analysis.totals())}</tbody></table></div>')


WIDTH, HEIGHT, LEFT, TOP = 320, 140, 28, 8
"""The graph's view box and its margins (the plot is WIDTH - LEFT - 4 by HEIGHT - 2 * TOP)."""
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 1")
"""Each player's line pattern (several players: told apart without colour)."""


def graph_svg(analysis: Analysis, tr: Tr, names: Sequence[str], clickable: bool = True,
              current: int | None = None) -> str:
    """The evaluation over the game: each player's value after every ply (two players: player 1's
    only, the other is its mirror), from -1 (a sure loss) to +1 (a sure win), the turning point
    marked; a title and a description in words for screen readers. Colours are the theme's.
    `clickable`: a band per position with its `data-ply` (a click shows that position); `current`:
    the position on the board, an upright line."""
    series = analysis.series
    n = len(series) - 1
    plot_w, plot_h = WIDTH - LEFT - 4, HEIGHT - 2 * TOP

    def x(k: int) -> float:
        return LEFT + (plot_w * k / n if n else 0)

    def y(v: float) -> float:
        return TOP + plot_h * (1 - max(-1.0, min(1.0, v))) / 2

    players = (0,) if analysis.players == 2 else tuple(range(analysis.players))
    lines = []
    for p in players:
        points = " ".join(f"{x(k):.1f},{y(v[p]):.1f}" for k, v in enumerate(series))
        dash = f' stroke-dasharray="{DASHES[p % len(DASHES)]}"' if DASHES[p % len(DASHES)] else ""
        lines.append(f'<polyline class="graph-line" data-player="{p}" points="{points}"{dash}/>')
    axis = (f'<line class="graph-axis" x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - 4}" y2="{y(0):.1f}"/>'
            f'<line class="graph-frame" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - TOP}"/>'
            + "".join(f'<text class="graph-label" x="{LEFT - 3}" y="{y(v) + 3:.1f}" text-anchor="end">{label}</text>'
                      for v, label in ((1, "+1"), (0, "0"), (-1, "−1"))))
    turning = analysis.turning_point()
    marker = ""
    if turning is not None and n:
        tx = x(turning.ply + 1)
        who = players[0] if analysis.players == 2 else turning.player
        ty = y(series[turning.ply + 1][who])
        marker = (f'<g class="graph-turning"><line x1="{tx:.1f}" y1="{TOP}" x2="{tx:.1f}" y2="{HEIGHT - TOP}"/>'
                  f'<path d="M{tx:.1f} {ty - 6:.1f} L{tx + 6:.1f} {ty:.1f} L{tx:.1f} {ty + 6:.1f} L{tx - 6:.1f} {ty:.1f} Z"/>'
                  f'</g>')
    now = ""
    if current is not None and n and 0 <= current <= n:
        now = f'<line class="graph-now" x1="{x(current):.1f}" y1="{TOP}" x2="{x(current):.1f}" y2="{HEIGHT - TOP}"/>'
    title = tr("analysis.graph.title")
    return (f'<figure class="analysis-graph"><svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-labelledby="analysis-graph-title analysis-graph-desc" focusable="false">'
            f'<title id="analysis-graph-title">{html(title)}</title>'
            f'<desc id="analysis-graph-desc">{html(graph_description(analysis, tr, names))}</desc>'
            f'{axis}{"".join(lines)}{marker}{now}{graph_hits(n, x, tr) if clickable else ""}</svg>'
            f'<figcaption>{html(graph_caption(analysis, tr, names))}'
            f'{" " + html(tr("analysis.graph.click")) if clickable and n else ""}</figcaption></figure>')


def graph_hits(n: int, x: Callable[[int], float], tr: Tr) -> str:
    """A transparent band over each position of the graph (0..n): a click shows that position, as
    the move log's entry does (the log is the keyboard's way to the same positions)."""
    if not n:
        return ""
    half = (x(1) - x(0)) / 2
    return "".join(f'<rect class="graph-hit" data-ply="{k}" x="{max(0.0, x(k) - half):.1f}" y="0" '
                   f'width="{2 * half:.1f}" height="{HEIGHT}"><title>{html(tr("analysis.graph.point", k=k))}</title></rect>'
                   for k in range(n + 1))


def graph_caption(analysis: Analysis, tr: Tr, names: Sequence[str]) -> str:
    """The legend under the graph: whose value it shows and the turning point's mark."""
    turning = analysis.turning_point()
    whose = (tr("analysis.graph.whose", player=names[0]) if analysis.players == 2
             else tr("analysis.graph.whose_all"))
    mark = tr("analysis.graph.turning_mark", k=turning.ply + 1) if turning is not None else ""
    return " ".join(part for part in (whose, mark) if part)


def graph_description(analysis: Analysis, tr: Tr, names: Sequence[str]) -> str:
    """The graph in words: where each line starts, ends, is lowest and highest, and the turning point."""
    series = analysis.series
    parts = [tr("analysis.graph.desc_scale", n=len(series) - 1)]
    players = (0,) if analysis.players == 2 else tuple(range(analysis.players))
    for p in players:
        values = [v[p] for v in series]
        low = min(range(len(values)), key=lambda k: (values[k], k))
        high = max(range(len(values)), key=lambda k: (values[k], -k))
        parts.append(tr("analysis.graph.desc_line", player=names[p], start=signed(values[0]), end=signed(values[-1]),
                        low=signed(values[low]), low_k=low, high=signed(values[high]), high_k=high))
    turning = analysis.turning_point()
    if turning is not None:
        parts.append(tr("analysis.graph.desc_turning", k=turning.ply + 1, player=names[turning.player],
                        swing=signed(turning.swing[turning.player])))
    return " ".join(parts)


def result_html(analysis: Analysis, tr: Tr, lang: str, names: Sequence[str], move: str = "",
                current: int | None = None) -> str:
    """Everything the analysis shows beside the log: the sentence, the move shown (`move`, from
    `move_html`), the graph (`current`: the position on the board), the table."""
    covered = "" if analysis.finished else (
        f'<p class="analysis-covered">{html(tr("analysis.covered", k=len(analysis.plies)))}</p>')
    return (f'<p id="analysis-summary" class="analysis-summary">{html(summary(analysis, lang, names))}</p>'
            f'{covered}{move}{graph_svg(analysis, tr, names, current=current)}{totals_html(analysis, tr, names)}')


def embed_html(analysis: Analysis, match: Any, shown: int, tr: Tr, lang: str, names: Sequence[str],
               drawn: bool) -> str:
    """An embed's analysis under its step bar (analysis=1, docs/embed.md): the sentence, the move
    shown with its best move (`drawn`: marked on the board) and the graph (click: that position)."""
    decision = decision_at(analysis, shown)
    move = move_html(decision, match, tr, names, drawn) if decision is not None else ""
    return (f'<div id="embed-analysis" class="embed-analysis">'
            f'<p class="analysis-summary">{html(summary(analysis, lang, names))}</p>{move}'
            f'{graph_svg(analysis, tr, names, current=shown)}</div>')


def grade_counts(analysis: Analysis) -> dict[str, int]:
    """Unforced decisions of every player, counted by grade (and "n", all of them)."""
    counts = dict.fromkeys(GRADES, 0)
    for total in analysis.totals():
        for g in GRADES:
            counts[g] += total.grades[g]
    return {**counts, "n": sum(counts.values())}


def count_html(analysis: Analysis, tr: Tr) -> str:
    """The box heading's count: decisions graded and the errors among them."""
    c = grade_counts(analysis)
    values = {"n": c["n"], "blunders": c["blunder"], "mistakes": c["mistake"], "inaccuracies": c["inaccuracy"]}
    return (f'<span aria-hidden="true">{html(tr("analysis.count", **values))}</span>'
            f'<span class="visually-hidden">{html(tr("analysis.count_label", **values))}</span>')


def decision_at(analysis: Analysis, shown: int) -> Decision | None:
    """The decision that led to the position after `shown` actions (the move log's entry `shown`)."""
    if not 1 <= shown <= len(analysis.plies):
        return None
    ply = analysis.plies[shown - 1]
    return ply if isinstance(ply, Decision) else None


def move_words(match: Any, ply: int, text: str, tr: Tr) -> str:
    """The action `text` taken at ply `ply` of `match`, in the move log's words."""
    states = match.states()
    before = states[ply]
    action = match.game.parse_action(before, text)
    after = before.apply(action)
    return games.ui(match.game.id).words.describe(Ply(ply, match.seed, before, action, text, after, states[-1]), tr)


def move_html(decision: Decision, match: Any, tr: Tr, names: Sequence[str], drawn: bool) -> str:
    """The decision shown, in words: its grade, the best move found, the move played and the value
    it lost (`drawn`: the best move is marked on the board, and the text says so)."""
    k, player = decision.ply + 1, names[decision.player]
    played = move_words(match, decision.ply, decision.played, tr)
    grade = tr(f"analysis.grade.{decision.grade}")
    if decision.forced:
        text = tr("analysis.move.forced", k=k, played=played)
    elif decision.grade == "best":
        text = tr("analysis.move.played_best", k=k, grade=grade, player=player, played=played)
    else:
        best = move_words(match, decision.ply, decision.best, tr)
        text = tr("analysis.move.other_drawn" if drawn else "analysis.move.other", k=k, grade=grade, best=best,
                  player=player, played=played, loss=f"{decision.loss:.2f}")
    return (f'<p id="analysis-move" class="analysis-move" data-ply="{k}" data-grade="{html(decision.grade)}" '
            f'data-best="{html(decision.best)}"{" data-drawn" if drawn else ""}>{html(text)}</p>')


def best_marks(screen: Any, decision: Decision | None) -> Marks:
    """The board's marks for the best move of `decision` (none when the move played was the best)."""
    if decision is None or decision.forced or decision.grade == "best":
        return Marks()
    return screen.action_marks(screen.match.states()[decision.ply], decision.best)


def turning_caption(analysis: Analysis, match: Any, tr: Tr, names: Sequence[str]) -> str:
    """The turning point in one line for a picture's caption ("" when there is none): the move
    played, its grade, the value lost and the best move found; or the roll and its luck."""
    turning = analysis.turning_point()
    if turning is None:
        return ""
    ply = analysis.plies[turning.ply]
    k = turning.ply + 1
    if isinstance(ply, Decision):
        best = move_words(match, ply.ply, ply.best, tr)
        return tr("image.turning.decision", k=k, player=names[ply.player], grade=tr(f"analysis.grade_in_text.{ply.grade}"),
                  played=move_words(match, ply.ply, ply.played, tr), loss=f"{ply.loss:.2f}", best=best)
    return tr("image.turning.roll", k=k, outcome=move_words(match, ply.ply, ply.outcome, tr),
              player=names[turning.player], luck=signed(turning.swing[turning.player]))


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
        return decision_at(self.result, screen.shown_ply)

    def _board_marks(self) -> Marks:
        """The best move to draw on the board: for the decision shown while the player reviews the
        game or once it is over (never over a live game still being played)."""
        screen = self.app.screen
        if screen is None or not (screen.reviewing or screen.state.is_terminal()):
            return Marks()
        return best_marks(screen, self.shown_decision())

    def _draw_best(self, ctx: Any) -> None:
        """The screen's overlay: the best move found for the decision shown, on the board."""
        screen = self.app.screen
        marks = self._board_marks()
        if marks:
            draw_note(ctx, screen, Note(marks.cells, marks.arrows), bool(self.app.dark))

    def names(self, players: int) -> list[str]:
        return [self.app.tr("player.n", n=p + 1) for p in range(players)]

    def marks(self) -> dict[int, str]:
        """The grades for the move log (empty without a current analysis)."""
        return marks(self.result) if self._current() else {}

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
            names = self.names(self.result.players)
            decision = decision_at(self.result, screen.shown_ply)
            move = (move_html(decision, screen.match, self.app.tr, names, bool(self._board_marks()))
                    if decision is not None else "")
            shown = result_html(self.result, self.app.tr, self.app.lang, names, move, screen.shown_ply)
            count = count_html(self.result, self.app.tr)
        key = f"{running}|{self._status}|{shown}"
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
