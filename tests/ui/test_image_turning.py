"""The picture of the turning point (image export with a current analysis): the position after the
turning point's move, that move marked, a caption along the foot in the picture's language, the
caption first in the alt text, the file named after that move; without the option (or without an
analysis) the dialog offers nothing new and the picture is what it was (SVG byte for byte: the
hashes below were taken before the option existed)."""

from __future__ import annotations

import hashlib
import types
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, strategies as st
from fakes import FakeHost
from seeded import seeded
from test_image_export import SVG_TEXT, _dialog

from qipan import games
from qipan.analysis import analyse
from qipan.app.analysis_html import turning_caption
from qipan.app.image_export import ImageOptions, Turning, caption_lines, caption_pieces, svg_picture
from qipan.boardkit.svg import text_width
from qipan.i18n import t

BEFORE = {  # sha256 of svg_picture(seeded(game, 30), width 600, the notes below), taken at 17a8675
    # (LYNGK's taken again when the empty points' labels came to be drawn over the last move's line,
    # and again when a stack's owner became a shape and its marks moved out to the rim)
    "lyngk": "4649a87e811c1e9e1456623ac9e6fb794c8e1123b51b3a8fbc418d52272deeff",
    "hezong": "1ea3bd292b5a39c15de178b8a83d21f2a4d8c317b3e9d192ebe0c8747564fcbd",
    "calavera": "4bf3fc7ac9171c912500a886046d128ecc2f9b122a932bdf5e98f3d4646dd0f6",
}
NOTES = {"lyngk": ("C7, E4", "C7-C6"), "hezong": ("a1, f6", "a1-c3"), "calavera": ("d1, d2", "d1-d6")}


@pytest.mark.parametrize("game_id", sorted(BEFORE))
def test_without_the_option_the_svg_is_what_it_was(game_id):
    from qipan.app.image_export import read_note
    host = FakeHost()
    live = games.ui(game_id).screen(host, seeded(game_id, 30))
    live.resize(500, 500, 1)
    note, _ = read_note(*NOTES[game_id])
    # (and without the key, the other option that adds a band: with neither, the picture is the old one)
    svg, _, _ = svg_picture(live, host, ImageOptions("svg", 600, False, False, note, key=False))
    assert hashlib.sha256(svg.encode()).hexdigest() == BEFORE[game_id]


@pytest.fixture(scope="module")
def hezong():
    match = seeded("hezong", 12)
    return match, analyse(match)


def turning_of(match, analysis, lang="en"):
    screen = games.ui(match.game.id).screen(FakeHost(lang), match)
    tr = lambda key, **v: t(key, lang, **v)  # noqa: E731
    ply = analysis.turning_point().ply
    names = [screen.player_name(p) for p in range(2)]
    return screen, Turning(ply, screen.action_marks(match.states()[ply], match.actions[ply]),
                           turning_caption(analysis, match, tr, names))


def test_the_turning_point_picture_shows_its_position_its_move_and_a_caption(hezong):
    match, analysis = hezong
    live, turning = turning_of(match, analysis)
    live.resize(500, 500, 1)
    assert turning.caption.startswith(f"Turning point: move {turning.ply + 1}, ")
    assert "lost" in turning.caption and "best:" in turning.caption
    grade = analysis.plies[turning.ply].grade  # written small mid-sentence: "(blunder, lost 0.21; …)"
    assert f"({grade}, lost " in turning.caption
    svg, screen, _ = svg_picture(live, live.host, ImageOptions("svg", 600, turning=turning))
    assert screen.shown_ply == turning.ply + 1  # the position just after the turning point
    root = ET.fromstring(svg)
    drawn = " ".join(node.text or "" for node in root.iter(SVG_TEXT))
    assert all(line in drawn for line in caption_lines(turning.caption, lambda line: text_width(line, 12, True), 600 - 14.4))
    assert root.find("{http://www.w3.org/2000/svg}desc").text.startswith(turning.caption + ". ")
    live.view(turning.ply + 1)
    plain, _, _ = svg_picture(live, live.host, ImageOptions("svg", 600))  # the same position, unmarked
    assert turning.marks.cells and plain.count("<path") + 2 == svg.count("<path")  # the ring and the band


def test_the_caption_wraps_to_the_width_in_both_languages(hezong):
    match, analysis = hezong
    for lang in ("en", "zh-TW"):
        _, turning = turning_of(match, analysis, lang)
        lines = caption_lines(turning.caption, lambda line: text_width(line, 12, True), 150)
        assert len(lines) > 1 and "".join(lines).replace(" ", "") == turning.caption.replace(" ", "")
    assert "轉捩點" in turning.caption


def test_the_dialog_offers_the_turning_point_only_with_an_analysis(monkeypatch, hezong):
    match, analysis = hezong
    app, images, _ = _dialog(monkeypatch, "hezong")
    images.open(app.screen)
    assert 'id="image-turning"' not in app.elements["image-form"].innerHTML
    app.screen = games.ui("hezong").screen(app, match)
    app.screen.resize(500, 500, 1)
    app.analysis = types.SimpleNamespace(current_result=lambda: analysis)
    images.open(app.screen)
    k = analysis.turning_point().ply + 1
    assert f'id="image-turning" type="checkbox">Mark the turning point (move {k})' in app.elements["image-form"].innerHTML
    app.elements["image-turning"].checked = True
    app.elements["image-format-png"].checked, app.elements["image-format-svg"].checked = False, True
    images.update()
    assert app.elements["image-alt"].value.startswith(f"Turning point: move {k}, ")
    images.download()
    name, href = app.elements["image-form"].ownerDocument.downloads[-1]
    assert name == f"qipan-hezong-move-{k}.svg" and "Turning%20point" in href
    app.elements["image-turning"].checked = False
    images.update()
    assert not app.elements["image-alt"].value.startswith("Turning point")


def test_a_chinese_caption_with_spaces_wraps_inside_its_chinese_runs_at_400_px():
    caption = t("image.turning.decision", "zh-TW", k=12, player="玩家 2", played="從 C7 移到 C6 並宣告紅色",
                grade=t("analysis.grade.blunder", "zh-TW"), loss="0.21", best="從左下角的三層疊移到中央最高的那一疊之上並同時宣告綠色以保住中央的優勢，再逼對手放棄右上角的那一疊")
    # (the best move's words: one Chinese run wider than the picture, spaces elsewhere)
    assert " " in caption
    room = 400 - 1.2 * 10
    width = lambda line: text_width(line, 10, True)  # noqa: E731
    lines = caption_lines(caption, width, room)
    assert len(lines) >= 2 and all(width(line) <= room for line in lines)
    assert "".join(lines).replace(" ", "") == caption.replace(" ", "")  # nothing lost, nothing added
    assert not any(line[0] in "，。：；）" for line in lines)  # a closing mark stays with what it closes
    # English still breaks only at spaces.
    english = caption_lines("Turning point: move 12, Player 2 played C7-C6", width, 120)
    assert " ".join(english) == "Turning point: move 12, Player 2 played C7-C6"


@given(st.text(st.sampled_from("ab 中文，。（）C7-"), max_size=60), st.integers(20, 200))
def test_caption_lines_lose_nothing_and_fit_where_they_can(text, room):
    width = lambda line: text_width(line, 10, True)  # noqa: E731
    lines = caption_lines(text, width, room)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    pieces = {piece for piece, _ in caption_pieces(text)}
    for line in lines:  # too wide only when it is a single piece that cannot be cut
        assert width(line) <= room or line in pieces
