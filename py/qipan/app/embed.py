"""Embedded boards and shared games: what is shown, at which ply, with which notes — no DOM here.

An `EmbedSession` turns an `EmbedSpec` (embed_params) into matches: the game from a share token,
a position text, or a seed, shown at a ply (view), stepped through (step), or played on from there
(try) with the dice the author fixed (`dice=`, else the record's own chance outcomes in order).
`embedded(base, ...)` makes a game's screen class that never saves, draws the annotations on top
and, outside try mode, ignores input. links.py puts them on the page.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

from qipan import games
from qipan.app import share
from qipan.core import GameRecord, NotationError, RecordError
from qipan.match import Match
from qipan.app.embed_params import EmbedSpec, Note

if TYPE_CHECKING:
    from qipan.analysis import Analysis


class EmbedMatch(Match):
    """A match whose chance outcomes come first from a fixed list (the author's dice)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.feed: list[str] = []
        self.rejected: list[str] = []
        """Outcomes of the feed that were no outcome of the roll they came to (the embed names them)."""
    def sample_chance(self) -> str:
        while self.feed:
            text = self.feed.pop(0)
            try:
                self.play(text)
                return self.actions[-1]
            except ValueError:
                self.rejected.append(text)  # not an outcome of this roll: the next one, else the seed's
        return super().sample_chance()


def position_match(game_id: str, text: str) -> EmbedMatch:
    """A match that starts at a position text (no record before it). Raises NotationError."""
    return EmbedMatch.from_position(game_id, text)


class EmbedSession:
    """The game an embed or a share link shows, and the ply on screen."""

    def __init__(self, spec: EmbedSpec) -> None:
        """Raises ValueError (NotationError, RecordError, UnknownGame) saying what is wrong."""
        self.spec = spec
        self.record: GameRecord | None = None
        self.position: str | None = None
        carried: dict[str, Any] | None = None
        self.analysis_error = ""
        """Why the link's analysis could not be read ("" when it could, or there is none)."""
        if spec.share:
            shared = share.decode(spec.share)
            if spec.game and spec.game != shared.game:
                raise RecordError(f"the link is for {shared.game}, but game={spec.game}")
            self.game_id = shared.game
            self.record, self.position = shared.record, shared.position
            carried, self.analysis_error = shared.analysis, shared.analysis_error
        elif spec.position:
            if not spec.game:
                raise NotationError("pos= needs game= (which game the position is of)")
            self.game_id, self.position = spec.game, spec.position
        elif spec.game:
            game = games.get(spec.game)
            players = spec.players or game.min_players
            if not game.min_players <= players <= game.max_players:
                raise NotationError(f"{spec.game} is for {game.min_players}–{game.max_players} players")
            self.game_id = spec.game
            self.record = GameRecord(spec.game, players, spec.seed or 0, spec.variant)
        else:
            raise NotationError("no game: give share=, game= with pos=, or game=")
        self.game = games.get(self.game_id)
        self._full = self._replay()  # checks the whole record / position now, and keeps its states
        self.analysis: Analysis | None = None
        """The game's analysis the link carried, checked against the game (docs/embed.md)."""
        if carried is not None:
            from qipan.app.analysis_link import read_analysis  # (loaded only for a link that has one)
            try:
                self.analysis = read_analysis(carried, self._full)
            except ValueError as exc:  # AnalysisFormatError
                self.analysis_error = str(exc)
        self.actions: tuple[str, ...] = self._full.actions
        self.total = len(self.actions)
        if spec.ply is not None:
            self.start = min(spec.ply, self.total)
        else:
            self.start = 0 if spec.mode == "step" else self.total
        self.ply = self.start

    def _replay(self) -> EmbedMatch:
        """The whole record (or the position) played once; every ply is cut from it afterwards."""
        if self.position is not None:
            return position_match(self.game_id, self.position)
        record = self.record
        try:
            match = EmbedMatch(record.game, record.players, record.seed, record.variant, dict(record.options))
        except ValueError as exc:
            raise RecordError(f"the game cannot be set up: {exc}") from None
        for n, text in enumerate(record.actions):
            try:
                match.play(text)
            except ValueError as exc:
                raise RecordError(f"the game breaks at action {n + 1} ({text!r}): {exc}") from None
        return match

    def match_at(self, ply: int | None, feed: tuple[str, ...] = ()) -> EmbedMatch:
        """A match at `ply` (None: at the end), later chance outcomes taken from `feed`: a copy of
        the match replayed once, cut at that ply (no replay: stepping through a long record, or
        autoplay, costs no more per step at the end than at the start)."""
        match = self._full.prefix(self.total if ply is None else max(0, min(ply, self.total)))
        match.options = dict(match.options)  # (a copy: the screen's match shares nothing it could change)
        match.feed, match.rejected = list(feed), []
        return match

    def try_feed(self) -> tuple[str, ...]:
        """The dice for play from the current ply: the author's list, else the record's own
        chance outcomes after this ply, in order."""
        if self.spec.dice:
            return self.spec.dice
        if self.record is None:
            return ()
        return tuple(text for n, text in enumerate(self.actions) if n >= self.ply and self._full.was_chance(n))

    @property
    def full(self) -> EmbedMatch:
        """The whole record replayed (its states are what the analysis's moves are read at)."""
        return self._full

    def note(self) -> Note:
        return self.spec.note(self.ply)

    def caption(self, lang: str) -> str:
        return self.spec.caption(self.ply, lang)


# -- the step controls ------------------------------------------------------------------------------

STEPS = ("first", "prev", "next", "last", "play")
"""The step controls of step mode, by the names the bar's buttons carry (data-embed)."""


def stepped(ply: int, total: int, playing: bool, action: str) -> tuple[int, bool]:
    """Where the step control `action` takes a reader at `ply` (of `total` moves), and whether the
    moves then play on: "play" starts or stops them (started at the end, from the start again);
    any control but "next" stops them. Raises KeyError for an action that is no step control."""
    if action == "play":
        playing = not playing
        return (0 if playing and ply >= total else ply), playing
    target = {"first": 0, "prev": ply - 1, "next": ply + 1, "last": total}[action]
    return max(0, min(total, target)), playing and action == "next"


def early_presses(text: str) -> tuple[str, ...]:
    """The step controls pressed on the still before the board was ready, in order, from what
    assets/js/embed.js wrote (their names, space-separated); anything else in it is dropped."""
    return tuple(word for word in text.split() if word in STEPS)


def after_presses(ply: int, total: int, presses: tuple[str, ...]) -> tuple[int, bool]:
    """The ply and whether the moves play after `presses` (step controls) from `ply`, not playing."""
    playing = False
    for action in presses:
        ply, playing = stepped(ply, total, playing, action)
    return ply, playing


# -- where a point of each game's notation is on the canvas --------------------------------------------


def point_px(screen: Any, name: str) -> tuple[float, float, float] | None:
    """The centre and a radius of the point `name` (the game's own notation) on `screen`'s canvas,
    or None when the game has no such point (or `name` is no point name at all)."""
    try:
        return screen.point_px(name)
    except (ValueError, IndexError, KeyError):
        return None


HIGHLIGHT = ("#e65100", "#ffb74d")
ARROW = ("#1565c0", "#90caf9")


def draw_note(ctx: Any, screen: Any, note: Note, dark: bool) -> list[str]:
    """Draw highlighted cells (rings) and arrows over the board; the point names not found."""
    missing = []
    ctx.save()
    ctx.lineCap = "round"
    ctx.lineJoin = "round"
    for name in note.cells:
        spot = point_px(screen, name)
        if spot is None:
            missing.append(name)
            continue
        x, y, r = spot
        ctx.strokeStyle = HIGHLIGHT[dark]
        ctx.lineWidth = max(2.5, r * 0.18)
        ctx.setLineDash([])
        ctx.beginPath()
        ctx.arc(x, y, r, 0, 2 * math.pi)
        ctx.stroke()
    for start, end in note.arrows:
        a, b = point_px(screen, start), point_px(screen, end)
        if a is None or b is None:
            missing.append(start if a is None else end)
            continue
        _arrow(ctx, a, b, ARROW[dark])
    ctx.restore()
    return missing


def _arrow(ctx: Any, a: tuple[float, float, float], b: tuple[float, float, float], colour: str) -> None:
    (x0, y0, r0), (x1, y1, r1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    # Between neighbouring points (a step) the arrow still shows: its ends and head shrink to fit.
    start, end = min(r0 * 0.5, length * 0.15), min(r1 * 0.55, length * 0.15)
    sx, sy = x0 + ux * start, y0 + uy * start
    ex, ey = x1 - ux * end, y1 - uy * end
    width = max(3.0, min(r0, r1) * 0.22)
    head = min(width * 3.2, (length - start - end) * 0.5)
    ctx.globalAlpha = 0.85
    ctx.strokeStyle = colour
    ctx.fillStyle = colour
    ctx.lineWidth = width
    ctx.beginPath()
    ctx.moveTo(sx, sy)
    ctx.lineTo(ex - ux * head * 0.8, ey - uy * head * 0.8)
    ctx.stroke()
    ctx.beginPath()
    ctx.moveTo(ex, ey)
    ctx.lineTo(ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6)
    ctx.lineTo(ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6)
    ctx.closePath()
    ctx.fill()
    ctx.globalAlpha = 1


# -- the screen classes ------------------------------------------------------------------------------


def embedded(base: type, interactive: bool, note: Callable[[], Note | None], bottom: int | None = None,
             on_missing: Callable[[list[str]], None] | None = None,
             on_render: Callable[[], None] | None = None) -> type:
    """`base` (a game's GameScreen class) as an embedded or shared board: it never writes to the
    visitor's storage; it draws the current `note()` on top; without `interactive` it resolves no
    chance by itself and takes no input; `bottom` (1-based player) turns the board where the
    game's view can turn (LYNGK, Gype); `on_render` runs after each redraw (the embed's own bar)."""

    class Embedded(base):  # type: ignore[misc, valid-type]
        embedded = True
        bottom_player = bottom
        focus_on_mover = False  # every part alike (GameScreen.focus_on_mover)

        def save(self) -> None:
            """Never: an embed or a shared game is not the visitor's game."""

        def save_picture(self) -> None:
            """Never (the next visit's first paint is the visitor's own board)."""

        def advance(self) -> None:
            if interactive:
                super().advance()

        def on_board_click(self, x: float, y: float) -> None:
            if interactive:
                super().on_board_click(x, y)

        def on_board_hover(self, x: float, y: float) -> None:
            if interactive:
                super().on_board_hover(x, y)

        def on_key(self, key: str) -> bool:
            return super().on_key(key) if interactive else False

        def on_panel(self, action: str, value: str) -> None:
            if interactive:
                super().on_panel(action, value)

        def render(self) -> None:
            super().render()
            if on_render is not None:
                on_render()

        def draw(self, ctx: Any, width: float, height: float) -> None:
            super().draw(ctx, width, height)
            shown = note()
            if shown is not None and (shown.cells or shown.arrows):
                missing = draw_note(ctx, self, shown, bool(getattr(self.host, "dark", False)))
                if missing and on_missing is not None:
                    on_missing(missing)

    Embedded.__name__ = Embedded.__qualname__ = f"Embedded{base.__name__}"
    return Embedded
