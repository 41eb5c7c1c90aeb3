"""An analysis packed small enough for a share link (docs/embed.md, "Analysis in a link").

A link already carries the record, so the compact form leaves out what the record says (the move
played at each decision, the outcome of each roll) and the per-player totals (derived), writes a
decision's best move only where it differs from the move played, and rounds the values to three
decimals (the page shows two; a roll's probability keeps four significant digits). `expand` rebuilds the analysis's own JSON (docs/analysis.md) from the
compact form and the record's actions; `Analysis.from_json` then checks it like any other.

    {"v": 1, "d": depth, "b": budget, "c": chance_depth, "g": [inaccuracy, mistake, blunder],
     "t": total, "f": finished, "w": winners, "s": [[value per player] per state],
     "p": [["d", grade, player, best or "", best_value, loss, forced 0/1, depth]
           | ["c", probability, [expected per player], [luck per player]] per ply]}
"""

from __future__ import annotations

from typing import Any, Sequence

from qipan.analysis import GRADES, Analysis, AnalysisFormatError, Decision
from qipan.analysis.result import FORMAT, VERSION
from qipan.match import Match

COMPACT_VERSION = 1
PLACES = 3
"""Decimals kept of each value."""


def _r(value: float) -> float:
    rounded = round(value, PLACES)
    return 0.0 if rounded == 0 else rounded  # no "-0.0"


def compact(analysis: Analysis) -> dict[str, Any]:
    """The analysis without what the record already says, its values rounded."""
    plies: list[list[Any]] = []
    for ply in analysis.plies:
        if isinstance(ply, Decision):
            plies.append(["d", GRADES.index(ply.grade), ply.player, "" if ply.best == ply.played else ply.best,
                          _r(ply.best_value), _r(ply.loss), int(ply.forced), ply.depth])
        else:
            plies.append(["c", float(f"{ply.probability:.4g}"), [_r(v) for v in ply.expected], [_r(v) for v in ply.luck]])
    s, g = analysis.settings, analysis.grades
    return {"v": COMPACT_VERSION, "d": s.depth, "b": s.budget, "c": s.chance_depth,
            "g": [g.inaccuracy, g.mistake, g.blunder], "t": analysis.total, "f": analysis.finished,
            "w": list(analysis.winners), "s": [[_r(v) for v in vector] for vector in analysis.series], "p": plies}


def expand(data: Any, game: str, players: int, actions: Sequence[str]) -> dict[str, Any]:
    """The analysis JSON (`Analysis.to_json` form, without totals) from its compact form and the
    record it came with. Raises `AnalysisFormatError` for anything it cannot read (the values
    themselves are checked by `Analysis.from_json`)."""
    if not isinstance(data, dict) or data.get("v") != COMPACT_VERSION:
        raise AnalysisFormatError("the link's analysis is not one this app can read")
    plies = data.get("p")
    grades = data.get("g")
    if not isinstance(plies, list) or not isinstance(grades, list) or len(grades) != 3:
        raise AnalysisFormatError("the link's analysis is damaged")
    if len(plies) > len(actions):
        raise AnalysisFormatError("the link's analysis covers more moves than the game has")
    out = []
    for index, ply in enumerate(plies):
        played = actions[index]
        if isinstance(ply, list) and len(ply) == 8 and ply[0] == "d":
            _, grade, player, best, best_value, loss, forced, depth = ply
            if not isinstance(grade, int) or not 0 <= grade < len(GRADES) or not isinstance(best, str) \
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (best_value, loss)):
                raise AnalysisFormatError(f"the link's analysis is damaged at move {index + 1}")
            out.append({"kind": "decision", "ply": index, "player": player, "played": played,
                        "best": best or played, "played_value": best_value - loss, "best_value": best_value,
                        "loss": loss, "grade": GRADES[grade], "forced": forced == 1, "depth": depth})
        elif isinstance(ply, list) and len(ply) == 4 and ply[0] == "c":
            _, probability, expected, luck = ply
            out.append({"kind": "chance", "ply": index, "outcome": played, "probability": probability,
                        "expected": expected, "luck": luck})
        else:
            raise AnalysisFormatError(f"the link's analysis is damaged at move {index + 1}")
    return {"format": FORMAT, "version": VERSION, "game": game, "players": players,
            "settings": {"depth": data.get("d"), "budget": data.get("b"), "chance_depth": data.get("c")},
            "grades": dict(zip(("inaccuracy", "mistake", "blunder"), grades)), "total": data.get("t"),
            "finished": data.get("f"), "winners": data.get("w"), "series": data.get("s"), "plies": out}


def read_analysis(data: object, match: Match) -> Analysis:
    """A record file's (or a link's) analysis of `match`: readable, of this game and set-up,
    covering its first moves as played (each decision by the player to move, each best move legal
    there, each roll a chance outcome of the game). Raises `AnalysisFormatError` saying what is wrong."""
    analysis = Analysis.from_json(data)
    if analysis.game != match.game.id or analysis.players != match.players:
        raise AnalysisFormatError(f"the analysis is of a {analysis.players}-player {analysis.game} game, "
                                  f"not this {match.players}-player {match.game.id} game")
    if analysis.total > len(match.actions):
        raise AnalysisFormatError(f"the analysis covers {analysis.total} moves; the game has {len(match.actions)}")
    states = match.states()
    for ply in analysis.plies:
        text = ply.played if isinstance(ply, Decision) else ply.outcome
        if text != match.actions[ply.ply]:
            raise AnalysisFormatError(f"the analysis's move {ply.ply + 1} is {text!r}, "
                                      f"the game's is {match.actions[ply.ply]!r}")
        if isinstance(ply, Decision) == match.was_chance(ply.ply):
            raise AnalysisFormatError(f"the analysis's move {ply.ply + 1} is not the game's kind of move")
        if isinstance(ply, Decision):
            before = states[ply.ply]
            if ply.player != before.to_move:
                raise AnalysisFormatError(f"the analysis's move {ply.ply + 1} is not Player {ply.player + 1}'s")
            try:
                match.game.parse_action(before, ply.best)  # it is drawn on that position's board
            except ValueError:
                raise AnalysisFormatError(f"the analysis's best move {ply.best!r} at move {ply.ply + 1} "
                                          f"is not a move of the game there") from None
    return analysis
