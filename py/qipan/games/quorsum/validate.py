"""Reject impossible Quorsum positions: each check names the rule the position breaks."""

from __future__ import annotations

from qipan.core import require
from qipan.games.quorsum.actions import FLIP, MOVE
from qipan.games.quorsum.board import CORNERS, NAMES, distance
from qipan.games.quorsum.rules import (
    ALLOCATE,
    CHAIN,
    CHOOSING,
    DARK,
    DICE,
    LAYOUT,
    OVER,
    PLACING,
    RESOLVE,
    ROLL,
    ROLLOFF,
    STALEMATE_LIMIT,
    TILE_COUNTS,
    VALUES,
    QuorsumState,
    game_result,
    match_decided,
)

SETUP_PHASES = (ROLLOFF, LAYOUT, CHOOSING, PLACING)
TURN_PHASES = (ALLOCATE, RESOLVE, CHAIN, ROLL)


def check_position(state: QuorsumState) -> None:
    """Raise `NotationError` if `state` cannot arise under the rules (and its options)."""
    _check_board(state)
    _check_setup(state)
    if state.pawns:
        _check_pawns(state)
        _check_locks(state)
    if state.phase in TURN_PHASES:
        _check_turn(state)
    _check_result(state)


def _check_board(state: QuorsumState) -> None:
    values = state.values
    laid = sum(1 for v in values if v)
    if state.phase == LAYOUT:
        require(all(values[:laid]) and not any(values[laid:]),
                "§3.1: during the layout the tiles are laid in cell order a1, b1, ..., d4")
        require(laid < 16, "§3.1: a complete layout goes on to the opening choice")
        if state.rules.setup_colours == "balanced" and not state.rules.sprint:
            dark = sum(1 for c in state.colours[:laid] if c == DARK)
            require(dark <= 8 and laid - dark <= 8, "A9 balanced: at most 8 tiles of each colour")
    else:
        require(laid == 16, f"§3.1: all 16 cells hold a tile in phase {state.phase}")
    for value in VALUES:
        require(values.count(value) <= TILE_COUNTS, f"§1: there are only five tiles of value {value}")
    if state.rules.sprint:
        require(not any(state.colours), "§9 Sprint: every tile shows the same side (d)")
        require(all(o < 0 for o in state.locks), "§9 Sprint: no tile is ever flipped, so none is locked")


def _check_setup(state: QuorsumState) -> None:
    phase = state.phase
    if phase == LAYOUT:
        require(state.rules.match_target > 0, "§8: a new layout only follows a finished game of a match")
    if phase == ROLLOFF:
        require(state.chooser < 0 and state.score == (0, 0),
                "§8: only the first game of a match opens with a roll-off (chooser=-, score 0-0)")
    else:
        require(state.chooser >= 0, "§3.2: after the roll-off someone has the opening choice")
    if phase in SETUP_PHASES:
        require(not state.pawns, "§3.3: the pawns are placed only after the opening choice")
        require(state.stalemate == 0, "§3.5: the stalemate counter starts at 0")
        require(all(o < 0 for o in state.locks), "§6: no tile is locked before play starts")
    else:
        require(bool(state.pawns), f"§3.3: the pawns are on the board in phase {phase}")
    if phase == CHOOSING:
        require(state.player == state.chooser, "§3.2: the chooser makes the opening choice")


def _check_pawns(state: QuorsumState) -> None:
    cells = [p[0] for side in state.pawns for p in side]
    require(len(set(cells)) == 4, "§4.2: pawns never share a tile")
    homes = sorted(p[1] for side in state.pawns for p in side)
    require(homes == sorted(CORNERS), "§3.3: the four pawns head for the four different corners")
    rules = state.rules
    if state.phase == OVER:
        return
    for player, side in enumerate(state.pawns):
        require(any(c != h for c, h, _ in side),
                f"§8: player {player + 1} has both pawns home, so the game would be over")
        measured_now = player != state.player or state.phase == ALLOCATE
        for cell, home, ref in side:
            d = distance(cell, home)
            if rules.stalemate_progress == "turn_start" and measured_now:
                require(ref == d, f"§7: the pawn on {NAMES[cell]} is measured from this turn's start,"
                                  f" distance {d}")
            if rules.stalemate_progress == "best_ever" and measured_now:
                require(ref <= d, f"A10 best_ever: the best distance of the pawn on {NAMES[cell]}"
                                  f" cannot exceed its distance {d}")


def _check_locks(state: QuorsumState) -> None:
    if state.phase == OVER:
        return
    mover = state.player
    for cell, owner in enumerate(state.locks):
        if owner < 0:
            continue
        if state.rules.flip_lock == "this_turn":
            require(owner == mover and state.phase != ALLOCATE,
                    f"A1 this_turn: the lock on {NAMES[cell]} ends with its flipper's turn")
        else:
            require(owner != mover or state.phase != ALLOCATE,
                    f"§6: the lock on {NAMES[cell]} ends when its flipper's turn begins")


def _check_turn(state: QuorsumState) -> None:
    rules = state.rules
    phase = state.phase
    me = state.player
    mine = {p[0] for p in state.pawns[me]}
    theirs = {p[0] for p in state.pawns[1 - me]}
    todo = state.todo
    flips = [cell for kind, cell, _ in todo if kind == FLIP]
    moves = [cell for kind, cell, _ in todo if kind == MOVE]
    require(len(set(flips)) == len(flips), "§4.1: at most one FLIP action per tile")
    require(not (flips and rules.sprint), "§9 Sprint: no flipping")
    for cell in flips:
        require(cell not in theirs and state.locks[cell] < 0,
                f"§4.1: tile {NAMES[cell]} cannot be flipped this turn (opponent's pawn or lock)")
    for cell in moves:
        require(cell in mine, f"§4.1: there is no pawn of player {me + 1} on {NAMES[cell]} to move")
        if rules.freeze_home and phase == ALLOCATE:
            pawn = state.pawn_at(cell)
            assert pawn is not None  # required just above: a pawn stands on `cell`
            require(distance(cell, pawn[1]) > 0, "A14: a pawn at home does not move")
    if rules.one_move_per_pawn:
        require(len(set(moves)) == len(moves), "A4: at most one MOVE action per pawn")
    used = sum(k for _, _, k in todo)
    if state.chain is not None:
        used += state.chain[1]
    elif state.roll is not None:
        used += state.roll[2]
    require(used <= DICE, f"§4.1: only {DICE} dice a turn")
    if phase == ALLOCATE:
        require(used < DICE, "§4.1: with all four dice allotted the rolling starts")
    if phase == RESOLVE:
        require(bool(todo), "§4.3: the turn ends when no action is left to resolve")
    require((state.chain is not None) == (phase == CHAIN or (phase == ROLL and state.roll is not None
                                                             and state.roll[0] == MOVE)),
            "§4.2: a chain runs exactly while a pawn is moving")
    require((state.roll is not None) == (phase == ROLL), "a roll is pending exactly in phase roll")
    if state.chain is not None:
        cell, pool = state.chain
        require(cell in mine, f"§4.2: the moving pawn on {NAMES[cell]} is not player {me + 1}'s")
        require(not (rules.one_move_per_pawn and cell in moves), "A4: the moving pawn has one MOVE action")
        if phase == CHAIN:
            require(bool(state.step_targets(cell)), "§4.2: a chain with no possible step has ended")
        else:
            assert state.roll is not None  # required above: phase roll (a chain runs in chain or roll)
            require(state.roll[1] in state.step_targets(cell) and state.roll[2] == pool,
                    "§4.2: a step goes to an adjacent vacant tile of the pawn's colour, with the chain's dice")
    if phase == ROLL and state.roll is not None and state.roll[0] == FLIP:  # a roll: required above
        cell = state.roll[1]
        require(not rules.sprint, "§9 Sprint: no flipping")
        require(state.occupant(cell) < 0 and state.locks[cell] < 0 and cell not in flips,
                f"§4.2: only an empty, unlocked tile is rolled for (tile {NAMES[cell]})")


def _check_result(state: QuorsumState) -> None:
    rules = state.rules
    score = state.score
    if state.phase != OVER:
        require(state.stalemate < STALEMATE_LIMIT, "§7: the game ends when the counter reaches 6")
        if rules.match_target == 0:
            require(score == (0, 0), "§8: a single game scores only when it ends")
        else:
            require(not match_decided(rules, score), "§8: the match is already decided")
        return
    require(state.stalemate <= STALEMATE_LIMIT, "§7: the counter stops at 6")
    home = any(state.pawns_home(p) == 2 for p in (0, 1))
    require(home or state.stalemate == STALEMATE_LIMIT,
            "§7/§8: a game ends with both pawns of a player home, or by stalemate")
    points = game_result(state)[2]
    if rules.match_target == 0:
        require(score == points, f"§8: the game scores {points[0]}-{points[1]}")
    else:
        require(match_decided(rules, score) and score[0] >= points[0] and score[1] >= points[1],
                "§8: a finished match has a player at the target, ahead, and includes the last game")
