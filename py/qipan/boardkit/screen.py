"""The play screen every game shares: canvas sizing, the panel, chance, autosave, undo.

A game's screen subclasses `GameScreen` and fills in the hooks (draw, panel, input). The app
forwards board and panel events to the current screen. Rules stay in the engine; a screen only
turns input into actions and asks the engine what is legal.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import reduce
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Protocol

from qipan.boardkit.display import DisplayList, LayerSlot, Pieces
from qipan.boardkit.labels import Label, Segment, corner
from qipan.boardkit.markup import HINTED, html
from qipan.boardkit.store import Storage, StorageError
from qipan.boardkit.words import Ply, Tr, Words
from qipan.core import Action, Outcome, State

if TYPE_CHECKING:  # the screen is handed a match; it never makes one
    from qipan.match import Match

Message = tuple[str, dict[str, object]]

NOTATION_WORD = re.compile(r"[A-Za-z]{2,}")
"""A word in an action's notation ("roll c3", "arrange SBTT…"; a cell such as d2 is not one): a hint
whose notation holds one gives the words alone, or a Chinese sentence would hold English."""
PICTURE_QUALITY = 0.9
"""The stored picture's JPEG quality: its letters and rims crisp, about 100 KiB at 930 × 660."""


class Host(Protocol):
    """What the app gives a screen."""

    storage: Storage
    can_save: bool
    dark: bool
    keeps_pictures: bool
    """Whether the board's layers are kept as pictures between frames (a board that is drawn once,
    an image export's or a rules page's, draws them in place: no picture is made for nothing)."""

    def tr(self, key: str, **values: object) -> str: ...
    def notify(self, text: str) -> None: ...
    def element(self, element_id: str) -> Any: ...
    def set_html(self, node: Any, markup: str) -> None:
        """Give `node` the content `markup` (the web layer changes only the nodes that differ)."""
    def offscreen(self, width: int, height: int) -> Any: ...
    def backdrop(self) -> str:
        """The colour behind the board (CSS): what is painted behind the stored picture, which
        has no transparency."""
    def paint(self, ctx: Any, frame: DisplayList) -> None:
        """Make the drawing `frame` recorded on the 2D context `ctx` (the web layer: in one call
        to JavaScript)."""
    def changed(self) -> None: ...
    def rendered(self) -> None:
        """The panel was refreshed (face to face, the app turns it toward the player to move)."""
    def refresh_records(self) -> None:
        """Refresh what the host keeps beside the board (the move log, the analysis)."""
    def play_sound(self, kind: str) -> None: ...
    def autosave(self, screen: "GameScreen") -> None:
        """Keep the screen's game in its save (setting `screen.save_id` the first time)."""
    def after_frame(self, task: Callable[[], None]) -> None:
        """Run `task` once the frame being drawn is painted (a move's save: the move is shown
        first); at once where nothing is painted."""
    def before_paint(self, task: Callable[[], None]) -> None:
        """Run `task` just before the browser lays out and paints the next frame (a scroll that
        reads the layout: made once, with the frame's own, not in the key's task); at once where
        nothing is painted."""
    def after_board(self, screen: "GameScreen") -> None:
        """The board of `screen` was drawn: call its `render_page` (the panel, message, controls
        and move log around the board) at once, or, answering an input whose answer is on the
        board (a key, tap or hover on it; Undo, Redo; a control of the game's panel), in tasks of
        their own right after (the answer on the board is not held up by the page around it): its
        `render_panel`, then its `render_records`."""


@dataclass(frozen=True)
class Marks:
    """How the board shows one action: rings on `cells` and arrows from point to point, in the
    game's own point names (the embed's hl= and arrow= syntax, drawn by app/embed.draw_note)."""

    cells: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cells or self.arrows)


@dataclass(frozen=True)
class KeyItem:
    """One entry of a picture's key: a mark as the board draws it, and what it means in words."""

    draw: Callable[[Any, float, float, float], None]
    """Draws the mark on a 2D context, centred on (x, y), about the given radius around it."""
    text: str


class Named:
    """Text produced when formatted: a message value that follows the current language."""

    def __init__(self, text: Callable[[], str]) -> None:
        self.text = text

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)


class GameScreen:
    """Base of every game's play screen. Subclasses set `game_id` and `words` and override the hooks."""

    game_id: ClassVar[str] = ""
    words: ClassVar[Words]
    """How the game's actions read in the move log, the hint and the embed's step line."""
    focus_on_mover: ClassVar[bool] = True
    """Whether the board may give the player to move more room (a phone's screen); embeds, pictures
    and the editor show every part alike. Games whose board has no parts ignore it."""
    embedded: ClassVar[bool] = False
    """An embed's or a shared game's board (never the visitor's own game)."""
    hands_over: ClassVar[bool] = True
    """Whether the players share this device (pass-and-play), so hand-over prompts ("Pass the device
    to …") show; False for a game by link, where each plays on their own."""
    bottom_player: int | None = None
    """The player (1-based) whose side of the board is drawn at the bottom (an embed's bottom=);
    None: the game's own choice. Games whose board has no sides ignore it."""

    def __init__(self, host: Host, match: Match, seats: tuple[str, ...] = ()) -> None:
        self.host = host
        self.match = match
        self.seats = seats or ("human",) * match.players
        """Per player: "human", or a computer level ("easy", "medium", "hard")."""
        self.save_id: str | None = None
        """The save this game goes into (None: a new save at the next move; app/storage.py)."""
        self.message: Message | None = None
        self._explained: Message | None = None  # the last reason explain() said, and the prompt it kept
        self._kept_prompt: Message | None = None
        self.error = False
        self.news = False
        """True from say() until the next live render: the message is new and is scrolled into view."""
        self.width = 1.0
        self.height = 1.0
        self.ratio = 1.0
        self.viewing: int | None = None
        """While reviewing: the ply of the position shown (match.states()[viewing]); None: live."""
        self._shown: tuple[int, State, Match | None] | None = None
        self._written: dict[str, tuple[Any, str]] = {}
        """Per element: the markup this screen last wrote into it (see _write)."""
        self.overlay: Callable[[Any], None] | None = None
        """Drawn over the board after `draw` (the analysis's best move: app/analysis_view.py)."""
        self.layers: list[LayerSlot] = []
        """The pictures of the board's unchanging parts, one per layer, kept by the host between
        frames where it keeps pictures (`Host.keeps_pictures`; display.py)."""
        self.pieces = Pieces()
        """The parts of those layers recorded once, by key (display.py's pieces)."""
        self.canvas = host.element("board")
        self.ctx = self.canvas.getContext("2d")
        self.advance()

    # -- hooks for each game ------------------------------------------------------------------------

    def draw(self, ctx: Any, width: float, height: float) -> None:
        """Draw the board on the canvas (CSS pixels; the device ratio is already applied). The
        board's unchanging part goes through `boardkit.display.unchanging` with a key of what it
        shows, so that a cursor move repaints only what is over it."""
        raise NotImplementedError

    def panel_html(self) -> str:
        """The game's part of the side panel (players, scores, game controls), as HTML."""
        return ""

    def on_board_click(self, x: float, y: float) -> None:
        """A click or tap on the board at CSS pixel (x, y)."""

    def on_board_hover(self, x: float, y: float) -> None:
        """A mouse moving over the board (touch and pen never hover)."""

    def on_key(self, key: str) -> bool:
        """A key pressed on the focused board; True when it was used."""
        return False

    def on_panel(self, action: str, value: str) -> None:
        """A click on an element of the panel with data-action (and data-value)."""

    def game_over_html(self, outcome: Outcome) -> str:
        """The end-of-game box."""
        return ""

    def position_text(self) -> str:
        """The position text shown under the board (a screen may hide what players must not see)."""
        return self.match.game.position(self.state)

    def board_label(self) -> str:
        """A text description of the board for screen readers."""
        return self.tr(f"game.{self.game_id}")

    def point_px(self, name: str) -> tuple[float, float, float] | None:
        """The centre and a radius of the point `name` (in the game's own notation) on the canvas,
        or None when the board has no such point (embeds' hl= and arrow=, the editor's cursor)."""
        return None

    def point_names(self) -> tuple[str, ...]:
        """The points a picture's coordinate tags name, in the game's notation."""
        return ()

    def action_marks(self, state: State, text: str) -> Marks:
        """The points that show the action `text` taken at `state` (the analysis's best move, an
        image's turning point): rings and arrows in the game's point names; none by default."""
        return Marks()

    def picture_key(self) -> tuple[KeyItem, ...]:
        """What the marks of the position shown mean, for an exported picture's key (a reader of a
        blog post has no panel beside the board): none by default, for boards whose pieces say it."""
        return ()

    def coordinate_labels(self, arrows: list[Segment]) -> list[Label]:
        """A tag for every point of `point_names`, in the corner of its cell that `arrows` leave
        free; boards whose points are not square cells place their own."""
        labels = []
        for name in self.point_names():
            spot = self.point_px(name)
            if spot is not None:
                x, y, r = spot
                labels.append(Label(name, *corner(x, y, r, arrows), 0.36 * r))
        return labels

    def auto_chance(self, state: State) -> bool:
        """Whether a chance node is resolved at once (False: the screen offers a Roll button)."""
        return True

    def roll_owner(self, state: State) -> int | None:
        """The player whose Roll button a waiting chance node is (None: nobody's in particular).
        A computer presses its own Roll button; a roll that is nobody's waits only for humans."""
        return None

    def after_play(self, before: State, action: Action, text: str) -> None:
        """Called after a player's action was played (e.g. to set a message or an animation)."""

    def show_hint(self, action: Action, text: str) -> None:
        """Show what the hard computer level would play, in the move log's words and in notation
        (games may highlight it on the board)."""
        state = self.state
        after = state.apply(action)
        ply = Ply(len(self.match.actions), self.match.seed, state, action, text, after, after)
        words = self.words

        def move(tr: Tr) -> str:  # (in the language shown when it is shown)
            return words.describe(ply, tr)

        if words.notation_in_sentences and not NOTATION_WORD.search(text):
            self.say(("app.hint", {"move": move, "notation": text}))
        else:
            self.say(("app.hint_in_words", {"move": move}))
        self.render()

    # -- shared behaviour -----------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The position shown: the live one, or while reviewing the one being viewed."""
        if self.viewing is None:
            return self.match.state
        return self._viewed()[1]

    # -- reviewing past positions -----------------------------------------------------------------

    @property
    def reviewing(self) -> bool:
        """True while a past position is shown (board input is ignored, the computer waits)."""
        return self.viewing is not None

    @property
    def shown_ply(self) -> int:
        """The ply of the position shown (len(match.actions) when live)."""
        return len(self.match.actions) if self.viewing is None else self.viewing

    @property
    def shown_match(self) -> Match:
        """The match up to the position shown, for screens that read earlier moves (the last
        roll, the stones just removed): the live match, or a copy cut at that ply while reviewing."""
        if self.viewing is None:
            return self.match
        ply, state, cut = self._viewed()
        if cut is None:
            cut = self.match.prefix(ply)
            self._shown = (ply, state, cut)
        return cut

    def _viewed(self) -> tuple[int, State, Match | None]:
        viewing = self.viewing
        assert viewing is not None  # asked only while reviewing
        shown = self._shown
        if shown is None or shown[0] != viewing:
            shown = self._shown = (viewing, self.match.states()[viewing], None)
        return shown

    def view(self, ply: int | None) -> None:
        """Show the position after `ply` actions (None or the last ply: back to the live game)."""
        live = ply is None or ply >= len(self.match.actions)
        was = self.viewing
        self.viewing = None if live or ply is None else max(0, ply)
        if self.viewing == was:
            return
        self.render()
        if live:
            self.host.changed()  # a computer to move starts thinking again

    def _back_to_live(self) -> bool:
        """Leave review without redrawing (a move, undo or redo follows); True if it was on."""
        was = self.viewing is not None
        self.viewing = None
        return was

    def review_html(self) -> str:
        """The banner above the panel while reviewing: which move, and the way back."""
        text = self.tr("log.viewing", k=self.viewing, n=len(self.match.actions))
        return (f'<div class="review-banner" role="status"><p>{html(text)}</p>'
                f'<button type="button" class="primary" data-action="live">{html(self.tr("log.live"))}</button></div>')

    def tr(self, key: str, **values: object) -> str:
        return self.host.tr(key, **values)

    def message_text(self, message: Message) -> str:
        """A message in the current language. A value may be a message itself (key, values), or
        a list as a tuple, joined the language's way, or a function of `tr` (words composed in the
        language shown, such as the move log's words for a move)."""
        key, values = message
        sep = self.tr("log.list_sep")

        def shown(value: object) -> object:
            if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict):
                return self.message_text(value)
            if callable(value):
                return value(self.tr)
            return sep.join(value) if isinstance(value, tuple) else value

        return self.tr(key, **{name: shown(value) for name, value in values.items()})

    def over_heading(self, headline: str) -> str:
        """The end box's heading: "Game over: Player 1 wins!" (遊戲結束：…)."""
        return f'<h2>{html(self.tr("over.heading", title=self.tr("over.title"), headline=headline))}</h2>'

    def sentences(self, parts: Iterable[str]) -> str:
        """Sentences one after another as the language writes them (a space in English, none
        in Chinese: "text.sentences")."""
        parts = list(parts)
        return reduce(lambda first, then: self.tr("text.sentences", first=first, then=then), parts) if parts else ""

    def player_name(self, player: int) -> str:
        return self.tr("player.n", n=player + 1)

    def named(self, player: int) -> Named:
        """A player's name for a message, translated when shown (so a language switch follows)."""
        return Named(lambda: self.player_name(player))

    @property
    def passes_device(self) -> bool:
        """Whether hand-over prompts ("Pass the device to …") are shown: the players share this
        device and more than one of them is a person (against computers alone, nobody takes it)."""
        return self.hands_over and sum(seat == "human" for seat in self.seats) > 1

    def computer_waits(self) -> bool:
        """Whether the computer players hold their next move, their dice too, until a person has
        seen what just happened and said so (Calavera: a person's bust); never by default."""
        return False

    def computer_level(self) -> str | None:
        """The level of the computer player to move, or None when a human (or nobody) decides."""
        player = self.state.to_move
        if player < 0 or self.seats[player] == "human":
            return None
        return self.seats[player]

    def say(self, message: Message | None, error: bool = False) -> None:
        """Set the message line (shown, and scrolled into view, at the next render)."""
        self.message = message
        self.error = error
        self.news = message is not None

    def explain(self, reason: str) -> None:
        """Say why a greyed control did nothing (tapped, or its key pressed), the prompt it would
        hide kept after the reason: the player still reads what to do next. Pressed again (or the
        other greyed control), the new reason replaces the old one before the same prompt."""
        if self.message is None or self.message is not self._explained:
            self._kept_prompt = None if self.error else self.message
        kept = self._kept_prompt
        self._explained = (reason, {}) if kept is None else ("text.sentences", {"first": (reason, {}), "then": kept})
        self.say(self._explained)

    def play(self, action: Action) -> None:
        """Play a player's action, resolve chance as the game's screen wants, save, redraw."""
        self._back_to_live()
        before = self.state
        self.match.play_action(action)
        self.host.play_sound("move")
        self.after_play(before, action, self.match.actions[-1])
        self.advance()
        self.render()
        self.host.after_frame(self.save)
        self.host.changed()

    def roll(self) -> None:
        """Resolve the pending chance node (a Roll button)."""
        self._back_to_live()
        if self.state.is_chance():
            self.match.sample_chance()
            self.host.play_sound("dice")
            self.advance()
            self.render()
            self.host.after_frame(self.save)
            self.host.changed()

    def advance(self) -> None:
        """Resolve chance nodes the screen does not want a button for (dice drawn from the seed),
        and those whose button a computer player would press."""
        rolled = False
        while self.state.is_chance() and (self.auto_chance(self.state) or self._computer_rolls(self.state)):
            self.match.sample_chance()
            rolled = True
        if rolled:
            self.host.play_sound("dice")

    def _computer_rolls(self, state: State) -> bool:
        if self.computer_waits():
            return False
        owner = self.roll_owner(state)
        if owner is None:
            return all(seat != "human" for seat in self.seats)
        return self.seats[owner] != "human"

    def undo_steps(self) -> int:
        """How many decisions Undo takes back: to the latest earlier position where a person
        decides, never over a chance outcome (0: no person's decision can be reached)."""
        states, count = self.match.states(), len(self.match.actions)
        for ply in range(count - 1, -1, -1):
            if self.match.was_chance(ply):
                return 0
            player = states[ply].to_move
            if player >= 0 and self.seats[player] == "human":
                return count - ply
        return 0

    def undo_reason(self) -> str | None:
        """Why Undo takes nothing back now (a string key), or None when it can."""
        if self.undo_steps():
            return None
        match = self.match
        if any(match.was_chance(ply) for ply in range(len(match.actions))):
            return "ctl.undo_off.dice"  # dice are never taken back
        return "ctl.undo_off.start"

    def hint_reason(self) -> str | None:
        """Why Hint has nothing to say now (a string key), or None when it can suggest a move."""
        state = self.state
        if state.is_terminal():
            return "ctl.hint_off.over"
        if state.is_chance():
            return "ctl.hint_off.dice"
        if self.computer_level() is not None:
            return "ctl.hint_off.computer"
        return None

    def undo(self) -> None:
        """Take back the last decision, and the computers' replies to it, back to a person's turn
        (never part of the way: a computer's turn cut by its dice would be left hanging)."""
        steps = self.undo_steps()
        if not steps:
            if self._back_to_live():
                self.render()
                self.host.changed()
            elif (reason := self.undo_reason()) is not None:  # (the greyed button or a key: say why)
                self.explain(reason)
                self.render()
            return
        self.let_go()
        self._back_to_live()
        for _ in range(steps):
            self.match.undo()
        self.say(None)
        self.render()
        self.host.after_frame(self.save)
        self.host.changed()

    def let_go(self) -> None:
        """Drop what the player has half done (a piece picked, dice lifted, a hint's marks): undo is
        about to take decisions back. Never called when it takes nothing back (a greyed Undo tapped
        keeps the half-made move). Screens with such input override it."""

    def redo(self) -> None:
        """Play again what undo took back (the same decisions; dice were never undone)."""
        if not self.match.can_redo():
            if self._back_to_live():
                self.render()
                self.host.changed()
            return
        self._back_to_live()
        self.match.redo()
        while self.computer_level() is not None and self.match.can_redo():
            self.match.redo()
        self.say(None)
        self.render()
        self.host.after_frame(self.save)
        self.host.changed()

    def save(self) -> None:
        """Autosave the record after every move into this game's own save (the host keeps it;
        app/storage.py)."""
        if self.host.can_save:
            self.host.autosave(self)

    def save_picture(self) -> None:
        """Keep a picture of the board for the next visit's first paint (when the page is left:
        encoding an image takes tens of milliseconds, too long to do after every move)."""
        # Drawn again at CSS-pixel size (not the device's), and a JPEG on the board's own colour
        # rather than a WebP with transparency: each halves the decoding the first frame waits for
        # (docs/startup.md).
        canvas = self.host.offscreen(round(self.width), round(self.height))
        ctx = canvas.getContext("2d")
        self.draw(ctx, self.width, self.height)
        backdrop = self.host.backdrop()
        ctx.globalCompositeOperation = "destination-over"  # (behind the board: a draw starts by clearing)
        ctx.fillStyle = backdrop
        ctx.fillRect(0, 0, self.width, self.height)
        # The backdrop is kept beside it: a visit whose theme paints another colour there (the
        # system's dark mode switched under the theme "auto") does not show it (first-paint.js).
        picture = {"game": self.game_id, "title": self.tr(f"game.{self.game_id}"), "backdrop": backdrop,
                   "image": str(canvas.toDataURL("image/jpeg", PICTURE_QUALITY))}
        try:
            self.host.storage.set("picture", json.dumps(picture))
        except StorageError:
            pass  # no room for the picture: the next visit shows the loading frame instead

    def resize(self, width: float, height: float, ratio: float) -> None:
        """Fit the canvas to its box at the device's pixel ratio, then redraw."""
        if width < 1 or height < 1:
            return
        self.width, self.height, self.ratio = width, height, ratio
        self.canvas.width = round(width * ratio)
        self.canvas.height = round(height * ratio)
        self.redraw()
        clear_of_controls(self.host.element("panel"))  # the bar may wrap into more or fewer rows

    def drop_pictures(self) -> None:
        """Let go of the layers' pictures (the screen is being replaced): each canvas is shrunk to
        nothing, which frees its memory at once rather than when the screen is collected."""
        for slot in self.layers:
            slot.wanted = None  # (a picture still to be made is not made)
            for image in (slot.image, slot.spare):
                if image is not None:
                    image.width = image.height = 0
        self.layers.clear()
        self.pieces.by_key.clear()

    def redraw(self) -> None:
        """Draw the board: recorded on a display list, painted by the host in one go (its
        unchanging layer drawn again only when it changed)."""
        keeps = self.host.keeps_pictures
        frame = DisplayList(self.layers if keeps else None, pieces=self.pieces if keeps else None)
        frame.setTransform(self.ratio, 0, 0, self.ratio, 0, 0)
        self.draw(frame, self.width, self.height)
        if self.overlay is not None:
            self.overlay(frame)
        self.host.paint(self.ctx, frame)

    def _write(self, element_id: str, markup: str) -> None:
        """Give an element the content `markup` (`Host.set_html`), unless this screen last wrote the
        same there (a cursor move: the panel stays as it is, and no layout is made again)."""
        node = self.host.element(element_id)
        if self._written.get(element_id) != (node, markup):
            self.host.set_html(node, markup)
            self._written[element_id] = (node, markup)

    def render(self) -> None:
        """Redraw the board and write its position's text, then refresh the page around it
        (`render_page`: the host says when)."""
        self.redraw()
        put(self.host.element("position-text"), "textContent", self.position_text())
        self.host.after_board(self)

    def render_page(self) -> None:
        """Refresh the page around the board for the position on screen: the panel (`render_panel`),
        then the records (`render_records`)."""
        self.render_panel()
        self.render_records()

    def render_records(self) -> None:
        """Refresh the board's label for screen readers (a long text to make) and what the host
        keeps beside the board (the move log, the analysis): the app does this in a task of its own
        after the panel's, when it answers an input (`Host.after_board`)."""
        put_attribute(self.canvas, "aria-label", self.board_label())
        self.host.refresh_records()

    def render_panel(self) -> None:
        """Refresh the panel, message, controls and end box for the position on screen (the
        controls bar's height is kept by the app when it changes: measuring it here would make the
        browser lay the page out again)."""
        el = self.host.element
        if self.viewing is None:
            self._write("game-panel", self.panel_html())
        else:  # the viewed position's panel, for reading only
            self._write("game-panel", f'{self.review_html()}<div class="reviewed" inert>{self.panel_html()}</div>')
        message = el("message")
        text = self.message_text(self.message) if self.message and self.viewing is None else ""
        if self.news:  # written again even when the same: a live region says a new message anew
            message.textContent = text
        else:
            put(message, "textContent", text)
        put(message, "className", "message error" if self.error else "message")
        for name, reason in (("btn-undo", self.undo_reason()),
                             ("btn-hint", self.hint_reason())):
            # a greyed control says why, as a tooltip and to screen readers (both languages), and
            # when pressed (a tablet has no tooltip): greyed by aria-disabled, not disabled, which
            # would take its taps away (undo and hint say the reason instead of acting)
            button = el(name)
            put_attribute(button, "aria-disabled", "true" if reason is not None else "false")
            why = self.tr(reason) if reason is not None else ""
            put_attribute(button, "title", why)
            put_attribute(button, "aria-description", why)
        put(el("btn-redo"), "disabled", not self.match.can_redo())
        outcome = self.state.outcome()
        over = el("game-over")
        appeared = outcome is not None and bool(over.hidden)
        put(over, "hidden", outcome is None)
        self._write("game-over", "" if outcome is None else self.game_over_html(outcome))
        if appeared:
            self.host.before_paint(lambda: reveal(over))
        if self.news and text:  # after the end box: the message above it wins if both do not fit
            # a hint's marked control first, the player presses it next: the message's shortest
            # scroll then keeps both in view when they fit (the message wins when they do not)
            self.host.before_paint(lambda: reveal_found(el("game-panel"), f".{HINTED}"))
            self.host.before_paint(lambda: reveal(message))
        self.news = False
        self.host.rendered()


# -- the panel: what is new or focused stays clear of the sticky controls ---------------------------
# On tablets and desktops the controls bar sticks to the foot of the scrolling side panel (app.css),
# over the panel's last lines. The panel's scroll-padding-bottom is the bar's height, so the
# browser scrolls whatever gets the focus (focus(), Tab) above the bar, and so does reveal().
# (The getattr calls: the CPython stand-ins of tests/fakes.py lack these DOM members.)


def put(node: Any, name: str, value: Any) -> None:
    """Set `node`'s property `name` to `value` unless it has it already: the same text, class or
    flag written again still makes the browser style and lay the page out again."""
    if getattr(node, name, None) != value:
        setattr(node, name, value)


def put_attribute(node: Any, name: str, value: str) -> None:
    """Set `node`'s attribute `name` to `value` unless it has it already (as `put`)."""
    if node.getAttribute(name) != value:
        node.setAttribute(name, value)


def clear_of_controls(panel: Any) -> None:
    """Set the panel's --controls-height (its scroll-padding-bottom in app.css) to the height of
    its controls bar, which wraps into more rows in a narrow panel or a longer language."""
    find = getattr(panel, "querySelector", None)
    bar = find(".controls") if find is not None else None
    height = getattr(bar, "offsetHeight", 0) if bar else 0
    if height:
        put_property(panel, "--controls-height", f"{height}px")


def clear_of_turn(panel: Any) -> None:
    """Set the panel's --turn-height (its scroll-padding-top in app.css) to the height of its sticky
    turn line, which wraps into two or three lines in a narrow panel ("Player 2 must mark…"):
    what is revealed or focused then scrolls below it, not under it. A box of the panel marked
    .pinned (a tutorial's step card) sticks above the turn line beside a tall panel: its height is
    --pinned-height, which the turn line sticks below and the scroll padding adds (inherited, so set
    only while there is one, and changed only when its height does)."""
    find = getattr(panel, "querySelector", None)
    turn = find(".turn") if find is not None else None
    height = getattr(turn, "offsetHeight", 0) if turn else 0
    if height:
        put_property(panel, "--turn-height", f"{height}px")
    pinned = find(".pinned") if find is not None else None
    height = getattr(pinned, "offsetHeight", 0) if pinned else 0
    if height:
        put_property(panel, "--pinned-height", f"{height}px")
    elif panel.style.getPropertyValue("--pinned-height"):
        panel.style.removeProperty("--pinned-height")


def reveal_found(panel: Any, selector: str) -> None:
    """Scroll the first element of `panel` that `selector` finds into view, if there is one (the
    control a hint marks: revealing the hint's message alone, below it, could leave it under the
    sticky turn line)."""
    find = getattr(panel, "querySelector", None)
    node = find(selector) if find is not None else None
    if node:
        reveal(node)


def put_property(node: Any, name: str, value: str) -> None:
    """Set the custom property `name` of `node`'s style to `value` unless it has it already: set
    again, it makes the browser style every element inside `node` again (they inherit it, unless
    app.css registers it as not inherited, as the panel's two measured heights are)."""
    if node.style.getPropertyValue(name) != value:
        node.style.setProperty(name, value)


def reveal(node: Any) -> None:
    """Scroll `node` into view the shortest way (nothing moves when it is already in view), above
    the panel's sticky controls, by scrolling the panel alone (`container`; a browser without it
    scrolls the page around too). In an embedded board, its own page alone: a blog post around the
    frame must never move (a tap on a stack scrolled it, moving the board under the finger between
    the move's two taps: docs/embed.md)."""
    scroll = getattr(node, "scrollIntoView", None)
    if scroll is None:
        return
    closest = getattr(node, "closest", None)
    if closest is not None and closest("body.embed"):
        _reveal_in_frame(node)
        return
    scroll(block="nearest", container="nearest")  # Pyodide passes keyword arguments as a JS options object


def _reveal_in_frame(node: Any) -> None:
    """Scroll the frame's own page the shortest way to show `node` (top first when it does not fit):
    `window.scrollBy` in a frame scrolls that frame only, in every browser. A frame the post sizes to
    its content has nothing to scroll, and nothing moves."""
    window = node.ownerDocument.defaultView
    box = node.getBoundingClientRect()
    top, bottom, height = float(box.top), float(box.bottom), float(window.innerHeight)
    if top < 0:
        window.scrollBy(0, top)
    elif bottom > height:
        window.scrollBy(0, min(bottom - height, top))
