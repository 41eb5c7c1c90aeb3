"""An analysis as HTML (docs/analysis.md): the grades in the move log, a summary per player, the
sentence, the evaluation graph (an inline SVG), the move shown with the best one found, and an
embed's and a picture's analysis. Pure: it turns an `Analysis` into HTML and words.

Imported once there is an analysis to show (a stored one, a finished run, a link that carries one),
not at the page's start: app/analysis_view.py, the box beside every game, shows only its buttons
until then (docs/startup.md, "Loaded when first used").
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from qipan import games
from qipan.analysis import GRADES, Analysis, Decision, PlayerTotals, summary
from qipan.analysis.summary import signed
from qipan.boardkit.markup import html
from qipan.boardkit.screen import Marks
from qipan.boardkit.words import Ply

Tr = Callable[..., str]

SYMBOLS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""Each grade's mark beside its name (never colour alone)."""


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
