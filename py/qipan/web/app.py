"""The app controller: boot, language, the game picker, starting and resuming games.

The only place that decides which screen shows. Each game's play screen is a GameScreen in its
own folder (the registry's `games.ui(id).screen`); the app forwards board and panel events to the current one.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from pyodide.ffi import JsProxy
from pyscript import document, window

from qipan.core.numbers import INT_DIGITS, read_number
from qipan import games
from qipan.app.computer import move_seed
from qipan.i18n import pick_language, t
from qipan.match import Match
from qipan.web.computer_client import ComputerClient, failure_message
from qipan.web import dom
from qipan.web.dom import after_paint, base_url, before_paint, copy_text, el, local_storage, observe_size, on, query, run_reported, soon, text_or_none
from qipan.app.guide import card_buttons
from qipan.app.lazy import Lazy
from qipan.boardkit.markup import html
from qipan.app.move_log import MoveLog
from qipan.app.analysis_view import AnalysisView
from qipan.boardkit.display import DisplayList, LayerSlot
from qipan.boardkit.screen import GameScreen, clear_of_controls, clear_of_turn, reveal
from qipan.app.settings import CHOICES, Settings
from qipan.web.sound import Sound
from qipan.app.page import install, page
from qipan.app.when import when_text
from qipan.app.taps import stray_tap
from qipan.app.link_keys import LINK_KEYS
from qipan.app.storage import (
    Loaded, game_key, list_saves, load_save, newest_save, outside_change, read_entry, storage_notice, write_save,
)
from qipan.boardkit.store import StorageError

if TYPE_CHECKING:  # made on first use (app/lazy.py): their modules are imported then
    from qipan.app.editor import Editor
    from qipan.app.guide_screen import Guide
    from qipan.app.image_export import ImageExport
    from qipan.app.saved_games import SavedGames
    from qipan.app.correspondence.ui import LinkPlay
    from qipan.app.new_game import NewGameDialog

COMPUTER_PAUSE_MS = 450
"""How long a computer's move waits after the previous move, so players see each move happen."""


PAGE_ELEMENTS = frozenset({"board", "panel", "game-panel", "message", "game-over", "btn-undo", "btn-redo", "btn-hint",
                           "position-text"})
"""Elements of the page (index.html) that are never replaced: a screen asks for them at every render,
so they are looked up once (each lookup is a call from Python into the browser)."""


class App:
    """The page: one current screen (the picker or a game)."""

    def __init__(self) -> None:
        self.storage = local_storage()  # (a full storage is read all the same; web/dom.py)
        self.full_notice = False
        self.passing_notice = False
        self.storage_notice = storage_notice(self.storage)  # (before anything is written)
        self.written: dict[str, dict[str, Any]] = {}  # save id -> the record this tab last wrote or read
        browser = pick_language([str(x) for x in (window.navigator.languages or [window.navigator.language])])
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.settings = Settings.from_json(self.storage.get("settings"), browser, reduced)
        self.sound = Sound()
        self.screen: GameScreen | None = None
        self.waiting: list[Callable[[], None]] = []  # tasks after the frame: a move's save (after_frame)
        self.painting: list[Callable[[], None]] = []  # tasks just before the next frame (before_paint)
        self.in_place: Any = None  # a control tapped that stays: the next frame's scrolls leave it be (keep_in_place)
        self.answering_board = False  # a key or tap on the board or its panel is being answered (after_board)
        self.page_waiting: GameScreen | None = None  # the screen whose page around the board waits (after_board)
        self.records_waiting: GameScreen | None = None  # the screen whose records wait for their task (run_page)
        self.after_refresh: list[Callable[[], None]] = []  # tasks for once that page is refreshed (after_page)
        self.page_elements: dict[str, Any] = {}  # (PAGE_ELEMENTS, looked up once)
        self.dark_query = window.matchMedia("(prefers-color-scheme: dark)")  # (read at every frame: made once)
        self.scratch = self.offscreen(1, 1)  # a layer's picture is copied onto it to be rasterised (make_layer)
        self.blocked_saves: set[str] = set()
        self.playable = games.GAME_IDS
        self.computer = ComputerClient()
        self.thinking: str | None = None  # the position a computer is thinking about
        on(el("nav-games"), "click", lambda _e: self.show_picker())
        on(el("nav-lang"), "click", lambda _e: self.switch_language())
        on(el("nav-settings"), "click", lambda _e: self.open_settings())
        on(el("btn-share"), "click", lambda _e: self.open_share())
        on(el("share-form"), "click", self._on_copy)
        on(el("settings-form"), "change", lambda _e: self._settings_changed())
        on(el("game-list"), "click", self._on_pick)
        on(el("notice"), "click", self._on_notice)
        # Features in modules of their own; each binds its own controls through the page (app/page.py).
        # Those a player opens (rules, saved games, image, editor, new game) are made on first use, when their
        # modules are imported: not at start-up (docs/startup.md, "Loaded when first used").
        self.lazy_guide: Lazy[Guide] = Lazy(self._make_guide)  # rules pages and tutorials (app/guide_screen.py)
        self.lazy_saves: Lazy[SavedGames] = Lazy(self._make_saves)  # saved games, export, import (app/saved_games.py)
        self.lazy_images: Lazy[ImageExport] = Lazy(self._make_images)  # PNG and SVG pictures (app/image_export.py)
        self.lazy_editor: Lazy[Editor] = Lazy(self._make_editor)  # the board editor (app/editor.py)
        self.lazy_links: Lazy[LinkPlay] = Lazy(self._make_links)  # games by link (app/correspondence/ui.py)
        on(el("btn-corr-new"), "click", self.lazy_links.first(lambda links: links.open_start()))
        on(el("btn-corr"), "click", self.lazy_links.first(lambda links: links.open_start()))
        on(el("btn-corr-file"), "click", self.lazy_links.first(lambda _links: el("corr-file").click()))
        on(el("btn-saves"), "click", self.lazy_saves.first(lambda saves: saves.show()))
        on(el("btn-image"), "click", self.lazy_images.first(lambda images: self.screen and images.open(self.screen)))
        on(el("btn-editor"), "click", self.lazy_editor.first(lambda editor: editor.show_chooser()))
        on(el("btn-edit"), "click", self.lazy_editor.first(lambda editor: editor.edit_current()))
        on(el("btn-rules"), "click", lambda _e: self.screen and self.guide.show_rules(self.screen.game_id))
        on(el("screen-guide"), "click", lambda event: self.guide.on_click(event))
        on(el("btn-new"), "click", lambda _e: self.new_game.open())
        on(el("btn-undo"), "click", lambda _e: self.screen and self._answering_board(self.screen.undo))
        on(el("btn-redo"), "click", lambda _e: self.screen and self._answering_board(self.screen.redo))
        on(el("btn-hint"), "click", lambda _e: self.hint())
        on(el("board"), "click", self._on_board_click)
        on(el("board"), "keydown", self._on_board_key)
        on(el("board"), "pointermove", self._on_board_hover)
        on(el("game-panel"), "click", self._on_panel_click)
        observe_size(el("board-area"), self._resize)
        # The panel keeps clear of its controls bar whenever the bar's height changes (a narrower
        # panel or longer labels wrap it): measured when the browser lays out anyway, never by a render.
        observe_size(query("#panel .controls"), lambda: clear_of_controls(el("panel")))
        self.log = MoveLog(self)  # the move log beside the board (app/move_log.py)
        self.analysis = AnalysisView(self)  # the post-game analysis below it (app/analysis_view.py)
        self.lazy_new_game: Lazy[NewGameDialog] = Lazy(self._make_new_game)  # the new-game dialog (app/new_game.py)
        on(window, "hashchange", lambda _e: self._open_hash())
        on(window, "storage", self._on_storage)  # another tab wrote
        on(window, "pagehide", lambda _e: self._leaving())
        on(document, "visibilitychange", lambda _e: document.visibilityState == "hidden" and self._leaving())

    # -- the features made on first use (what features ask of each other: app.guide, app.images) --

    @property
    def guide(self) -> Guide:
        return self.lazy_guide.get()

    @property
    def saves(self) -> SavedGames:
        return self.lazy_saves.get()

    @property
    def images(self) -> ImageExport:
        return self.lazy_images.get()

    @property
    def editor(self) -> Editor:
        return self.lazy_editor.get()

    @property
    def links(self) -> LinkPlay:
        return self.lazy_links.get()

    @property
    def new_game(self) -> NewGameDialog:
        return self.lazy_new_game.get()

    def _make_guide(self) -> Guide:
        from qipan.app.guide_screen import Guide
        return Guide(self)

    def _make_saves(self) -> SavedGames:
        from qipan.app.saved_games import SavedGames
        return SavedGames(self)

    def _make_images(self) -> ImageExport:
        from qipan.app.image_export import ImageExport
        return ImageExport(self)

    def _make_links(self) -> LinkPlay:
        from qipan.app.correspondence.ui import LinkPlay
        return LinkPlay(self)

    def _make_editor(self) -> Editor:
        from qipan.app.editor import Editor
        return Editor(self)

    def _make_new_game(self) -> NewGameDialog:
        from qipan.app.new_game import NewGameDialog
        return NewGameDialog(self)

    def _close_guide(self) -> None:
        """Leave the rules page or the tutorial, if the guide was ever opened."""
        if self.lazy_guide.made is not None:
            self.lazy_guide.made.close()

    # -- what screens use (the Host protocol) -----------------------------------------------------

    keeps_pictures = True  # (the play screen's board: its layers are kept as pictures between frames)

    @property
    def can_save(self) -> bool:
        return self.screen is not None and self.screen.game_id not in self.blocked_saves

    def tr(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    def element(self, element_id: str) -> Any:
        if element_id not in PAGE_ELEMENTS:
            return el(element_id)
        node = self.page_elements.get(element_id)
        if node is None:
            node = self.page_elements[element_id] = el(element_id)
        return node

    def set_html(self, node: Any, markup: str) -> None:
        """`markup` into `node`: assets/js/patch.js changes only the nodes that differ (morphdom), so
        the browser styles and lays out again only those, and focus and scroll stay."""
        patch = getattr(window, "qipanPatch", None)
        if isinstance(node, JsProxy) and patch is not None:
            patch(node, markup)
        else:  # (a diagram's stand-in element)
            node.innerHTML = markup

    def backdrop(self) -> str:
        """The board area's background colour, as the theme sets it."""
        return str(window.getComputedStyle(self.element("board-area")).backgroundColor)

    def offscreen(self, width: int, height: int) -> Any:
        canvas = document.createElement("canvas")
        canvas.width, canvas.height = max(1, width), max(1, height)
        return canvas

    def paint(self, ctx: Any, frame: DisplayList) -> None:
        """A frame a screen recorded, on `ctx`: a canvas's context gets it in one call to
        assets/js/replay.js; a Python one (an SvgCanvas: the SVG picture) call by call."""
        replay = getattr(window, "qipanReplay", None)
        if not isinstance(ctx, JsProxy) or replay is None:
            frame.replay(ctx)
            return
        # the board's unchanging parts (display.py): a layer's picture copied in while its key holds,
        # a changed layer drawn in place (rasterised with the browser's paint), its picture made after
        canvas = ctx.canvas
        plan = frame.plan((int(canvas.width), int(canvas.height)))
        pictures = window.Array.of(*plan.pictures) if frame.layers else None  # (cheaper than to_js)
        replay(ctx, plan.frame.json(), pictures, bool(frame.layers))
        for slot in plan.to_make:
            after_paint(lambda slot=slot: self.make_layer(slot))

    def make_layer(self, slot: LayerSlot) -> None:
        """Make the picture of the layer a frame drew in place (after that frame, in a task of its
        own), rasterised now rather than by the next key's `drawImage`."""
        wanted = slot.take_wanted()
        if wanted is None:
            return
        key, layer, (width, height) = wanted
        image = slot.take_spare()  # (the older of the two pictures kept is drawn over)
        if image is None:
            image = self.offscreen(width, height)
        elif (int(image.width), int(image.height)) != (width, height):
            image.width, image.height = width, height  # (resized, not made anew)
        window.qipanReplay(image.getContext("2d"), layer.json(), None, True)
        self.scratch.getContext("2d").drawImage(image, 0, 0, 1, 1)  # (makes the browser rasterise it)
        slot.made(key, image)

    def after_frame(self, task: Callable[[], None]) -> None:
        """Run `task` (a move's save) in a task of its own once the frame is painted, so that the
        key or tap is answered first; `run_waiting` runs it sooner (the page hidden or left,
        another section shown, another tab's write, a game opened)."""
        if task not in self.waiting:
            self.waiting.append(task)
        if document.hidden:  # no frame to wait for
            self.run_waiting()
        elif len(self.waiting) == 1:
            after_paint(self.run_waiting)

    def before_paint(self, task: Callable[[], None]) -> None:
        """Run `task` (a scroll into view) just before the next frame is painted, together with the
        others asked for before it; if they scrolled the panel, a focused control of the game's
        panel is then scrolled back into view (the last word, as when it took the focus after the
        render: a message revealed must not push the control a keyboard player is on out of view).
        At once when the page is hidden: no frame comes, and the tasks would pile up."""
        if document.hidden:
            run_reported(task, "before the frame")
            return
        self.painting.append(task)
        if len(self.painting) == 1:
            before_paint(self._before_paint)

    def after_board(self, screen: GameScreen) -> None:
        """Refresh the page around `screen`'s board (`render_page`) at once, or, answering a key or
        tap on the board (or Undo, Redo, a control of the game's panel), in tasks of their own right
        after: on a slow tablet the board's answer, the panel's and the records' (the move log, the
        board's label) are three short tasks, not one long one. Several inputs before they run make
        one refresh; a screen replaced meanwhile is not refreshed."""
        if not self.answering_board or document.hidden:
            if self.page_waiting is screen:
                self.page_waiting = None
            if self.records_waiting is screen:
                self.records_waiting = None
            screen.render_page()
            self._page_settled()
            return
        if self.page_waiting is None:
            soon(self.run_page, "around the board")
            window.qipanPageWaiting = True  # (what e2e/support.py's `settled` waits on)
        self.page_waiting = screen

    def run_page(self) -> None:
        """Refresh the panel around the board, if a board input left it waiting (`after_board`), and
        run what waited for it (`after_page`); the records follow in a task of their own."""
        screen, self.page_waiting = self.page_waiting, None
        tasks, self.after_refresh = self.after_refresh, []
        if screen is not None and screen is self.screen:
            if self.records_waiting is None:
                soon(self.run_records, "beside the board")
            self.records_waiting = screen  # (first: they settle the page even if the panel fails)
            screen.render_panel()
            window.performance.mark("qipan:page")  # (bench/latency.py: the key to the page's end)
        self._page_settled()
        for task in tasks:
            run_reported(task, "after the page")

    def run_records(self) -> None:
        """Refresh the records beside the board (`render_records`) that a panel's refresh left waiting."""
        screen, self.records_waiting = self.records_waiting, None
        try:
            if screen is not None and screen is self.screen:
                screen.render_records()
        finally:
            self._page_settled()

    def _page_settled(self) -> None:
        """Say whether a refresh after an input is still to come (`qipanPageWaiting`: what e2e tests
        wait on): the panel's, the records', or what waits for the panel (a focus moved back)."""
        window.qipanPageWaiting = (self.page_waiting is not None or self.records_waiting is not None
                                   or bool(self.after_refresh))

    def after_page(self, task: Callable[[], None]) -> None:
        """Run `task` (a focus move that reads the patched panel) once the page around the board
        shows the input just answered: after the waiting refresh (`after_board`), or at once."""
        if self.page_waiting is None:
            task()
        else:
            self.after_refresh.append(task)

    def keep_in_place(self, node: Any) -> None:
        """Leave the panel control `node` (pressed, and still there for the same player: a die
        picked) where it is through the next frame's scrolls: the message revealed must not move
        the panel under the finger, or the next tap lands on another control."""
        if not document.hidden:
            self.in_place = node
            self.before_paint(lambda: None)  # (the frame's tasks run with it in place)

    def _before_paint(self) -> None:
        tasks, self.painting = self.painting, []
        keep, self.in_place = self.in_place, None
        panel = el("panel")
        clear_of_turn(panel)  # (measured here, where the frame lays the page out anyway)
        scrolled = panel.scrollTop
        top = float(keep.getBoundingClientRect().top) if keep is not None and keep.isConnected else None
        for task in tasks:
            run_reported(task, "before the frame")
        if top is not None and panel.scrollTop != scrolled:
            panel.scrollTop += float(keep.getBoundingClientRect().top) - top
            return
        focused = document.activeElement
        if panel.scrollTop != scrolled and focused and el("game-panel").contains(focused):
            reveal(focused)

    def run_waiting(self) -> None:
        """Run the tasks waiting for the frame (`after_frame`) now."""
        tasks, self.waiting = self.waiting, []
        for task in tasks:  # (one that fails is reported, and the others still run: a save, a think)
            run_reported(task)

    def autosave(self, screen: GameScreen) -> None:
        """Keep the screen's game in its own save (a new save the first time) and remember which
        game was played last; a refused write is said, and play goes on in memory."""
        links = self.lazy_links.made  # (a game by link exists only once its feature is made)
        if links is not None and links.keeps(screen):  # a game by link is kept with its secrets, apart
            links.autosave(screen)
            return
        try:
            last = self.written.get(screen.save_id) if screen.save_id else None
            done = write_save(self.storage, screen.match, screen.seats, screen.save_id, last)
            screen.save_id = done.save_id
            self.written[done.save_id] = done.record
            self.storage.set("last", screen.game_id)
            if done.forked_from is not None:
                self.notify(self.tr("app.save_forked"))
        except StorageError as exc:
            if self.storage.full:
                self.notify(self.tr("app.storage_full"), free_space=True)
            else:
                self.notify(self.tr("app.save_failed", reason=exc))
            return
        if self.full_notice and self.storage.has_room():  # room again: the storage-full notice is over
            self.full_notice = False
            el("notice").hidden = True

    def changed(self) -> None:
        """After every move: if a computer player is to move, ask it (off the main thread)."""
        screen = self.screen
        if screen is None or screen.reviewing or screen.state.is_terminal() or screen.computer_waits():
            return  # (reviewing a past position: the computer waits until the game is shown again;
            # it waits too until a person has seen what happened, when the screen asks: computer_waits)
        level = screen.computer_level()  # (Hint's state and its reason are the screen's: render)
        if level is None:
            return
        position = screen.match.game.position(screen.state)
        if self.thinking == position:
            return
        self.thinking = position
        # After the move just made has been painted and saved (after_frame keeps the order: the
        # save is written before the computer starts, never while it thinks).
        self.after_frame(lambda: self._think(screen, position, level))

    def _think(self, screen: GameScreen, position: str, level: str) -> None:
        if screen is not self.screen or self.thinking != position:
            return
        message = el("message")
        message.textContent = self.tr("app.thinking", player=screen.player_name(screen.state.to_move))
        message.className = "message"
        document.body.dataset.thinking = "1"
        seed = move_seed(screen.match.seed, len(screen.match.actions))

        def reply(action: str | None, error: str | None) -> None:
            pause = COMPUTER_PAUSE_MS // (3 if self.settings.animation != "normal" else 1)
            self.computer.later(lambda: self._computer_moved(screen, position, action, error), pause)

        self.computer.ask(screen.match.game.id, position, level, seed, reply)

    def _computer_moved(self, screen: GameScreen, position: str, action: str | None, error: str | None) -> None:
        self.thinking = None
        document.body.dataset.thinking = ""
        if screen is not self.screen or screen.match.game.position(screen.state) != position:
            return  # the game changed meanwhile (new game, undo): this answer is stale
        if action is None:
            screen.say(failure_message(error), error=True)
            screen.render()
            return
        screen.play(screen.match.game.parse_action(screen.state, action))

    def hint(self) -> None:
        """Ask the hard level what it would play here, and let the screen show it."""
        screen = self.screen
        if screen is None:
            return
        if screen.reviewing:  # back to the game, as Undo goes, and the hint is for it
            screen.view(None)
        reason = screen.hint_reason()
        if reason is not None:  # (the greyed button or a key: say why)
            screen.explain(reason)
            screen.render()
            return
        position = screen.match.game.position(screen.state)
        seed = move_seed(screen.match.seed, len(screen.match.actions))

        def reply(action: str | None, error: str | None) -> None:
            if screen is self.screen and screen.match.game.position(screen.state) == position and action:
                screen.show_hint(screen.match.game.parse_action(screen.state, action), action)
            elif error:  # (after another tab's update: reload, as for a computer move)
                screen.say(failure_message(error), error=True)
                screen.render()

        screen.say(("app.hint_thinking", {}))  # the first ask also starts the computer's Python
        screen.render()
        self.computer.ask(screen.match.game.id, position, "hard", seed, reply)

    def notify(self, text: str, free_space: bool = False, passing: bool = False) -> None:
        """Show a notice above the page; with `free_space`, a button to the saved games, where
        the player can delete saves to make room. A `passing` notice is about what is on screen
        now (a link or a save that could not be read): it goes when the player goes elsewhere."""
        notice = el("notice")
        notice.innerHTML = html(text) + (f' <button type="button" data-notice="free-space">'
                                         f'{html(self.tr("app.free_space"))}</button>' if free_space else "")
        notice.hidden = False
        self.full_notice = free_space
        self.passing_notice = passing

    def drop_passing_notice(self) -> None:
        """Hide a `passing` notice: the player is leaving the screen it is about (for another
        section, or the rules page over the game)."""
        if self.passing_notice:
            self.passing_notice = False
            el("notice").hidden = True

    def _on_notice(self, event: Any) -> None:
        if event.target.closest('[data-notice="free-space"]'):
            self.saves.show(lambda tr: tr("saves.free_space_note"), error=True)

    # -- settings ---------------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def dark(self) -> bool:
        theme = self.settings.theme
        return theme == "dark" or (theme == "auto" and bool(self.dark_query.matches))

    def switch_language(self) -> None:
        self.settings.lang = "en" if self.lang == "zh-TW" else "zh-TW"
        self.apply_settings()

    def open_settings(self) -> None:
        """The settings dialog: every control applies at once and is kept."""
        s = self.settings

        def choice(name: str) -> str:
            options = "".join(f'<option value="{v}"{" selected" if getattr(s, name) == v else ""}>'
                              f'{html(self.tr(f"settings.{name}.{v}"))}</option>' for v in CHOICES[name])
            return f'<label>{html(self.tr(f"settings.{name}"))}<select name="set-{html(name)}">{options}</select></label>'

        def switch(name: str) -> str:
            checked = " checked" if getattr(s, name) else ""
            return f'<label><input type="checkbox" name="set-{html(name)}"{checked}>{html(self.tr(f"settings.{name}"))}</label>'

        el("settings-form").innerHTML = "".join((
            choice("lang"), choice("theme"), choice("hand"), switch("face_to_face"), switch("sound"),
            choice("animation"), switch("show_odds")))
        el("dlg-settings").showModal()

    def _settings_changed(self) -> None:
        for name in CHOICES:
            node = query(f'[name="set-{name}"]')
            if node:
                setattr(self.settings, name, str(node.value))
        for name in ("face_to_face", "sound", "show_odds"):
            node = query(f'[name="set-{name}"]')
            if node:
                setattr(self.settings, name, bool(node.checked))
        self.apply_settings()
        self.open_settings()  # labels follow a language change

    def apply_settings(self) -> None:
        """Put the settings into effect on the page and keep them."""
        s = self.settings
        root = document.documentElement
        root.dataset.theme = s.theme
        root.dataset.animation = s.animation
        document.body.classList.toggle("left-handed", s.hand == "left")
        document.body.classList.toggle("face-to-face", s.face_to_face)
        document.body.classList.toggle("hide-odds", not s.show_odds)
        self.sound.enabled = s.sound
        try:
            self.storage.set("settings", s.to_json())
        except StorageError:
            pass
        self.translate_page()
        if self.screen is not None and not el("screen-play").hidden:
            el("game-name").textContent = self.tr(f"game.{self.screen.game_id}")
            self.screen.render()
        elif not el("screen-picker").hidden:
            self.show_picker()
        elif (guide := self.lazy_guide.made) is not None and guide.showing_rules():
            guide.render()

    def open_share(self) -> None:
        """Links to this game and to this position, and the code to embed the game in a page."""
        if self.screen is None:
            return
        from qipan.app import share  # (imported by the first share: docs/startup.md, section 3)
        base = str(window.location.href).split("?")[0].split("#")[0]
        rows = share.links(self.screen.match, base, self.tr, self.analysis.current_result())
        if isinstance(rows, str):  # a secret (a hidden set-up): nothing to share yet, and why
            el("share-form").innerHTML = f'<p class="share-refused" role="status">{html(rows)}</p>'
            el("dlg-share").showModal()
            return
        el("share-form").innerHTML = "".join(
            f'<label>{html(label)}<textarea readonly rows="3">{html(text)}</textarea></label>'
            f'<button type="button" data-copy="{n}">{html(self.tr("share.copy"))}</button>'
            for n, (label, text) in enumerate(rows))
        el("dlg-share").showModal()

    def _on_copy(self, event: Any) -> None:
        node = event.target.closest("[data-copy]")
        if not node:
            return
        box = document.querySelectorAll("#share-form textarea").item(int(node.getAttribute("data-copy")))
        box.select()  # where the clipboard is refused, the text is selected for the player to copy

        def done(copied: bool) -> None:
            node.textContent = self.tr("share.copied" if copied else "share.select_copy")

        copy_text(str(box.value), done)

    def refresh_records(self) -> None:
        """After a screen's panel: its move log and analysis box, for the position on screen."""
        self.log.refresh()
        self.analysis.refresh()

    def rendered(self) -> None:
        """After a screen's panel: face-to-face, turn the panel toward the player to move (the far
        one is player 2) and show whose turn it is at the other side."""
        state = None if self.screen is None else self.screen.state
        far_turn = (state is not None and self.settings.face_to_face and self.screen.match.players == 2
                    and state.to_move == 1 and self.screen.seats[1] == "human")  # not toward a computer
        document.body.classList.toggle("far-turn", far_turn)
        if state is None or not self.settings.face_to_face:
            return
        turn = "" if state.to_move < 0 else self.tr("turn.to_move", player=self.screen.player_name(state.to_move))
        el("far-status").textContent = " · ".join(t for t in (turn, str(el("message").textContent)) if t)

    def play_sound(self, kind: str) -> None:
        self.sound.play(kind)

    def translate_page(self) -> None:
        document.documentElement.lang = self.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.tr(str(node.getAttribute("data-i18n")))
        language = el("nav-lang")  # its text is in the other language, and its name must contain it
        language.setAttribute("title", self.tr("app.language.label"))
        language.setAttribute("lang", "en" if self.lang == "zh-TW" else "zh-TW")
        el("nav-settings").setAttribute("aria-label", self.tr("settings.open"))
        document.title = "Qipan 棋盤" if self.lang == "en" else "棋盤 Qipan"

    # -- events -----------------------------------------------------------------------------------

    # While a past position is shown (the move log), the board takes no input.

    def _answering_board(self, answer: Callable[[], None]) -> None:
        """Answer an input on the board or one the board shows at once (a key, tap or hover on it;
        Undo, Redo; a control of the game's panel): the page around the board is refreshed after
        (`after_board`)."""
        screen = self.screen
        to_move = screen.match.state.to_move if screen is not None else None
        self.answering_board = True
        try:
            answer()
        finally:
            self.answering_board = False
        turn_passed = getattr(window, "qipanTurnPassed", None)
        if screen is not None and screen.match.state.to_move != to_move and turn_passed is not None:
            turn_passed()  # (the panel's controls now act for another player: app/taps.py)

    def _on_board_click(self, event: Any) -> None:
        screen = self.screen
        if screen is not None and not screen.reviewing:
            self._answering_board(lambda: screen.on_board_click(float(event.offsetX), float(event.offsetY)))

    def _on_board_hover(self, event: Any) -> None:
        screen = self.screen
        if screen is not None and not screen.reviewing and str(event.pointerType) == "mouse":
            self._answering_board(lambda: screen.on_board_hover(float(event.offsetX), float(event.offsetY)))

    def _on_board_key(self, event: Any) -> None:
        screen = self.screen
        if screen is not None and screen.reviewing:
            if str(event.key) == "Escape":
                screen.view(None)
            return

        def answer() -> None:
            if screen is not None and screen.on_key(str(event.key)):
                event.preventDefault()

        self._answering_board(answer)

    def _on_panel_click(self, event: Any) -> None:
        node = event.target.closest("[data-action]")
        if node and self.screen is not None:
            action = str(node.getAttribute("data-action"))
            value = text_or_none(node.getAttribute("data-value")) or ""
            if self.page_waiting is not None:  # pressed on the panel before an input's page refresh:
                self.run_page()  # refreshed now; a control that went or became another did nothing
                if not node.isConnected or node.getAttribute("data-action") != action or \
                        (text_or_none(node.getAttribute("data-value")) or "") != value:
                    return
            clicks = int(getattr(event, "detail", 1) or 0)  # (0 from the keyboard)
            shown_at = getattr(window, "qipanShownAt", None)
            if shown_at is not None and stray_tap(clicks, float(event.timeStamp), float(shown_at(node))):
                return  # meant for the control this one replaced under the finger, or for the player before (app/taps.py)
            if self.screen.reviewing:  # only the way back to the game answers
                if action == "live":
                    self.screen.view(None)
                    el("board").focus()
                return
            screen = self.screen
            selector = f'#game-panel [data-action="{action}"]' + (f'[data-value="{value}"]' if value else "")
            pressed = Pressed(node, document.activeElement, selector, by_keyboard=clicks == 0, at=float(event.timeStamp))
            self._answering_board(lambda: screen.on_panel(action, value))

            def refocus() -> None:
                if self.screen is screen:  # (a screen shown meanwhile has placed the focus itself)
                    pressed.refocus()
                    stays = pressed.still_there()
                    if stays is not None:
                        self.keep_in_place(stays)
                    elif (came := pressed.new_control()) is not None:  # (last: after the message's reveal)
                        self.before_paint(lambda: reveal(came))

            self.after_page(refocus)

    def _on_storage(self, event: Any) -> None:
        """Another tab changed the storage: if it changed the game on screen, show its moves when
        it played on from here, else say that this game's next move will be a save of its own."""
        self.run_waiting()  # (this tab's last move first: what changed is read against it)
        key = text_or_none(event.key)
        links = self.lazy_links.made  # a game by link on screen: shown as the other tab kept it
        if links is not None:
            links.on_storage(key)
        screen = self.screen
        if screen is None or not screen.save_id or (key is not None and not key.startswith(("qipan/v1/game/", "qipan/v1/save/"))):
            return
        change = outside_change(self.storage, screen.save_id, self.written.get(screen.save_id),
                                screen.match.record().to_json())
        if change == "ahead" and not screen.reviewing and not el("screen-play").hidden:
            key = next((e.key for e in list_saves(self.storage) if e.save_id == screen.save_id), None)
            loaded = load_save(self.storage, key) if key else Loaded()
            if loaded.match is not None:
                self.show_play(loaded.match, loaded.seats, loaded.save_id)
                self.notify(self.tr("app.changed_elsewhere_shown"))
        elif change in ("ahead", "diverged"):
            self.notify(self.tr("app.changed_elsewhere"))

    def _leaving(self) -> None:
        """The page is being hidden or left: write the save a move is waiting for, and keep the
        board's picture for the next first paint."""
        self.run_waiting()
        if self.screen is not None and not el("screen-play").hidden:
            self.screen.save_picture()

    def _resize(self) -> None:
        if self.screen is not None and not el("screen-play").hidden:
            area = el("board-area")
            self.screen.resize(float(area.clientWidth), float(area.clientHeight), float(window.devicePixelRatio or 1))

    # -- screens ----------------------------------------------------------------------------------

    SECTIONS = ("screen-picker", "screen-play", "screen-guide", "screen-saves", "screen-editor")

    def show_section(self, section_id: str) -> None:
        """Show one of the main sections (the picker, a game, the rules, the saved games, the
        editor) and hide the others."""
        self.run_waiting()  # (what the saved games, the editor or a new game read is up to date)
        if section_id != "screen-play":
            self.analysis.stop()  # the player left the game: its analysis stops
        self.drop_passing_notice()
        if self.lazy_guide.made is not None:
            self.lazy_guide.made.hide_rules()  # (where its reader was is kept before it is hidden)
        for name in self.SECTIONS:
            el(name).hidden = name != section_id

    def show_picker(self) -> None:
        self._close_guide()
        self.show_section("screen-picker")
        el("game-name").textContent = ""
        self.storage.remove("picture")
        self.storage.remove("last")
        saved = {entry.game for entry in list_saves(self.storage) if entry.readable}
        el("game-list").innerHTML = "".join(self._card(game_id, game_id in saved) for game_id in games.GAME_IDS)

    def _card(self, game_id: str, saved: bool) -> str:
        name = html(self.tr(f"game.{game_id}"))
        blurb = html(self.tr(f"blurb.{game_id}"))
        if game_id not in self.playable:
            return (f'<li><article class="game-card coming" aria-disabled="true"><h2>{name}</h2><p>{blurb}</p>'
                    f'<span class="badge">{html(self.tr("picker.coming"))}</span></article></li>')
        game = games.plugin(game_id)  # (the facts of the game: the picker imports no engine)
        players = (self.tr("picker.players_two") if game.max_players == 2
                   else self.tr("picker.players", min=game.min_players, max=game.max_players))
        label = self.tr("picker.resume" if saved else "picker.play")
        return (f'<li><article class="game-card"><h2>{name}</h2><p>{blurb}</p><span class="meta">{html(players)}</span>'
                f'<div class="buttons"><button class="primary" type="button" data-game="{game_id}">{html(label)}'
                f'</button>{card_buttons(game_id, self.tr)}</div></article></li>')

    def _on_pick(self, event: Any) -> None:
        node = event.target.closest("[data-game]")
        if node:
            self.open_game(str(node.getAttribute("data-game")))
        elif event.target.closest("[data-guide]"):  # a card's Rules or Tutorial button
            self.guide.on_click(event)

    def open_game(self, game_id: str, seed: int | None = None) -> None:
        """Resume the game's newest save (the one opened last), or start one; an unreadable save
        is kept aside and reported, with what was opened instead."""
        key = newest_save(self.storage, game_id)
        slot = read_entry(self.storage, game_key(game_id)) if key != game_key(game_id) else None
        passed = slot if slot is not None and not slot.readable else None  # an older save opens instead
        opened = read_entry(self.storage, key) if key and passed is not None else None
        loaded = load_save(self.storage, key) if key else Loaded()
        # The notices come before the first save, whose "storage is full" (with its Free space
        # button) must not be covered by them.
        if loaded.match is not None:
            self.show_play(loaded.match, loaded.seats, loaded.save_id)
            if passed is not None:
                saved = opened.saved if opened else 0
                reason, name = self.tr(f"saves.why.{passed.why or 'damaged'}"), self.tr(f"game.{game_id}")
                self.notify(self.tr("app.save_unreadable_other", game=name, reason=reason,
                                    when=when_text(self.tr, saved, page().utc_offset_minutes)) if saved
                            else self.tr("app.save_unreadable_older", game=name, reason=reason), passing=True)
            self.screen.save()  # a save from the shelf takes its game's slot (app/storage.py)
            if seed is not None:
                self.new_game.open(seed)
            return
        game = games.get(game_id)
        self.show_play(Match.new(game_id, game.min_players, self.new_seed() if seed is None else seed))
        if loaded.error is not None:  # (not kept aside: it stays where it is; save_match saves beside it)
            self.notify(self.tr("app.save_unreadable" if loaded.kept_as else "app.save_unreadable_left",
                                game=self.tr(f"game.{game_id}"), reason=self.tr(f"saves.why.{loaded.why or 'damaged'}")),
                        passing=True)
        self.screen.save()

    def show_play(self, match: Match, seats: tuple[str, ...] = (), save_id: str | None = None) -> None:
        """Show a game on the play screen; it saves into `save_id` (None: a new save)."""
        self._finish_screen()  # (before `written` is set: an old pending save must not follow it)
        screen = games.ui(match.game.id).screen(self, match, seats)
        screen.save_id = save_id
        if save_id is not None:
            self.written[save_id] = match.record().to_json()  # as read: this tab's starting point
        self.show_screen(screen)

    def _finish_screen(self) -> None:
        """Before another screen is shown: write the old screen's pending save now, and drop its
        queued think (`_think` checks `thinking`), so that no search for a game that is gone
        occupies the computer."""
        self.thinking = None
        self.run_waiting()
        if self.screen is not None:
            self.screen.drop_pictures()

    def show_screen(self, screen: GameScreen) -> None:
        """Show a game's screen on the play section (a game by link's too)."""
        from_control = not _focus_lost()  # (before the control that started it is hidden)
        self._finish_screen()
        self._close_guide()
        self.show_section("screen-play")
        el("board-picture").hidden = True
        el("game-name").textContent = self.tr(f"game.{screen.game_id}")
        self.thinking = None
        self.screen = screen
        self.analysis.show(self.screen)  # (any run for the game before stops)
        el("panel").scrollTop = 0  # a new game's panel starts at its top (players, first controls)
        self._resize()
        self.screen.render()
        if from_control:  # started from the picker, a dialog or a saved game: a keyboard player
            el("board").focus()  # goes on at the board (a page load leaves the focus alone)
        self.changed()

    # -- new game: the dialog is app/new_game.py ---------------------------------------------------

    @staticmethod
    def new_seed() -> int:
        """A random seed for a new game."""
        values = window.crypto.getRandomValues(window.Uint32Array.new(2))
        return int(values[0]) * 2**32 + int(values[1])

    # -- boot -------------------------------------------------------------------------------------

    def boot(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        if any(params.has(key) for key in LINK_KEYS):  # (app/links.py is imported for those only)
            from qipan.app import links
            if links.handle(self, params):
                return  # an embedded board or a shared game (app/links.py; it writes no settings)
        self.apply_settings()
        notice = self.storage_notice
        if notice is not None:
            self.notify(self.tr(notice), free_space=notice == "app.storage_full")
        wanted = text_or_none(params.get("game")) or ""
        seed_text = text_or_none(params.get("seed")) or ""
        last = self.storage.get("last")
        linked = str(window.location.hash or "").startswith("#c1.")
        if wanted in self.playable:
            self.open_game(wanted, read_number(seed_text, INT_DIGITS))
        elif last in self.playable and not linked:  # (a game by link opens instead: no computer starts here)
            self.open_game(last)
        else:
            self.show_picker()
            if linked and last is not None:
                self._keep_last(last)
        el("nav-games").disabled = False
        el("nav-lang").disabled = False
        el("nav-settings").disabled = False
        document.body.classList.remove("booting")
        document.body.dataset.pyReady = "1"
        document.body.dataset.readyMs = str(window.performance.now())  # read by bench/startup.py
        window.dispatchEvent(window.CustomEvent.new("qipan:ready"))  # boot.js registers the service worker
        self._open_hash()  # a game by link opens over what the page would show (once the page is ready)

    def _keep_last(self, last: str) -> None:
        """The picker forgets the game played last; a game by link opened at boot does not."""
        try:
            self.storage.set("last", last)
        except StorageError:
            pass  # (only which game the next visit resumes)

    def _open_hash(self) -> bool:
        """A game by link in the address (`#c1.…`): opened (app/correspondence/ui.py), then taken out
        of the address, so that a reload does not open it again."""
        fragment = str(window.location.hash or "")
        if not fragment.startswith("#c1."):
            return False
        window.history.replaceState(None, "", base_url() + str(window.location.search or ""))
        try:
            self.links.open_text(fragment)
        except Exception as exc:  # a defect, not a refused link: said, and the page goes on
            window.console.error(f"qipan: opening a game by link failed:\n{traceback.format_exc()}")
            self.notify(self.tr("correspondence.open_failed", reason=type(exc).__name__))
        return True


def start() -> None:
    """Entry point called by py/main.py: the features get the browser, then the app boots."""
    install(dom)
    App().boot()


@dataclass(frozen=True)
class Pressed:
    """A control of the game's panel, as it was pressed: the node, what had the focus then (the
    control, as a rule), a selector of its action and value, whether it was pressed by keyboard,
    and when."""

    node: Any
    focused: Any
    selector: str
    """What finds it again once the panel is patched (its action and value)."""
    by_keyboard: bool
    at: float
    """When it was pressed (the event's time, ms on the page's clock)."""

    def _untouched(self) -> bool:
        """The player has not put the focus elsewhere since (the board, another control: the page's
        refresh may come after the next input)."""
        return bool(_focus_lost() or document.activeElement == self.focused)

    def refocus(self) -> None:
        """Once the panel is patched: give keyboard focus back to the same control, if it is still
        there; pressed by keyboard and gone with the choice it made, to the panel's first control."""
        if not self._untouched():
            return
        again = query(self.selector + ":not([disabled])")
        if again:
            again.focus()
        elif self.by_keyboard and (_focus_lost() or _became_another(self.node, self.selector)):
            (query("#game-panel button:not([disabled])") or el("board")).focus()

    def new_control(self) -> Any:
        """Tapped, and not `still_there` (gone with the choice it made, or now another player's): the
        first control the answer brought (Calavera's Roll for the next player, the first row the other
        player marks from), to be scrolled into view, not focused; else None. It may have come under
        the sticky turn line, the panel scrolled down to the rows; when it and the message do not both
        fit, it wins (the message is in the move log too)."""
        first_shown = getattr(window, "qipanFirstShownSince", None)
        if self.by_keyboard or first_shown is None or not self._untouched():
            return None
        return first_shown(el("game-panel"), self.at)

    def still_there(self) -> Any:
        """The pressed control, if the answer left it there for the same player (a die picked, a
        toggle); else None."""
        again = query(self.selector + ":not([disabled])")
        shown_at = getattr(window, "qipanShownAt", None)
        return again if again and shown_at is not None and float(shown_at(again)) < self.at else None


def _became_another(node: Any, selector: str) -> bool:
    """The focused control `node` was kept by the panel's patch but now does something else (or
    nothing): it no longer matches the `selector` it was pressed as, or it is disabled."""
    return bool(document.activeElement == node and (node.disabled or not node.matches(selector)))


def _focus_lost() -> bool:
    """Nothing has the keyboard focus (it fell back to the page: a page load, or the focused
    control was removed or hidden)."""
    active = document.activeElement
    return not active or str(active.tagName) == "BODY"
