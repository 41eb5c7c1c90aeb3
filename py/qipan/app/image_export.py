"""Pictures of a position: PNG and SVG at a chosen size, with coordinates, notes and alt text.

The picture is drawn by a fresh screen of the same class over the same match (never the live
one: it resolves no chance, saves nothing and keeps no selection), on a canvas of its own: the
browser's for a PNG, an `SvgBoard` (svg_canvas.py) for an SVG. Over the view come the notes
(embed.draw_note: the embed's hl= and arrow= drawing), the coordinates when asked for, and the
board's background. Everything up to `ImageExport` is pure and runs on CPython; `ImageExport`
puts the dialog (#dlg-image) on the page through the app.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable
from unicodedata import category, east_asian_width
from urllib.parse import quote, urlencode

from qipan.core.numbers import is_number
from qipan.boardkit.canvas import rounded_rect
from qipan import games
from qipan.app.embed import draw_note, point_px
from qipan.app.embed_params import MAX_ITEMS, Note, parse
from qipan.app.analysis_html import turning_caption
from qipan.app.guide_screen import DiagramHost
from qipan.boardkit.markup import html
from qipan.boardkit.labels import Segment, tag_size
from qipan.boardkit.screen import KeyItem, Marks
from qipan.boardkit.svg import SvgBoard, text_width
from qipan.app.page import page

PRESETS = (400, 800, 1200)
MIN_WIDTH, MAX_WIDTH = 200, 2400
BACKGROUND = ("#ecdcbc", "#3a3125")
"""The board area's colour (--board) in the light and the dark theme."""
LABEL_FILL = ("#fffaf0", "#1d1914")
LABEL_INK = ("#3b2f1f", "#f1e9da")
ALT_LIMIT = 300
FIELDS = ("image-width", "image-hl", "image-arrows")
"""The dialog's text fields that can hold something wrong."""


@dataclass(frozen=True)
class Turning:
    """The analysis's turning point as a picture shows it: the position after action `ply`, the
    marks of that action, and a caption in words."""

    ply: int
    marks: Marks
    caption: str


@dataclass
class ImageOptions:
    """What the dialog asks for."""

    fmt: str = "png"
    width: int = 800
    coordinates: bool = False
    dark: bool = False
    note: Note = field(default_factory=Note)
    turning: Turning | None = None
    """Mark the turning point (None: the picture is the position shown, as without an analysis)."""
    key: bool = True
    """Add the key to the board's marks under the board, when the position has one
    (`GameScreen.picture_key`)."""


def read_width(text: str) -> int | None:
    """The width typed in the dialog, or None unless it is a whole number in range."""
    text = text.strip()
    if not is_number(text, 6):
        return None
    width = int(text)
    return width if MIN_WIDTH <= width <= MAX_WIDTH else None


def unreadable_items(field: str, text: str) -> list[str] | None:
    """The comma-separated items of a highlight ("hl") or arrow ("arrow") field that cannot be
    read, or None when each can but there are too many (the embed's limit)."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    bad = [item for item in items if parse(urlencode({field: item}))[1]]
    if not bad and parse(urlencode({field: text.strip()}))[1]:
        return None
    return bad


def read_note(highlights: str, arrows: str) -> tuple[Note, list[str]]:
    """Highlighted points and arrows in the embed's syntax (hl= and arrow=), and what cannot be
    read in them."""
    fields = {key: value for key, value in (("hl", highlights.strip()), ("arrow", arrows.strip())) if value}
    spec, problems = parse(urlencode(fields))
    return spec.notes.get(None, Note()), problems


def picture_size(game_id: str, width: int) -> tuple[int, int]:
    """Width and height in pixels: the height from the board's shape."""
    return width, round(width * games.ui(game_id).aspect)


# -- drawing ------------------------------------------------------------------------------------


class PictureHost(DiagramHost):
    """The app as the picture's screen sees it: its own canvas, its own theme, nothing saved."""

    def __init__(self, app: Any, canvas: Any, dark: bool) -> None:
        super().__init__(app, canvas)
        self.dark = dark


def _still(cls: type) -> type:
    """`cls` as a screen that only draws: no chance resolved, nothing saved."""

    class Still(cls):  # type: ignore[misc, valid-type]
        focus_on_mover = False  # every part alike (GameScreen.focus_on_mover)

        def advance(self) -> None:
            """Never: the picture shows the position as it is."""

        def save(self) -> None:
            """Never."""

        def save_picture(self) -> None:
            """Never."""

    Still.__name__ = Still.__qualname__ = f"Still{cls.__name__}"
    return Still


def picture_screen(source: Any, app: Any, canvas: Any, dark: bool, ply: int | None = None) -> Any:
    """A fresh screen of `source`'s class over the same match, drawing on `canvas`, at the
    position `source` shows (a past one while the move log reviews it), or after `ply` actions."""
    screen = _still(type(source))(PictureHost(app, canvas, dark), source.match, source.seats)
    screen.viewing = source.viewing if ply is None else (None if ply >= len(source.match.actions) else ply)
    return screen


def shown_ply(screen: Any) -> int:
    """How many actions led to the position on `screen`."""
    return screen.shown_ply


def draw_picture(source: Any, app: Any, canvas: Any, options: ImageOptions) -> tuple[Any, list[str]]:
    """Draw the position of `source` (a play screen) on `canvas` as the options say. Returns
    the picture's screen and the note's points that are not on this board."""
    width, height = picture_size(source.game_id, options.width)
    turning = options.turning
    screen = picture_screen(source, app, canvas, options.dark, None if turning is None else turning.ply + 1)
    ctx = screen.ctx
    key = key_layout(ctx, width, screen.picture_key()) if options.key else Key()
    lines, size = caption_layout(ctx, width, turning.caption) if turning is not None else ([], 0.0)
    caption_band = band_height(lines, size) if lines else 0.0
    if not key.rows and not lines:
        screen.resize(width, height, 1)
    else:  # the board above the key's and the caption's bands (the canvas keeps the picture's size)
        screen.width, screen.height, screen.ratio = width, height - key.height - caption_band, 1
        screen.redraw()
    note = options.note
    if not options.coordinates:
        missing = draw_note(ctx, screen, note, options.dark)
    else:  # the rings, the tags over them, and the arrows over everything: no tag hides an arrow
        missing = draw_note(ctx, screen, Note(note.cells), options.dark)
        draw_coordinates(ctx, screen, options.dark, arrow_segments(screen, note))
        missing += draw_note(ctx, screen, Note(arrows=note.arrows), options.dark)
    if turning is not None:
        draw_note(ctx, screen, Note(turning.marks.cells, turning.marks.arrows), options.dark)
        draw_caption(ctx, width, height, lines, size, options.dark)
    draw_key(ctx, width, height - caption_band - key.height, key, options.dark)
    ctx.save()
    ctx.globalCompositeOperation = "destination-over"  # under everything drawn so far
    ctx.fillStyle = BACKGROUND[options.dark]
    ctx.fillRect(0, 0, width, height)
    ctx.restore()
    return screen, missing


def caption_pieces(text: str) -> list[tuple[str, bool]]:
    """The pieces of `text` a line may break between, each with whether a space comes before it:
    its words at spaces, each of them cut again between wide (Chinese) characters, so that a
    Chinese run among spaced words (a move's name) still wraps; text without spaces breaks anywhere.
    A line never starts with a closing mark (，。：；）): it stays with what it closes."""
    pieces: list[tuple[str, bool]] = []
    if " " not in text:
        pieces = [(c, False) for c in text]
    for word in text.split(" ") if not pieces else ():
        spaced, run = True, ""
        for c in word:
            if east_asian_width(c) in ("W", "F"):
                if run:
                    pieces.append((run, spaced))
                    spaced, run = False, ""
                pieces.append((c, spaced))
                spaced = False
            else:
                run += c
        if run or spaced:  # (an empty word: two spaces in a row, kept)
            pieces.append((run, spaced))
    kept: list[tuple[str, bool]] = []
    for piece, spaced in pieces:
        if kept and not spaced and len(piece) == 1 and category(piece) in ("Po", "Pe", "Pf"):
            kept[-1] = (kept[-1][0] + piece, kept[-1][1])
        else:
            kept.append((piece, spaced))
    return kept


def caption_lines(text: str, width: Callable[[str], float], room: float) -> list[str]:
    """`text` broken into lines no wider than `room` as `width` measures them (caption_pieces)."""
    lines: list[str] = []
    line = ""
    for piece, spaced in caption_pieces(text):
        joined = f"{line} {piece}" if line and spaced else line + piece
        if line and width(joined) > room:
            lines.append(line)
            line = piece
        else:
            line = joined
    return lines + [line] if line else lines


def band_size(width: float) -> float:
    """The font size of a band under the board (the caption's, the key's) in a picture `width` wide."""
    return max(10.0, width / 50)


def measurer(ctx: Any, size: float, weight: int) -> Callable[[str], float]:
    """How wide a line is in the bands' font at `size` and `weight`, as `ctx` measures it (the
    browser's fonts; an SVG's estimate). Sets the font on `ctx`: the caller saves and restores."""
    ctx.font = f"{weight} {size:.1f}px system-ui, sans-serif"

    def measured(line: str) -> float:
        found = getattr(ctx.measureText(line), "width", None)
        return float(found) if isinstance(found, (int, float)) else text_width(line, size, True)

    return measured


def caption_layout(ctx: Any, width: float, text: str) -> tuple[list[str], float]:
    """The caption's lines and font size for a picture `width` wide, wrapped as `ctx` measures
    its text."""
    size = band_size(width)
    ctx.save()
    lines = caption_lines(text, measurer(ctx, size, 700), width - 1.2 * size)
    ctx.restore()
    return lines, size


def band_ink(ctx: Any, width: float, top: float, height: float, size: float, weight: int, dark: bool) -> None:
    """Fill a band under the board from `top` down, and set the ink and font of its text (left
    aligned, on the middle of each line)."""
    ctx.fillStyle = LABEL_FILL[dark]
    ctx.fillRect(0, top, width, height)
    ctx.fillStyle = LABEL_INK[dark]
    ctx.font = f"{weight} {size:.1f}px system-ui, sans-serif"
    ctx.textAlign = "left"
    ctx.textBaseline = "middle"


def band_height(lines: list[str], size: float) -> float:
    """The height of a band under the board (the caption's, the key's) holding `lines`."""
    return len(lines) * 1.3 * size + 0.6 * size


def draw_caption(ctx: Any, width: float, height: float, lines: list[str], size: float, dark: bool) -> None:
    """The caption in its band along the picture's foot, under the board."""
    pad, band = 0.6 * size, band_height(lines, size)
    ctx.save()
    band_ink(ctx, width, height - band, band, size, 700, dark)
    for n, line in enumerate(lines):
        ctx.fillText(line, pad, height - band + pad / 2 + (n + 0.5) * 1.3 * size)
    ctx.restore()


@dataclass(frozen=True)
class Key:
    """A picture's key as laid out: each entry with its text's lines, the font size, the band's
    height (none: no key)."""

    rows: tuple[tuple[KeyItem, tuple[str, ...]], ...] = ()
    size: float = 0.0
    height: float = 0.0


def key_layout(ctx: Any, width: float, items: tuple[KeyItem, ...]) -> Key:
    """The key's entries for a picture `width` wide, one under another, each text wrapped beside its
    mark as `ctx` measures it (the caption's size and font)."""
    if not items:
        return Key()
    size = band_size(width)
    ctx.save()
    measured = measurer(ctx, size, 600)
    rows = tuple((item, tuple(caption_lines(item.text, measured, width - 3.0 * size))) for item in items)
    ctx.restore()
    return Key(rows, size, band_height([line for _, lines in rows for line in lines], size))


def draw_key(ctx: Any, width: float, top: float, key: Key, dark: bool) -> None:
    """The key in its band from `top` down, under the board: each mark, then what it means."""
    if not key.rows:
        return
    size = key.size
    pad = 0.6 * size
    ctx.save()
    band_ink(ctx, width, top, key.height, size, 600, dark)
    y = top + pad / 2 + 0.65 * size
    for item, lines in key.rows:
        ctx.save()
        item.draw(ctx, pad + 0.6 * size, y, 0.6 * size)
        ctx.restore()
        for line in lines:
            ctx.fillText(line, pad + 1.6 * size, y)
            y += 1.3 * size
    ctx.restore()


def arrow_segments(screen: Any, note: Note) -> list[Segment]:
    """The note's arrows that are drawn, from centre to centre on `screen`'s canvas."""
    segments = []
    for start, end in drawn_note(screen, note).arrows:
        (x0, y0, _), (x1, y1, _) = point_px(screen, start), point_px(screen, end)
        segments.append(((x0, y0), (x1, y1)))
    return segments


def draw_coordinates(ctx: Any, screen: Any, dark: bool, arrows: list[Segment] | None = None) -> None:
    """Each point's name on a small tag, legible over pieces and tiles alike, and out of the
    way of `arrows` where the board leaves room."""
    ctx.save()
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    for label in screen.coordinate_labels(arrows or []):
        size = max(7.0, label.size)
        w, h = tag_size(label.text, size)
        rounded_rect(ctx, label.x - w / 2, label.y - h / 2, w, h, 0.35 * size)
        ctx.globalAlpha = 0.85
        ctx.fillStyle = LABEL_FILL[dark]
        ctx.fill()
        ctx.globalAlpha = 1.0
        ctx.fillStyle = LABEL_INK[dark]
        ctx.font = f"700 {size:.1f}px system-ui, sans-serif"
        ctx.fillText(label.text, label.x, label.y + 0.04 * size)
    ctx.restore()


# -- words --------------------------------------------------------------------------------------


def _punctuation(lang: str) -> tuple[str, str, str, str]:
    """Sentence end, clause separator, list separator and item separator in `lang`."""
    return ("。", "，", "；", "、") if lang.startswith("zh") else (". ", ", ", "; ", ", ")


def status_text(screen: Any) -> str:
    """Whose turn it is, or how the game ended."""
    tr, state = screen.tr, screen.state
    outcome = state.outcome()
    if outcome is not None:
        if not outcome.winners:
            return tr("over.draw")
        if len(outcome.winners) == 1:
            return tr("over.winner", player=screen.player_name(outcome.winners[0])).rstrip("!！ ")
        comma = _punctuation(getattr(screen.host, "lang", "en"))[3]
        return tr("image.alt.winners", players=comma.join(screen.player_name(p) for p in outcome.winners))
    if state.to_move >= 0:
        return tr("turn.to_move", player=screen.player_name(state.to_move))
    return tr("image.alt.dice")


def drawn_note(screen: Any, note: Note) -> Note:
    """The part of `note` that is drawn on `screen`: the highlighted points of this board, and
    the arrows whose both ends are (as embed.draw_note draws them)."""
    cells = tuple(name for name in note.cells if point_px(screen, name) is not None)
    arrows = tuple((start, end) for start, end in note.arrows
                   if point_px(screen, start) is not None and point_px(screen, end) is not None)
    return Note(cells, arrows)


def note_text(tr: Callable[..., str], note: Note, lang: str) -> str:
    """The notes in words: "C7 highlighted; arrow C7 to C6"."""
    _, _, semicolon, comma = _punctuation(lang)
    parts = []
    if note.cells:
        parts.append(tr("image.alt.highlighted", points=comma.join(note.cells)))
    parts += [tr("image.alt.arrow", start=start, end=end) for start, end in note.arrows]
    return semicolon.join(parts)


def alt_text(screen: Any, note: Note, limit: int = ALT_LIMIT, key: bool = False) -> str:
    """A description of the picture for an alt attribute, in the UI language: the game, whose
    turn or the result, the notes actually drawn (not the names that are no points of this
    board), the key's entries when it is drawn (`key`), then the board as the screen describes it
    (shortened to fit `limit` characters)."""
    lang = getattr(screen.host, "lang", "en")
    end, clause, _, _ = _punctuation(lang)
    game = screen.tr(f"game.{screen.game_id}")
    board = " ".join(screen.board_label().split())
    status = status_text(screen)
    head = screen.tr("image.alt.diagram", game=game)
    if status not in board:
        head += clause + status
    notes = note_text(screen.tr, drawn_note(screen, note), lang)
    text = head + end + (notes[:1].upper() + notes[1:] + end if notes else "")
    text += "".join(item.text + end for item in (screen.picture_key() if key else ()))
    room = limit - len(text)
    if len(board) > room:
        cut = board[:max(0, room - 1)]
        if " " in cut and not lang.startswith("zh"):
            cut = cut.rsplit(" ", 1)[0]
        board = cut.rstrip(" ,;.:，、；。") + "…" if cut else ""
    return (text + board).strip()


def file_name(screen: Any, fmt: str, played: int | None = None) -> str:
    """qipan-<game>-move-<n>.<fmt> (n: actions before the position shown, or `played`), or
    …-position.<fmt> for a position with no moves before it."""
    played = shown_ply(screen) if played is None else played
    return f"qipan-{screen.game_id}-{f'move-{played}' if played else 'position'}.{fmt}"


def title_text(screen: Any) -> str:
    """The SVG's title: the game and the move."""
    played = shown_ply(screen)
    game = screen.tr(f"game.{screen.game_id}")
    return screen.tr("image.title", game=game, n=played) if played else screen.tr("image.title_start", game=game)


def picture_alt(screen: Any, options: ImageOptions) -> str:
    """The generated alt text: the turning point's caption first, when it is marked."""
    text = alt_text(screen, options.note, key=options.key)
    if options.turning is None:
        return text
    end = _punctuation(getattr(screen.host, "lang", "en"))[0]
    return options.turning.caption + end + text


def svg_picture(source: Any, app: Any, options: ImageOptions, alt: str | None = None) -> tuple[str, Any, list[str]]:
    """The position as a standalone SVG document (`alt`, else the generated alt text, in its
    <desc>), the picture's screen, and the note's points not on the board."""
    width, height = picture_size(source.game_id, options.width)
    board = SvgBoard(width, height)
    screen, missing = draw_picture(source, app, board, options)
    description = alt if alt is not None else picture_alt(screen, options)
    return board.context.svg(title_text(screen), description), screen, missing


# -- the dialog -----------------------------------------------------------------------------------


class ImageExport:
    """The image dialog (#dlg-image): options, a live preview, alt text, download and copy."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.source: Any = None
        self.options = ImageOptions()
        self.generated_alt = ""
        self.url = ""
        self.bound = False
        self.turning: Turning | None = None
        """The analysis's turning point of the game pictured, if it has a current analysis."""
        on = page().on

        on(app.element("btn-image"), "click", lambda _e: app.screen is not None and self.open(app.screen))

    def tr(self, key: str, **values: object) -> str:
        return self.app.tr(key, **values)

    def open(self, screen: Any) -> None:
        """Open the dialog for `screen`'s current position (the live game's or another screen's)."""
        self.source = screen
        self.turning = self.turning_of(screen)
        self.options = ImageOptions(dark=bool(self.app.dark))
        self.generated_alt = ""
        self.app.element("image-form").innerHTML = self.form_html()
        self._bind()
        self.update()
        self.app.element("dlg-image").showModal()

    def turning_of(self, screen: Any) -> Turning | None:
        """The turning point of the analysis on screen (the app's), when the game pictured has one."""
        analysis = self.app.analysis.current_result() if screen is self.app.screen else None
        turning = analysis.turning_point() if analysis is not None else None
        if turning is None or analysis is None:
            return None
        names = [screen.player_name(p) for p in range(analysis.players)]
        ply, match = turning.ply, screen.match
        return Turning(ply, screen.action_marks(match.states()[ply], match.actions[ply]),
                       turning_caption(analysis, match, self.tr, names))

    def form_html(self) -> str:
        """The dialog's controls, for the current source and options."""
        tr, o = self.tr, self.options
        points, arrows = games.ui(self.source.game_id).examples

        def radio(name: str, value: str, label: str, checked: bool) -> str:
            return (f'<label><input type="radio" id="image-{html(name)}-{value}" name="image-{html(name)}" value="{value}"'
                    f'{" checked" if checked else ""}>{html(label)}</label>')

        presets = "".join(f'<button type="button" data-image-width="{n}" '
                          f'aria-label="{html(tr("image.width_preset", n=n))}">{n}</button>' for n in PRESETS)
        return (
            '<div class="image-options">'
            f'<fieldset class="image-choice"><legend>{html(tr("image.format"))}</legend>'
            + radio("format", "png", tr("image.format.png"), o.fmt == "png")
            + radio("format", "svg", tr("image.format.svg"), o.fmt == "svg") + "</fieldset>"
            f'<div class="image-size"><label for="image-width">{html(tr("image.width"))}</label>'
            f'<input id="image-width" aria-describedby="image-status" type="number" inputmode="numeric" '
            f'min="{MIN_WIDTH}" max="{MAX_WIDTH}" step="1" value="{o.width}">'
            f'<span class="image-presets">{presets}</span>'
            f'<span id="image-dims" class="image-dims"></span></div>'
            f'<label class="image-check"><input id="image-coords" type="checkbox"{" checked" if o.coordinates else ""}>'
            f'{html(tr("image.coordinates"))}</label>'
            + (f'<label class="image-check"><input id="image-turning" type="checkbox">'
               f'{html(tr("image.turning", k=self.turning.ply + 1))}</label>' if self.turning is not None else "")
            + f'<label class="image-check" id="image-key-label" hidden><input id="image-key" type="checkbox"'
            f'{" checked" if o.key else ""}>{html(tr("image.key"))}</label>'
            + f'<fieldset class="image-choice"><legend>{html(tr("image.theme"))}</legend>'
            + radio("theme", "light", tr("image.theme.light"), not o.dark)
            + radio("theme", "dark", tr("image.theme.dark"), o.dark) + "</fieldset>"
            f'<label class="image-text">{html(tr("image.highlights"))}<input id="image-hl" '
            f'aria-describedby="image-status" type="text" autocomplete="off" spellcheck="false" '
            f'placeholder="{html(points)}"></label>'
            f'<label class="image-text">{html(tr("image.arrows"))}<input id="image-arrows" '
            f'aria-describedby="image-status" type="text" autocomplete="off" spellcheck="false" '
            f'placeholder="{html(arrows)}"></label>'
            f'<p class="image-help">{html(tr("image.notes_help", points=points, arrows=arrows))}</p></div>'
            '<div class="image-output">'
            f'<p id="image-status" class="image-status" role="status" aria-live="polite"></p>'
            f'<figure class="image-preview"><figcaption class="visually-hidden">{html(tr("image.preview"))}'
            f'</figcaption><img id="image-preview" alt=""></figure>'
            f'<label class="image-text">{html(tr("image.alt"))}<textarea id="image-alt" rows="4"></textarea></label>'
            f'<div class="image-actions"><button type="button" class="primary" id="image-download" '
            f'data-image="download"></button>'
            f'<button type="button" data-image="copy-svg">{html(tr("image.copy_svg"))}</button>'
            f'<button type="button" data-image="copy-alt">{html(tr("image.copy_alt"))}</button></div></div>')

    def _bind(self) -> None:
        if self.bound:
            return
        on = page().on
        form = self.app.element("image-form")
        on(form, "input", self._on_input)
        on(form, "click", self._on_click)
        on(form, "keydown", self._on_key)
        self.bound = True

    # -- reading the form --

    def _value(self, element_id: str) -> str:
        return str(self.app.element(element_id).value)

    def _checked(self, element_id: str) -> bool:
        return bool(self.app.element(element_id).checked)

    def field_problem(self, element_id: str) -> str:
        """What is wrong with one text field of the form, in the UI language ("" when nothing)."""
        text = self._value(element_id)
        if element_id == "image-width":
            return "" if read_width(text) else self.tr("image.bad_width", low=MIN_WIDTH, high=MAX_WIDTH)
        kind = {"image-hl": "hl", "image-arrows": "arrow"}[element_id]
        label = self.tr("image.highlights" if kind == "hl" else "image.arrows")
        bad = unreadable_items(kind, text)
        if bad is None:
            return self.tr("image.too_many", field=label, n=MAX_ITEMS)
        if not bad:
            return ""
        comma = _punctuation(self.app.lang)[3]
        example = games.ui(self.source.game_id).examples[kind == "arrow"]
        return self.tr(f"image.bad_{'points' if kind == 'hl' else 'arrows'}", items=comma.join(bad), example=example)

    def read(self) -> tuple[ImageOptions | None, list[str]]:
        """The options the form holds, or None and what is wrong with each field (every field
        is checked, and marked aria-invalid when wrong)."""
        problems = []
        for element_id in FIELDS:
            problem = self.field_problem(element_id)
            self.app.element(element_id).setAttribute("aria-invalid", "true" if problem else "false")
            if problem:
                problems.append(problem)
        width = read_width(self._value("image-width"))
        if problems or width is None:
            return None, problems
        note, _ = read_note(self._value("image-hl"), self._value("image-arrows"))
        turning = self.turning if self.turning is not None and self._checked("image-turning") else None
        return ImageOptions("svg" if self._checked("image-format-svg") else "png", width,
                            self._checked("image-coords"), self._checked("image-theme-dark"), note, turning,
                            self._checked("image-key")), []

    # -- events --

    def _on_input(self, event: Any) -> None:
        if str(getattr(event.target, "id", "")) != "image-alt":
            self.update()

    def _on_key(self, event: Any) -> None:
        # Enter in a text box would submit the dialog's form and close it: apply the text instead.
        if str(event.key) == "Enter" and str(event.target.tagName) == "INPUT":
            event.preventDefault()
            self.update()

    def _on_click(self, event: Any) -> None:
        node = event.target.closest("[data-image-width], [data-image]")
        if not node:
            return
        preset = node.getAttribute("data-image-width")
        if isinstance(preset, str):
            self.app.element("image-width").value = preset
            self.update()
            return
        action = str(node.getAttribute("data-image"))
        if action == "download":
            self.download()
        elif action == "copy-svg":
            svg, _, _ = svg_picture(self.source, self.app, self.options, self._alt())
            self._copy(svg, "image.copied_svg")
        elif action == "copy-alt":
            self._copy(self._alt(), "image.copied_alt")

    # -- output --

    def _say(self, text: str, error: bool = False) -> None:
        status = self.app.element("image-status")
        status.textContent = text
        status.className = "image-status error" if error else "image-status"

    def _alt(self) -> str:
        return str(self.app.element("image-alt").value).strip() or self.generated_alt

    def update(self) -> None:
        """Redraw the preview and the alt text from the form; bad input is reported and changes
        nothing (the last good picture stays)."""
        options, problems = self.read()
        download = self.app.element("image-download")
        if options is None:
            space = "" if self.app.lang.startswith("zh") else " "
            self._say(space.join(problems + [self.tr("image.unchanged")]), error=True)
            download.disabled = True
            return
        self.options = options
        download.disabled = False
        download.textContent = self.tr("image.download", format=options.fmt.upper())
        width, height = picture_size(self.source.game_id, options.width)
        self.app.element("image-dims").textContent = self.tr("image.dimensions", w=width, h=height)
        box = self.app.element("image-alt")
        edited = str(box.value).strip() not in ("", self.generated_alt)
        if options.fmt == "svg":
            svg, screen, missing = svg_picture(self.source, self.app, options, self._alt() if edited else None)
            self.url = "data:image/svg+xml;charset=utf-8," + quote(svg)
        else:
            canvas = self.app.offscreen(width, height)
            screen, missing = draw_picture(self.source, self.app, canvas, options)
            self.url = str(canvas.toDataURL("image/png"))
        # The key is offered where the picture (the position shown, or the turning point's) has one.
        self.app.element("image-key-label").hidden = not screen.picture_key()
        self.generated_alt = picture_alt(screen, options)
        if not edited:
            box.value = self.generated_alt
        preview = self.app.element("image-preview")
        preview.src = self.url
        preview.alt = self._alt()
        self._say(self.tr("image.missing", points=self.tr("log.list_sep").join(dict.fromkeys(missing))) if missing else "", error=bool(missing))

    def download(self) -> None:
        """Save the picture as a file (an SVG with the current alt text in its <desc>)."""
        if self.options.fmt == "svg":
            svg, _, _ = svg_picture(self.source, self.app, self.options, self._alt())
            self.url = "data:image/svg+xml;charset=utf-8," + quote(svg)
        turning = self.options.turning
        name = file_name(self.source, self.options.fmt, None if turning is None else turning.ply + 1)
        doc = self.app.element("image-form").ownerDocument
        link = doc.createElement("a")
        link.href = self.url
        link.download = name
        doc.body.appendChild(link)
        link.click()
        link.remove()
        self._say(self.tr("image.saved", name=name))

    def _copy(self, text: str, done_key: str) -> None:
        copy_text = page().copy_text
        def done(copied: bool) -> None:
            self._say(self.tr(done_key) if copied else self.tr("image.no_clipboard"), error=not copied)

        copy_text(text, done)
