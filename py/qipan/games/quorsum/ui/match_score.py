"""Quorsum match play between games, without a browser: when a game of a match is over, what
the board showed at its end, how it ended, and the box that says so with a "Next game" button.

When a game of a match ends and the match goes on, the engine moves straight to the next game's
layout (a chance node with no tile laid yet, rules §8). That state keeps the match score but no
longer the finished board, so the finished game's last position is rebuilt from the match's
history: the state before the ending action, played as a single game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

from qipan.games.quorsum.board import cell_name
from qipan.games.quorsum.rules import LAYOUT, OVER, ROLLOFF, QuorsumState, Termination, game_result
from qipan.boardkit.markup import html

if TYPE_CHECKING:  # a match is handed in; the UI never makes one
    from qipan.match import Match

Tr = Callable[..., str]
Name = Callable[[int], str]
Message = tuple[str, dict[str, object]]
NEXT_GAME_ID = "qs-next-game"
"""The id of the "Next game" button (it takes the focus when the pause is reached)."""


def between_games(state: QuorsumState) -> bool:
    """True at the pause between two games of a match: the last game is over and no tile of the
    next game's layout has been drawn yet."""
    return state.phase == LAYOUT and not any(state.values)


def game_ended(state: QuorsumState) -> bool:
    """True when the state is the end of a game: a finished single game or match, or the pause."""
    return state.phase == OVER or between_games(state)


def ends_game(before: QuorsumState, after: QuorsumState) -> bool:
    """True when the action from `before` to `after` ended a game."""
    return game_ended(after) and not game_ended(before)


def final_position(before: QuorsumState, action: object) -> QuorsumState:
    """The position a game ended in: `action` played from `before` as a single game, so the
    engine stops at the end instead of laying out the next game (phase "over", with the match
    score plus this game's points)."""
    return before.with_rules(replace(before.rules, match_target=0)).apply(action)


@dataclass(frozen=True)
class GameEnd:
    """A game of a match that is over while the match goes on (the state is at the pause)."""

    final: QuorsumState | None
    """The board as the game ended (None when the match began at the pause: no history)."""
    number: int | None
    """Which game of the match it was (None when the match did not start with game 1)."""
    state: QuorsumState
    """The pause itself: the match score, the target, who makes the next opening choice."""


def game_end(match: Match) -> GameEnd | None:
    """The game that just ended, when `match` stands at the pause between two games."""
    states = match.states()
    state = states[-1]
    if not between_games(state):
        return None
    final = None
    if len(states) > 1:
        before = states[-2]
        final = final_position(before, match.game.parse_action(before, match.actions[-1]))
    number = None
    if states[0].phase == ROLLOFF:
        number = sum(1 for s in states if between_games(s))
    return GameEnd(final, number, state)


def game_number(match: Match) -> int | None:
    """The number of the game being played (1 = the first), or None when the match began at a
    position given by text (its earlier games are unknown)."""
    states = match.states()
    if states[0].phase != ROLLOFF:
        return None
    return 1 + sum(1 for s in states if between_games(s))


# -- words ------------------------------------------------------------------------------------------


def ending_message(final: QuorsumState, before: QuorsumState) -> Message:
    """What the action that ended the game did, in words (for the message line)."""
    termination, winners, points = game_result(final)
    if termination != Termination.STALEMATE:
        winner = winners[0]
        key = "quorsum.msg.won_double" if termination == Termination.DOUBLE else "quorsum.msg.won_home"
        # A game is won at home only by a step's dice: `before` is that roll.
        return key, {"cell": cell_name(before.roll[1]), "n": winner + 1, "pts": points[winner]}
    if winners:
        return "quorsum.msg.stalemate_win", {"n": winners[0] + 1, "pts": points[winners[0]]}
    return "quorsum.msg.stalemate_draw", {"pts": points[0]}


def result_html(tr: Tr, name: Name, final: QuorsumState) -> str:
    """How a finished game ended: the reason (home, double win, stalemate verdict) and a table of
    pawns home, distances and points per player."""
    termination, winners, points = game_result(final)
    if termination == Termination.STALEMATE:
        d0, d1 = final.distances(0), final.distances(1)
        if winners:
            verdict = tr("quorsum.over.stalemate_win", player=name(winners[0]), n=points[winners[0]])
        else:
            verdict = tr("quorsum.over.stalemate_draw", n=points[0])
        lead = tr("quorsum.over.stalemate", a=f"({d0[0]}, {d0[1]})", b=f"({d1[0]}, {d1[1]})")
        why = f"{lead} {verdict}"
    else:
        winner = winners[0]
        key = "quorsum.over.double" if termination == Termination.DOUBLE else "quorsum.over.home"
        why = tr(key, player=name(winner), other=name(1 - winner), pts=points[winner])
    rows = ""
    for player in (0, 1):
        near, far = final.distances(player)
        won = ' class="won"' if player in winners else ""
        rows += (f"<tr{won}><th>{html(name(player))}</th><td>{final.pawns_home(player)}</td>"
                 f"<td>{near}, {far}</td><td>{points[player]}</td></tr>")
    return (f'<p class="qs-why">{html(why)}</p>'
            f'<table><thead><tr><th></th><th>{html(tr("quorsum.col.home"))}</th>'
            f'<th>{html(tr("quorsum.col.distance"))}</th><th>{html(tr("quorsum.col.points"))}</th>'
            f'</tr></thead><tbody>{rows}</tbody></table>')


def needs_text(tr: Tr, name: Name, state: QuorsumState) -> str:
    """What each player still needs to win the match (§8: reach the target with the lead)."""
    target, (a, b) = state.rules.match_target, state.score
    if min(a, b) >= target:  # both at or over the target and level: the match plays on
        return tr("quorsum.between.level", n=target)
    return tr("quorsum.between.needs", target=target, first=name(0), second=name(1),
              a=max(0, target - a), b=max(0, target - b))


def match_result_text(tr: Tr, name: Name, state: QuorsumState) -> str:
    """Who won the match, the winner's score first (for the end box of the match's last game)."""
    a, b = state.score
    if a == b:
        return tr("quorsum.between.match_drawn", a=a, b=b)
    return tr("quorsum.between.match_won", player=name(0 if a > b else 1), won=max(a, b), lost=min(a, b))


def between_html(tr: Tr, name: Name, end: GameEnd) -> str:
    """The box shown at the pause: who won this game and how, the match score, what each player
    needs, who chooses next, and the "Next game" button."""
    state = end.state
    if end.final is None:
        title, result = tr("over.title"), ""
    else:
        _, winners, _ = game_result(end.final)
        if winners:
            key = "quorsum.between.won" if end.number else "quorsum.between.won_this"
            title = tr(key, k=end.number or 0, player=name(winners[0]))
        else:
            title = tr("quorsum.between.draw" if end.number else "quorsum.between.draw_this", k=end.number or 0)
        result = result_html(tr, name, end.final)
    score = tr("quorsum.match", a=state.score[0], b=state.score[1], target=state.rules.match_target)
    return (f'<section class="qs-box qs-between" aria-labelledby="qs-between-title">'
            f'<h3 id="qs-between-title">{html(title)}</h3>{result}'
            f'<p class="qs-between-score">{html(score)}</p>'
            f'<p>{html(needs_text(tr, name, state))}</p>'
            f'<p class="qs-hint">{html(tr("quorsum.between.next", player=name(state.chooser)))}</p>'
            f'<div class="qs-buttons"><button type="button" id="{NEXT_GAME_ID}" class="primary" '
            f'data-action="next">{html(tr("quorsum.btn.next_game"))}</button></div></section>')
