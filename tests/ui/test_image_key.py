"""The key under an exported picture: what each player's mark means (LYNGK's owner shapes), in
both languages, only when the position has such marks, and never when it is switched off."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fakes import FakeHost
from seeded import seeded
from test_image_export import SVG_TEXT, _dialog
from qipan import games
from qipan.app.image_export import ImageOptions, picture_size, svg_picture
from qipan.games.lyngk import PASS
from qipan.games.lyngk.ui import view as lyngk_view
from qipan.match import Match


def _claimed(turns: int) -> Match:
    """A LYNGK game of `turns` turns, each with a claim while one is legal."""
    match = Match.new("lyngk", 2, 3)
    for _ in range(turns):
        legal = match.state.legal_actions()
        match.play_action(next((m for m in legal if m != PASS and m.claim), legal[0]))
    return match


def _svg(match: Match, lang: str = "en", **options):
    host = FakeHost(lang)
    live = games.ui(match.game.id).screen(host, match)
    live.resize(500, 500, 1)
    svg, screen, _ = svg_picture(live, host, ImageOptions("svg", 600, **options))
    return svg, ET.fromstring(svg), screen


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG_TEXT)]


def _polygons(root: ET.Element, player: int) -> int:
    """How many paths have the outline of `player`'s owner mark (its corners' count, its fill)."""
    corners = len(lyngk_view.OWNER_SHAPES[player])
    return sum(1 for p in root.iter("{http://www.w3.org/2000/svg}path")
               if p.get("fill") == lyngk_view.OWNER_FILL and p.get("d", "").count("L") == corners - 1)


def test_each_player_who_claimed_gets_their_mark_and_colours_under_the_board():
    match = _claimed(2)
    claims = match.state.claims
    assert all(claims)  # both players claimed a colour
    svg, root, screen = _svg(match)
    key = [t for t in _texts(root) if "on top" in t]
    names = {c: screen.tr(f"lyngk.colour.{c}") for c in "IBRGK"}
    assert key == [f"Player {p + 1}: stacks with {' or '.join(names[c] for c in claims[p])} on top" for p in (0, 1)]
    width, height = picture_size("lyngk", 600)
    assert screen.height < height  # the board stands above the key's band
    without, root_without, plain = _svg(match, key=False)
    assert not [t for t in _texts(root_without) if "on top" in t] and plain.height == height
    for player in (0, 1):  # one more mark of each shape: the key's
        assert _polygons(root, player) == _polygons(root_without, player) + 1


def test_the_key_speaks_the_pictures_language():
    match = _claimed(2)
    _, root, screen = _svg(match, "zh-TW")
    key = [t for t in _texts(root) if t.startswith("玩家")]
    first = screen.tr(f"lyngk.colour.{match.state.claims[0][0]}")
    assert key[0] == f"玩家 1：最上方的棋子為{first}的一疊棋子"


def test_a_player_who_claimed_nothing_yet_has_no_entry_and_no_claims_no_key():
    one = _claimed(1)
    assert one.state.claims[0] and not one.state.claims[1]
    _, root, _ = _svg(one)
    assert [t.split(":")[0] for t in _texts(root) if "on top" in t] == ["Player 1"]
    start = Match.new("lyngk", 2, 3)
    assert _svg(start)[0] == _svg(start, key=False)[0]


def test_games_whose_pieces_say_it_have_no_key():
    for game_id in games.GAME_IDS:
        if game_id != "lyngk":
            match = seeded(game_id)
            assert _svg(match)[0] == _svg(match, key=False)[0]


def test_the_dialog_offers_the_key_only_when_the_position_has_marks(monkeypatch):
    app, images, _ = _dialog(monkeypatch, "lyngk")
    app.screen.match = Match.new("lyngk", 2, 3)
    images.open(app.screen)
    assert 'id="image-key" type="checkbox" checked' in app.elements["image-form"].innerHTML
    assert app.elements["image-key-label"].hidden  # nothing claimed yet: nothing to explain
    app.screen.match = _claimed(2)
    app.elements["image-key"].checked = True  # (as the form's HTML has it: fake fields read no HTML)
    app.elements["image-alt"].value = ""
    images.open(app.screen)
    assert not app.elements["image-key-label"].hidden and images.options.key
    assert "Player 1: stacks with" in app.elements["image-alt"].value  # the key's words in the alt text
    app.elements["image-key"].checked = False
    images.update()
    assert not images.options.key and "stacks with" not in app.elements["image-alt"].value


def test_with_the_turning_point_the_key_is_that_positions(monkeypatch):
    """The picture is then the position after the turning point: its key, and the option offered
    by it, not by the position on screen."""
    from qipan.app.image_export import Turning
    from qipan.boardkit.screen import Marks
    app, images, _ = _dialog(monkeypatch, "lyngk")
    app.screen.match = _claimed(4)
    app.element("image-key").checked = True
    images.open(app.screen)
    assert not app.elements["image-key-label"].hidden  # the position on screen: both claimed
    images.turning = Turning(0, Marks(), "Turning point: move 1")  # before it, Player 2 had claimed nothing
    app.element("image-turning").checked = True
    images.update()
    assert images.options.turning is not None
    texts = [t for t in _texts(ET.fromstring(_picture(images))) if "on top" in t]
    assert [t.split(":")[0] for t in texts] == ["Player 1"]
    images.turning = Turning(-1, Marks(), "Turning point: the start")  # nothing claimed at all
    images.update()
    assert app.elements["image-key-label"].hidden


def _picture(images) -> str:
    """The dialog's picture as an SVG document."""
    return svg_picture(images.source, images.app, images.options)[0]
