"""What every reachable Calavera position satisfies; the position parser rejects the rest."""

from __future__ import annotations

from typing import Any

from qipan.games.calavera.actions import Freeze, Pass, TakeColour, TakeRoses
from qipan.games.calavera.rules import (
    BUST_SKULLS,
    LATER,
    MAX_ROLLS,
    NO_BONUS,
    CalaveraState,
    Phase,
    active_options,
    claimed_lines,
    freeze_need,
)
from qipan.games.calavera.sheet import BONUS_LINES, BOXES, DEATH_FROM


def impossibility(state: CalaveraState) -> str | None:
    """Why `state` cannot arise in play (naming the rule), or None if it can."""
    return _sheets(state) or _bonus(state) or _turn(state)


def _sheets(state: CalaveraState) -> str | None:
    for player, (sheet, flags) in enumerate(zip(state.crosses, state.frozen)):
        for row, (count, frozen) in enumerate(zip(sheet, flags)):
            if not 0 <= count <= BOXES:
                return f"player {player} row {row}: a row has 0 to {BOXES} crosses (rules §3)"
            if count - 1 >= DEATH_FROM and not frozen:
                return f"player {player} row {row}: a row in the death zone is frozen (rules §4.5)"
            if frozen and count - 1 < DEATH_FROM and freeze_need(count) is None:
                return (f"player {player} row {row}: a row freezes only on a score-zone box "
                        f"or in the death zone (rules §4.2c, A13)")
    return None


def _bonus(state: CalaveraState) -> str | None:
    firsts = claimed_lines(state.bonus)
    for player, (sheet, marks) in enumerate(zip(state.crosses, state.bonus)):
        for i, (line, mark) in enumerate(zip(BONUS_LINES, marks)):
            reached = min(sheet) > line.after
            if reached != (mark != NO_BONUS):
                return (f"player {player} bonus line {i + 1}: a line is scored exactly when all four "
                        f"rows reach it (rules §4.6)")
            if mark == LATER and not firsts[i]:
                return f"bonus line {i + 1}: a later value needs a first player (rules §4.6)"
    for i, (claimed, first) in enumerate(zip(state.claimed, firsts)):
        if claimed and not first:
            return f"bonus line {i + 1}: claimed, but nobody holds its first value (rules §4.6)"
        if state.phase is not Phase.MARK and claimed != first:
            return f"bonus line {i + 1}: between markings, claimed means someone holds the first value (rules §4.6)"
    return None


def _turn(state: CalaveraState) -> str | None:
    phase, active = state.phase, state.active
    finished = any(all(flags) for flags in state.frozen)
    if phase is Phase.OVER:
        return None if finished else "the game is over only once a player has frozen all four rows (rules §5)"
    if finished and not state.rules.even_rounds and phase is not Phase.MARK:
        return "a player has frozen all four rows: the game ends with this turn (rules §5, A11)"
    if finished and phase is Phase.ROLL and state.rolls == 0 and active == state.start:
        return "a player has frozen all four rows: the round is over, so is the game (rules §5, A11)"
    if state.to_roll < 0:
        return "there are only six dice (rules §1.1)"
    if phase is Phase.ROLL:
        if state.rolls >= MAX_ROLLS:
            return "at most three rolls in a turn (rules §4.1.5)"
        if state.rolls == 0 and (state.skulls or any(state.dice)):
            return "the first roll throws all six dice (rules §4.1.1)"
        if state.to_roll == 0:
            return "a re-roll throws at least one die (rules §4.1.4)"
    elif state.to_roll:
        return "after a roll all six dice show (rules §4.1)"
    if phase is not Phase.MARK and state.skulls >= BUST_SKULLS:
        return "three skulls end the rolling phase in a bust (rules §4.1.3)"
    if phase is Phase.KEEP and not 1 <= state.rolls < MAX_ROLLS:
        return "keeping or re-rolling follows the first or second roll (rules §4.1.4-5)"
    if phase in (Phase.CHOOSE, Phase.MARK) and not 1 <= state.rolls <= MAX_ROLLS:
        return "a turn has one to three rolls (rules §4.1.5)"
    if phase is Phase.CHOOSE and not active_options(state.crosses[active], state.frozen[active], state.dice):
        return "the active player has no option, so does nothing (rules §4.2)"
    if phase is Phase.MARK:
        return _marking(state)
    return None


def _marking(state: CalaveraState) -> str | None:
    choice: Any  # a `Choice | None`: the exact-class tests below (`kind is X`) do not narrow for mypy
    active, choice, dice = state.active, state.choice, state.dice
    if not state.skulls:
        return "the other players mark only when a skull was rolled (rules §4.3)"
    if state.marker == active:
        return "the active player does not make a passive mark (rules §4.3)"
    kind = type(choice)
    if state.is_bust and choice is not None:
        return "after a bust the active player marks nothing (rules §4.4)"
    if choice is None and not state.is_bust and active_options(state.crosses[active], state.frozen[active], dice):
        return "the active player must take an option when one is legal (rules §4.2, A5)"
    if kind is Pass and not state.rules.active_may_pass:
        return "passing needs the active_may_pass rule (rules A5)"
    if kind is TakeColour and not dice[choice.row]:
        return "the active player took a colour that no die shows (rules §4.2a)"
    if kind is TakeRoses and not dice[-1]:
        return "the active player took roses but none show (rules §4.2b)"
    if kind is Freeze:
        need = freeze_need(state.crosses[active][choice.row])
        if not state.frozen[active][choice.row] or need is None or dice[-1] < need:
            return "a freeze needs a score-zone box and enough roses, and leaves the row frozen (rules §4.2c)"
    if not state.marking_options(state.marker):
        return "a player with no option does nothing, so is never the one to mark (rules §4.3)"
    return None
