"""The SVG recorder: canvas semantics (paths, transforms, state, clips, text) and every game's
view drawn into it giving a valid standalone SVG document."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from fakes import FakeHost
from seeded import seeded
from qipan import games
from qipan.boardkit.svg import SvgBoard, SvgCanvas, text_width

NS = {"s": "http://www.w3.org/2000/svg"}


def _tree(ctx: SvgCanvas, title: str = "t", desc: str = "d") -> ET.Element:
    return ET.fromstring(ctx.svg(title, desc))




def test_the_document_has_size_viewbox_title_desc_and_cjk_fonts():
    ctx = SvgCanvas(300, 200)
    root = _tree(ctx, "LYNGK <board>", "彩疊棋 & more")
    assert root.get("width") == "300" and root.get("height") == "200" and root.get("viewBox") == "0 0 300 200"
    assert root.find("s:title", NS).text == "LYNGK <board>"
    assert root.find("s:desc", NS).text == "彩疊棋 & more"
    assert "Noto Sans TC" in root.get("font-family") and root.get("font-family").endswith("sans-serif")


def test_paths_fill_and_stroke_with_the_style_in_force():
    ctx = SvgCanvas(100, 100)
    ctx.beginPath()
    ctx.moveTo(10, 10)
    ctx.lineTo(90, 10)
    ctx.lineTo(50, 80)
    ctx.closePath()
    ctx.fillStyle = "#123456"
    ctx.globalAlpha = 0.5
    ctx.fill()
    ctx.lineWidth = 4
    ctx.lineCap = "round"
    ctx.setLineDash([3, 2])
    ctx.stroke()
    fill, stroke = _tree(ctx).findall("s:path", NS)
    assert fill.get("d") == "M10 10 L90 10 L50 80 Z"
    assert fill.get("fill") == "#123456" and fill.get("fill-opacity") == "0.5"
    assert stroke.get("fill") == "none" and stroke.get("stroke-width") == "4"
    assert stroke.get("stroke-linecap") == "round" and stroke.get("stroke-dasharray") == "3 2"


def test_save_and_restore_bring_back_the_style_and_the_transform():
    ctx = SvgCanvas(100, 100)
    ctx.fillStyle = "red"
    ctx.save()
    ctx.fillStyle = "blue"
    ctx.translate(10, 20)
    ctx.scale(2, 2)
    ctx.fillRect(0, 0, 5, 5)
    ctx.restore()
    ctx.fillRect(0, 0, 5, 5)
    moved, plain = _tree(ctx).findall("s:path", NS)
    assert moved.get("d") == "M10 20 L20 20 L20 30 L10 30 Z" and moved.get("fill") == "blue"
    assert plain.get("d") == "M0 0 L5 0 L5 5 L0 5 Z" and plain.get("fill") == "red"
    ctx.restore()  # one restore too many is ignored, as on a canvas
    assert ctx.fillStyle == "red"


def test_a_full_circle_is_four_curves_on_the_circle_and_scales_with_the_transform():
    ctx = SvgCanvas(100, 100)
    ctx.setTransform(2, 0, 0, 2, 0, 0)
    ctx.beginPath()
    ctx.arc(20, 20, 10, 0, math.tau)
    ctx.lineWidth = 3
    ctx.stroke()
    path = _tree(ctx).find("s:path", NS)
    d = path.get("d")
    assert d.startswith("M60 40 ") and d.count("C") == 4
    ends = [tuple(map(float, seg.split()[-2:])) for seg in d.split("C")[1:]]
    for x, y in ends:  # every curve ends on the circle of radius 20 around (40, 40)
        assert abs(math.hypot(x - 40, y - 40) - 20) < 0.02
    assert path.get("stroke-width") == "6"


def test_arc_to_rounds_a_corner_with_the_given_radius():
    ctx = SvgCanvas(100, 100)
    ctx.beginPath()
    ctx.moveTo(0, 0)
    ctx.arcTo(50, 0, 50, 50, 10)
    ctx.fill()
    d = _tree(ctx).find("s:path", NS).get("d")
    assert d.startswith("M0 0 L40 0 C") and d.endswith("50 10")


def test_text_keeps_font_alignment_baseline_and_rotation():
    ctx = SvgCanvas(100, 100)
    ctx.font = "italic 700 14px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillStyle = "#222"
    ctx.fillText("A & 棋", 50, 40)
    ctx.translate(50, 50)
    ctx.rotate(math.pi / 2)
    ctx.textAlign = "right"
    ctx.textBaseline = "top"
    ctx.fillText("turned", 0, 0)
    plain, turned = _tree(ctx).findall("s:text", NS)
    assert plain.text == "A & 棋" and plain.get("x") == "50" and plain.get("y") == "40"
    assert plain.get("font-size") == "14" and plain.get("font-weight") == "700" and plain.get("font-style") == "italic"
    assert plain.get("text-anchor") == "middle" and plain.get("dominant-baseline") == "central"
    assert turned.get("transform").startswith("matrix(") and turned.get("text-anchor") == "end"
    assert turned.get("dominant-baseline") == "text-before-edge"


def test_measure_text_counts_wide_characters_as_a_full_em():
    ctx = SvgCanvas(100, 100)
    ctx.font = "20px sans-serif"
    assert ctx.measureText("棋盤").width == 40
    assert 20 < ctx.measureText("Ab1").width < 40
    assert text_width("W", 10, bold=True) > text_width("W", 10)


def test_a_too_wide_text_is_squeezed_to_its_max_width():
    ctx = SvgCanvas(100, 100)
    ctx.font = "20px sans-serif"
    ctx.fillText("a long caption", 0, 20, 50)
    ctx.fillText("ok", 0, 40, 500)
    long, short = _tree(ctx).findall("s:text", NS)
    assert long.get("textLength") == "50" and short.get("textLength") is None


def test_clips_nest_and_end_with_restore():
    ctx = SvgCanvas(100, 100)
    ctx.save()
    ctx.rect(0, 0, 50, 50)
    ctx.clip()
    ctx.beginPath()
    ctx.rect(10, 10, 50, 50)
    ctx.clip()
    ctx.fillRect(0, 0, 100, 100)
    ctx.restore()
    ctx.fillRect(0, 0, 10, 10)
    root = _tree(ctx)
    clips = root.findall("s:defs/s:clipPath", NS)
    assert [c.get("id") for c in clips] == ["clip1", "clip2"] and clips[1].get("clip-path") == "url(#clip1)"
    group = root.find("s:g", NS)
    assert group.get("clip-path") == "url(#clip2)" and len(group.findall("s:path", NS)) == 1
    assert len(root.findall("s:path", NS)) == 1  # the last square is outside the clip


def test_clearing_the_whole_picture_forgets_it_and_destination_over_paints_underneath():
    ctx = SvgCanvas(100, 100)
    ctx.fillRect(0, 0, 10, 10)
    ctx.clearRect(0, 0, 100, 100)
    ctx.fillStyle = "#111"
    ctx.fillRect(20, 20, 10, 10)
    ctx.clearRect(0, 0, 5, 5)  # a partial clear cannot erase in SVG: nothing changes
    ctx.globalCompositeOperation = "destination-over"
    ctx.fillStyle = "#eee"
    ctx.fillRect(0, 0, 100, 100)
    paths = _tree(ctx).findall("s:path", NS)
    assert [p.get("fill") for p in paths] == ["#eee", "#111"]


def test_the_board_element_hands_out_one_context():
    board = SvgBoard(120, 80)
    assert board.getContext("2d") is board.getContext("2d") and board.context.width == 120


def test_every_games_view_draws_into_valid_svg_with_its_labels():
    expected_text = {"lyngk": {"A", "I"}, "quorsum": {"a", "d", "1", "4"}, "gype": {"b0", "e1"},
                     "hezong": {"a", "l", "12"}, "calavera": {"Σ 0"}}
    for game_id in games.GAME_IDS:
        board = SvgBoard(600, 600)
        host = FakeHost()
        host.elements["board"] = board
        screen = games.ui(game_id).screen(host, seeded(game_id))
        screen.resize(600, 600, 1)
        root = ET.fromstring(board.context.svg(game_id, screen.board_label()))
        texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        assert expected_text[game_id] <= texts, (game_id, expected_text[game_id] - texts)
        assert len(root.findall(".//s:path", NS)) > 40, game_id
        assert root.find("s:desc", NS).text == screen.board_label()
