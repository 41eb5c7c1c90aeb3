"""Quorsum rules (docs/rules/quorsum.md): the state, its legal actions and `apply`.

The sections below follow the rules file: §3 set-up (roll-off, opening choice, placement),
§4.1 allocation, §4.2 resolution with the chain rule, §4.3/§7 end of turn and stalemate, §6 the
flip lock, §8 the end of a game and match play. Every GUESS of the rules file is an option of
`Rules` (see docs/notation/quorsum.md).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from qipan.core import CHANCE, TERMINAL, IllegalAction, Outcome, State
from qipan.games.quorsum.actions import (
    END_TURN,
    FIRST,
    FLIP,
    GO,
    MOVE,
    PLACE,
    STOP,
    Action,
    Allot,
    Choose,
    Dice,
    Go,
    Lay,
    Place,
    RollOff,
    Step,
    Try,
)
from qipan.games.quorsum.board import CORNERS, NEIGHBOURS, distance, home_of

DICE = 4
"""§4.1: dice per turn."""
STALEMATE_LIMIT = 6
"""§7: the game ends when the counter reaches 6."""
TILE_COUNTS = 5
"""§1: five tiles of each value 2..6."""
VALUES = (2, 3, 4, 5, 6)
DARK, LIGHT = 0, 1

Pawn = tuple[int, int, int]
"""A pawn: `(cell, home, ref)` (`ref`: the distance its progress is measured against, §7)."""
Allotted = tuple[str, int, int]
"""An allotted action: `(kind, cell, dice)`."""


class Phase(enum.StrEnum):
    """The turn structure of §3 and §4; each value is the phase's name in the position text."""

    ROLLOFF = "rolloff"   # chance: §3.2 opening roll (game 1 of a match, or a single game)
    LAYOUT = "layout"     # chance: §3.1 layout of a later game of a match, one tile per outcome
    CHOOSING = "choose"   # §3.2 the opening choice
    PLACING = "place"     # §3.3 the placement of the four pawns
    ALLOCATE = "alloc"    # §4.1 allotting dice
    RESOLVE = "resolve"   # §4.2 picking the next action (or ending the turn)
    CHAIN = "chain"       # §4.2 a move chain: declare a step or stop
    ROLL = "roll"         # chance: dice rolled for a flip or a step
    OVER = "over"         # the game (or the match) is over


ROLLOFF, LAYOUT, CHOOSING, PLACING, ALLOCATE, RESOLVE, CHAIN, ROLL, OVER = Phase

LOCK_MODES = ("until_next_turn", "this_turn")
PROGRESS_MODES = ("turn_start", "best_ever")
MATCH_TIES = ("play_on", "draw")
COLOUR_MODES = ("coin", "balanced")
OPTION_CHOICES = {"flip_lock": LOCK_MODES, "stalemate_progress": PROGRESS_MODES, "match_tie": MATCH_TIES,
                  "setup_colours": COLOUR_MODES}
"""The values each text option of `Rules` takes."""
OPTION_BOUNDS = {"draw_points": (0, 2), "match_target": (0, 99)}
"""The lowest and highest value of each int option of `Rules` (A13 draw points, §8 match target)."""


class Termination(enum.Enum):
    """How the (last) game ended: §8 normal win, §8 double win, §7 stalemate."""
    HOME = "home"
    DOUBLE = "double"
    STALEMATE = "stalemate"


@dataclass(frozen=True)
class Rules:
    """The variant and every house-rule option that affects play (defaults = the rules file)."""
    sprint: bool = False
    """§9 Quorsum Sprint: all tiles one colour, no flipping."""
    flip_lock: str = "until_next_turn"
    """A1: a flipped tile is locked until the flipper's next turn ("this_turn": only this turn)."""
    one_move_per_pawn: bool = True
    """A4: at most one MOVE action per pawn per turn (False: several move groups per pawn)."""
    may_stop_chain: bool = True
    """A3: a chain may be stopped while dice remain."""
    freeze_home: bool = False
    """A14: a pawn standing on its home may not move (False: it may leave again)."""
    stalemate_progress: str = "turn_start"
    """A10: progress = closer than at the start of the turn ("best_ever": than ever before)."""
    stalemate_double: bool = False
    """A12: a stalemate win counts double when the loser has no pawn home."""
    draw_points: int = 1
    """A13: match points each player gets for a drawn game."""
    match_target: int = 0
    """§8 match play: the agreed target score (0 = a single game)."""
    match_tie: str = "play_on"
    """§8 GUESS: both players at or over the target and level: play on, or the match is drawn."""
    setup_colours: str = "coin"
    """A9: face-up colours at set-up: a fair coin per tile, or "balanced" (8 dark, 8 light)."""

    def options(self) -> dict[str, Any]:
        """The options as a dict (without the variant)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "sprint"}


OPTION_DEFAULTS: dict[str, Any] = Rules().options()


def success_probability(dice: int, value: int) -> Fraction:
    """§5: chance that at least one of `dice` dice shows `value` or more: 1 - ((t-1)/6)^n."""
    return 1 - Fraction(value - 1, 6) ** dice


def _binomial(dice: int, value: int) -> tuple[tuple[Dice, Fraction], ...]:
    p = Fraction(7 - value, 6)
    return tuple((Dice(m), comb(dice, m) * p ** m * (1 - p) ** (dice - m)) for m in range(dice + 1))


DICE_OUTCOMES = {(k, t): _binomial(k, t) for k in range(1, DICE + 1) for t in VALUES}
"""(dice, value) -> the outcomes `Dice(met)` with their binomial probabilities (§11 Chance)."""
ROLLOFF_OUTCOMES = tuple((RollOff(a, b), Fraction(1, 30))
                         for a in range(1, 7) for b in range(1, 7) if a != b)
"""§3.2: ties are re-rolled, so the 30 unequal pairs are equally likely."""
PLACEMENTS = tuple(Place(pair) for pair in combinations(CORNERS, 2))
"""§3.3: the six ways to choose player 1's two corners."""
CHOICES = (Choose(FIRST), Choose(PLACE))


@dataclass(frozen=True, slots=True)
class QuorsumState(State[Action]):
    """A Quorsum position. Immutable; equality and hash by content.

    Fields: `rules`; `values`, `colours`, `locks` (16 entries each; value 0 = not laid yet,
    colour 0 dark / 1 light, lock -1 or the player who flipped it); `pawns` (per player a tuple
    of pawns `(cell, home, ref)` sorted by cell, `ref` = the distance progress is measured
    against, §7; empty before placement); `phase`; `player` (the player whose turn or choice it
    is, -1 at set-up chance nodes and at the end); `todo` (allotted and not yet resolved actions,
    sorted `(kind, cell, dice)`); `chain` (`(cell, dice)` of the running move, or None); `roll`
    (`(kind, cell, dice)` being rolled, or None); `stalemate` (the counter); `score` (match
    points so far); `chooser` (who makes the current game's opening choice, -1 before the
    roll-off).
    """

    rules: Rules
    values: tuple[int, ...]
    colours: tuple[int, ...]
    locks: tuple[int, ...]
    pawns: tuple[tuple[Pawn, ...], ...]
    phase: Phase
    player: int
    todo: tuple[Allotted, ...] = ()
    chain: tuple[int, int] | None = None
    roll: Allotted | None = None
    stalemate: int = 0
    score: tuple[int, int] = (0, 0)
    chooser: int = -1
    _legal: tuple[Action, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def with_rules(self, rules: Rules) -> "QuorsumState":
        """The same position under other rules (e.g. a game of a match as a single game)."""
        return replace(self, rules=rules)

    def _with(self, **changes: Any) -> "QuorsumState":
        return replace(self, **changes)

    # ----------------------------------------------------------------- questions

    @property
    def players(self) -> int:
        """Quorsum is for two players."""
        return 2

    @property
    def to_move(self) -> int:
        phase = self.phase
        if phase in (ROLLOFF, LAYOUT, ROLL):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.player

    def occupant(self, cell: int) -> int:
        """The player whose pawn stands on `cell`, or -1."""
        for player, pawns in enumerate(self.pawns):
            for pawn in pawns:
                if pawn[0] == cell:
                    return player
        return -1

    def pawn_at(self, cell: int) -> Pawn | None:
        """The pawn `(cell, home, ref)` on `cell`, if any."""
        for pawns in self.pawns:
            for pawn in pawns:
                if pawn[0] == cell:
                    return pawn
        return None

    def distances(self, player: int) -> tuple[int, int]:
        """§7: the player's two pawn distances to their homes, smaller first."""
        a, b = (distance(cell, home) for cell, home, _ in self.pawns[player])
        return (a, b) if a <= b else (b, a)

    def pawns_home(self, player: int) -> int:
        """How many of the player's pawns stand on their own home."""
        return sum(1 for cell, home, _ in self.pawns[player] if cell == home)

    def step_targets(self, cell: int) -> tuple[int, ...]:
        """§5: the tiles the pawn on `cell` may step to: adjacent, vacant, the same colour."""
        pawn = self.pawn_at(cell)
        if pawn is None or (self.rules.freeze_home and pawn[0] == pawn[1]):
            return ()
        occupied = {p[0] for pawns in self.pawns for p in pawns}
        colour = self.colours[cell]
        colours = self.colours
        return tuple(y for y in NEIGHBOURS[cell] if y not in occupied and colours[y] == colour)

    def dice_left(self) -> int:
        """During allocation, the dice not yet allotted (for a UI's dice tray)."""
        return DICE - sum(k for _, _, k in self.todo)

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._generate()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _generate(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == ROLL or phase == LAYOUT or phase == ROLLOFF:
            return tuple(a for a, _ in self.chance_outcomes())
        if phase == ALLOCATE:
            return self._allocations()
        if phase == RESOLVE:
            seen = dict.fromkeys(Try(kind, cell, k) for kind, cell, k in self.todo)
            return (*seen, END_TURN)
        if phase == CHAIN:
            # the CHAIN phase always has a chain (a type can't say so; no check in the move generator)
            steps = tuple(Step(y) for y in self.step_targets(self.chain[0]))  # type: ignore[index]
            return (*steps, STOP) if self.rules.may_stop_chain else steps
        if phase == CHOOSING:
            return CHOICES
        if phase == PLACING:
            return PLACEMENTS
        return ()

    def _allocations(self) -> tuple[Allot | Go, ...]:
        """§4.1: allot 1..(dice left) dice to one more action, or finish the allocation."""
        rules = self.rules
        left = DICE - sum(k for _, _, k in self.todo)
        me = self.player
        taken = {(kind, cell) for kind, cell, _ in self.todo}
        targets: list[tuple[str, int]] = []
        for cell, home, _ in self.pawns[me]:
            if rules.freeze_home and cell == home:        # A14 option
                continue
            if rules.one_move_per_pawn and (MOVE, cell) in taken:  # A4
                continue
            targets.append((MOVE, cell))
        if not rules.sprint:                                 # §9: no flipping in Sprint
            locks = self.locks
            opponent = {p[0] for p in self.pawns[1 - me]}
            for cell in range(16):
                # §4.1 pruning: a locked tile or an opponent's tile stays unflippable all turn;
                # one FLIP action per tile (§6 lock).
                if locks[cell] < 0 and cell not in opponent and (FLIP, cell) not in taken:
                    targets.append((FLIP, cell))
        actions: list[Allot | Go] = [Allot(kind, cell, k) for kind, cell in targets for k in range(1, left + 1)]
        actions.append(GO)
        return tuple(actions)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        phase = self.phase
        if phase == ROLL:
            # the ROLL phase always has a roll (a type can't say so; no check in the move generator)
            _, cell, k = self.roll  # type: ignore[misc]
            return DICE_OUTCOMES[(k, self.values[cell])]
        if phase == ROLLOFF:
            return ROLLOFF_OUTCOMES
        if phase == LAYOUT:
            return self._layout_outcomes()
        raise IllegalAction(f"not a chance node: phase {str(phase)!r}, player {self.player + 1} to move")

    def _layout_outcomes(self) -> tuple[tuple[Lay, Fraction], ...]:
        """§3.1 for later match games: the next cell gets a tile drawn from those left."""
        laid = [v for v in self.values if v]
        n = len(laid)
        if self.rules.sprint:
            colour_odds: tuple[tuple[int, Fraction], ...] = ((DARK, Fraction(1)),)
        elif self.rules.setup_colours == "balanced":
            dark = 8 - sum(1 for c in self.colours[:n] if c == DARK)
            colour_odds = tuple((c, Fraction(w, 16 - n)) for c, w in ((DARK, dark), (LIGHT, 16 - n - dark)) if w)
        else:
            colour_odds = ((DARK, Fraction(1, 2)), (LIGHT, Fraction(1, 2)))
        out: list[tuple[Lay, Fraction]] = []
        for value in VALUES:
            left = TILE_COUNTS - laid.count(value)
            if left:
                for colour, pc in colour_odds:
                    out.append((Lay(value, colour), Fraction(left, 25 - n) * pc))
        return tuple(out)

    # ----------------------------------------------------------------- apply

    def apply_unchecked(self, action: Any) -> "QuorsumState":
        # `action` is an `Action`, typed Any: the dispatch tests `type(action)` once, kept in `kind`
        # (fast), and mypy narrows only a direct `type(action) is X`.
        kind = type(action)
        if kind is Dice:
            return self._roll_result(action.met)
        if kind is Step:
            return self._with(phase=ROLL, roll=(MOVE, action.cell, self.chain[1]))  # type: ignore[index]  # CHAIN phase: a chain
        if kind is Allot:
            return self._allot(action)
        if kind is Try:
            return self._try(action)
        if action is STOP or kind is type(STOP):
            return self._with(chain=None)._action_done()
        if action is END_TURN or kind is type(END_TURN):
            return self._with(todo=())._end_turn()
        if action is GO or kind is type(GO):
            return self._with(phase=RESOLVE)._action_done()
        if kind is RollOff:
            chooser = 0 if action.first > action.second else 1
            return self._with(phase=CHOOSING, player=chooser, chooser=chooser)
        if kind is Choose:
            placer = self.player if action.option == PLACE else 1 - self.player
            return self._with(phase=PLACING, player=placer)
        if kind is Place:
            return self._place(action.corners)
        if kind is Lay:
            return self._lay(action)
        raise IllegalAction(f"{action!r} is not a Quorsum action")

    # §3 set-up --------------------------------------------------------------

    def _lay(self, action: Lay) -> "QuorsumState":
        n = sum(1 for v in self.values if v)
        values = self.values[:n] + (action.value,) + self.values[n + 1:]
        colours = self.colours[:n] + (action.colour,) + self.colours[n + 1:]
        if n < 15:
            return self._with(values=values, colours=colours)
        return self._with(values=values, colours=colours, phase=CHOOSING, player=self.chooser)

    def _place(self, corners: tuple[int, int]) -> "QuorsumState":
        """§3.3-3.4: pawns on the corners, each heading for the opposite corner; (A) moves first."""
        mine = tuple((c, home_of(c), 6) for c in corners)
        theirs = tuple((c, home_of(c), 6) for c in CORNERS if c not in corners)
        return self._with(pawns=(mine, theirs), phase=ALLOCATE, player=1 - self.player,
                          stalemate=0)

    # §4.1 allocation ----------------------------------------------------------

    def _allot(self, action: Allot) -> "QuorsumState":
        todo = tuple(sorted(self.todo + ((action.kind, action.cell, action.dice),)))
        if sum(k for _, _, k in todo) == DICE:       # every die is spoken for: start rolling
            return self._with(todo=todo, phase=RESOLVE)
        return self._with(todo=todo)

    # §4.2 resolution ----------------------------------------------------------

    def _try(self, action: Try) -> "QuorsumState":
        todo = list(self.todo)
        todo.remove((action.kind, action.cell, action.dice))
        rest = self._with(todo=tuple(todo))
        cell = action.cell
        if action.kind == FLIP:
            # A8: an occupied or locked tile cannot be flipped; the dice are wasted unrolled.
            if rest.locks[cell] >= 0 or rest.occupant(cell) >= 0:
                return rest._action_done()
            return rest._with(phase=ROLL, roll=(FLIP, cell, action.dice))
        if not rest.step_targets(cell):
            return rest._action_done()
        return rest._with(phase=CHAIN, chain=(cell, action.dice))

    def _roll_result(self, met: int) -> "QuorsumState":
        # the ROLL phase always has a roll, a move's roll a chain (a type can't say so; no check in apply)
        kind, cell, _ = self.roll  # type: ignore[misc]
        if kind == FLIP:
            if not met:
                return self._with(roll=None)._action_done()
            colours = list(self.colours)
            colours[cell] ^= 1
            locks = list(self.locks)
            locks[cell] = self.player               # §6: locked by the flipper
            return self._with(roll=None, colours=tuple(colours), locks=tuple(locks))._action_done()
        # §4.2 chain rule: no die met the value -> the pawn stays and the move ends.
        if not met:
            return self._with(roll=None, chain=None)._action_done()
        origin = self.chain[0]  # type: ignore[index]
        me = self.player
        pawns = list(self.pawns)
        pawns[me] = tuple(sorted((cell, home, ref) if c == origin else (c, home, ref)
                                 for c, home, ref in pawns[me]))
        # A4 option: further move groups of this pawn follow it to its new tile.
        todo = tuple(sorted((k, cell, n) if (k == MOVE and c == origin) else (k, c, n)
                            for k, c, n in self.todo)) if self.todo else ()
        moved = self._with(pawns=tuple(pawns), roll=None, todo=todo)
        if all(c == home for c, home, _ in moved.pawns[me]):   # §8: both pawns home, at once
            return moved._game_over()
        if moved.step_targets(cell):
            return moved._with(phase=CHAIN, chain=(cell, met))  # only the dice that met carry on
        return moved._with(chain=None)._action_done()

    def _action_done(self) -> "QuorsumState":
        """One action is resolved; the turn ends by itself when nothing is left to resolve."""
        if self.todo:
            return self._with(phase=RESOLVE, chain=None, roll=None)
        return self._end_turn()

    # §4.3 / §7 end of turn ------------------------------------------------------

    def _end_turn(self) -> "QuorsumState":
        me = self.player
        rules = self.rules
        mine = self.pawns[me]
        progress = any(distance(c, home) < ref for c, home, ref in mine)
        stalemate = 0 if progress else self.stalemate + 1
        pawns: tuple[tuple[Pawn, ...], ...]
        if rules.stalemate_progress == "best_ever":
            listed = list(self.pawns)
            listed[me] = tuple((c, home, min(ref, distance(c, home))) for c, home, ref in mine)
            pawns = tuple(listed)
        else:  # A10 default: the next turn is measured from where it starts
            pawns = tuple(tuple((c, home, distance(c, home)) for c, home, _ in side)
                          for side in self.pawns)
        ended = self._with(pawns=pawns, stalemate=stalemate, todo=(), chain=None, roll=None)
        if stalemate >= STALEMATE_LIMIT:
            return ended._game_over()
        nxt = 1 - me
        # §6: the next player's own locks end as their turn begins (A1 option: at turn end).
        clear = nxt if rules.flip_lock == "until_next_turn" else me
        locks = tuple(-1 if owner == clear else owner for owner in self.locks)
        return ended._with(locks=locks, phase=ALLOCATE, player=nxt)

    # §8 end of the game, match play ----------------------------------------------

    def _game_over(self) -> "QuorsumState":
        _, _, points = game_result(self)
        score = (self.score[0] + points[0], self.score[1] + points[1])
        rules = self.rules
        over = self._with(score=score, phase=OVER, player=-1, todo=(), chain=None, roll=None)
        if rules.match_target == 0 or match_decided(rules, score):
            return over
        # The next game: a fresh layout (chance), the opening choice alternates (§8).
        return QuorsumState(rules, (0,) * 16, (0,) * 16, (-1,) * 16, (), LAYOUT, -1,
                            score=score, chooser=1 - self.chooser)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        termination, winners, points = game_result(self)
        tiebreak = (self.distances(0), self.distances(1))
        if self.rules.match_target == 0:
            return Outcome(winners, points, termination, tiebreak)
        a, b = self.score
        match_winners = () if a == b else ((0,) if a > b else (1,))
        return Outcome(match_winners, self.score, termination, tiebreak)


def game_result(state: QuorsumState) -> tuple[Termination, tuple[int, ...], tuple[int, ...]]:
    """The result of the game on the board: how it ended, its winners and the points (§7, §8).

    Call it when the game is over: a player has both pawns home, or the stalemate counter ran out.
    """
    rules = state.rules
    for player in (0, 1):
        if state.pawns_home(player) == 2:
            double = state.pawns_home(1 - player) == 0    # §8 double win
            points = [0, 0]
            points[player] = 2 if double else 1
            return (Termination.DOUBLE if double else Termination.HOME), (player,), tuple(points)
    # §7 stalemate: the lexicographically smaller (d_min, d_max) wins; equal pairs draw.
    mine, theirs = state.distances(0), state.distances(1)
    if mine == theirs:
        return Termination.STALEMATE, (), (rules.draw_points, rules.draw_points)
    winner = 0 if mine < theirs else 1
    points = [0, 0]
    points[winner] = 2 if rules.stalemate_double and state.pawns_home(1 - winner) == 0 else 1  # A12
    return Termination.STALEMATE, (winner,), tuple(points)


def match_decided(rules: Rules, score: tuple[int, int]) -> bool:
    """§8: the match is over once a player reaches the target and leads (or by `match_tie`)."""
    if max(score) < rules.match_target:
        return False
    return score[0] != score[1] or rules.match_tie == "draw"
