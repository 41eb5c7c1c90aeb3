"""The Dice Race play screen: the track, the turn's total and the roll-or-bank buttons.

Rules come from the engine, drawing from view.py; this module only wires them to the shared
GameScreen. The die is rolled by the screen as soon as it is due (GameScreen.advance).
"""

from __future__ import annotations

from qipan.boardkit.markup import html
from qipan.boardkit.screen import GameScreen
from qipan.core import Outcome

from toygame.rules import BANK, ROLL, RaceState, Termination
from toygame.ui import view
from toygame.ui.words import WORDS

KEYS = {"b": BANK, "r": ROLL}
"""Keys of the focused board: b banks, r rolls again."""


class RaceScreen(GameScreen):
    """One Dice Race."""

    game_id = "race"
    words = WORDS

    @property
    def state(self) -> RaceState:
        return super().state  # the viewed position while reviewing (GameScreen)

    def layout(self) -> view.Layout:
        return view.Layout(self.width, self.height, self.state.goal, self.state.players)

    # -- where the cells are (embeds' notes, pictures' coordinates) ------------------------------------

    def point_px(self, name: str) -> tuple[float, float, float] | None:
        """Cells are named by their number, 0 to the goal."""
        if not (name.isascii() and name.isdigit()) or int(name) > self.state.goal:
            return None
        return self.layout().column_px(int(name))

    def point_names(self) -> tuple[str, ...]:
        return tuple(str(cell) for cell in range(self.state.goal + 1))

    # -- input ------------------------------------------------------------------------------------

    def decide(self, action: str) -> bool:
        """Play `action` if the player to move may; True when it was played."""
        if self.reviewing or action not in self.state.legal_actions():
            return False
        self.play(action)
        return True

    def on_key(self, key: str) -> bool:
        return key.lower() in KEYS and self.decide(KEYS[key.lower()])

    def on_panel(self, action: str, value: str) -> None:
        self.decide(action)

    def last_roll(self) -> str | None:
        """The face rolled last before the position shown."""
        match = self.shown_match
        return next((match.actions[ply] for ply in range(len(match.actions) - 1, -1, -1) if match.was_chance(ply)),
                    None)

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, ctx, width: float, height: float) -> None:
        state = self.state
        mover = state.player if state.to_move >= 0 else None
        scene = view.Scene(state.cells, mover, state.total, self.host.dark)
        view.draw(ctx, view.Layout(width, height, state.goal, state.players), scene)

    def board_label(self) -> str:
        state = self.state
        runners = self.tr("log.list_sep").join(
            self.tr("race.runner", player=self.player_name(p), cell=cell) for p, cell in enumerate(state.cells))
        return self.tr("race.board_label", goal=state.goal, runners=runners)

    def panel_html(self) -> str:
        state = self.state
        lines = [self.tr("race.round", k=min(state.turns // state.players + 1, state.rounds), n=state.rounds)]
        roll = self.last_roll()
        if roll is not None:
            lines.append(self.tr("race.last_roll", face=roll))
        if state.to_move >= 0:
            lines += [self.tr("turn.to_move", player=self.player_name(state.player)),
                      self.tr("race.total", n=state.total)]
        text = "".join(f"<p>{html(line)}</p>" for line in lines)
        if state.to_move < 0:
            return text
        buttons = (f'<button type="button" class="primary" data-action="{BANK}">'
                   f'{html(self.tr("race.bank", n=state.total))}</button>'
                   f'<button type="button" data-action="{ROLL}">{html(self.tr("race.roll"))}</button>')
        return f'{text}<div>{buttons}</div>'

    def game_over_html(self, outcome: Outcome) -> str:
        if not outcome.winners:
            headline = self.tr("over.draw")
        elif len(outcome.winners) == 1:
            headline = self.tr("over.winner", player=self.player_name(outcome.winners[0]))
        else:
            headline = self.tr("race.over.shared", players=self.tr("log.list_sep").join(
                self.player_name(p) for p in outcome.winners))
        if outcome.termination is Termination.GOAL:
            reason = self.tr("race.over.goal", player=self.player_name(outcome.winners[0]))
        else:
            reason = self.tr("race.over.rounds", n=self.state.rounds)
        return f"{self.over_heading(headline)}<p>{html(reason)}</p>"
