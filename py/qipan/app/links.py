"""Links into the app that are not the visitor's own games: `?embed=1&…` (an embedded board for a
blog post) and `?share=<token>` (a shared game or position). app.boot() asks `handle` first.

This module imports no browser module: it reaches the page through the app it is given (its
elements, its timer) and binds events through the page (app/page.py).
URL contract: docs/embed.md.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, quote

from qipan import games
from qipan.app import share
from qipan.app import move_log
from qipan.app.embed import STEPS, EmbedSession, after_presses, early_presses, embedded, stepped
from qipan.app.embed_params import (
    EmbedSpec, Note, Problem, analysis_problems, bottom_problems, parse, players_problems, read,
)
from qipan.boardkit.markup import html
from qipan.boardkit.store import Storage, StorageError
from qipan.app.storage import store_analysis
from qipan.app.link_keys import EMBED, SHARE
from qipan.app.page import page


def handle(app: Any, params: Any) -> bool:
    """Show an embed or a shared game if the URL asks for one (web/app.py asks only when it has one of
    `link_keys.LINK_KEYS`); False when it asks for neither."""
    query = params if isinstance(params, str) else str(params.toString())
    keys = dict(parse_qsl(query, keep_blank_values=True, max_num_fields=400) if len(query) < 100_000 else [])
    if EMBED in keys:
        EmbedPage(app, query).start()
        return True
    if SHARE in keys:
        SharedGame(app, query).start()
        return True
    return False


def _document(app: Any) -> Any:
    return app.element("board").ownerDocument


def _ready(app: Any, announce: bool) -> None:
    """What app.boot() does last: the page is interactive."""
    body = _document(app).body
    for control in ("nav-games", "nav-lang", "nav-settings"):  # (an embed hides the top bar)
        app.element(control).disabled = False
    body.classList.remove("booting")
    body.dataset.pyReady = "1"
    window = _document(app).defaultView
    body.dataset.readyMs = str(window.performance.now())
    if announce:
        window.dispatchEvent(window.CustomEvent.new("qipan:ready"))


def _set(app: Any, name: str, value: str | None) -> None:
    """Set the language or theme for this page only (the app's settings object, when it has one,
    lives in memory here: an embed never writes settings)."""
    if value is None:
        return
    settings = getattr(app, "settings", None)
    if settings is not None:
        setattr(settings, name, value)
    elif name == "lang":
        app.lang = value


def _drop_share(window: Any) -> None:
    """Take `share=` out of the address (the rest of it stays), without a reload or a new
    history entry."""
    url = window.URL.new(window.location.href)
    url.searchParams.delete(SHARE)
    window.history.replaceState(None, "", url.toString())


def _show_screen(app: Any, screen: Any) -> None:
    app.element("screen-picker").hidden = True
    app.element("screen-play").hidden = False
    app.element("board-picture").hidden = True
    app.element("game-name").textContent = app.tr(f"game.{screen.game_id}")
    app.thinking = None
    app.screen = screen
    app._resize()
    screen.render()


class EmbedPage:
    """An embedded board: view, step or try; it never writes to the visitor's storage."""

    def __init__(self, app: Any, query: str) -> None:
        self.app = app
        self.doc = _document(app)
        self.spec, self.problems = read(query, str(self.doc.defaultView.location.origin))
        self.session: EmbedSession | None = None
        self.playing = False
        self.plays = 0  # how many times the moves began to play (a run's timer checks it is the latest)
        self.missing: list[str] = []

    # -- set-up --

    def start(self) -> None:
        on = page().on

        app, spec, doc = self.app, self.spec, self.doc
        presses, focused = self._take_over()
        still = doc.getElementById("embed-first")  # (removed once the board is drawn in its place)
        app.storage = Storage(None)  # nothing an embed does reaches the visitor's storage
        app.blocked_saves.update(games.GAME_IDS)
        _set(app, "lang", spec.lang)
        _set(app, "theme", spec.theme)
        if spec.theme != "auto" and not hasattr(app, "settings"):
            app.dark = spec.theme == "dark"
        root = doc.documentElement
        root.dataset.theme = spec.theme
        doc.body.classList.add("embed")
        doc.body.dataset.embedMode = spec.mode
        app.translate_page()
        bar = doc.createElement("div")
        bar.id = "embed-bar"
        bar.className = "embed-bar"
        app.element("screen-play").appendChild(bar)
        live = doc.createElement("p")  # one lasting live region: a region rebuilt with its text in it
        live.id, live.className = "embed-live", "visually-hidden"  # is not reliably announced
        live.setAttribute("aria-live", "polite")
        app.element("screen-play").appendChild(live)
        on(bar, "click", self._on_click)
        on(app.element("board"), "keydown", self._on_key)
        try:
            self.session = self.open_session()
        except ValueError as exc:
            if still:
                still.remove()
            self._fail(str(exc))
            _ready(app, announce=False)
            return
        session = self.session
        doc.body.dataset.embedGame = session.game_id
        doc.body.classList.remove("booting")  # the board area gets its size before the first draw
        app.element("board-area").style.setProperty("--embed-aspect", str(games.ui(session.game_id).aspect))
        if spec.mode == "step":  # autoplay= first, then what the reader pressed meanwhile
            session.ply, self.playing = after_presses(session.ply, session.total,
                                                      ("play",) * bool(spec.autoplay_ms) + presses)
        self.show()
        if still:  # (after the board is drawn: a failure before leaves the reader the still)
            still.remove()
        _ready(app, announce=False)
        if self.playing:
            self._tick()
        if focused:
            self._focus_control(focused)

    def _take_over(self) -> tuple[tuple[str, ...], str]:
        """What the reader did on the still (assets/js/embed.js painted it) while Python booted: the
        step controls pressed (body[data-embed-pressed]; applied once the board shows), and the one
        with the focus ("" if none: the focus goes to the same control of the board's bar). A tap on
        the still itself is not kept: in try mode it would be half of a move on a board the reader
        never saw answer (docs/embed.md)."""
        body = self.doc.body
        presses = early_presses(str(body.getAttribute("data-embed-pressed") or ""))
        for name in ("data-embed-pressed", "data-embed-asked", "data-embed-run"):
            body.removeAttribute(name)
        first, active = self.doc.getElementById("embed-first"), self.doc.activeElement
        if not first or not active or not first.contains(active):  # (JS null)
            return presses, ""
        return presses, next(iter(early_presses(str(active.getAttribute("data-early") or ""))), "")

    def open_session(self) -> EmbedSession:
        """The game the link asks for; a players= or bottom= that game cannot have is dropped
        and named with the other problems. Raises ValueError when no game can be shown."""
        spec = self.spec
        if spec.game and not spec.share and not spec.position:
            try:
                game = games.get(spec.game)
            except ValueError:
                game = None  # (EmbedSession names the unknown game)
            if game is not None:
                self.problems += players_problems(spec, spec.game, game.min_players, game.max_players)
        session = EmbedSession(spec)
        self.problems += bottom_problems(spec, session.game_id, session.match_at(0).players)
        self.problems += analysis_problems(spec, session.analysis is not None, bool(session.analysis_error))
        return session

    def shows_analysis(self) -> bool:
        """analysis=1 in step mode, and the link carries a readable analysis."""
        return self.spec.analysis and self.spec.mode == "step" and self.session is not None \
            and self.session.analysis is not None

    def note(self) -> Note:
        """The author's notes at the ply shown, and with analysis=1 the best move found there
        where the move played was not it (the author's own arrows and rings come first)."""
        own = self.session.note()
        screen = self.app.screen
        if not self.shows_analysis() or screen is None:
            return own
        from qipan.app.analysis_html import best_marks, decision_at
        marks = best_marks(screen, decision_at(self.session.analysis, self.session.ply))
        return Note(own.cells + marks.cells, own.arrows + marks.arrows, own.captions) if marks else own

    def _fail(self, reason: str) -> None:
        self.doc.body.dataset.embedError = "1"
        self.app.element("screen-play").hidden = False
        self.app.element("embed-bar").innerHTML = (
            f'<p class="embed-error" role="alert">{html(self.app.tr("embed.error", reason=reason))}</p>')

    # -- showing a ply --

    def show(self) -> None:
        session, spec = self.session, self.spec
        interactive = spec.mode == "try"
        feed = session.try_feed() if interactive else ()
        match = session.match_at(session.ply, feed)
        base = games.ui(session.game_id).screen
        cls = embedded(base, interactive, self.note, spec.bottom, self._on_missing, self._after_render)
        self.missing = []
        _show_screen(self.app, cls(self.app, match, ("human",) * match.players))
        self.doc.body.dataset.embedPly = str(session.ply)
        self.render_bar()

    def _on_missing(self, names: list[str]) -> None:
        self.missing = names

    def _after_render(self) -> None:
        """After each redraw in try mode: Undo is enabled exactly when a move can be taken back
        (only the button changes, so a keyboard user's focus stays on it); an author's dice
        outcome that was no outcome of its roll is named under the board."""
        screen = self.app.screen
        if screen is None:
            return
        undo = self.app.element("embed-bar").querySelector('[data-embed="undo"]')
        if undo:  # (querySelector: JS null, falsy, when absent)
            undo.disabled = not screen.match.can_undo()
        rejected = getattr(screen.match, "rejected", [])
        if rejected:
            new = [problem for problem in dict.fromkeys(Problem(f"dice={text}", "dice") for text in rejected)
                   if problem not in self.problems]
            rejected.clear()
            if new:
                self.problems += new
                self.render_bar()

    def render_bar(self) -> None:
        tr, session, spec = self.app.tr, self.session, self.spec
        lang = self.app.lang
        parts = []
        caption = session.caption(lang)
        parts.append(f'<p id="embed-caption" class="embed-caption">{html(caption)}</p>')
        if spec.mode == "step":
            def button(action: str, symbol: str, key: str, disabled: bool) -> str:
                return (f'<button type="button" data-embed="{action}" aria-label="{html(tr(key))}" '
                        f'title="{html(tr(key))}"{" disabled" if disabled else ""}>{symbol}</button>')
            at_start, at_end = session.ply <= 0, session.ply >= session.total
            parts.append('<div class="embed-steps">'
                         + button("first", "«", "embed.first", at_start)
                         + button("prev", "‹", "embed.prev", at_start)
                         + f'<span id="embed-ply" class="embed-ply">{html(tr("embed.ply", n=session.ply, total=session.total))}</span>'
                         + button("next", "›", "embed.next", at_end)
                         + button("last", "»", "embed.last", at_end)
                         + button("play", "■" if self.playing else "▶", "embed.pause" if self.playing else "embed.play",
                                  at_end and not self.playing)
                         + "</div>")
            words, notation = self._last_move()
            code = f' <code class="log-notation">{html(notation)}</code>' if notation else ""
            grade, analysis = self._analysis_html()
            parts.append(f'<p id="embed-move" class="embed-move">{html(words)}{code}{grade}</p>')
            parts.append(analysis)
            self._announce(" ".join(text for text in (caption, words) if text))
        elif spec.mode == "try":
            can_undo = self.app.screen is not None and self.app.screen.match.can_undo()
            parts.append('<div class="embed-steps">'
                         f'<button type="button" data-embed="undo"{"" if can_undo else " disabled"}>{html(tr("embed.undo"))}</button>'
                         f'<button type="button" data-embed="reset">{html(tr("embed.reset"))}</button>'
                         f'<span class="embed-note">{html(tr("embed.try_note"))}</span></div>')
        notes = []
        if self.problems:
            items = tr("embed.list_sep").join(problem.text(tr) for problem in self.problems[:5])
            notes.append(tr("embed.ignored", items=items))
        if self.missing:
            notes.append(tr("embed.missing", points=tr("log.list_sep").join(self.missing[:8])))
        parts += [f'<p class="embed-problems" role="note">{html(note)}</p>' for note in notes]
        token = self._share_token()
        if token:
            parts.append(f'<a class="embed-open" href="./?share={quote(token)}" target="_blank" rel="noopener">'
                         f'{html(tr("embed.open"))} ↗</a>')
        self.app.element("embed-bar").innerHTML = "".join(parts)

    def _analysis_html(self) -> tuple[str, str]:
        """With analysis=1: the grade of the move shown (for its line) and the analysis under the
        bar (app/analysis_html.embed_html); "" and "" otherwise."""
        screen, session = self.app.screen, self.session
        if not self.shows_analysis() or screen is None:
            return "", ""
        from qipan.app.analysis_html import best_marks, decision_at, embed_html, grade_html
        analysis, tr = session.analysis, self.app.tr
        decision = decision_at(analysis, session.ply)
        grade = grade_html(decision.grade, tr) if decision is not None and not decision.forced else ""
        names = [screen.player_name(p) for p in range(analysis.players)]
        drawn = bool(best_marks(screen, decision))
        return (f" {grade}" if grade else "",
                embed_html(analysis, session.full, session.ply, tr, self.app.lang, names, drawn))

    def _last_move(self) -> tuple[str, str]:
        """The move that led to the shown position: the move log's words with the player, and
        the notation ("" and "" at the start)."""
        screen = self.app.screen
        if screen is None or not screen.match.actions:
            return "", ""
        match, tr = screen.match, self.app.tr
        item = move_log.entry(games.ui(match.game.id).words, move_log.plies(match, len(match.actions) - 1)[0], tr)
        words = item.words if item.actor < 0 else tr("embed.move", player=screen.player_name(item.actor),
                                                        words=item.words)
        return words, item.notation

    def _announce(self, text: str) -> None:
        """Say `text` in the embed's live region (only when it changed: a redraw says nothing)."""
        live = self.app.element("embed-live")
        if live and str(live.textContent) != text:
            live.textContent = text

    def _share_token(self) -> str | None:
        session = self.session
        if session is None:
            return None
        if session.record is not None:
            return share.encode_record(session.record, session.analysis)
        return share.encode_position(session.game_id, session.position or "")

    # -- input --

    def _on_click(self, event: Any) -> None:
        point = event.target.closest(".analysis-graph [data-ply]")
        if point and self.session is not None:  # the graph: that position, as the step buttons go
            self.playing = False
            self.go(int(point.getAttribute("data-ply")))
            return
        node = event.target.closest("[data-embed]")
        if node and self.session is not None:
            action = str(node.getAttribute("data-embed"))
            self.act(action)
            self._focus_control(action)

    def _focus_control(self, action: str) -> None:
        """The bar was rebuilt: the focus back on the control `action`, else (greyed now) on the board."""
        again = self.app.element("embed-bar").querySelector(f'[data-embed="{action}"]:not([disabled])')
        if again:
            again.focus()
        else:  # (without scrolling the blog to the board: Pyodide passes the options object)
            self.app.element("board").focus(preventScroll=True)

    def _on_key(self, event: Any) -> None:
        if self.session is None or self.spec.mode != "step":
            return
        action = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}.get(str(event.key))
        if action:
            self.act(action)
            event.preventDefault()

    def act(self, action: str) -> None:
        session = self.session
        if action in STEPS:
            self.step_to(*stepped(session.ply, session.total, self.playing, action))
        elif action == "reset":
            session.ply = session.start
            self.show()
        elif action == "undo" and self.app.screen is not None:
            self.app.screen.undo()

    def go(self, ply: int) -> None:
        session = self.session
        ply = max(0, min(session.total, ply))
        if ply != session.ply:
            session.ply = ply
            self.show()

    def step_to(self, ply: int, playing: bool) -> None:
        """Show `ply`, the moves playing on from it or not (the play button's symbol follows)."""
        toggled, self.playing = playing != self.playing, playing
        if ply != self.session.ply:
            self.go(ply)
        elif toggled:
            self.render_bar()
        if toggled and playing:
            self._tick()

    def _tick(self, run: int | None = None) -> None:
        """The next move after the delay, while this run of play lasts: ▶ pressed off and on again
        before the timer fired starts another run, and the old run's timer does nothing (it played
        the moves twice as fast)."""
        if run is None:
            self.plays += 1
            run = self.plays
        delay = self.spec.autoplay_ms or 1200

        def step() -> None:
            if not self.playing or run != self.plays:
                return
            if self.session.ply >= self.session.total:
                self.playing = False
                self.render_bar()
                return
            self.go(self.session.ply + 1)
            self._tick(run)

        self.app.computer.later(step, delay)


class SharedGame:
    """`?share=<token>`: the shared game on screen, not saved unless "Keep this game" is pressed."""

    def __init__(self, app: Any, query: str) -> None:
        self.app = app
        self.spec: EmbedSpec = parse(query)[0]
        self.spec.mode = "try"
        self.spec.ply = None
        self.session: EmbedSession | None = None

    def start(self) -> None:
        on = page().on
        app, doc = self.app, _document(self.app)
        if hasattr(app, "apply_settings"):
            app.apply_settings()  # the visitor's own settings (what boot() would have done)
        else:
            app.translate_page()
        if not app.storage.persistent:
            app.notify(app.tr("app.no_storage"))
        try:
            self.session = EmbedSession(self.spec)
        except ValueError as exc:
            app.show_picker()
            app.notify(app.tr("share.error", reason=app.tr(f"share.why.{share.why(exc)}")), passing=True)
            _drop_share(_document(app).defaultView)  # reported once: a reload does not repeat it
            _ready(app, announce=True)
            return
        session = self.session
        match = session.match_at(None)
        match.feed = []
        cls = embedded(games.ui(session.game_id).screen, True, lambda: None)
        screen = cls(app, match)
        app.analysis.show(screen, session.analysis)  # the link's analysis, shown without running
        _show_screen(app, screen)  # (drawn with it: the log's grades, the box)
        if session.analysis_error:
            app.notify(app.tr("share.analysis_unread"))
        app.changed()
        banner = doc.createElement("div")
        banner.id = "share-banner"
        banner.className = "share-banner"
        banner.setAttribute("role", "status")
        panel = app.element("panel")
        panel.insertBefore(banner, panel.firstChild)
        on(banner, "click", self._on_click)
        doc.body.dataset.shared = "1"
        self.render_banner()
        _ready(app, announce=True)

    def render_banner(self) -> None:
        app = self.app
        button = ("" if self.session.position is not None else
                  f'<button type="button" class="primary" data-share="keep">{html(app.tr("share.keep"))}</button>')
        app.element("share-banner").innerHTML = f'<p>{html(app.tr("share.banner"))}</p>{button}'


    def _on_click(self, event: Any) -> None:
        node = event.target.closest("[data-share]")
        if node and str(node.getAttribute("data-share")) == "keep":
            self.keep()

    def keep(self) -> None:
        """Make the shared game the visitor's own: a normal screen that saves, and a plain URL."""
        app = self.app
        screen = app.screen
        if screen is None or not screen.embedded:
            return
        match = screen.match
        if self.session.position is not None:
            return  # a single position has no record to keep (no button is offered)
        from qipan.match import Match
        kept = Match.from_record(match.record())
        carried = app.analysis.current_result()
        app.show_play(kept, screen.seats)
        app.screen.save()
        if carried is not None and app.screen.save_id:  # the link's analysis is kept with the save
            try:
                store_analysis(app.storage, app.screen.save_id, carried.to_json(), kept.actions[:carried.total])
            except StorageError:
                pass  # no room: the game is kept, its analysis can be run again
            app.analysis.show(app.screen)
            app.screen.render()  # the log's grades again
        app.element("share-banner").remove()
        _document(app).body.removeAttribute("data-shared")
        app.notify(app.tr("share.kept", game=app.tr(f"game.{self.session.game_id}")))
        window = _document(app).defaultView
        window.history.replaceState(None, "", f"?game={self.session.game_id}")
