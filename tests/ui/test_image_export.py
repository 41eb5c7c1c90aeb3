"""Image export on CPython: pictures of every game as SVG with coordinates and notes, the alt
text in both languages, file names, bad input, and the dialog driven through fake elements."""

from __future__ import annotations

import types
import xml.etree.ElementTree as ET

from fakes import FakeElement, FakeHost
from seeded import seeded
from qipan import games
from qipan.match import Match
from qipan.app import embed, page
from qipan.app.embed import position_match
from qipan.app.image_export import (
    ALT_LIMIT,
    ImageOptions,
    alt_text,
    arrow_segments,
    file_name,
    picture_size,
    read_note,
    read_width,
    svg_picture,
)

NS = {"s": "http://www.w3.org/2000/svg"}
SVG_TEXT = "{http://www.w3.org/2000/svg}text"
NOTES = {"lyngk": ("C7, E4", "C7-C6"), "quorsum": ("a1, d4", "a1-b2"), "gype": ("e1, e2", "e1-e3"),
         "hezong": ("a1, f6", "a1-c3"), "calavera": ("d1, d2", "d1-d6")}




def _live(game_id: str, lang: str = "en", match: Match | None = None):
    host = FakeHost(lang)
    screen = games.ui(game_id).screen(host, match or seeded(game_id))
    screen.resize(500, 500, 1)
    return host, screen


def _svg(game_id: str, **options):
    host, live = _live(game_id)
    svg, screen, missing = svg_picture(live, host, ImageOptions("svg", **options))
    return ET.fromstring(svg), screen, missing


def _texts(root: ET.Element) -> list[str]:
    return [t.text for t in root.iter(SVG_TEXT)]


def test_every_game_gives_a_valid_svg_with_title_desc_background_and_size():
    for game_id in games.GAME_IDS:
        root, screen, missing = _svg(game_id, width=640)
        width, height = picture_size(game_id, 640)
        assert (root.get("width"), root.get("height")) == (str(width), str(height))
        assert root.find("s:title", NS).text.startswith(screen.tr(f"game.{game_id}"))
        assert root.find("s:desc", NS).text == alt_text(screen, embed.Note(), key=True)  # (the key is on by default)
        first = root.find("s:path", NS)
        assert first.get("fill") == "#ecdcbc" and first.get("d") == f"M0 0 L{width} 0 L{width} {height} L0 {height} Z"
        assert not missing


def test_the_dark_theme_changes_the_background_and_the_views_ink():
    light, _, _ = _svg("hezong", width=400)
    dark, _, _ = _svg("hezong", width=400, dark=True)
    assert dark.find("s:path", NS).get("fill") == "#3a3125"
    ink = {t.get("fill") for t in light.iter(SVG_TEXT)} ^ {t.get("fill") for t in dark.iter(SVG_TEXT)}
    assert ink  # the view drew its labels in the other theme's ink


def test_coordinates_add_the_name_of_every_point():
    for game_id in games.GAME_IDS:
        plain, screen, _ = _svg(game_id, width=600)
        with_names, _, _ = _svg(game_id, width=600, coordinates=True)
        labels = screen.coordinate_labels([])
        added = len(_texts(with_names)) - len(_texts(plain))
        assert added == len(labels) > 0, game_id
        assert {label.text for label in labels} <= set(_texts(with_names))
    _, hezong, _ = _svg("hezong", width=600)
    assert len(hezong.coordinate_labels([])) == 144
    _, quorsum, _ = _svg("quorsum", width=600)
    assert sorted(label.text for label in quorsum.coordinate_labels([]))[:3] == ["a1", "a2", "a3"]
    _, calavera, _ = _svg("calavera", width=600)
    assert [label.text for label in calavera.coordinate_labels([])] == ["d1", "d2", "d3", "d4", "d5", "d6"]


def test_lyngk_names_the_occupied_points_the_view_leaves_unnamed():
    _, screen, _ = _svg("lyngk", width=600)
    names = {label.text for label in screen.coordinate_labels([])}
    from qipan.games.lyngk.board import LABELS
    occupied = {LABELS[p] for p, stack in enumerate(screen.state.stacks) if stack}
    assert names == occupied


def _box(label):
    """The tag's box as draw_coordinates draws it: left, top, right, bottom."""
    from qipan.boardkit.svg import text_width
    w, h = text_width(label.text, label.size, True) + 0.5 * label.size, 1.3 * label.size
    return label.x - w / 2, label.y - h / 2, label.x + w / 2, label.y + h / 2


def test_lyngk_tags_keep_clear_of_the_column_letters_the_lines_and_the_picture_edge():
    from qipan.games.lyngk.board import LABELS
    _, screen, _ = _svg("lyngk", width=800)
    layout = screen.layout()
    letters_top = layout.to_px(LABELS.index("E1"))[1] + 0.62 * layout.unit - 0.13 * layout.unit
    for label in screen.coordinate_labels([]):
        left, top, right, bottom = _box(label)
        assert bottom < letters_top and 0 <= left and right <= screen.width, label
        x, y = layout.to_px(LABELS.index(label.text))
        assert abs(label.y - y) < 1 and left - x > 0.43 * layout.unit  # level with the base, beside a ring
    note, _ = read_note("C7", "C7-C6")
    (x0, y0), (x1, y1) = arrow_segments(screen, note)[0]
    c7 = next(label for label in screen.coordinate_labels([]) if label.text == "C7")
    left, top, right, bottom = _box(c7)
    assert left > max(x0, x1) + 3  # the arrow runs straight down, left of the tag


def test_a_square_cells_tag_moves_out_of_an_arrows_way_and_arrows_are_drawn_over_tags():
    _, screen, _ = _svg("hezong", width=800)
    note, _ = read_note("", "a1-c3")
    plain = {label.text: label for label in screen.coordinate_labels([])}
    moved = {label.text: label for label in screen.coordinate_labels(arrow_segments(screen, note))}
    for name in ("a1", "b2"):  # the diagonal runs through their lower right corners
        assert moved[name].y < plain[name].y and moved[name].x == plain[name].x, name
    assert moved["c3"] == plain["c3"] and moved["d4"] == plain["d4"]
    root, _, _ = _svg("hezong", width=800, coordinates=True, note=note)
    order = [(e.tag.split("}")[1], e.get("fill"), e.text) for e in root.iter()]
    last_tag = max(i for i, (kind, _, text) in enumerate(order) if kind == "text" and text == "l12")
    arrow = next(i for i, (kind, fill, _) in enumerate(order) if kind == "path" and fill == embed.ARROW[0])
    assert arrow > last_tag


def test_notes_add_highlight_rings_and_arrows():
    for game_id, (points, arrows) in NOTES.items():
        note, problems = read_note(points, arrows)
        assert not problems
        plain, _, _ = _svg(game_id, width=600)
        noted, _, missing = _svg(game_id, width=600, note=note)
        assert not missing, game_id
        strokes = [p.get("stroke") for p in noted.findall(".//s:path", NS)]
        fills = [p.get("fill") for p in noted.findall(".//s:path", NS)]
        assert strokes.count(embed.HIGHLIGHT[0]) == len(note.cells) + sum(
            p.get("stroke") == embed.HIGHLIGHT[0] for p in plain.findall(".//s:path", NS)), game_id
        assert strokes.count(embed.ARROW[0]) == 1 and fills.count(embed.ARROW[0]) == 1, game_id


def test_points_not_on_the_board_are_reported():
    note, problems = read_note("C7, Z9", "")
    assert not problems
    _, _, missing = _svg("lyngk", width=400, note=note)
    assert missing == ["Z9"]


def test_the_alt_text_names_only_the_marks_that_are_drawn():
    note, _ = read_note("C7, Z9", "C7-C6, C7-Z9, Q1-C6")
    for lang in ("en", "zh-TW"):
        _, screen = _live("lyngk", lang)
        text = alt_text(screen, note)
        assert "Z9" not in text and "Q1" not in text
        assert ("C7 highlighted; arrow C7 to C6." in text) if lang == "en" else ("標示 C7；箭頭從 C7 到 C6" in text)
    _, screen = _live("lyngk")
    only_missing, _ = read_note("Z9", "Z9-C6")
    assert alt_text(screen, only_missing) == alt_text(screen, embed.Note())


def test_bad_input_is_named_and_changes_nothing():
    assert read_width("800") == 800 and read_width(" 1200 ") == 1200
    for bad in ("", "abc", "12.5", "-400", "199", "2401", "9" * 20):
        assert read_width(bad) is None, bad
    note, problems = read_note("C7;;", "C7>C6")
    assert len(problems) == 2 and not note.cells and not note.arrows
    assert read_note("", "") == (embed.Note(), [])


def test_the_alt_text_names_the_game_the_turn_and_the_notes_in_both_languages():
    note, _ = read_note("C7", "C7-C6")
    _, english = _live("lyngk")
    text = alt_text(english, note)
    assert text.startswith("LYNGK diagram") and "C7 highlighted; arrow C7 to C6" in text
    assert "Player 1 to move" in text and len(text) <= ALT_LIMIT
    _, chinese = _live("lyngk", "zh-TW")
    text = alt_text(chinese, note)
    assert text.startswith("彩疊棋局面圖") and "標示 C7" in text and "箭頭從 C7 到 C6" in text and "輪到玩家 1" in text


def test_a_long_board_description_is_cut_to_the_limit_and_keeps_the_notes():
    note, _ = read_note("d1, d2", "d1-d6")
    for lang in ("en", "zh-TW"):
        _, screen = _live("calavera", lang, seeded("calavera", 12, players=4))
        assert len(screen.board_label()) > ALT_LIMIT
        text = alt_text(screen, note)
        assert len(text) <= ALT_LIMIT and text.endswith("…")
        assert ("d1 to d6" in text) if lang == "en" else ("d1 到 d6" in text)


def test_the_result_is_said_when_the_game_is_over():
    match = seeded("hezong", 400)
    assert match.state.is_terminal()
    _, screen = _live("hezong", match=match)
    outcome = match.state.outcome()
    text = alt_text(screen, embed.Note())
    assert ("Draw" in text) if not outcome.winners else ("wins" in text or "win" in text)


def test_file_names_say_the_game_and_the_move():
    _, screen = _live("lyngk")
    assert file_name(screen, "png") == f"qipan-lyngk-move-{len(screen.match.actions)}.png"
    game = games.get("quorsum")
    start = position_match("quorsum", game.position(Match.new("quorsum", 2, 3).state))
    _, positioned = _live("quorsum", match=start)
    assert file_name(positioned, "svg") == "qipan-quorsum-position.svg"


def test_a_position_under_review_in_the_move_log_is_the_one_pictured():
    host, live = _live("lyngk")
    live.view(3)
    svg, screen, _ = svg_picture(live, host, ImageOptions("svg", 400))
    assert screen.state == live.match.states()[3] != live.match.state
    assert file_name(live, "png") == "qipan-lyngk-move-3.png"
    assert ET.fromstring(svg).find("s:title", NS).text == "LYNGK, after 3 moves"


def test_the_picture_never_touches_the_live_game():
    match = Match.new("quorsum", 2, 5)
    host, live = _live("quorsum", match=match)
    while not match.state.is_chance():
        match.play_action(match.state.legal_actions()[0])
    before = (match.actions, match.state)
    svg_picture(live, host, ImageOptions("svg", 400, True))
    assert (match.actions, match.state) == before  # the waiting roll was not made
    assert host.storage._memory == {}


# -- the dialog, through fake elements -------------------------------------------------------------


class Field(FakeElement):
    """An element with the form properties the dialog reads."""

    def __init__(self, value: str = "", checked: bool = False) -> None:
        super().__init__()
        self.value = value
        self.checked = checked
        self.src = ""
        self.alt = ""
        self.ownerDocument = Document()

    def showModal(self) -> None:  # noqa: N802
        self.attributes["open"] = "1"


class Link:
    def __init__(self, doc: "Document") -> None:
        self.doc, self.href, self.download = doc, "", ""

    def click(self) -> None:
        self.doc.downloads.append((self.download, self.href))

    def remove(self) -> None:
        pass


class Document:
    def __init__(self) -> None:
        self.downloads: list[tuple[str, str]] = []
        self.body = types.SimpleNamespace(appendChild=lambda node: None)
        self.defaultView = types.SimpleNamespace(navigator=types.SimpleNamespace(
            clipboard=types.SimpleNamespace(writeText=lambda text: self.copied.append(text))))
        self.copied: list[str] = []

    def createElement(self, _tag: str) -> Link:  # noqa: N802
        return Link(self)


class DialogApp(FakeHost):
    """The app as the dialog sees it, with form fields."""

    def __init__(self, screen_game: str) -> None:
        super().__init__()
        self.elements.update({
            "image-width": Field("800"), "image-hl": Field(), "image-arrows": Field(),
            "image-format-png": Field(checked=True), "image-format-svg": Field(),
            "image-coords": Field(), "image-theme-light": Field(checked=True), "image-theme-dark": Field(),
            "image-alt": Field(), "image-preview": Field(), "image-form": Field(), "dlg-image": Field()})
        self.screen = None
        self.analysis = types.SimpleNamespace(current_result=lambda: None)  # (test_image_turning.py: with one)

    def element(self, element_id: str) -> FakeElement:
        return self.elements.setdefault(element_id, Field())


def _dialog(monkeypatch, game_id: str):
    bound: list[tuple[str, object]] = []
    fake_dom = types.SimpleNamespace(on=lambda target, event, handler: bound.append((event, handler)))
    monkeypatch.setattr(page, "_installed", [fake_dom])
    from qipan.app.image_export import ImageExport
    app = DialogApp(game_id)
    app.screen = games.ui(game_id).screen(app, seeded(game_id))
    app.screen.resize(500, 500, 1)
    images = ImageExport(app)
    return app, images, bound


def test_the_dialog_opens_previews_and_downloads(monkeypatch):
    app, images, bound = _dialog(monkeypatch, "lyngk")
    assert [event for event, _ in bound] == ["click"]  # the Image button
    images.open(app.screen)
    assert app.elements["dlg-image"].attributes["open"] == "1"
    form = app.elements["image-form"].innerHTML
    for control in ('id="image-format-svg"', 'id="image-width"', 'id="image-coords"', 'id="image-theme-dark"',
                    'id="image-hl"', 'id="image-arrows"', 'id="image-alt"', 'data-image="copy-svg"'):
        assert control in form
    assert app.elements["image-preview"].src.startswith("data:image/")
    assert app.elements["image-download"].textContent == "Download PNG"
    assert app.elements["image-dims"].textContent == "800 × 800 pixels"
    assert app.elements["image-alt"].value.startswith("LYNGK diagram")
    app.elements["image-format-png"].checked, app.elements["image-format-svg"].checked = False, True
    app.elements["image-hl"].value, app.elements["image-arrows"].value = "C7", "C7-C6"
    images.update()
    preview = app.elements["image-preview"]
    assert preview.src.startswith("data:image/svg+xml") and "arrow C7 to C6" in preview.alt
    images.download()
    name, href = app.elements["image-form"].ownerDocument.downloads[-1]
    assert name == f"qipan-lyngk-move-{len(app.screen.match.actions)}.svg" and href.startswith("data:image/svg+xml")


def test_the_dialog_reports_bad_input_and_keeps_the_last_picture(monkeypatch):
    app, images, _ = _dialog(monkeypatch, "quorsum")
    images.open(app.screen)
    good = app.elements["image-preview"].src
    app.elements["image-width"].value = "50"
    images.update()
    assert "from 200 to 2400" in app.elements["image-status"].textContent
    assert app.elements["image-download"].disabled and app.elements["image-preview"].src == good
    app.elements["image-width"].value = "400"
    app.elements["image-arrows"].value = "a1>b2"
    images.update()
    said = app.elements["image-status"].textContent
    assert said == "Arrows: cannot read “a1>b2”; write each arrow from-to, e.g. a1-b2. Nothing was changed."
    assert said.count("a1>b2") == 1 and app.elements["image-arrows"].attributes["aria-invalid"] == "true"
    app.elements["image-width"].value = "9000"  # a bad width, and bad text in both other fields
    app.elements["image-hl"].value = "a1, d4;"
    images.update()
    said = app.elements["image-status"].textContent
    assert "from 200 to 2400" in said and "Highlighted points: cannot read “d4;”" in said and "“a1>b2”" in said
    assert all(app.elements[f].attributes["aria-invalid"] == "true" for f in ("image-width", "image-hl", "image-arrows"))
    assert app.elements["image-download"].disabled and app.elements["image-preview"].src == good
    app.elements["image-width"].value, app.elements["image-hl"].value = "400", "a1, d4"
    app.elements["image-arrows"].value = "a1-z9"
    images.update()
    assert not app.elements["image-download"].disabled
    assert app.elements["image-status"].textContent == "Not points of this board: z9"
    assert all(app.elements[f].attributes["aria-invalid"] == "false" for f in ("image-width", "image-hl", "image-arrows"))


def test_bad_notes_are_said_once_in_chinese_too_and_too_many_is_named(monkeypatch):
    app, images, _ = _dialog(monkeypatch, "lyngk")
    app.lang = "zh-TW"
    images.open(app.screen)
    app.elements["image-arrows"].value = "C7>C6, C7-C6, E4=E5"
    images.update()
    assert app.elements["image-status"].textContent == (
        "箭頭：無法讀取「C7>C6、E4=E5」；每個箭頭寫成「起點-終點」，例如 C7-C6。未做任何變更。")
    app.lang = "en"
    app.elements["image-arrows"].value = ""
    app.elements["image-hl"].value = ", ".join(["C7"] * 65)
    images.update()
    assert app.elements["image-status"].textContent == "Highlighted points: at most 64. Nothing was changed."


def test_an_edited_alt_text_is_kept_and_goes_into_the_svg(monkeypatch):
    app, images, _ = _dialog(monkeypatch, "gype")
    images.open(app.screen)
    app.elements["image-alt"].value = "My own words"
    app.elements["image-coords"].checked = True
    images.update()
    assert app.elements["image-alt"].value == "My own words" and app.elements["image-preview"].alt == "My own words"
    app.elements["image-format-png"].checked, app.elements["image-format-svg"].checked = False, True
    images.update()
    images.download()
    _, href = app.elements["image-form"].ownerDocument.downloads[-1]
    from urllib.parse import unquote
    svg = ET.fromstring(unquote(href.split(",", 1)[1]))
    assert svg.find("s:desc", NS).text == "My own words"


def test_the_svg_title_counts_one_move_in_the_singular():
    from qipan.i18n import t
    assert t("image.title", "en", game="LYNGK", n=1) == "LYNGK, after 1 move"
    assert t("image.title", "en", game="LYNGK", n=2) == "LYNGK, after 2 moves"
    assert t("image.title", "zh-TW", game="LYNGK", n=1) == "LYNGK，第 1 手之後"


def test_english_counts_of_one_are_singular_wherever_a_count_names_a_thing():
    """'{n} moves', '{n} targets', '{n} stones' with n = 1 read '1 move', '1 target', '1 stone'."""
    import re
    from qipan import games
    from qipan.i18n import TABLE, t
    for game_id in games.GAME_IDS:
        games.plugin(game_id)
    for key, entry in TABLE.items():
        if re.search(r"\{n\} (moves|targets|stones|cells|marked cells|rounds)\b", entry["en"]):
            values = {name: "x" for _, name, _, _ in __import__("string").Formatter().parse(entry["en"]) if name}
            values["n"] = 1
            text = t(key, "en", **values)
            assert not re.search(r"\b1 (moves|targets|stones|cells|marked cells)\b", text), (key, text)
