"""The move log beside the board: every move in readable words; click one to see that position.

The pure part (`Ply`, `entries`, `group`, `log_html`) turns a match into entries grouped by turn
and into HTML; `MoveLog` puts them into #move-log and binds its controls through the page (app/page.py).
Each game's words are the `Words` object its UI registers (`games.ui(id).words`,
boardkit/words.py): `describe(ply, tr)` and, where the game needs them, who a ply belongs to,
set-up choices, later games of a match and what is still hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from qipan import games
from qipan.boardkit.words import Ply, Tr, Words
from qipan.match import Match
from qipan.boardkit.markup import html
from qipan.app.page import page


STEP_KEYS = {"ArrowLeft": "back", "ArrowUp": "back", "ArrowRight": "forward", "ArrowDown": "forward",
             "Home": "start", "End": "end"}
"""Keys of the focused log and the step they take."""


@dataclass(frozen=True)
class Entry:
    """One line of the log: the position it shows, who acted, the words and the notation."""

    ply: int
    actor: int
    words: str
    notation: str
    turn: int | None = None
    """Whose turn it was, where others act within it (Calavera's marks); None: the actor's."""
    opens_game: bool = False
    """The first action of a later game of a match (Quorsum's next layout)."""
    setup: bool = False
    """A player's set-up choice (Gype's start row, Quorsum's opening choice): not a turn."""


@dataclass(frozen=True)
class Group:
    """Consecutive entries of one player's turn (`actor` -1: chance nobody owns, e.g. set-up)."""

    actor: int
    number: int
    entries: tuple[Entry, ...]
    game: int = 0
    """The game of a match that starts with this group (2, 3…), else 0."""
    setup: bool = False
    """A player's set-up choices (headed "Set-up · Player 1", not numbered)."""


def entry(words: Words, ply: Ply, tr: Tr) -> Entry:
    """The log entry of one action."""
    notation = "" if words.hidden(ply) else ply.text
    return Entry(ply.index + 1, words.actor(ply.before), words.describe(ply, tr), notation,
                 words.turn_owner(ply.before), words.opens_game(ply), words.in_setup(ply.before))


def plies(match: Match, start: int = 0) -> list[Ply]:
    """The actions of a match from `start` on, each with its positions."""
    states, actions, game = match.states(), match.actions, match.game
    return [Ply(i, match.seed, states[i], game.parse_action(states[i], actions[i]), actions[i], states[i + 1],
                states[-1]) for i in range(start, len(actions))]


def entries(match: Match, tr: Tr) -> list[Entry]:
    """Every action of the match as a log entry."""
    words = games.ui(match.game.id).words
    return [entry(words, ply, tr) for ply in plies(match)]


def group(items: list[Entry]) -> list[Group]:
    """Entries in runs of the same actor, numbered by turn 1, 2, 3…: a new turn starts when the
    turn passes to another player (others acting within a turn keep its number); a player's
    set-up choices are grouped apart and not counted. A later game of a match starts a new group
    and counts its turns from 1 again."""
    groups: list[Group] = []
    number, turn, game = 0, None, 1
    for item in items:
        if item.opens_game:
            game, number, turn = game + 1, 0, None
            groups.append(Group(item.actor, 0, (item,), game))
            continue
        if groups and groups[-1].actor == item.actor and groups[-1].setup == item.setup:
            last = groups[-1]
            groups[-1] = Group(last.actor, last.number, last.entries + (item,), last.game, last.setup)
            continue
        if item.setup:
            groups.append(Group(item.actor, 0, (item,), setup=True))
            continue
        owner = item.actor if item.turn is None else item.turn
        if item.actor >= 0 and owner != turn:
            number, turn = number + 1, owner
        groups.append(Group(item.actor, number if item.actor >= 0 else 0, (item,)))
    return groups


def list_html(groups: list[Group], current: int, tr: Tr, colours: tuple[str, ...] = (),
              grades: dict[int, str] | None = None) -> str:
    """The inside of the log's list: the start, then each turn with its entries; the entry of
    the shown position has aria-current; `grades`: an analysis's grade of each entry that has one
    (its symbol and name, app/analysis_html.py)."""
    if grades:  # (an analysis's module is imported once there is an analysis: app/analysis_view.py)
        from qipan.app.analysis_html import grade_html

    def line(ply: int, words: str, notation: str) -> str:
        mark = ' aria-current="step"' if ply == current else ""
        code = f' <code class="log-notation">{html(notation)}</code>' if notation else ""
        grade = grades.get(ply) if grades else None
        badge = grade_html(grade, tr) if grade else ""
        return (f'<li class="log-entry" data-ply="{ply}"{mark}><span class="log-words">{html(words)}</span>'
                f'{code}{badge}</li>')

    def heading(game: int) -> str:
        return f'<li class="log-game"><p class="log-game-heading" role="heading" aria-level="3">{html(tr("log.game", n=game))}</p></li>'

    parts = [f'<li class="log-turn log-start"><ol>{line(0, tr("log.start"), "")}</ol></li>']
    if any(g.game for g in groups):
        parts.append(heading(1))
    for g in groups:
        if g.game:
            parts.append(heading(g.game))
        if g.actor >= 0:
            swatch = (f'<span class="log-swatch" style="background:{colours[g.actor]}" aria-hidden="true"></span>'
                      if g.actor < len(colours) else "")
            player = tr("player.n", n=g.actor + 1)
            who = tr("log.setup", player=player) if g.setup else tr("log.turn", n=g.number, player=player)
        else:
            swatch, who = "", tr("log.chance")
        parts.append(f'<li class="log-turn" data-player="{g.actor}"><p class="log-who">{swatch}{html(who)}</p>'
                     f'<ol>{"".join(line(e.ply, e.words, e.notation) for e in g.entries)}</ol></li>')
    return "".join(parts)


def step_target(action: str, current: int, last: int) -> int:
    """The ply a step button or key goes to from `current` (0..last)."""
    return {"start": 0, "back": max(0, current - 1), "forward": min(last, current + 1), "end": last}[action]


def shell_html(tr: Tr, open_: bool) -> str:
    """The log's fixed parts: heading, step buttons, the list and a status line."""
    buttons = "".join(
        f'<button type="button" class="log-step" data-step="{step}" aria-label="{html(tr(key))}" '
        f'title="{html(tr(key))}"><span aria-hidden="true">{icon}</span></button>'
        for step, key, icon in (("start", "log.start_step", "|◀"), ("back", "log.back", "◀"),
                                ("forward", "log.forward", "▶"), ("end", "log.end", "▶|")))
    return (f'<details id="log-box" class="log-box"{" open" if open_ else ""}>'
            f'<summary><h2 class="log-heading">{html(tr("log.heading"))}</h2>'
            f'<span id="log-count" class="log-count"></span></summary>'
            f'<div class="log-steps" role="group" aria-label="{html(tr("log.steps"))}">{buttons}</div>'
            f'<ol id="log-list" class="log-list" tabindex="0" aria-label="{html(tr("log.list"))}" '
            f'aria-describedby="log-help"></ol>'
            f'<p id="log-help" class="log-help">{html(tr("log.help"))}</p></details>')


def scroll_to_current(listing: Any) -> None:
    """Scroll the list (only: scrollIntoView would move the page on a phone) to its current entry
    (it reads the layout: done just before the frame is painted, which lays the page out anyway)."""
    marked = listing.querySelector('[aria-current="step"]')
    if marked:
        listing.scrollTop = max(0, marked.offsetTop - listing.clientHeight + marked.offsetHeight + 8)


class MoveLog:
    """Fills #move-log for the current screen and lets the player step through the positions."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.built_lang = ""
        self._match: Match | None = None
        self._lang = ""
        self._secret = False
        self._entries: list[Entry] = []
        self._texts: tuple[str, ...] = ()
        self._shown: tuple[str, str] = ("", "")
        """The list's HTML and count line last written (not written again when they are the same)."""
        self._listing: Any = None
        """The list element they were written into (build() makes a new one)."""

    # -- the page ---------------------------------------------------------------------------------

    def build(self) -> None:
        """Put the fixed parts into #move-log (again after a language change) and bind them."""
        box = self.app.element("move-log")
        first = not self.built_lang
        was_open = None if first else bool(self.app.element("log-box").open)
        if was_open is None:
            view = box.ownerDocument.defaultView
            was_open = bool(view.matchMedia("(min-width: 700px)").matches) if view else True
        box.innerHTML = shell_html(self.app.tr, was_open)
        self.built_lang = self.app.lang
        if first:
            on = page().on

            on(box, "click", self._on_click)
            on(box, "keydown", self._on_key)

    def refresh(self) -> None:
        """Rebuild the list after the screen rendered: the current entry marked and in view."""
        screen = self.app.screen
        if screen is None:
            return
        if self.built_lang != self.app.lang:
            self.build()
        items = self.items(screen.match)
        current = screen.shown_ply
        tr = self.app.tr
        words = games.ui(screen.game_id).words
        listing = self.app.element("log-list")
        last = len(items)
        shown = (list_html(group(items), current, tr, words.player_colours, self.app.analysis.marks()),
                 tr("log.count", n=last) if screen.viewing is None else tr("log.viewing", k=current, n=last))
        if shown == self._shown and listing == self._listing:
            return  # a cursor move: nothing in the log changed (and no layout is forced to scroll it)
        self._shown, self._listing = shown, listing
        self.app.set_html(listing, shown[0])  # (a move: the new entry added, the others kept)
        self.app.element("log-count").textContent = shown[1]
        for node_id, off in (("start", current == 0), ("back", current == 0), ("forward", current == last),
                             ("end", current == last)):
            button = self.app.element("move-log").querySelector(f'[data-step="{node_id}"]')
            button.disabled = off
        self.app.before_paint(lambda: scroll_to_current(listing))

    def items(self, match: Match) -> list[Entry]:
        """The entries of `match`, described again only for actions not seen before."""
        texts = match.actions
        words = games.ui(match.game.id).words
        secret = words.secret(match.state)
        if (match, self.app.lang, secret) != (self._match, self._lang, self._secret):
            self._match, self._lang, self._secret, self._entries, self._texts = match, self.app.lang, secret, [], ()
        keep = 0
        while keep < min(len(texts), len(self._texts)) and texts[keep] == self._texts[keep]:
            keep += 1
        self._entries = self._entries[:keep] + [entry(words, ply, self.app.tr) for ply in plies(match, keep)]
        self._texts = texts
        return self._entries

    # -- events -----------------------------------------------------------------------------------

    def _go(self, step: str) -> None:
        screen = self.app.screen
        if screen is not None:
            screen.view(step_target(step, screen.shown_ply, len(screen.match.actions)))

    def _on_click(self, event: Any) -> None:
        node = event.target.closest("[data-step]")
        if node:
            self._go(str(node.getAttribute("data-step")))
            return
        node = event.target.closest("[data-ply]")
        if node and self.app.screen is not None:
            self.app.screen.view(int(node.getAttribute("data-ply")))
            self.app.element("log-list").focus()

    def _on_key(self, event: Any) -> None:
        step = STEP_KEYS.get(str(event.key))
        if step is None or getattr(event.target, "id", "") != "log-list":
            return
        event.preventDefault()
        self._go(step)
