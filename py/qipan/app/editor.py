"""The board editor (#screen-editor): set up any position of any game, check it is legal, and get
its position text, share link, embed code and picture, or play on from it.

The first half is pure (runs on CPython): `EditorModel` holds the position being edited and turns
clicks, form fields and typed text into new positions through each game's editor tools
(`games.ui(id).editor`, boardkit/editing.py) and the engine's position parser (the legality check: it names the broken rule);
the `*_html` functions build the page's parts. The second half, `Editor`, puts them on the page
through the app and binds events through the page (`qipan.app.page`).
A game without editor tools is edited through its position text alone.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from qipan import games
from qipan.app import share
from qipan.boardkit.editing import MOVE, EditorTools, Field, Refused, Text, Tool, Translate
from qipan.boardkit.markup import html
from qipan.core import State
from qipan.app.page import page

def say(tr: Translate, text: Text) -> str:
    """A Text in the current language."""
    key, values = text
    return tr(key, **{k: say(tr, v) if isinstance(v, tuple) else v for k, v in values.items()})


def edit_tools(game_id: str) -> EditorTools | None:
    """The click tools of a game, or None when it is edited through its position text alone."""
    return games.ui(game_id).editor


def opening(game_id: str, seed: int) -> State:
    """A game's opening position for `seed` (dice that start the game already rolled)."""
    from qipan.match import Match

    game = games.get(game_id)
    match = Match.new(game_id, game.min_players, seed)
    while match.state.is_chance():
        match.sample_chance()
    return match.state


class EditorModel:
    """The position being edited, the chosen tool, the keyboard cursor and the last problem."""

    def __init__(self, game_id: str, state: State) -> None:
        self.game_id = game_id
        self.game = games.get(game_id)
        self.tools_of = edit_tools(game_id)
        self.state = state
        self.text = self.game.position(state)
        self.problem: Text | None = None
        self.cursor: str | None = None
        self.held: str | None = None  # the point a MOVE picked up
        self.tools: tuple[Tool, ...] = self.tools_of.tools(state) if self.tools_of else ()
        self.tool = self.tools[0].key if self.tools else ""

    @classmethod
    def start(cls, game_id: str, empty: bool = False, seed: int | None = None) -> EditorModel:
        """The editor on a game's opening position, or on its empty board when it has one."""
        state = opening(game_id, random.getrandbits(32) if seed is None else seed)
        tools = edit_tools(game_id)
        if tools is not None:
            state = tools.prepare(state)
            if empty and tools.empty_start and tools.empty is not None:
                state = tools.empty(state)
        return cls(game_id, state)

    # -- what the page shows --

    @property
    def position(self) -> str:
        """The normal-form position text of the last legal position."""
        return self.game.position(self.state)

    def fields(self) -> tuple[Field, ...]:
        return self.tools_of.fields(self.state) if self.tools_of else ()

    def points(self) -> tuple[str, ...]:
        return self.tools_of.points(self.state) if self.tools_of else ()

    def can_clear(self) -> bool:
        return self.tools_of is not None and self.tools_of.empty is not None

    def share_token(self) -> str:
        return share.encode_position(self.game_id, self.position)

    # -- edits: each returns True when the position changed --

    def choose_tool(self, key: str) -> bool:
        if any(tool.key == key for tool in self.tools):
            self.tool = key
            self.held = None
            return True
        return False

    def click(self, point: str) -> bool:
        """Use the chosen tool on a board point."""
        if self.tools_of is None:
            return False
        if self.tool == MOVE or self.tool in self.tools_of.two_click:
            return self._move(point)
        return self._edit(lambda: self.tools_of.apply(self.state, self.tool, point))

    def _move(self, point: str) -> bool:
        origin, self.held = self.held, None
        tool = () if self.tool == MOVE else (self.tool,)
        if origin is None:
            try:
                if self.tools_of.holds(self.state, point, *tool):
                    self.held, self.problem = point, None
                    return False
                self.problem = ("editor.refused", {"reason": ("editor.err.no_die", {"point": point})})
            except Refused as exc:
                self.problem = ("editor.refused", {"reason": (exc.key, exc.values)})
            return False
        if origin == point:
            self.problem = None
            return False
        return self._edit(lambda: self.tools_of.move(self.state, origin, point, *tool))

    def set_field(self, name: str, value: str) -> bool:
        if self.tools_of is None:
            return False
        return self._edit(lambda: self.tools_of.set_field(self.state, name, value))

    def clear(self) -> bool:
        if not self.can_clear():
            return False
        return self._edit(lambda: self.tools_of.empty(self.state))

    def type_text(self, text: str) -> bool:
        """A position text typed in the box: the board follows when it parses, else it stays."""
        self.text = text
        try:
            state = self.game.parse_position(text.strip())
        except ValueError as exc:
            self.problem = ("editor.illegal_text", {"reason": str(exc)})
            return False
        self.problem = None
        self._set(state, keep_text=True)
        return True

    def _edit(self, change: Callable[[], State]) -> bool:
        try:
            state = change()
        except Refused as exc:
            self.problem = ("editor.refused", {"reason": (exc.key, exc.values)})
            return False
        except ValueError as exc:  # the engine's NotationError: the edit module words it
            refused = self.tools_of.refusal(exc) if self.tools_of else Refused("editor.err.rule", reason=str(exc))
            self.problem = ("editor.refused", {"reason": (refused.key, refused.values)})
            return False
        self.problem = None
        self._set(state)
        return True

    def _set(self, state: State, keep_text: bool = False) -> None:
        self.state = state
        if not keep_text:
            self.text = self.game.position(state)
        if self.tools_of is not None:
            self.tools = self.tools_of.tools(state)
            if not any(tool.key == self.tool for tool in self.tools):
                self.tool = self.tools[0].key if self.tools else ""


# -- the page's parts (pure HTML) -----------------------------------------------------------------------


def chooser_html(tr: Translate, game_ids: tuple[str, ...]) -> str:
    """The first page: a game, and its opening position or its empty board."""
    cards = []
    for game_id in game_ids:
        tools = edit_tools(game_id)
        buttons = (f'<button type="button" class="primary" data-editor="open" data-game="{game_id}">'
                   f'{html(tr("editor.opening"))}</button>')
        if tools is not None and tools.empty_start:
            buttons += (f'<button type="button" data-editor="empty" data-game="{game_id}">'
                        f'{html(tr("editor.empty_board"))}</button>')
        note = "" if tools is not None else f'<p class="editor-note">{html(tr("editor.text_only"))}</p>'
        cards.append(f'<li class="editor-card"><h2>{html(tr(f"game.{game_id}"))}</h2>{note}'
                     f'<div class="buttons">{buttons}</div></li>')
    return (f'<div class="editor-pick"><header class="editor-head"><h1>{html(tr("editor.title"))}</h1>'
            f'<button type="button" data-editor="picker">{html(tr("saves.back"))}</button></header>'
            f'<p>{html(tr("editor.choose"))}</p><ul class="editor-games">{"".join(cards)}</ul></div>')


def editor_html(tr: Translate, model: EditorModel, from_game: bool) -> str:
    """The editor page of one game; its changing parts are filled by the *_html functions below."""
    back = (f'<button type="button" data-editor="back">{html(tr("editor.back_to_game"))}</button>' if from_game else "")
    clear = (f'<button type="button" data-editor="clear">{html(tr("editor.clear"))}</button>'
             if model.can_clear() else "")
    hint = tr("editor.board_hint") if model.tools else tr("editor.text_only")
    return (
        f'<header class="editor-head"><h1>{html(tr("editor.title_game", game=tr(f"game.{model.game_id}")))}</h1>'
        f'{back}<button type="button" data-editor="games">{html(tr("editor.other_game"))}</button></header>'
        '<div class="editor-main">'
        f'<div id="editor-board-box" class="editor-board"><canvas id="editor-board" tabindex="0" role="img"></canvas>'
        f'<p class="editor-note">{html(hint)}</p></div>'
        '<div class="editor-side">'
        f'<div id="editor-tools" class="editor-tools" role="toolbar" aria-label="{html(tr("editor.tools"))}"></div>'
        '<div id="editor-fields" class="editor-fields"></div>'
        '<p id="editor-legal" class="editor-legal" role="status" aria-live="polite"></p>'
        f'<label class="editor-label" for="editor-text">{html(tr("editor.position"))}</label>'
        '<textarea id="editor-text" class="editor-text" rows="4" spellcheck="false" autocomplete="off"></textarea>'
        f'<div class="editor-row">{clear}<button type="button" data-editor="copy-text">'
        f'{html(tr("editor.copy_position"))}</button></div>'
        f'<label class="editor-label" for="editor-share">{html(tr("editor.share_link"))}</label>'
        '<input id="editor-share" class="editor-out" type="text" readonly>'
        f'<div class="editor-row"><button type="button" data-editor="copy-share">{html(tr("editor.copy_link"))}</button></div>'
        f'<label class="editor-label" for="editor-embed">{html(tr("editor.embed_code"))}</label>'
        '<textarea id="editor-embed" class="editor-out" rows="3" readonly></textarea>'
        f'<div class="editor-row"><label class="editor-check"><input id="editor-try" type="checkbox">'
        f'{html(tr("editor.try"))}</label>'
        f'<button type="button" data-editor="copy-embed">{html(tr("editor.copy_embed"))}</button></div>'
        f'<div class="editor-row"><button type="button" data-editor="image">{html(tr("editor.image"))}</button>'
        f'<button type="button" class="primary" data-editor="play">{html(tr("editor.play"))}</button></div>'
        '</div></div>')


def tools_html(tr: Translate, model: EditorModel) -> str:
    parts = []
    for tool in model.tools:
        style = f' style="background:{tool.fill};color:{tool.ink}"' if tool.fill else ""
        pressed = "true" if tool.key == model.tool else "false"
        parts.append(f'<button type="button" class="editor-tool" data-editor="tool" data-tool="{html(tool.key)}" '
                     f'aria-pressed="{pressed}"><span class="editor-mark"{style} aria-hidden="true">{html(tool.mark)}'
                     f'</span>{html(say(tr, tool.label))}</button>')
    return "".join(parts)


def fields_html(tr: Translate, model: EditorModel) -> str:
    parts = []
    for field in model.fields():
        options = "".join(
            f'<option value="{html(c.value)}"{" selected" if c.value == field.value else ""}>'
            f'{html(" + ".join(say(tr, part) for part in c.label))}</option>' for c in field.choices)
        parts.append(f'<label class="editor-field">{html(say(tr, field.label))}'
                     f'<select data-field="{html(field.name)}">{options}</select></label>')
    return "".join(parts)


def legality(tr: Translate, model: EditorModel) -> tuple[str, bool]:
    """The legality line and whether it reports a problem."""
    if model.held is not None:
        key = model.tools_of.holding.get(model.tool, "editor.holding") if model.tools_of else "editor.holding"
        return tr(key, point=model.held), False
    if model.problem is None:
        return tr("editor.legal"), False
    return say(tr, model.problem), True


def share_link(base: str, model: EditorModel) -> str:
    return f"{base}?share={model.share_token()}"


def embed_code(base: str, model: EditorModel, try_mode: bool, title: str) -> str:
    """An <iframe> of the position for a blog post (docs/embed.md), still or to try moves on."""
    mode = "try" if try_mode else "view"
    return (f'<iframe src="{html(share.embed_page(base))}?embed=1&amp;mode={mode}&amp;share={model.share_token()}" title="{html(title)}" '
            f'width="100%" height="480" style="border:0" loading="lazy"></iframe>')


# -- the board: where points are, the keyboard cursor -------------------------------------------------


def nearest(spots: dict[str, tuple[float, float, float]], x: float, y: float) -> str | None:
    """The point whose spot (centre and radius) holds (x, y), the nearest one if several do."""
    best, best_d = None, math.inf
    for name, (px, py, r) in spots.items():
        d = math.hypot(x - px, y - py)
        if d <= r and d < best_d:
            best, best_d = name, d
    return best


ARROWS = {"ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0), "ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0)}


def step_cursor(spots: dict[str, tuple[float, float, float]], current: str, dx: float, dy: float) -> str:
    """The point an arrow key moves the cursor to: the nearest one within 60° of the arrow's
    direction (sideways distance counting double), else the cursor stays."""
    x0, y0, _ = spots[current]
    best, best_score = current, math.inf
    for name, (x, y, _r) in spots.items():
        vx, vy = x - x0, y - y0
        distance = math.hypot(vx, vy)
        along = vx * dx + vy * dy
        if distance < 1e-6 or along < 0.5 * distance:
            continue
        score = along + 2 * abs(vx * dy - vy * dx)
        if score < best_score:
            best, best_score = name, score
    return best


"""Board height / width in the editor."""


def board_size(game_id: str, width: float, max_height: float) -> tuple[float, float]:
    """The canvas size in CSS pixels for a box `width` wide, at most `max_height` high."""
    aspect = games.ui(game_id).aspect
    width = max(200.0, width)
    height = min(width * aspect, max(220.0, max_height))
    return height / aspect, height


def with_marks(base: type, marks: Callable[..., None], marked: Callable[[], tuple[str, ...]]) -> type:
    """`base` (a screen class) that draws `marks` (an edit module's `draw_marks`) of the points
    `marked()` returns over its board."""

    class Marked(base):  # type: ignore[misc, valid-type]
        focus_on_mover = False  # every part alike (GameScreen.focus_on_mover)

        def draw(self, ctx: Any, width: float, height: float) -> None:
            super().draw(ctx, width, height)
            points = marked()
            if points:
                marks(ctx, self.state, width, height, points, bool(getattr(self.host, "dark", False)))

    return Marked


COPY_LABELS = {"copy-text": "editor.copy_position", "copy-share": "editor.copy_link", "copy-embed": "editor.copy_embed"}
"""The copy buttons and their labels (a button says "Copied" until the position changes)."""


# -- the controller --------------------------------------------------------------------------------------


class Editor:
    """The board editor screen: a game chooser, then the board, the palette, the text and outputs."""

    def __init__(self, app: Any) -> None:
        browser = page()
        observe_size, on = browser.observe_size, browser.on

        self.app = app
        self.model: EditorModel | None = None
        self.screen: Any = None
        self.from_game = False
        self.section = app.element("screen-editor")
        on(app.element("btn-editor"), "click", lambda _e: self.show_chooser())
        on(app.element("btn-edit"), "click", lambda _e: self.edit_current())
        on(self.section, "click", self._on_click)
        on(self.section, "input", self._on_input)
        on(self.section, "change", self._on_change)
        on(self.section, "keydown", self._on_key)
        observe_size(self.section, self._fit)

    def tr(self, key: str, **values: object) -> str:
        return self.app.tr(key, **values)

    # -- opening --

    def show_chooser(self) -> None:
        self.model = None
        if self.screen is not None:
            self.screen.drop_pictures()
        self.screen = None
        self.from_game = False
        self.app.show_section("screen-editor")
        self.section.innerHTML = chooser_html(self.tr, tuple(self.app.playable))
        first = self.section.querySelector("button")
        if first:
            first.focus()

    def edit_current(self) -> None:
        """Edit a copy of the position on the play screen (the live game is never changed)."""
        screen = self.app.screen
        if screen is None:
            return
        self.open(EditorModel(screen.game_id, screen.state), from_game=True)

    def open(self, model: EditorModel, from_game: bool = False) -> None:
        from qipan.app.embed import embedded, position_match
        from qipan.app.guide_screen import DiagramHost

        self.model, self.from_game = model, from_game
        self.app.show_section("screen-editor")
        self.section.innerHTML = editor_html(self.tr, model, from_game)
        canvas = self.app.element("editor-board")
        cls = embedded(games.ui(model.game_id).screen, False, self._cursor_note)
        marks = model.tools_of.draw_marks if model.tools_of else None
        if marks is not None:
            cls = with_marks(cls, marks, self._marked)
        if self.screen is not None:
            self.screen.drop_pictures()
        self.screen = cls(DiagramHost(self.app, canvas, keeps_pictures=True),
                          position_match(model.game_id, model.position))
        self.app.element("editor-text").value = model.text
        self.refresh()
        self._fit()
        canvas.focus()

    # -- showing --

    def _marked(self) -> tuple[str, ...]:
        """The points to ring: the one a two-click tool holds and the keyboard cursor."""
        model = self.model
        return () if model is None else tuple(point for point in (model.held, model.cursor) if point)

    def _cursor_note(self) -> Any:
        """The keyboard cursor, drawn over the board as a ring (by the module's `draw_marks`
        where its points are not the notation's)."""
        from qipan.app.embed_params import Note

        cells = self._marked()
        if not cells or (self.model.tools_of is not None and self.model.tools_of.draw_marks is not None):
            return None
        return Note(cells=cells)

    def refresh(self, text_box: bool = False) -> None:
        """Redraw the board and refresh the palette, fields, legality line and outputs."""
        model, el = self.model, self.app.element
        if model is None:
            return
        self._show_state()
        el("editor-tools").innerHTML = tools_html(self.tr, model)
        el("editor-fields").innerHTML = fields_html(self.tr, model)
        line, bad = legality(self.tr, model)
        legal = el("editor-legal")
        legal.textContent = line
        legal.className = "editor-legal error" if bad else "editor-legal"
        if text_box:
            el("editor-text").value = model.text
        self._outputs()

    def _outputs(self) -> None:
        model, el = self.model, self.app.element
        base = self._base()
        link = share_link(base, model)
        if str(el("editor-share").value) != link:  # another position: "Copied" no longer holds
            for what, key in COPY_LABELS.items():
                button = self.section.querySelector(f'[data-editor="{what}"]')
                if button:
                    button.textContent = self.tr(key)
        el("editor-share").value = link
        el("editor-embed").value = embed_code(base, model, bool(el("editor-try").checked),
                                              self.tr(f"game.{model.game_id}"))

    def _base(self) -> str:
        return str(self.section.ownerDocument.defaultView.location.href).split("?")[0].split("#")[0]

    def _show_state(self) -> None:
        model, screen = self.model, self.screen
        if screen.match.state is not model.state:
            if model.state.players != screen.match.players:
                from qipan.app.embed import position_match
                screen.match = position_match(model.game_id, model.position)
            else:
                screen.match.restart_at(model.state)
        screen.redraw()
        cursor = self.tr("editor.cursor", point=model.cursor) if model.cursor else ""
        label = self.tr("editor.board_label", game=screen.board_label(), cursor=cursor)
        self.app.element("editor-board").setAttribute("aria-label", label)

    def _fit(self) -> None:
        if self.model is None or self.screen is None or self.section.hidden:
            return
        box = self.app.element("editor-board-box")
        window = self.section.ownerDocument.defaultView
        width, height = board_size(self.model.game_id, float(box.clientWidth), float(window.innerHeight) - 150)
        if abs(width - self.screen.width) < 1 and abs(height - self.screen.height) < 1:
            return
        canvas = self.app.element("editor-board")
        canvas.style.width = f"{width}px"
        canvas.style.height = f"{height}px"
        self.screen.resize(width, height, float(window.devicePixelRatio or 1))

    def _spots(self) -> dict[str, tuple[float, float, float]]:
        from qipan.app.embed import point_px

        screen = self.screen
        place = self.model.tools_of.spot if self.model.tools_of else None
        spots = {}
        for name in self.model.points():
            spot = point_px(screen, name) if place is None else place(screen.state, screen.width, screen.height, name)
            if spot is not None:
                spots[name] = spot
        return spots

    # -- events --

    def _on_click(self, event: Any) -> None:
        target = event.target
        if str(getattr(target, "id", "")) == "editor-board" and self.model is not None:
            point = nearest(self._spots(), float(event.offsetX), float(event.offsetY))
            if point is not None:
                self.model.cursor = None
                self.model.click(point)
                self.refresh(text_box=True)
            return
        node = target.closest("[data-editor]")
        if not node:
            return
        what = str(node.getAttribute("data-editor"))
        if what in ("open", "empty"):
            game_id = str(node.getAttribute("data-game"))
            self.open(EditorModel.start(game_id, empty=what == "empty"))
        elif what == "games":
            self.show_chooser()
        elif what == "picker":
            self.app.show_picker()
        elif what == "back":
            self.back_to_game()
        elif self.model is not None:
            self._act(what, node)

    def _act(self, what: str, node: Any) -> None:
        model = self.model
        if what == "tool":
            model.choose_tool(str(node.getAttribute("data-tool")))
            self.refresh()
            again = self.section.querySelector(f'[data-tool="{model.tool}"]')
            if again:
                again.focus()
        elif what == "clear":
            model.clear()
            self.refresh(text_box=True)
        elif what == "copy-text":
            self._copy(node, model.position)
        elif what == "copy-share":
            self._copy(node, str(self.app.element("editor-share").value), "editor-share")
        elif what == "copy-embed":
            self._copy(node, str(self.app.element("editor-embed").value), "editor-embed")
        elif what == "image":
            self.image()
        elif what == "play":
            self.play_from_here()

    def _on_input(self, event: Any) -> None:
        if str(getattr(event.target, "id", "")) == "editor-text" and self.model is not None:
            self.model.type_text(str(event.target.value))
            self.refresh()

    def _on_change(self, event: Any) -> None:
        target, model = event.target, self.model
        if model is None:
            return
        if str(getattr(target, "id", "")) == "editor-try":
            self._outputs()
            return
        name = target.getAttribute("data-field")
        if isinstance(name, str):
            model.set_field(name, str(target.value))
            self.refresh(text_box=True)
            again = self.section.querySelector(f'[data-field="{name}"]')
            if again:
                again.focus()

    def _on_key(self, event: Any) -> None:
        model = self.model
        if model is None or str(getattr(event.target, "id", "")) != "editor-board" or not model.tools:
            return
        key = str(event.key)
        spots = self._spots()
        if key in ARROWS and spots:
            if model.cursor not in spots:
                names = tuple(spots)
                model.cursor = names[len(names) // 2]
            else:
                model.cursor = step_cursor(spots, model.cursor, *ARROWS[key])
            self.refresh()
        elif key in ("Enter", " ") and model.cursor in spots:
            model.click(model.cursor)
            self.refresh(text_box=True)
        elif key == "Escape" and model.cursor is not None:
            model.cursor = None
            self.refresh()
        else:
            return
        event.preventDefault()

    # -- outputs --

    def _copy(self, button: Any, text: str, box_id: str | None = None) -> None:
        copy_text = page().copy_text
        if box_id is not None:
            self.app.element(box_id).select()  # where the clipboard is refused, the text is selected

        def done(copied: bool) -> None:
            button.textContent = self.tr("editor.copied" if copied else "editor.select_copy")

        copy_text(text, done)

    def image(self) -> None:
        """The picture of the position, through the image export dialog (app/image_export.py)."""
        self.model.cursor = self.model.held = None  # the editor's rings are not part of the picture
        self.refresh()
        self.app.images.open(self.screen)

    def play_from_here(self) -> None:
        """A pass-and-play game from this position. It is never saved: the player's saved game
        of this kind stays as it was."""
        from qipan.app.embed import position_match

        model = self.model
        match = position_match(model.game_id, model.position)
        self.app.show_play(match)
        screen = self.app.screen
        screen.save = lambda: None
        screen.save_picture = lambda: None
        screen.say(("editor.play_unsaved", {"game": self.tr(f"game.{model.game_id}")}))
        screen.render()

    def back_to_game(self) -> None:
        if self.app.screen is None:
            self.show_chooser()
            return
        self.app.show_section("screen-play")
        self.app.screen.render()
        self.app.element("board").focus()
