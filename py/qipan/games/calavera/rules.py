"""Calavera: the state and its legal actions, section by section of rules/calavera.md.

A turn is a sequence of named phases (boardgame.io style):

    ROLL (chance) -> KEEP -> ROLL -> KEEP -> ROLL -> CHOOSE -> MARK (each other player) -> next turn

A phase in which the player to act has no legal option is skipped (rules §4.2 and §4.3: "that
player does nothing"), so every state that waits for a player offers at least one action.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, NamedTuple

from qipan.core import CHANCE, TERMINAL, IllegalAction, Outcome, State
from qipan.games.calavera.actions import (
    Action,
    Choice,
    Freeze,
    Pass,
    Reroll,
    Roll,
    Stop,
    TakeColour,
    TakeRoses,
)
from qipan.games.calavera.dice import DICE, ROLLS, ROSE, SKULL
from qipan.games.calavera.sheet import BONUS_LINES, BOXES, DEATH_FROM, FREEZE_ROSES, VALUES

MIN_PLAYERS, MAX_PLAYERS = 2, 4
ROWS = 4
"""Colour rows per sheet (rules §1.3)."""
MAX_ROLLS = 3
"""The first roll plus up to two re-rolls (rules §4.1.5)."""
BUST_SKULLS = 3
"""Locked skulls that end the rolling phase in a bust (rules §4.1.3, A12)."""

NO_BONUS, FIRST, LATER = 0, 1, 2
"""A player's mark on a bonus line: not reached, the `first` value, the `later` value."""

NO_DICE = (0, 0, 0, 0, 0)


class Phase(enum.StrEnum):
    """Where the turn stands."""

    ROLL = "roll"      # chance: the dice not kept are rolled
    KEEP = "keep"      # the active player stops or re-rolls some dice
    CHOOSE = "choose"  # the active player takes a colour, the roses, or freezes
    MARK = "mark"      # the other players, one at a time, make their obligatory marks
    OVER = "over"      # the game has ended


class Termination(enum.Enum):
    """How a game of Calavera ends (rules §5): there is only one way."""

    ALL_ROWS_FROZEN = "all_rows_frozen"


class Rules(NamedTuple):
    """The house-rule switches that change play (rules §7; see docs/notation/calavera.md)."""

    passive_crosses: str = "dice"                 # A3: "dice" | "skulls"
    passive_exclusion: str = "dice"               # A14: "dice" | "colour"
    bonus_same_turn: str = "active_then_passive"  # A10: | "all_share_first"
    freeze_takes: str = "all"                     # A6: "all" | "needed"
    active_may_pass: bool = False                 # A5
    even_rounds: bool = False                     # A11


RULE_CHOICES: dict[str, tuple[str, ...] | tuple[bool, ...]] = {
    "passive_crosses": ("dice", "skulls"),
    "passive_exclusion": ("dice", "colour"),
    "bonus_same_turn": ("active_then_passive", "all_share_first"),
    "freeze_takes": ("all", "needed"),
    "active_may_pass": (False, True),
    "even_rounds": (False, True),
}
"""The allowed values of every rule switch; the first is the default."""

_STOP = Stop()
_PASS = Pass()
_TAKE_COLOUR = tuple(TakeColour(row) for row in range(ROWS))
_TAKE_ROSES = tuple(TakeRoses(row) for row in range(ROWS))
_FREEZE = tuple(Freeze(row) for row in range(ROWS))
_ROLL_ACTIONS = tuple(tuple(Roll(dice) for dice, _ in table) for table in ROLLS)
_CHANCE = tuple(tuple((Roll(dice), p) for dice, p in table) for table in ROLLS)
_REROLLS: dict[tuple[int, ...], tuple[Reroll, ...]] = {}


def row_value(crosses: int) -> int:
    """A row's score: the value of its furthest crossed box, 0 when empty (rules §5).
    A frozen row is frozen at its current box, so this is also its frozen value."""
    return VALUES[crosses - 1] if crosses else 0


# --- §4.1 Rolling phase -------------------------------------------------------------------

def reroll_choices(dice: tuple[int, ...]) -> tuple[Reroll, ...]:
    """Every non-empty sub-multiset of the non-skull dice, to re-roll (rules §4.1.4: any subset,
    kept dice included; skulls never)."""
    found = _REROLLS.get(dice)
    if found is None:
        found = tuple(Reroll(c) for c in product(*(range(n + 1) for n in dice)) if any(c))
        _REROLLS[dice] = found
    return found


# --- §4.2 Active player's choice ------------------------------------------------------------

def freeze_need(crosses: int) -> int | None:
    """Roses needed to freeze a row with this many crosses; None outside the score zone
    (rules §4.2c, A13: only at the current box, only in the score zone)."""
    return FREEZE_ROSES[crosses - 1] if crosses else None


def active_options(crosses: tuple[int, ...], frozen: tuple[bool, ...],
                   dice: tuple[int, ...]) -> tuple[Choice, ...]:
    """The active player's options (rules §4.2): each colour showing on an unfrozen row, all
    roses as any unfrozen colour, freezing an unfrozen row with enough roses."""
    options: list[Choice] = [_TAKE_COLOUR[row] for row in range(ROWS) if dice[row] and not frozen[row]]
    roses = dice[ROSE]
    if roses:
        options.extend(_TAKE_ROSES[row] for row in range(ROWS) if not frozen[row])
        for row in range(ROWS):
            need = freeze_need(crosses[row])
            if need is not None and roses >= need and not frozen[row]:
                options.append(_FREEZE[row])
    return tuple(options)


# --- §4.3 Passive players' obligatory marking -----------------------------------------------

def passive_options(frozen: tuple[bool, ...], available: tuple[int, ...],
                    excluded: int) -> tuple[Choice, ...]:
    """A passive player's options (rules §4.3): an available colour on an unfrozen row, or the
    available roses as any unfrozen colour; never a freeze. `excluded` is a row the
    `passive_exclusion="colour"` rule forbids (-1 for none)."""
    options: list[Choice] = [_TAKE_COLOUR[row] for row in range(ROWS)
                             if available[row] and not frozen[row] and row != excluded]
    if available[ROSE]:
        options.extend(_TAKE_ROSES[row] for row in range(ROWS) if not frozen[row] and row != excluded)
    return tuple(options)


# --- §4.5 Death zone and §4.6 bonus lines --------------------------------------------------

def _cross(crosses: tuple[tuple[int, ...], ...], frozen: tuple[tuple[bool, ...], ...],
           player: int, row: int, count: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[bool, ...], ...]]:
    """Make `count` crosses in one row, all before the death-zone check (rules §4.5);
    crosses past the last box are dropped (A9). Returns the new crosses and frozen tables."""
    sheet = list(crosses[player])
    sheet[row] = reached = min(sheet[row] + count, BOXES)
    crosses = crosses[:player] + (tuple(sheet),) + crosses[player + 1:]
    if reached - 1 >= DEATH_FROM:
        flags = list(frozen[player])
        flags[row] = True
        frozen = frozen[:player] + (tuple(flags),) + frozen[player + 1:]
    return crosses, frozen


def _reach_lines(bonus: tuple[tuple[int, ...], ...], player: int, sheet: tuple[int, ...],
                 claimed: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """Award every bonus line the player's four rows now all reach (rules §4.6): `first` unless
    the line was already claimed before this marking stage, else `later`."""
    low = min(sheet)
    marks = bonus[player]
    new = tuple((LATER if claimed[i] else FIRST)
                if mark == NO_BONUS and low > BONUS_LINES[i].after else mark
                for i, mark in enumerate(marks))
    if new == marks:
        return bonus
    return bonus[:player] + (new,) + bonus[player + 1:]


def claimed_lines(bonus: tuple[tuple[int, ...], ...]) -> tuple[bool, ...]:
    """The lines whose `first` value some player holds."""
    return tuple(any(marks[i] == FIRST for marks in bonus) for i in range(len(BONUS_LINES)))


# --- The state -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CalaveraState(State[Action]):
    """A Calavera position. Per player: `crosses[p][row]` (0..16 boxes crossed),
    `frozen[p][row]`, `bonus[p][line]` (NO_BONUS / FIRST / LATER). `claimed[line]`: the line's
    first value was taken before the current marking stage. The turn: `phase`, `active`,
    `rolls` made, `dice` (non-skull dice showing, count per O P G B rose; in the ROLL phase the
    dice kept), `skulls` locked aside, and in the MARK phase the active player's `choice`
    (None after a bust or when they had no option) and the `marker` to mark next."""

    rules: Rules
    start: int
    crosses: tuple[tuple[int, ...], ...]
    frozen: tuple[tuple[bool, ...], ...]
    bonus: tuple[tuple[int, ...], ...]
    claimed: tuple[bool, ...]
    phase: Phase
    active: int
    rolls: int = 0
    dice: tuple[int, ...] = NO_DICE
    skulls: int = 0
    choice: Choice | None = None
    marker: int = -1
    _legal: tuple[Action, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _legal_set: frozenset[Action] | None = field(default=None, init=False, repr=False, compare=False)

    # -- queries --

    @property
    def players(self) -> int:
        """2 to 4: one score sheet each."""
        return len(self.crosses)

    @property
    def to_move(self) -> int:
        phase = self.phase
        if phase is Phase.ROLL:
            return CHANCE
        if phase is Phase.MARK:
            return self.marker
        if phase is Phase.OVER:
            return TERMINAL
        return self.active

    @property
    def to_roll(self) -> int:
        """How many dice the next roll throws (rules §4.1: all dice not kept and not skulls)."""
        return DICE - self.skulls - sum(self.dice)

    @property
    def is_bust(self) -> bool:
        """Three or more skulls locked this turn (rules §4.4)."""
        return self.skulls >= BUST_SKULLS

    def available(self) -> tuple[int, ...]:
        """The dice the passive players may use: the non-skull dice minus those the active
        player took (rules §4.3; A7, A8; A6 for a freeze)."""
        # Any: the exact-class dispatch below reads `type(...)` once into `kind` (fast), and mypy narrows
        # only a direct `type(x) is X` test.
        choice: Any
        dice, choice = self.dice, self.choice
        kind = type(choice)
        if kind is TakeColour:
            return dice[:choice.row] + (0,) + dice[choice.row + 1:]
        if kind is TakeRoses or (kind is Freeze and self.rules.freeze_takes == "all"):
            return dice[:ROSE] + (0,)
        if kind is Freeze:
            need = freeze_need(self.crosses[self.active][choice.row])
            return dice[:ROSE] + (dice[ROSE] - need,)  # type: ignore[operator]  # a legal Freeze: need is set
        return dice

    def excluded_row(self) -> int:
        """The row passive players may not mark under `passive_exclusion="colour"` (rules A14:
        the colour the active player crossed); -1 when none."""
        if self.rules.passive_exclusion == "colour" and type(self.choice) in (TakeColour, TakeRoses):
            return self.choice.row  # type: ignore[union-attr]  # the class test above: a TakeColour or TakeRoses
        return -1

    def marking_options(self, player: int) -> tuple[Choice, ...]:
        """What `player` could mark as a passive player from the dice now available."""
        return passive_options(self.frozen[player], self.available(), self.excluded_row())

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._generate()
            object.__setattr__(self, "_legal", legal)
        return legal

    def is_legal(self, action: object) -> bool:
        """Whether `action` is one of `legal_actions()` (a set lookup, cached)."""
        legal = self._legal_set
        if legal is None:
            legal = frozenset(self.legal_actions())
            object.__setattr__(self, "_legal_set", legal)
        try:
            return action in legal
        except TypeError:  # unhashable: not an action
            return False

    def apply(self, action: Action) -> "CalaveraState":
        """The next state; `IllegalAction` naming the action and the position if not legal."""
        if not self.is_legal(action):
            raise self.illegal(action)
        return self.apply_unchecked(action)

    def _generate(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is Phase.ROLL:
            return _ROLL_ACTIONS[self.to_roll]
        if phase is Phase.KEEP:
            return (_STOP,) + reroll_choices(self.dice)
        if phase is Phase.CHOOSE:
            options = active_options(self.crosses[self.active], self.frozen[self.active], self.dice)
            return options + (_PASS,) if self.rules.active_may_pass else options
        if phase is Phase.MARK:
            return self.marking_options(self.marker)
        return ()

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.phase is not Phase.ROLL:
            raise IllegalAction(f"not a chance node: the phase is {self.phase.value}")
        return _CHANCE[self.to_roll]

    def row_scores(self, player: int) -> tuple[int, ...]:
        """The four row scores of a player (rules §5)."""
        return tuple(row_value(n) for n in self.crosses[player])

    def bonus_points(self, player: int) -> int:
        """The player's bonus-line points (rules §4.6)."""
        return sum(line.first if mark == FIRST else line.later if mark == LATER else 0
                   for line, mark in zip(BONUS_LINES, self.bonus[player]))

    def score(self, player: int) -> int:
        """Total: the four row scores plus the bonus points (rules §5)."""
        return sum(self.row_scores(player)) + self.bonus_points(player)

    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.OVER:
            return None
        scores = tuple(self.score(p) for p in range(self.players))
        best = max(scores)
        # rules §5: the official tie-break is a joke, so tied players share the win
        return Outcome(tuple(p for p, s in enumerate(scores) if s == best), scores,
                       Termination.ALL_ROWS_FROZEN)

    # -- transitions --

    def apply_unchecked(self, action: Any) -> "CalaveraState":
        # `action` is an `Action`, typed Any: the exact-class dispatch reads `type(action)` once into
        # `kind` (fast), and mypy narrows only a direct `type(action) is X` test.
        kind = type(action)
        if kind is Roll:
            return self._rolled(action.dice)
        if kind is Reroll:
            kept = tuple(have - out for have, out in zip(self.dice, action.dice))
            return CalaveraState(self.rules, self.start, self.crosses, self.frozen, self.bonus, self.claimed,
                                 Phase.ROLL, self.active, self.rolls, kept, self.skulls)
        if kind is Stop:
            return self._begin_choosing(self.rolls, self.dice, self.skulls)
        if self.phase is Phase.CHOOSE:
            return self._chosen(action)
        return self._marked(action)

    def _rolled(self, rolled: tuple[int, ...]) -> "CalaveraState":
        """§4.1.2-5: skulls are locked aside; 3+ skulls bust; after the third roll the result stands."""
        dice = tuple(have + new for have, new in zip(self.dice, rolled))
        skulls = self.skulls + rolled[SKULL]
        rolls = self.rolls + 1
        if skulls >= BUST_SKULLS:
            # §4.4: the active player marks nothing; the others use all non-skull dice
            return self._begin_marking(self.crosses, self.frozen, self.bonus, rolls, dice, skulls, None)
        if rolls == MAX_ROLLS:
            return self._begin_choosing(rolls, dice, skulls)
        return CalaveraState(self.rules, self.start, self.crosses, self.frozen, self.bonus, self.claimed,
                             Phase.KEEP, self.active, rolls, dice, skulls)

    def _begin_choosing(self, rolls: int, dice: tuple[int, ...], skulls: int) -> "CalaveraState":
        """§4.2: the active player picks one option; with none legal they do nothing."""
        active = self.active
        if active_options(self.crosses[active], self.frozen[active], dice):
            return CalaveraState(self.rules, self.start, self.crosses, self.frozen, self.bonus, self.claimed,
                                 Phase.CHOOSE, active, rolls, dice, skulls)
        if skulls:
            return self._begin_marking(self.crosses, self.frozen, self.bonus, rolls, dice, skulls, None)
        return self._end_turn(self.crosses, self.frozen, self.bonus)

    def _chosen(self, choice: Any) -> "CalaveraState":
        """§4.2 (a) colour, (b) roses, (c) freeze; then §4.5 and §4.6 for the active player.
        `choice` is a `Choice`, typed Any for the exact-class dispatch (see `apply_unchecked`)."""
        active, crosses, frozen, bonus = self.active, self.crosses, self.frozen, self.bonus
        kind = type(choice)
        if kind is Freeze:
            flags = list(frozen[active])
            flags[choice.row] = True
            frozen = frozen[:active] + (tuple(flags),) + frozen[active + 1:]
        elif kind is not Pass:
            count = self.dice[choice.row] if kind is TakeColour else self.dice[ROSE]
            crosses, frozen = _cross(crosses, frozen, active, choice.row, count)
            bonus = _reach_lines(bonus, active, crosses[active], self.claimed)
        if self.skulls:
            return self._begin_marking(crosses, frozen, bonus, self.rolls, self.dice, self.skulls, choice)
        return self._end_turn(crosses, frozen, bonus)

    def _begin_marking(self, crosses: tuple[tuple[int, ...], ...], frozen: tuple[tuple[bool, ...], ...],
                       bonus: tuple[tuple[int, ...], ...], rolls: int, dice: tuple[int, ...], skulls: int,
                       choice: Choice | None) -> "CalaveraState":
        """§4.3: with a skull in the result, the other players mark in turn order."""
        claimed = self.claimed
        if self.rules.bonus_same_turn == "active_then_passive":
            claimed = claimed_lines(bonus)  # §4.6, A10: the active player's marking is settled first
        marking = CalaveraState(self.rules, self.start, crosses, frozen, bonus, claimed,
                                Phase.MARK, self.active, rolls, dice, skulls, choice, self.active)
        return marking._next_marker()

    def _next_marker(self) -> "CalaveraState":
        """Hand the marking to the next other player with an option; end the turn after the last."""
        players, active = self.players, self.active
        available, excluded = self.available(), self.excluded_row()
        player = (self.marker + 1) % players
        while player != active:
            if passive_options(self.frozen[player], available, excluded):
                return CalaveraState(self.rules, self.start, self.crosses, self.frozen, self.bonus,
                                     self.claimed, Phase.MARK, active, self.rolls, self.dice, self.skulls,
                                     self.choice, player)
            player = (player + 1) % players
        return self._end_turn(self.crosses, self.frozen, self.bonus)

    def _marked(self, choice: TakeColour | TakeRoses) -> "CalaveraState":
        """§4.3 (a)/(b): the marker crosses one box per available die (or per skull, A3)."""
        marker, available = self.marker, self.available()
        if self.rules.passive_crosses == "skulls":
            count = self.skulls
        else:
            count = available[choice.row] if type(choice) is TakeColour else available[ROSE]
        crosses, frozen = _cross(self.crosses, self.frozen, marker, choice.row, count)
        bonus = _reach_lines(self.bonus, marker, crosses[marker], self.claimed)
        after = CalaveraState(self.rules, self.start, crosses, frozen, bonus, self.claimed,
                              Phase.MARK, self.active, self.rolls, self.dice, self.skulls, self.choice, marker)
        return after._next_marker()

    def _end_turn(self, crosses: tuple[tuple[int, ...], ...], frozen: tuple[tuple[bool, ...], ...],
                  bonus: tuple[tuple[int, ...], ...]) -> "CalaveraState":
        """§5: the game ends after the turn in which a player's fourth row froze (A11; with
        `even_rounds`, after the round); otherwise the next player clockwise rolls."""
        claimed = claimed_lines(bonus)
        following = (self.active + 1) % self.players
        ended = any(all(flags) for flags in frozen)
        if ended and (not self.rules.even_rounds or following == self.start):
            return CalaveraState(self.rules, self.start, crosses, frozen, bonus, claimed, Phase.OVER, 0)
        return CalaveraState(self.rules, self.start, crosses, frozen, bonus, claimed, Phase.ROLL, following)


def new_state(players: int, start: int, rules: Rules) -> CalaveraState:
    """The start of a game: empty sheets, the start player about to roll all six dice."""
    return CalaveraState(rules, start, ((0,) * ROWS,) * players, ((False,) * ROWS,) * players,
                         ((NO_BONUS,) * len(BONUS_LINES),) * players, (False,) * len(BONUS_LINES),
                         Phase.ROLL, start)
