"""The analysis run: a match (or a record) in, one `Decision` or `Roll` per ply out, incrementally.

`Analyser(match).steps()` is a generator that analyses one ply per step and yields `Progress`;
the caller cancels by simply not asking for the next step, and `result()` is the analysis of the
plies done so far at any moment. `analyse(source)` runs it to the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from qipan import games
from qipan.analysis.result import BEST_TOLERANCE, QUICK, Analysis, Decision, Ply, Roll, Settings, Vector, grade
from qipan.analysis.values import Valuer
from qipan.core import CHANCE, GameRecord, Grades, State
from qipan.match import Match


@dataclass(frozen=True)
class Progress:
    """One step of a run: `done` plies of `total` analysed, `ply` the one just done."""

    done: int
    total: int
    ply: Ply


def grades_of(game_id: str) -> Grades:
    """The grade thresholds of a game: its `GameAI.grades`, else the documented defaults."""
    return games.ai(game_id).grades or Grades()


class Analyser:
    """The analysis of one match, one ply at a time (`steps`), readable at any point (`result`).

    The match is read once when the analyser is made (later moves in it are not seen; analyse an
    unfinished game and it covers the game up to then). Raises `RecordError` for a record that does
    not replay and `games.UnknownGame` for an unknown game.
    """

    def __init__(self, source: Match | GameRecord | dict[str, Any] | str, settings: Settings = QUICK,
                 grades: Grades | None = None) -> None:
        match = source if isinstance(source, Match) else Match.from_record(source)
        self.game_id = match.game.id
        self.game = match.game
        self.players = match.players
        self.settings = settings
        self.grades = grades or grades_of(self.game_id)
        self.valuer = Valuer(games.ai(self.game_id), settings.chance_depth)
        self._states: tuple[State[Any], ...] = match.states()
        self._actions = match.actions
        self._plies: list[Ply] = []
        self._series: list[Vector] = []

    @property
    def total(self) -> int:
        """The plies (actions) to analyse."""
        return len(self._actions)

    def steps(self) -> Iterator[Progress]:
        """Analyse the plies not yet done, yielding after each one."""
        if not self._series:
            self._series.append(self._point(0))
        while len(self._plies) < self.total:
            k = len(self._plies)
            ply = self._analyse(k)
            self._plies.append(ply)
            self._series.append(self._point(k + 1))
            yield Progress(k + 1, self.total, ply)

    def run(self) -> Analysis:
        """Analyse every ply left; the whole analysis."""
        for _ in self.steps():
            pass
        return self.result()

    def result(self) -> Analysis:
        """The analysis of the plies done so far."""
        if not self._series:
            self._series.append(self._point(0))
        last = self._states[-1]
        outcome = last.outcome() if last.is_terminal() else None
        return Analysis(self.game_id, self.players, self.settings, self.grades, self.total,
                        outcome is not None, outcome.winners if outcome is not None else (),
                        tuple(self._series), tuple(self._plies))

    def _point(self, k: int) -> Vector:
        """The graph's value of state `k`: V, and at a chance node the mean of V over its outcomes
        (so that the graph moves at a roll by exactly that roll's luck)."""
        state = self._states[k]
        if state.to_move == CHANCE:
            return self.valuer.chance(state)[1]
        return self.valuer.value(state)

    def _analyse(self, k: int) -> Ply:
        state, after, text = self._states[k], self._states[k + 1], self._actions[k]
        if state.to_move == CHANCE:
            return roll_luck(self.valuer, state, after, k, text)
        player = state.to_move
        actions, results, depth = self.valuer.decision(state, self.settings.depth, self.settings.budget)
        played = self.game.parse_action(state, text)
        index = next((i for i, a in enumerate(actions) if a == played), None)
        if index is None:  # transposed: an action the order lists differently, same position after
            index = next(i for i, a in enumerate(actions) if state.apply_unchecked(a) == after)
        best = max(range(len(actions)), key=lambda i: (results[i][player], -i))
        best_value, played_value = results[best][player], results[index][player]
        loss = max(0.0, best_value - played_value)
        if loss <= BEST_TOLERANCE:
            loss = 0.0
        return Decision(k, player, text, self.game.action_text(state, actions[best]), played_value, best_value,
                        loss, grade(loss, self.grades), len(actions) == 1, depth)


def roll_luck(valuer: Valuer, state: State[Any], after: State[Any], ply: int = 0, text: str = "") -> Roll:
    """The luck of the chance outcome that led from `state` to `after`: each player's V after it
    minus the mean of V over every outcome, weighted by their exact probabilities."""
    outcomes, expected = valuer.chance(state)
    probability, values = next((p, v) for child, p, v in outcomes if child == after)
    return Roll(ply, text, probability, expected, tuple(v - e for v, e in zip(values, expected)))


def analyse(source: Match | GameRecord | dict[str, Any] | str, settings: Settings = QUICK) -> Analysis:
    """The whole analysis of a match or record (of the game so far, if it is not over)."""
    return Analyser(source, settings).run()
