"""Dice Race notation: position text and action text.

Position: `<cells> <turns> <phase> <total> <goal> <rounds>`, e.g. `0/0 0 roll 0 10 10` (the start)
or `4/7 3 choose 5 10 10`: each runner's cell joined by `/` (player 1 first), the turns finished,
`roll` or `choose`, the turn's total, and the two house rules. The player to move is not written:
it is the turn count modulo the number of players.
Action: a die face `1`..`6` at a roll, `roll` or `bank` for a decision.
"""

from __future__ import annotations

from qipan.core import Action, IllegalAction, NotationError, require

from toygame.rules import (
    BANK,
    FACES,
    GOAL_RANGE,
    ROLL,
    ROUNDS_RANGE,
    Phase,
    RaceState,
    turns_had,
)

PLAYERS = (2, 4)
"""The fewest and the most runners."""


def position_text(state: RaceState) -> str:
    """The position text of a state (its normal form)."""
    cells = "/".join(str(cell) for cell in state.cells)
    return f"{cells} {state.turns} {state.phase.value} {state.total} {state.goal} {state.rounds}"


def _number(text: str, what: str) -> int:
    require(text.isascii() and text.isdigit() and len(text) <= 4, f"{what} is a whole number, not {text!r}")
    return int(text)


def parse_position(text: str) -> RaceState:
    """Parse position text. Raises `NotationError` naming what is wrong or impossible."""
    require(isinstance(text, str), f"a position must be text, not {text!r}")
    fields = text.split()
    require(len(fields) == 6, f"a Dice Race position has 6 fields, not {len(fields)}: {text!r}")
    cells = tuple(_number(part, "a cell") for part in fields[0].split("/"))
    require(PLAYERS[0] <= len(cells) <= PLAYERS[1], f"a race has {PLAYERS[0]}-{PLAYERS[1]} runners, not {len(cells)}")
    phases = {phase.value: phase for phase in Phase}
    require(fields[2] in phases, f"the phase is {' or '.join(phases)}, not {fields[2]!r}")
    goal, rounds = _number(fields[4], "the goal"), _number(fields[5], "the rounds")
    require(GOAL_RANGE[0] <= goal <= GOAL_RANGE[1], f"the goal is {GOAL_RANGE[0]}..{GOAL_RANGE[1]}, not {goal}")
    require(ROUNDS_RANGE[0] <= rounds <= ROUNDS_RANGE[1],
            f"the rounds are {ROUNDS_RANGE[0]}..{ROUNDS_RANGE[1]}, not {rounds}")
    state = RaceState(cells, _number(fields[1], "the turns"), phases[fields[2]], _number(fields[3], "the total"),
                      goal, rounds)
    _check_reachable(state)
    return state


def _check_reachable(state: RaceState) -> None:
    """What no game can reach (§1-§5)."""
    goal, limit, mover = state.goal, state.rounds * state.players, state.player
    require(state.turns <= limit, f"{state.turns} turns is more than {state.rounds} rounds allow (§5)")
    for player, cell in enumerate(state.cells):
        require(cell <= goal, f"player {player + 1} is past the goal on cell {cell}")
        require(cell != 1, f"player {player + 1} is on cell 1, which no banked total of 2 or more reaches (§4)")
        require(cell in (0, goal) or turns_had(state, player),
                f"player {player + 1} has moved without having had a turn")
    finished = [player for player, cell in enumerate(state.cells) if cell == goal]
    require(len(finished) <= 1, "only one runner reaches the goal: the race ends there (§4)")
    require(state.total != 1, "a turn's total is never 1: a 1 busts (§3)")
    if finished or state.turns == limit:
        require(not finished or finished[0] == mover, "the runner at the goal reached it in its own turn (§4)")
        require(not (finished and state.turns == limit), "a race won at the goal has turns left (§4, §5)")
        require(state.phase is Phase.ROLL and state.total == 0, "a finished race has no turn in progress")
        return
    require(state.cells[mover] + state.total < goal, "a total that reaches the goal has already won (§4)")
    require(state.phase is Phase.ROLL or state.total > 0, "a player decides only after a roll that scored (§4)")


def action_text(state: RaceState, action: Action) -> str:
    """`1`..`6` (a face rolled), `roll` or `bank`."""
    if action in (ROLL, BANK):
        return action
    if type(action) is int and action in FACES:
        return str(action)
    raise NotationError(f"{action!r} is not a Dice Race action")


def parse_action(state: RaceState, text: str) -> Action:
    """Parse an action. `NotationError` if malformed, `IllegalAction` if not legal here."""
    require(isinstance(text, str), f"an action must be text, not {text!r}")
    wanted = text.strip().lower()
    if wanted in (ROLL, BANK):
        action: Action = wanted
    else:
        require(wanted in tuple(str(face) for face in FACES), f"{text!r} is not a Dice Race action (1-6, roll or bank)")
        action = int(wanted)
    if action not in state.legal_actions():
        raise IllegalAction(f"{wanted!r} is not legal in {position_text(state)}")
    return action
