"""The new-game dialog: players, variant, who plays each seat and the house rules of the current
game. Start checks every number against the engine's bounds (`Game.option_bounds`); a value the
engine would refuse keeps the dialog open, every choice kept, with a message beside the field.

The HTML, reading and checking are pure (CPython-testable); `NewGameDialog` is the thin controller:
it reaches the page through the app and binds events through the page (app/page.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from qipan.core import Game
from qipan.app.guide import names_a_player
from qipan.i18n import has
from qipan.match import Match
from qipan.boardkit.markup import html
from qipan.app.storage import SEATS
from qipan.app.page import page

Tr = Callable[..., str]
Node = Callable[[str], Any]
"""The dialog's element with an id (the app's `element`)."""

_INTEGER = re.compile(r"-?[0-9]{1,9}")


def rule_name(label: str) -> str:
    """A house rule's label without its note in brackets: "Match play to (points; 0 = one game)"
    -> "Match play to", 「競賽玩法目標點數（0 = 單局）」 -> 「競賽玩法目標點數」."""
    return re.split(r"\s*[(（]", label, maxsplit=1)[0].strip() or label


def range_text(tr: Tr, game: Game, name: str, low: int, high: int | None) -> str:
    """What to type instead of a refused value: "Match play to: choose 0 to 99."."""
    label = rule_name(tr(f"{game.id}.option.{name}"))
    if high is None:
        return tr("newgame.at_least", label=label, low=low)
    return tr("newgame.range", label=label, low=low, high=high)


# -- the HTML -------------------------------------------------------------------------------------


def dialog_html(tr: Tr, game: Game, match: Match, seats: tuple[str, ...]) -> str:
    """The dialog's choices, set to the current game's players, variant, seats and options; only
    the seats of the chosen player count show."""
    parts = []
    if game.max_players > game.min_players:
        parts.append(f'<p class="dialog-heading">{html(tr("ctl.players"))}</p>' + "".join(
            f'<label><input type="radio" id="new-players-{n}" name="players" value="{n}"'
            f'{" checked" if n == match.players else ""}>{html(tr("picker.players_n", n=n))}</label>'
            for n in range(game.min_players, game.max_players + 1)))
    if len(game.variants) > 1:
        parts.append(f'<p class="dialog-heading">{html(tr("ctl.variant"))}</p>' + "".join(
            f'<label><input type="radio" id="new-variant-{html(v)}" name="variant" value="{html(v)}"'
            f'{" checked" if v == match.variant else ""}>'
            f'{html(tr(f"{game.id}.variant.{v}") if has(f"{game.id}.variant.{v}") else v)}</label>'
            for v in game.variants))
    parts.append(f'<p class="dialog-heading">{html(tr("ctl.seats"))}</p>' + "".join(
        f'<label class="seat" id="new-seat-row-{n}"{" hidden" if n >= match.players else ""}>'
        f'{html(tr("player.n", n=n + 1))}<select id="new-seat-{n}" name="seat-{n}">'
        + "".join(f'<option value="{s}"{" selected" if n < len(seats) and seats[n] == s else ""}>'
                  f'{html(tr(f"seat.{s}"))}</option>' for s in SEATS)
        + "</select></label>" for n in range(game.max_players)))
    parts.append(house_rules_html(tr, game, match.options, match.players))
    return "".join(parts)


def player_choices_html(tr: Tr, value: int, high: int) -> str:
    """The options of a player list up to player `high` (0-based); `value` is selected if offered,
    else Random."""
    chosen = value if -1 <= value <= high else -1
    return "".join(f'<option value="{n}"{" selected" if n == chosen else ""}>'
                   f'{html(tr("newgame.random_player") if n < 0 else tr("player.n", n=n + 1))}</option>'
                   for n in range(-1, high + 1))


def house_rules_html(tr: Tr, game: Game, values: Mapping[str, Any], players: int, prefix: str = "new") -> str:
    """Every option of the engine as a control set to `values` (defaults for the rest); a number
    carries the engine's bounds for `players` and an empty message slot tied to it. The ids start
    with `prefix` (another dialog reuses the controls: the correspondence start dialog)."""
    bounds = game.option_bounds(players)
    rows = []
    for name, default in game.options.items():
        label = html(tr(f"{game.id}.option.{name}"))
        value = values.get(name, default)
        control = f'id="{html(prefix)}-opt-{html(name)}" name="opt-{html(name)}"'
        if isinstance(default, bool):
            rows.append(f'<label><input type="checkbox" {control}{" checked" if value else ""}>{label}</label>')
        elif names_a_player(name, default):
            rows.append(f'<label>{label}<select {control} aria-describedby="{html(prefix)}-err-{html(name)}">'
                        f'{player_choices_html(tr, value, bounds[name][1])}</select></label>'
                        f'<p class="field-error" id="{html(prefix)}-err-{html(name)}" role="alert" hidden></p>')
        elif isinstance(default, int):
            low, high = bounds[name]
            top = "" if high is None else f' max="{high}"'
            rows.append(f'<label>{label}<input type="number" {control} value="{html(value)}" min="{low}"{top} step="1"'
                        f' aria-describedby="{html(prefix)}-err-{html(name)}"></label>'
                        f'<p class="field-error" id="{html(prefix)}-err-{html(name)}" role="alert" hidden></p>')
        else:
            options = "".join(f'<option value="{html(c)}"{" selected" if c == value else ""}>'
                              f'{html(tr(f"{game.id}.option.{name}.{c}"))}</option>'
                              for c in game.option_choices[name])
            rows.append(f'<label>{label}<select {control}>{options}</select></label>')
    return (f'<details class="house-rules" id="{html(prefix)}-house-rules"><summary>{html(tr("ctl.house_rules"))}</summary>'
            + "".join(rows) + "</details>")


# -- reading and checking the choices -------------------------------------------------------------


@dataclass(frozen=True)
class Choices:
    """What the dialog holds: the set-up to start, and a message for each refused house rule."""

    players: int
    variant: str | None
    seats: tuple[str, ...]
    options: dict[str, Any]
    refused: dict[str, str] = field(default_factory=dict)


def chosen_players(game: Game, node: Node, current: int) -> int:
    """The checked player count (the current one when the game has only one)."""
    if game.max_players == game.min_players:
        return current
    return next((n for n in range(game.min_players, game.max_players + 1) if node(f"new-players-{n}").checked),
                current)


def check_options(tr: Tr, game: Game, players: int, fields: Mapping[str, bool | str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The options the fields give (a checkbox's state, a choice, a number's text) and, for each
    number the engine would refuse with `players` players, what to choose instead."""
    bounds = game.option_bounds(players)
    options: dict[str, Any] = {}
    refused: dict[str, str] = {}
    for name, default in game.options.items():
        if name not in fields:
            continue
        value = fields[name]
        if isinstance(default, bool):
            options[name] = bool(value)
        elif isinstance(default, int):
            low, high = bounds[name]
            text = str(value).strip()
            number = int(text) if _INTEGER.fullmatch(text) else None
            if number is None or number < low or (high is not None and number > high):
                refused[name] = range_text(tr, game, name, low, high)
            else:
                options[name] = number
        else:
            options[name] = str(value)
    return options, refused


def read_choices(tr: Tr, game: Game, node: Node, current: Match) -> Choices:
    """Everything the dialog holds, checked."""
    players = chosen_players(game, node, current.players)
    variant = (next((v for v in game.variants if node(f"new-variant-{v}").checked), None)
               if len(game.variants) > 1 else None)
    fields: dict[str, bool | str] = {}
    for name, default in game.options.items():
        control = node(f"new-opt-{name}")
        fields[name] = bool(control.checked) if isinstance(default, bool) else str(control.value)
    options, refused = check_options(tr, game, players, fields)
    seats = tuple(str(node(f"new-seat-{n}").value) for n in range(players))
    return Choices(players, variant, seats, options, refused)


# -- the controller -------------------------------------------------------------------------------


class NewGameDialog:
    """The #dlg-new dialog of the current game: open it, keep its seats and bounds in step with the
    player count, and start the game on Start, or say in place what to change."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seed: int | None = None
        self.shown: list[str] = []  # the ids of the messages showing
        self._bind()

    def _bind(self) -> None:
        on = page().on
        on(self.app.element("new-form"), "submit", self._on_submit)
        on(self.app.element("variant-choice"), "change", self._on_change)
        on(self.app.element("variant-choice"), "input", self._on_input)
        on(self.app.element("variant-choice"), "keydown", self._on_key)

    @property
    def game(self) -> Game:
        return self.app.screen.match.game

    def open(self, seed: int | None = None) -> None:
        """Show the dialog for the current game; `seed` fixes the new game's seed (else random)."""
        screen = self.app.screen
        if screen is None:
            return
        self.seed = seed
        self.shown = []
        self.app.element("new-error").hidden = True
        self.app.element("variant-choice").innerHTML = dialog_html(self.app.tr, screen.match.game, screen.match,
                                                                  screen.seats)
        self.app.element("dlg-new").showModal()

    def players_changed(self) -> None:
        """Show the seats of the chosen player count; give its bounds to the numbers."""
        game = self.game
        players = chosen_players(game, self.app.element, self.app.screen.match.players)
        for n in range(game.max_players):
            self.app.element(f"new-seat-row-{n}").hidden = n >= players
        for name, (low, high) in game.option_bounds(players).items():
            control = self.app.element(f"new-opt-{name}")
            if names_a_player(name, game.options[name]):
                control.innerHTML = player_choices_html(self.app.tr, int(control.value), high)
                continue
            control.setAttribute("min", str(low))
            if high is not None:
                control.setAttribute("max", str(high))

    def start(self) -> bool:
        """Start the game the dialog describes; False (the dialog stays, with a message) when the
        engine would refuse it."""
        self.clear()
        game = self.game
        choices = read_choices(self.app.tr, game, self.app.element, self.app.screen.match)
        if choices.refused:
            for name, message in choices.refused.items():
                self.say(f"new-err-{name}", message)
                self.app.element(f"new-opt-{name}").setAttribute("aria-invalid", "true")
            self.app.element("new-house-rules").open = True
            self.app.element(f"new-opt-{next(iter(choices.refused))}").focus()
            return False
        seed = self.app.new_seed() if self.seed is None else self.seed
        try:
            match = Match.new(game.id, choices.players, seed, choices.variant, **choices.options)
        except ValueError as exc:  # nothing the bounds cover; said in the dialog all the same
            self.say("new-error", self.app.tr("app.bad_setup", reason=exc))
            return False
        self.app.show_play(match, choices.seats)
        self.app.screen.save()
        return True

    def say(self, message_id: str, text: str) -> None:
        node = self.app.element(message_id)
        node.textContent = text
        node.hidden = False
        self.shown.append(message_id)

    def clear(self) -> None:
        """Hide every message and unmark the fields."""
        for message_id in self.shown:
            self.app.element(message_id).hidden = True
            if message_id.startswith("new-err-"):
                self.app.element(message_id.replace("new-err-", "new-opt-", 1)).setAttribute("aria-invalid", "false")
        self.shown = []

    def _on_submit(self, event: Any) -> None:
        submitter = getattr(event, "submitter", None)
        if str(getattr(submitter, "value", "")) != "start" or self.app.screen is None:
            return
        event.preventDefault()  # refused: the dialog stays open, every choice kept
        if self.start():  # closed here, so that the focus can go to the new game's board (closing
            self.app.element("dlg-new").close("start")  # gives it back to the dialog's opener)
            self.app.element("board").focus()

    def _on_change(self, event: Any) -> None:
        if str(getattr(event.target, "name", "")) == "players":
            self.players_changed()

    def _on_input(self, event: Any) -> None:
        """Typing in a marked number takes its message away."""
        target_id = str(getattr(event.target, "id", ""))
        message_id = target_id.replace("new-opt-", "new-err-", 1)
        if target_id.startswith("new-opt-") and message_id in self.shown:
            self.app.element(message_id).hidden = True
            event.target.setAttribute("aria-invalid", "false")
            self.shown.remove(message_id)

    def _on_key(self, event: Any) -> None:
        """Enter in a field means Start (the form's first button, which Enter would press, is Cancel)."""
        if str(event.key) == "Enter" and str(getattr(event.target, "tagName", "")) == "INPUT":
            event.preventDefault()
            self.app.element("btn-start").click()
