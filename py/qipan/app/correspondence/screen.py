"""A game's own play screen, playing a correspondence game: the device plays only its own seats.

`linked(cls)` makes a subclass of a game's screen (any game: no game is named here) whose
decisions go to the `Session` first; the board shows the game as the device sees it (the session's
match): chance is never drawn here (the session's replay draws it from the seed or from both halves
of a verified roll), another device's seat shows who the game waits for and takes no input, Undo
takes back only this device's unsent decisions, and Hint speaks only on this device's turn.
"""

from __future__ import annotations

from typing import Any, Callable

from qipan.app.correspondence.errors import CorrespondenceError
from qipan.app.correspondence.session import Session
from qipan.boardkit.markup import html
from qipan.boardkit.screen import GameScreen, Host
from qipan.core import Action

Moved = Callable[[Session], None]
When = Callable[[float], str]

_made: dict[type, type] = {}


class Linked(GameScreen):
    """The behaviour added to a game's screen (mixed in before it)."""

    session: Session
    moved: Moved
    hands_over = False  # each player on their own device: no "Pass the device to …"

    def __init__(self, host: Host, session: Session, moved: Moved, when: When) -> None:
        self.session = session
        self.moved = moved
        self.when = when
        """A time as the player reads it ("26 Nov 2026, 06:42"): since when the game waits."""
        match = session.match()
        assert match is not None, "a correspondence game is shown once its seed is known"
        super().__init__(host, match, session.seats())

    # -- whose turn -------------------------------------------------------------------------------

    def mine(self) -> bool:
        """Whether this device may act now (a live position, one of its seats to move)."""
        return self.viewing is None and self.session.can_move() and not self.match.state.is_chance()

    def player_name(self, player: int) -> str:
        if 0 <= player < self.session.table.players:
            return self.session.seat_name(player)
        return super().player_name(player)

    def computer_level(self) -> str | None:
        return None  # nobody here is a computer; another device's seat waits for its link

    def _computer_rolls(self, state: Any) -> bool:
        return False

    def advance(self) -> None:
        """Chance is the session's: take the game as the device sees it now (its rolls, and the
        true start rows once they are revealed)."""
        match = self.session.match()
        if match is None:
            return
        ours = self.match.actions
        if match.actions[:len(ours)] != ours or len(match.actions) > len(ours):
            rolled = any(match.was_chance(p) for p in range(len(ours), len(match.actions)))
            self.match = match
            if rolled:
                self.host.play_sound("dice")

    def roll(self) -> None:
        """A Roll button: the roll is the session's (drawn when both halves are known)."""
        self.advance()
        self.render()

    # -- input ------------------------------------------------------------------------------------

    def on_board_click(self, x: float, y: float) -> None:
        if self.mine():
            super().on_board_click(x, y)

    def on_board_hover(self, x: float, y: float) -> None:
        if self.mine():
            super().on_board_hover(x, y)

    def on_key(self, key: str) -> bool:
        return super().on_key(key) if self.mine() else False

    def on_panel(self, action: str, value: str) -> None:
        if self.mine():
            super().on_panel(action, value)

    def play(self, action: Action) -> None:
        """A decision of this device's seat: to the session first (refused: said, nothing changes)."""
        if not self.mine():
            return
        self._back_to_live()
        before = self.state
        text = self.match.game.action_text(before, action)
        try:
            self.session.play(text)
        except CorrespondenceError as exc:
            self.say((exc.key, dict(exc.values)), error=True)
            self.render()
            return
        self.match.play_action(action)
        self.host.play_sound("move")
        self.after_play(before, action, text)
        self.advance()
        self.render()
        self.save()
        self.moved(self.session)

    def hint_reason(self) -> str | None:
        if not self.mine() and not self.match.state.is_terminal():
            return "correspondence.hint_off"
        return super().hint_reason()

    def undo_steps(self) -> int:
        """Back to this device's latest unsent decision, never over a roll or a sent move."""
        if self.session.start is None:  # the undo trail was lost (a damaged save): nothing to go back to
            return 0
        sent = self.session.sent_plies()
        count = len(self.match.actions)
        for ply in range(count - 1, max(sent, 0) - 1, -1):
            if self.match.was_chance(ply):
                return 0
            if self.seats[self.match.states()[ply].to_move] == "human":
                return count - ply
        return 0

    def undo_reason(self) -> str | None:
        return None if self.undo_steps() else "correspondence.undo_off"

    def undo(self) -> None:
        steps = self.undo_steps()
        if not steps:
            if not self._back_to_live() and (reason := self.undo_reason()) is not None:
                self.explain(reason)  # (the greyed button or a key: say why)
            self.render()
            return
        self.let_go()
        self._back_to_live()
        self.session.take_back(sum(1 for p in range(len(self.match.actions) - steps, len(self.match.actions))
                                   if not self.match.was_chance(p)))
        match = self.session.match()
        if match is not None:
            self.match = match
        self.say(None)
        self.render()
        self.save()

    def save_picture(self) -> None:
        """No picture of a game by link for the next visit's first paint: that visit opens the game
        played last (not this one), which the picture would misrepresent."""
        self.host.storage.remove("picture")

    def redo(self) -> None:
        """Nothing to redo: a taken-back move is gone (its random bytes with it)."""

    # -- the panel --------------------------------------------------------------------------------

    def panel_html(self) -> str:
        """The game's panel under a line saying whose turn it is and the way to send the link."""
        session = self.session
        status = session.status(self.tr, self.when)
        buttons = (f'<button type="button" class="primary" data-corr="send">{html(self.tr("correspondence.send"))}</button>'
                   if session.due() else
                   f'<button type="button" data-corr="send">{html(self.tr("correspondence.send_again"))}</button>')
        verdict = session.verdict(self.tr)
        extra = f'<p class="corr-verdict" role="status">{html(verdict)}</p>' if verdict else ""
        mark = html(self.tr("correspondence.mark"))
        return (f'<div class="corr-bar" data-corr-state="{"mine" if session.device.my_turn() else "waiting"}">'
                f'<p class="corr-mark">{mark}</p><p class="corr-status" role="status">{html(status)}</p>'
                f'{extra}<div class="corr-buttons">{buttons}</div></div>'
                + (super().panel_html() if self.mine() or self.viewing is not None
                   else f'<div class="corr-theirs" inert>{super().panel_html()}</div>'))


def linked(cls: type[GameScreen]) -> type[Linked]:
    """The correspondence version of a game's screen class."""
    made = _made.get(cls)
    if made is None:
        made = _made[cls] = type(f"Linked{cls.__name__}", (Linked, cls), {})
    return made  # type: ignore[return-value]


def linked_screen(cls: type[GameScreen], host: Host, session: Session, moved: Moved, when: When) -> Linked:
    """A game's screen playing `session` on `host`; `moved` is told after each decision here;
    `when` writes a time for the player."""
    return linked(cls)(host, session, moved, when)
