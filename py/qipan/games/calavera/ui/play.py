"""Calavera input and turn facts without a browser: the dice on the tray, what a selection of dice
to re-roll means, what each marking option does, and the odds to show before a roll.

The view draws what this module computes; the engine decides what is legal. Messages are
(i18n key, values) pairs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass
from fractions import Fraction

from qipan.games.calavera import odds
from qipan.games.calavera.actions import Action, Freeze, Pass, Reroll, Roll, TakeColour, TakeRoses
from qipan.games.calavera.dice import ROSE, SKULL, faces_of
from qipan.games.calavera.notation import parse_action
from qipan.games.calavera.rules import CalaveraState, Phase, freeze_need, row_value
from qipan.games.calavera.sheet import BOXES, DEATH_FROM

if TYPE_CHECKING:  # a match is handed in; the UI never makes one
    from qipan.match import Match

Message = tuple[str, dict[str, object]]
LIVE = (Phase.KEEP, Phase.CHOOSE, Phase.MARK)
"""Phases in which the turn's dice are on the table."""


@dataclass(frozen=True)
class Tray:
    """The dice of the latest roll: the non-skull dice (count per O P G B rose), the skulls set
    aside, whose roll it was, which roll of the turn, and whether that turn is still running."""

    dice: tuple[int, ...]
    skulls: int
    player: int
    rolls: int
    current: bool

    @property
    def faces(self) -> tuple[int, ...]:
        """One face per die slot: the non-skull dice in face order, then the skulls."""
        return faces_of(self.dice) + (SKULL,) * self.skulls


def last_tray(match: Match) -> Tray | None:
    """The latest roll of the game (a bust that nobody marks leaves no state with its dice, so
    this reads the roll from the record), or None before the first roll."""
    states, actions = match.states(), match.actions
    for i in range(len(actions) - 1, -1, -1):
        before = states[i]
        if before.phase is Phase.ROLL:
            rolled = parse_action(before, actions[i])
            assert isinstance(rolled, Roll)
            dice = tuple(k + r for k, r in zip(before.dice, rolled.dice))
            # a live phase always follows a roll of its own turn
            return Tray(dice, before.skulls + rolled.dice[SKULL], before.active, before.rolls + 1,
                        match.state.phase in LIVE)
    return None


def just_rolled(match: Match) -> bool:
    """Whether the last action in the record was a roll of the dice."""
    return len(match.actions) > 0 and match.states()[-2].phase is Phase.ROLL


def selection_reroll(state: CalaveraState, selected: frozenset[int]) -> Reroll | None:
    """The Reroll action for the die slots selected (indices into the non-skull dice), or None."""
    faces = faces_of(state.dice)
    counts = [0] * (ROSE + 1)
    for slot in selected:
        if 0 <= slot < len(faces):
            counts[faces[slot]] += 1
    return Reroll(tuple(counts)) if any(counts) else None


def roll_odds(state: CalaveraState, selected: frozenset[int]) -> odds.RerollOdds | None:
    """The odds of the coming roll: all dice not kept in the ROLL phase, or the selection in KEEP."""
    if state.phase is Phase.ROLL:
        return odds.odds_before(state)
    if state.phase is Phase.KEEP:
        reroll = selection_reroll(state, selected)
        return odds.odds_before(state, reroll) if reroll is not None else None
    return None


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal ("<0.1%" for a tiny non-zero chance)."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = float(p) * 100
    if value < 0.05:
        return "<0.1%"
    if value > 99.95:
        return ">99.9%"
    return f"{value:.1f}%"


def options(state: CalaveraState) -> tuple[Action, ...]:
    """The marking options of the player to act (CHOOSE or MARK phase), in the engine's order."""
    if state.phase in (Phase.CHOOSE, Phase.MARK):
        return state.legal_actions()
    return ()


def mover(state: CalaveraState) -> int:
    """The player who acts now (the marker in the MARK phase); the active player otherwise."""
    return state.marker if state.phase is Phase.MARK else state.active


def crosses_of(state: CalaveraState, option: Action) -> int:
    """How many crosses an option makes (rules §4.2, §4.3; A3 for the skulls rule)."""
    kind = type(option)
    if kind not in (TakeColour, TakeRoses):
        return 0
    if state.phase is Phase.MARK and state.rules.passive_crosses == "skulls":
        return state.skulls
    dice = state.available() if state.phase is Phase.MARK else state.dice
    return dice[option.row] if kind is TakeColour else dice[ROSE]


@dataclass(frozen=True)
class Effect:
    """What an option does to the mover's row: crosses before and after, and the frozen value
    (None while the row stays open)."""

    row: int
    before: int
    after: int
    frozen_at: int | None


def effect(state: CalaveraState, option: Action) -> Effect | None:
    """The effect of a marking option on the mover's sheet (None for Pass)."""
    if type(option) is Pass:
        return None
    player, row = mover(state), option.row
    before = state.crosses[player][row]
    if type(option) is Freeze:
        return Effect(row, before, before, row_value(before))
    after = min(before + crosses_of(state, option), BOXES)
    return Effect(row, before, after, row_value(after) if after - 1 >= DEATH_FROM else None)


def option_message(state: CalaveraState, option: Action, colour: str) -> Message:
    """The button text of an option; `colour` is the row's translated colour name."""
    kind = type(option)
    if kind is Pass:
        return ("calavera.opt.pass", {})
    fx = effect(state, option)
    if kind is Freeze:
        return ("calavera.opt.freeze", {"colour": colour, "value": fx.frozen_at,
                                        "roses": freeze_need(fx.before)})
    key = "calavera.opt.colour" if kind is TakeColour else "calavera.opt.roses"
    values = {"colour": colour, "n": fx.after - fx.before, "value": row_value(fx.after)}
    if fx.frozen_at is not None:
        return (key + "_death", values)
    return (key, values)


def die_click(state: CalaveraState, selected: frozenset[int], slot: int) -> tuple[frozenset[int], Message]:
    """A tap on a die slot in the KEEP phase: toggle it for the re-roll, or say why not."""
    faces = faces_of(state.dice)
    if slot >= len(faces):
        return selected, ("calavera.err.skull", {})
    chosen = selected ^ {slot}
    n = len(chosen)
    return frozenset(chosen), ("calavera.selected", {"n": n}) if n else ("calavera.pick_dice", {})


def colour_click(state: CalaveraState, face: int) -> Action | Message:
    """A tap on a die (or a row) of colour `face` in the CHOOSE or MARK phase: take that colour
    if it is an option, else a message explaining the choice."""
    legal = options(state)
    if face < ROSE and TakeColour(face) in legal:
        return TakeColour(face)
    if face == ROSE or any(type(o) is TakeRoses and o.row == face for o in legal):
        return ("calavera.err.roses_in_panel", {})
    if face == SKULL:
        return ("calavera.err.skull", {})
    return ("calavera.err.not_option", {})


def used_slots(state: CalaveraState) -> frozenset[int]:
    """Die slots that passive players cannot use (taken by the active player), in the MARK phase."""
    if state.phase is not Phase.MARK:
        return frozenset()
    faces = faces_of(state.dice)
    left = list(state.available())
    used = set()
    for slot, face in enumerate(faces):
        if left[face]:
            left[face] -= 1
        else:
            used.add(slot)
    return frozenset(used)
