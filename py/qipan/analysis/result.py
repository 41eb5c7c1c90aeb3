"""What an analysis finds, as plain values that serialise to JSON-able dicts and back (versioned).

`Analysis.to_json()` writes the current version; `Analysis.from_json()` reads every version ever
written and raises `AnalysisFormatError` (a `ValueError`) naming what is wrong, never anything
else. The per-player totals, the grade counts, the turning point and the summary are derived from
the plies and the series; `to_json` writes the totals too, for readers of an export, and
`from_json` recomputes them rather than trusting them.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Mapping

from qipan.core import Grades

FORMAT = "qipan-analysis"
VERSION = 1

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The grades of a decision, best first."""

BEST_TOLERANCE = 1e-9
"""A loss this small is rounding: the move played is as good as the best found."""

Vector = tuple[float, ...]


class AnalysisFormatError(ValueError):
    """Stored analysis data that this version cannot read; the message says what is wrong."""


def grade(loss: float, grades: Grades) -> str:
    """The grade of a decision that lost `loss` (>= 0) against the best move found."""
    if loss <= BEST_TOLERANCE:
        return "best"
    if loss < grades.inaccuracy:
        return "good"
    if loss < grades.mistake:
        return "inaccuracy"
    if loss < grades.blunder:
        return "mistake"
    return "blunder"


@dataclass(frozen=True)
class Settings:
    """How hard the analysis looks (`QUICK`, `DEEPER`).

    `depth`: decisions searched from each move's position (1: the position the move leads to is
    valued by V; 2: the best next decision after it too, and so on). `budget`: positions a search
    deeper than 1 may value at one decision; when it does not fit, that decision is valued at the
    deepest depth that does (recorded per ply); the positions a game's own turn search visits for V
    (`GameAI.turn_value`) count too. `chance_depth`: levels of chance V averages exactly.
    """

    depth: int = 1
    budget: int = 20_000
    chance_depth: int = 2

    def __post_init__(self) -> None:
        for name in ("depth", "budget", "chance_depth"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < (1 if name == "depth" else 0):
                raise ValueError(f"analysis setting {name} must be a whole number >= "
                                 f"{1 if name == 'depth' else 0}, not {_show(value)}")

    def to_json(self) -> dict[str, int]:
        return {"depth": self.depth, "budget": self.budget, "chance_depth": self.chance_depth}


QUICK = Settings(depth=1)
"""The default: each move valued by the position it leads to (cheap; seconds for a game)."""
DEEPER = Settings(depth=2, budget=4_000)
"""One decision deeper where it fits in 4,000 positions per decision."""
PRESETS: dict[str, Settings] = {"quick": QUICK, "deeper": DEEPER}


@dataclass(frozen=True)
class Decision:
    """A player's decision at ply `ply` (0-based index into the match's actions)."""

    ply: int
    player: int
    played: str
    """The action text played."""
    best: str
    """The text of the best action the search found (the first in the game's order among equals)."""
    played_value: float
    best_value: float
    """Search values from the deciding player's view, in [-1, 1]."""
    loss: float
    """best_value - played_value (>= 0): the value the move played gave away."""
    grade: str
    forced: bool
    """The only legal action (not counted among the player's decisions)."""
    depth: int
    """The depth the search reached here."""


@dataclass(frozen=True)
class Roll:
    """A chance outcome at ply `ply`."""

    ply: int
    outcome: str
    """The outcome's action text."""
    probability: float
    expected: Vector
    """Each player's V averaged over every outcome with its exact probability (before the dice)."""
    luck: Vector
    """Each player's V after this outcome minus `expected`."""


Ply = Decision | Roll


@dataclass(frozen=True)
class PlayerTotals:
    """One player's sums over the plies analysed."""

    player: int
    skill_loss: float
    """Total value lost by the player's decisions."""
    luck: float
    """Total luck of the chance outcomes, from the player's view."""
    decisions: int
    """Unforced decisions."""
    grades: dict[str, int]
    """Unforced decisions by grade (every grade present, 0 if none)."""

    @property
    def average_loss(self) -> float:
        return self.skill_loss / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "skill_loss": self.skill_loss, "luck": self.luck,
                "decisions": self.decisions, "average_loss": self.average_loss, "grades": dict(self.grades)}


@dataclass(frozen=True)
class TurningPoint:
    """The ply whose action moved the game most: the decision that lost the most value or the
    chance outcome with the largest luck. `swing` is each player's change: a roll's luck, or minus
    the decision's loss for the player deciding (0 for the others)."""

    ply: int
    swing: Vector

    @property
    def player(self) -> int:
        """The player the swing moved most (the first of equals)."""
        return max(range(len(self.swing)), key=lambda p: (abs(self.swing[p]), -p))


@dataclass(frozen=True)
class Analysis:
    """The analysis of a match's first `len(plies)` actions out of `total`."""

    game: str
    players: int
    settings: Settings
    grades: Grades
    """The thresholds the grades were given with."""
    total: int
    """Actions in the match analysed (the plies still to do when `len(plies) < total`)."""
    finished: bool
    """Whether the match is over (the last state is the end of the game)."""
    winners: tuple[int, ...]
    """The winners once finished (empty for a draw or an unfinished game)."""
    series: tuple[Vector, ...]
    """V of every state analysed, ply 0 up to `len(plies)` (the graph)."""
    plies: tuple[Ply, ...] = field(default=())

    @property
    def complete(self) -> bool:
        """Every action of the match is analysed."""
        return len(self.plies) == self.total

    def decisions(self) -> tuple[Decision, ...]:
        return tuple(p for p in self.plies if isinstance(p, Decision))

    def rolls(self) -> tuple[Roll, ...]:
        return tuple(p for p in self.plies if isinstance(p, Roll))

    def totals(self) -> tuple[PlayerTotals, ...]:
        """Per player: skill loss and luck summed, unforced decisions counted by grade."""
        loss = [0.0] * self.players
        luck = [0.0] * self.players
        counts = [dict.fromkeys(GRADES, 0) for _ in range(self.players)]
        for ply in self.plies:
            if isinstance(ply, Decision):
                loss[ply.player] += ply.loss
                if not ply.forced:
                    counts[ply.player][ply.grade] += 1
            else:
                for p, v in enumerate(ply.luck):
                    luck[p] += v
        return tuple(PlayerTotals(p, loss[p], luck[p], sum(counts[p].values()), counts[p])
                     for p in range(self.players))

    def turning_point(self) -> TurningPoint | None:
        """The largest swing: the ply whose loss or luck is largest in any player's value (the
        first of equals); None when no ply moved anything. (The series' own steps at decisions also
        hold the evaluation's horizon, e.g. the jump to the result at the end, so they are not used.)"""
        best: TurningPoint | None = None
        size = 0.0
        for ply in self.plies:
            if isinstance(ply, Decision):
                swing = tuple(-ply.loss if p == ply.player else 0.0 for p in range(self.players))
            else:
                swing = ply.luck
            biggest = max(abs(v) for v in swing)
            if biggest > size:
                best, size = TurningPoint(ply.ply, swing), biggest
        return best

    def leader(self) -> int | None:
        """The sole winner when finished, else the player the last value favours (None: a draw,
        a shared win, or level)."""
        if self.finished:
            return self.winners[0] if len(self.winners) == 1 else None
        last = self.series[-1]
        top = max(last)
        leaders = [p for p, v in enumerate(last) if v == top]
        return leaders[0] if len(leaders) == 1 else None

    def edges(self, player: int) -> tuple[float, float]:
        """How far `player` got ahead of the others (on the scale of their own value) from the
        decisions, and from the dice: the others' mean skill loss minus the player's, and half the
        player's luck minus the others' mean luck (in a two-player zero-sum game, exactly the
        player's value gained from each)."""
        totals = self.totals()
        others = [t for t in totals if t.player != player]
        if not others:
            return 0.0, 0.0
        mine = totals[player]
        skill = sum(t.skill_loss for t in others) / len(others) - mine.skill_loss
        luck = (mine.luck - sum(t.luck for t in others) / len(others)) / 2
        return skill, luck

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the current format version."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "settings": self.settings.to_json(),
            "grades": {"inaccuracy": self.grades.inaccuracy, "mistake": self.grades.mistake,
                       "blunder": self.grades.blunder},
            "total": self.total,
            "finished": self.finished,
            "winners": list(self.winners),
            "series": [list(v) for v in self.series],
            "plies": [_ply_json(p) for p in self.plies],
            "totals": [t.to_json() for t in self.totals()],
        }

    def dumps(self) -> str:
        """Compact JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> "Analysis":
        """Read an analysis (a dict or JSON text). Raises `AnalysisFormatError` saying what is wrong."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except (ValueError, RecursionError) as exc:
                raise AnalysisFormatError(f"not an analysis: the text is not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise AnalysisFormatError("not an analysis: expected a JSON object")
        if data.get("format") != FORMAT:
            raise AnalysisFormatError(f"not an analysis: format is {_show(data.get('format'))}, expected {FORMAT!r}")
        version = data.get("version")
        if version != VERSION or isinstance(version, bool):
            raise AnalysisFormatError(f"analysis version {_show(version)} is not one this app can read (it reads {VERSION})")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise AnalysisFormatError("analysis has no game id")
        players = _int(data, "players", 1)
        settings_data = _dict(data, "settings")
        try:
            fields: list[Any] = [settings_data.get(k) for k in ("depth", "budget", "chance_depth")]
            settings = Settings(*fields)  # which checks them
        except ValueError as exc:
            raise AnalysisFormatError(f"analysis settings: {exc}") from None
        grades_data = _dict(data, "grades")
        try:
            grades = Grades(*(_number(grades_data, k) for k in ("inaccuracy", "mistake", "blunder")))
        except ValueError as exc:
            raise AnalysisFormatError(f"analysis grades: {exc}") from None
        total = _int(data, "total", 0)
        finished = data.get("finished")
        if not isinstance(finished, bool):
            raise AnalysisFormatError("analysis 'finished' is not true or false")
        winners = _list(data, "winners")
        if not all(_is_int(w) and 0 <= w < players for w in winners) or len(set(winners)) != len(winners):
            raise AnalysisFormatError(f"analysis winners {_show(winners)} are not distinct players")
        plies_data = _list(data, "plies")
        if len(plies_data) > total:
            raise AnalysisFormatError(f"analysis has {len(plies_data)} plies, more than the {total} actions")
        plies = tuple(_read_ply(p, k, players) for k, p in enumerate(plies_data))
        series_data = _list(data, "series")
        if len(series_data) != len(plies) + 1:
            raise AnalysisFormatError(f"analysis series has {len(series_data)} values, expected {len(plies) + 1}")
        series = tuple(_vector(v, players, f"series[{k}]") for k, v in enumerate(series_data))
        return cls(game, players, settings, grades, total, finished, tuple(winners), series, plies)

    @classmethod
    def loads(cls, text: str) -> "Analysis":
        return cls.from_json(text)


def _ply_json(ply: Ply) -> dict[str, Any]:
    if isinstance(ply, Decision):
        return {"kind": "decision", "ply": ply.ply, "player": ply.player, "played": ply.played,
                "best": ply.best, "played_value": ply.played_value, "best_value": ply.best_value,
                "loss": ply.loss, "grade": ply.grade, "forced": ply.forced, "depth": ply.depth}
    return {"kind": "chance", "ply": ply.ply, "outcome": ply.outcome, "probability": ply.probability,
            "expected": list(ply.expected), "luck": list(ply.luck)}


def _show(value: object) -> str:
    """A short repr of a bad value for a message (never fails: an int past Python's digit limit)."""
    try:
        text = repr(value)
    except ValueError:
        return "a number too long to show"
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(data: Mapping[str, Any], key: str, low: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise AnalysisFormatError(f"analysis {key!r} is not a whole number >= {low}: {_show(value)}")
    return value


def _number(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key)
    try:
        number = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else math.nan
    except OverflowError:  # an int too large for a float
        number = math.nan
    if not math.isfinite(number):
        raise AnalysisFormatError(f"analysis {key!r} is not a finite number: {_show(value)}")
    return number


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise AnalysisFormatError(f"analysis {key!r} is not text: {_show(value)}")
    return value


def _dict(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise AnalysisFormatError(f"analysis {key!r} is not an object")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise AnalysisFormatError(f"analysis {key!r} is not a list")
    return value


def _vector(value: Any, players: int, where: str) -> Vector:
    if not isinstance(value, list) or len(value) != players:
        raise AnalysisFormatError(f"analysis {where} is not a list of {players} numbers")
    return tuple(_number({where: v}, where) for v in value)


def _read_ply(data: Any, index: int, players: int) -> Ply:
    where = f"ply {index}"
    if not isinstance(data, dict):
        raise AnalysisFormatError(f"analysis {where} is not an object")
    if data.get("ply") != index or not _is_int(data.get("ply")):
        raise AnalysisFormatError(f"analysis {where} is numbered {_show(data.get('ply'))}")
    kind = data.get("kind")
    if kind == "decision":
        player = _int(data, "player", 0)
        if player >= players:
            raise AnalysisFormatError(f"analysis {where}: player {player} of {players}")
        grade_name = data.get("grade")
        if grade_name not in GRADES:
            raise AnalysisFormatError(f"analysis {where}: unknown grade {_show(grade_name)}")
        forced = data.get("forced")
        if not isinstance(forced, bool):
            raise AnalysisFormatError(f"analysis {where}: 'forced' is not true or false")
        loss = _number(data, "loss")
        if loss < 0:
            raise AnalysisFormatError(f"analysis {where}: negative loss {loss}")
        return Decision(index, player, _text(data, "played"), _text(data, "best"), _number(data, "played_value"),
                        _number(data, "best_value"), loss, grade_name, forced, _int(data, "depth", 1))
    if kind == "chance":
        probability = _number(data, "probability")
        if not 0.0 < probability <= 1.0:
            raise AnalysisFormatError(f"analysis {where}: probability {probability} is not in (0, 1]")
        return Roll(index, _text(data, "outcome"), probability, _vector(data.get("expected"), players, f"{where} expected"),
                    _vector(data.get("luck"), players, f"{where} luck"))
    raise AnalysisFormatError(f"analysis {where} has unknown kind {_show(kind)}")
