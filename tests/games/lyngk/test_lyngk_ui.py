"""The LYNGK screen without a browser: clicks become moves, messages explain refusals, the
view draws every stack with its letter, its height and its owner's shape, and the panel shows
claims, each player's shape and the end."""

from __future__ import annotations

import itertools
import json
import math
import xml.etree.ElementTree as ET

from fakes import BACKDROP, FakeHost, RecordingContext
from hypothesis import given, settings
from hypothesis import strategies as st

from qipan.core import Rng
from qipan.games.lyngk import GAME, PASS, Move
from qipan.games.lyngk.board import LABELS, parse_point
from qipan.match import Match
from qipan.games.lyngk.ui import play as lyngk_play, view as lyngk_view
from qipan.games.lyngk.ui.screen import LyngkScreen
from qipan.boardkit.display import DisplayList
from qipan.boardkit.svg import SvgBoard

EMPTY = "/".join(["."] * 43)
SVG = "http://www.w3.org/2000/svg"


def position(stacks: dict[str, str], claims: str = "-/-", to_move: int = 1) -> str:
    cells = ["."] * 43
    for point, stack in stacks.items():
        cells[parse_point(point)] = stack
    return f"{'/'.join(cells)} {claims} {to_move} 0/0 standard"


def screen_at(seed: int = 3) -> tuple[LyngkScreen, FakeHost]:
    host = FakeHost()
    screen = LyngkScreen(host, Match.new("lyngk", 2, seed))
    screen.resize(700, 600, 2)
    return screen, host


def test_layout_hits_every_point_at_its_own_centre():
    layout = lyngk_view.Layout(640, 480)
    heights = (1,) * 43
    for point in range(43):
        assert layout.hit(*layout.to_px(point), heights) == point
    assert layout.hit(0, 0, heights) is None


def test_keyboard_arrows_reach_every_point():
    layout = lyngk_view.Layout(800, 600)
    seen, frontier = {LABELS.index("E4")}, [LABELS.index("E4")]
    while frontier:
        point = frontier.pop()
        for dx, dy in lyngk_view.ARROWS.values():
            other = layout.neighbour_in_direction(point, dx, dy)
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    assert len(seen) == 43


def test_every_top_piece_carries_its_letter_and_tall_stacks_their_height():
    state = GAME.parse_position(position({"A1": "IBRGK", "E4": "J", "C3": "BR"}, claims="R/-"))
    ctx = RecordingContext()
    lyngk_view.draw(ctx, lyngk_view.Layout(700, 600), lyngk_view.Scene(state.stacks, state.claims))
    texts = ctx.texts()
    assert {"K", "★", "R"} <= set(texts)
    assert sorted(t for t in texts if t.isdigit()) == ["2", "5"]  # height discs, and no other number


# -- owners and heights: a shape for the owner, a number for the height ----------------------------

OWNED = position({"C3": "BR", "E4": "IG", "A1": "IBRGK", "G3": "R", "E6": "K"}, claims="G/R")
"""C3: Player 2's stack of 2; E4: Player 1's stack of 2; A1: a neutral 5; G3: Player 2's single."""


def owner_polygons(ctx: RecordingContext) -> list[list[tuple[float, float]]]:
    """The closed straight-edged paths filled with the owner colour, as their corners."""
    found, path, fill = [], [], None
    for call in ctx.calls:
        if call[0] == "set":
            fill = call[2] if call[1] == "fillStyle" else fill
        elif call[0] == "beginPath":
            path = []
        elif call[0] in ("moveTo", "lineTo"):
            path.append(call[1])
        elif call[0] in ("arc", "arcTo"):
            path.append(None)
        elif call[0] == "fill" and fill == lyngk_view.OWNER_FILL and path and None not in path:
            found.append(path)
    return found


def height_discs(ctx: RecordingContext, u: float) -> list[tuple[float, float, float]]:
    """The small discs drawn (centre and radius): the heights' (a piece's radius is 0.34 units)."""
    return [call[1][:3] for call in ctx.calls if call[0] == "arc" and call[1][2] < 0.2 * u]


def test_a_stack_shows_its_owner_as_a_shape_and_its_height_as_the_only_number():
    """The tester's stack of 2 topped by Player 2's colour showed "2" twice (owner and height):
    now the height is its only number and the owner a square (Player 1's stacks a triangle), at the
    top left of the top piece."""
    state = GAME.parse_position(OWNED)
    layout = lyngk_view.Layout(700, 600)
    ctx = RecordingContext()
    lyngk_view.draw(ctx, layout, lyngk_view.Scene(state.stacks, state.claims))
    assert sorted(t for t in ctx.texts() if t.isdigit()) == ["2", "2", "5"]  # C3, E4, A1: heights
    marks = owner_polygons(ctx)
    by_point = {}
    for corners in marks:
        cx = sum(x for x, _ in corners) / len(corners)
        cy = sum(y for _, y in corners) / len(corners)
        point = min((p for p in range(43) if state.stacks[p]),
                    key=lambda p: math.dist((cx, cy), layout.top_px(p, len(state.stacks[p]))))
        tx, ty = layout.top_px(point, len(state.stacks[point]))
        assert cx < tx and cy < ty  # top left
        by_point[LABELS[point]] = len(corners)
    assert by_point == {"E4": 3, "C3": 4, "G3": 4}  # triangle: Player 1; square: Player 2; A1, E6 neutral


class Shape:
    """A mark as drawn, for overlap checks: a convex polygon, or a disc when `radius` is given; `pad`
    is half its outline's width (what the outline adds around it)."""

    def __init__(self, corners=(), centre=(0.0, 0.0), radius=None, pad=0.0):
        self.corners, self.centre, self.radius, self.pad = list(corners), centre, radius, pad

    def samples(self):
        """Points along its edge, about a pixel apart."""
        if self.radius is not None:
            (cx, cy), r = self.centre, self.radius
            n = max(16, int(math.tau * r))
            return [(cx + r * math.cos(math.tau * i / n), cy + r * math.sin(math.tau * i / n)) for i in range(n)]
        points = []
        for (ax, ay), (bx, by) in zip(self.corners, self.corners[1:] + self.corners[:1]):
            n = max(4, int(math.dist((ax, ay), (bx, by))))
            points += [(ax + (bx - ax) * t / n, ay + (by - ay) * t / n) for t in range(n)]
        return points

    def distance(self, point):
        """How far `point` is from the shape (0 inside it)."""
        if self.radius is not None:
            return max(0.0, math.dist(point, self.centre) - self.radius)
        edges = list(zip(self.corners, self.corners[1:] + self.corners[:1]))
        sides = [(bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) for (ax, ay), (bx, by) in edges]
        if all(side >= 0 for side in sides) or all(side <= 0 for side in sides):
            return 0.0
        return min(segment_distance(point, a, b) for a, b in edges)

    def meets(self, other):
        gap = self.pad + other.pad
        return (any(other.distance(p) <= gap for p in self.samples())
                or any(self.distance(p) <= gap for p in other.samples()))


def segment_distance(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if not length else max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def stack_marks(layout, point, stack, owner):
    """The owner mark and height disc `_draw_stack` draws for a stack (as `Shape`s, in that order of
    kinds: polygons, then discs), and its top piece's letter as a box: the font's cap height by a
    wide capital's width (G)."""
    ctx = RecordingContext()
    lyngk_view._draw_stack(ctx, layout, point, stack, owner, "#2b2b2b")
    u = layout.unit
    rim = max(1.0, lyngk_view.OWNER_RIM_WIDTH * lyngk_view.OWNER_SIZE * u) / 2
    marks = [Shape(corners, pad=rim) for corners in owner_polygons(ctx)]
    marks += [Shape(centre=(cx, cy), radius=radius, pad=max(1.0, radius * 0.17) / 2)
              for cx, cy, radius in height_discs(ctx, u)]
    half = 0.37 * round(0.36 * u)
    x, y = layout.top_px(point, len(stack))
    y += 0.02 * u
    letter = Shape([(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)])
    return marks, letter


def a_stack(height, top):
    return "IBRGK".replace(top, "")[: height - 1] + top


@settings(max_examples=60, deadline=None)
@given(st.floats(200, 2400), st.floats(150, 1800), st.integers(1, 5), st.sampled_from((0, 1, None)),
       st.sampled_from("IBRGK"))
def test_the_marks_stay_clear_of_the_letter_and_on_the_canvas(width, height, tall, owner, top):
    """At any board size (a phone, a tablet, a rules diagram, an exported picture) the owner mark
    and the height disc, with their outlines, leave the top piece's letter free and stay on the
    canvas."""
    layout = lyngk_view.Layout(width, height)
    point = LABELS.index("C7")  # top row: a tall stack's marks come nearest the canvas's top edge
    marks, letter = stack_marks(layout, point, a_stack(tall, top), owner)
    assert [m.radius is None for m in marks] == [True] * (owner is not None) + [False] * (tall > 1)
    for mark in marks:
        assert not mark.meets(letter)
        assert all(mark.pad <= x <= width - mark.pad and mark.pad <= y <= height - mark.pad
                   for x, y in mark.samples())


def test_the_marks_of_neighbouring_stacks_stay_apart():
    """Two neighbouring stacks of any heights of the standard game (owned up to 4: an owned 5
    leaves the board): the marks of one meet neither the marks nor the letter of the other, and the
    front stack's pieces cover no mark of the stack behind (the marks sit on the upper side of a top
    piece). Not checked: the Stack of 6 variant, where a 6-stack right in front of a single piece
    brings its height disc against that piece's letter."""
    layout = lyngk_view.Layout(700, 600)
    centre = parse_point("E4")
    neighbours = [p for p in range(43) if abs(math.dist(layout.to_px(p), layout.to_px(centre)) - layout.unit) < 1]
    assert len(neighbours) == 6
    r = layout.radius()
    for other in neighbours:
        for h1, h2 in itertools.product(range(1, 6), repeat=2):
            one = stack_marks(layout, centre, a_stack(h1, "R"), 0 if h1 < 5 else None)
            two = stack_marks(layout, other, a_stack(h2, "B"), 1 if h2 < 5 else None)
            for (marks, _), (other_marks, other_letter) in ((one, two), (two, one)):
                assert not any(m.meets(n) for m in marks for n in other_marks), (LABELS[other], h1, h2)
                assert not any(m.meets(other_letter) for m in marks), (LABELS[other], h1, h2)
            (_, _, back_marks), (front, front_height, _) = sorted(
                ((centre, h1, one[0]), (other, h2, two[0])), key=lambda s: layout.to_px(s[0])[1])
            fx, fy = layout.to_px(front)
            pieces = [Shape(centre=(fx, fy - level * layout.piece_step()), radius=r) for level in range(front_height)]
            assert not any(m.meets(p) for m in back_marks for p in pieces), (LABELS[other], h1, h2)


def test_the_owner_marks_are_drawn_with_the_position_not_on_each_cursor_move():
    """The marks are part of the board's unchanging layer: a frame that only moves the cursor keeps
    the layer's key (its picture is copied in) and draws only the cursor's ring and, over it (the
    ring passes where they sit, in the owner's purple), its own stack's marks again."""
    state = GAME.parse_position(OWNED)
    layout = lyngk_view.Layout(700, 600)
    frames = []
    for cursor in (parse_point("E4"), parse_point("C3")):
        frame = DisplayList()
        lyngk_view.draw(frame, layout, lyngk_view.Scene(state.stacks, state.claims, cursor=cursor))
        frames.append(frame)
    assert frames[0].layer_key(0, (700, 600)) == frames[1].layer_key(0, (700, 600))
    names = [op[0] for op in frames[1].ops]
    assert names[:3] == ["clearRect", "@layer", "save"] and names.count("@layer") == 1
    marks = frames[1].ops[names.index("restore") + 1:]  # after the cursor's ring: C3's marks
    assert [op[1] for op in marks if op[0] == "fillText"] == ["2"]  # its height
    assert [op[0] for op in marks].count("lineTo") == 3  # and Player 2's square
    layer = frames[1].layer_frame(0)
    replayed = RecordingContext()
    layer.replay(replayed)
    assert sorted(len(corners) for corners in owner_polygons(replayed)) == [3, 4, 4]


def test_the_marks_of_ringed_stacks_are_drawn_over_their_rings():
    """The selection's and the targets' rings pass where a top piece's marks sit: the marks of those
    stacks are drawn again after the rings, in a layer of their own that a cursor move copies in as
    it was (the frame itself holds the layers and the cursor's ring only)."""
    state = GAME.parse_position(OWNED)
    layout = lyngk_view.Layout(700, 600)
    frames = []
    for cursor in (parse_point("A1"), parse_point("G3")):
        frame = DisplayList()
        scene = lyngk_view.Scene(state.stacks, state.claims, parse_point("E4"),
                                 frozenset({parse_point("C3"), parse_point("E6")}), cursor=cursor)
        lyngk_view.draw(frame, layout, scene)
        frames.append(frame)
    assert len(frames[0].layers) == len(frames[1].layers) == 2
    assert all(frames[0].layer_key(i, (700, 600)) == frames[1].layer_key(i, (700, 600)) for i in (0, 1))
    own = [op[0] for op in frames[1].ops if not op[0].startswith("=")]
    # the two layers, the cursor's ring, and the marks of the cursor's stack (G3: Player 2's square)
    assert own[:9] == ["clearRect", "@layer", "@layer", "save", "setLineDash", "beginPath", "arc", "stroke", "restore"]
    assert own[9:].count("lineTo") == 3 and "fillText" not in own[9:]  # (a single: no height)
    ctx = RecordingContext()
    frames[0].layer_frame(1).replay(ctx)
    selection_ring = max(i for i, call in enumerate(ctx.calls) if call == ("set", "strokeStyle", "#f9a825"))
    after = RecordingContext()
    after.calls.extend(ctx.calls[selection_ring:])
    assert sorted(len(m) for m in owner_polygons(after)) == [3, 4]  # E4: Player 1's; C3: Player 2's
    assert after.texts() == ["2", "2"]  # their heights (E6 is a neutral single: no marks)


def test_the_svg_picture_draws_the_same_owner_shapes_and_numbers():
    """The exported SVG (the screen drawn on an SvgBoard) shows what the canvas shows: a triangle
    and two squares in the owner colour, and the heights as its only numbers."""
    host = FakeHost()
    board = SvgBoard(700, 600)
    host.elements["board"] = board
    screen = LyngkScreen(host, Match.from_position("lyngk", OWNED))
    screen.resize(700, 600, 1)
    root = ET.fromstring(board.context.svg("lyngk", screen.board_label()))
    texts = [t.text for t in root.iter(f"{{{SVG}}}text")]
    assert sorted(t for t in texts if t.isdigit()) == ["2", "2", "5"]
    shapes = [p.get("d") for p in root.iter(f"{{{SVG}}}path") if p.get("fill") == lyngk_view.OWNER_FILL]
    assert sorted(d.count("L") + 1 for d in shapes) == [3, 4, 4] and all(d.endswith("Z") for d in shapes)


def test_each_players_card_shows_the_shape_their_stacks_carry():
    host = FakeHost()
    screen = LyngkScreen(host, Match.from_position("lyngk", OWNED))
    screen.render()
    panel = host.element("game-panel").innerHTML
    for player in (0, 1):
        card = panel[panel.index(f'data-player="{player}"'):]
        heading = card[:card.index("</h3>")]
        assert lyngk_view.owner_svg(player) in heading
    cards = [ET.fromstring(lyngk_view.owner_svg(p)) for p in (0, 1)]
    corners = [len(svg.find("polygon").get("points").split()) for svg in cards]
    assert corners == [3, 4] and all(svg.get("aria-hidden") == "true" for svg in cards)


def test_a_click_on_a_foreign_stack_is_refused_with_its_reason():
    state = GAME.parse_position(position({"A1": "R", "B1": "B", "E4": "G", "E5": "I"}, claims="R/-", to_move=2))
    intent = lyngk_play.click(state, lyngk_play.Selection(), parse_point("A1"))
    assert intent.play is None
    assert intent.message == ("lyngk.err.foreign", {"point": "A1"})


def test_select_then_target_plays_the_move():
    state = GAME.new(2, 3)
    move = next(m for m in state.legal_actions() if not m.claim)
    first = lyngk_play.click(state, lyngk_play.Selection(), move.origin)
    assert first.selection.origin == move.origin
    assert move.dest in lyngk_play.targets(state, "", move.origin)
    assert lyngk_play.click(state, first.selection, move.dest).play == move


def test_a_move_open_only_with_a_claim_says_so():
    """§4.4, §9: a neutral single may land only on a single; claimed (own) it may land on a
    stack. Here the opponent owns green, so red's only move needs a claim (a forced claim)."""
    state = GAME.parse_position(position({"E4": "R", "E5": "BG"}, claims="-/G"))
    assert lyngk_play.click(state, lyngk_play.Selection(), parse_point("E4")).message[0] == "lyngk.err.needs_claim"
    claimed = lyngk_play.click(state, lyngk_play.Selection("R"), parse_point("E4"))
    assert claimed.selection.origin == parse_point("E4")
    assert lyngk_play.must_claim(state)


def test_the_screen_plays_clicks_saves_and_undoes():
    screen, host = screen_at()
    move = next(m for m in screen.state.legal_actions() if not m.claim)
    layout = screen.layout()
    for point in (move.origin, move.dest):
        screen.on_board_click(*layout.top_px(point, len(screen.state.stacks[point])))
    assert screen.match.actions == (GAME.action_text(GAME.new(2, 3), move),)
    assert '"actions":["' in host.storage.get("game/lyngk")
    assert host.storage.get("last") == "lyngk"
    assert host.element("position-text").textContent == GAME.position(screen.state)
    screen.undo()
    assert screen.match.actions == ()


def test_the_claim_buttons_toggle_and_show_before_the_move():
    screen, host = screen_at()
    screen.on_panel("claim", "G")
    assert 'data-value="G" aria-pressed="true"' in host.element("game-panel").innerHTML
    assert host.element("message").textContent == "You will claim green with this move."
    screen.on_panel("claim", "G")
    assert 'data-value="G" aria-pressed="false"' in host.element("game-panel").innerHTML


def test_a_forced_pass_is_explained_and_offered():
    """§9: a player with no legal turn passes; the panel says why and offers the button."""
    state = GAME.parse_position(position({"A1": "K", "E4": "R", "E5": "BG"}, claims="IB/RG", to_move=1))
    assert state.legal_actions() == (PASS,)
    host = FakeHost()
    screen = LyngkScreen(host, Match.new("lyngk", 2, 1))
    screen.match.restart_at(state)  # a constructed position, as the editor gives
    screen.render()
    panel = host.element("game-panel").innerHTML
    assert "has no legal turn" in panel and 'data-action="pass"' in panel


def test_game_over_shows_the_winner_and_the_tiebreak_vector():
    screen, host = screen_at(5)
    while not screen.state.is_terminal():
        screen.play(screen.state.legal_actions()[0])
    outcome = screen.state.outcome()
    box = host.element("game-over")
    assert not box.hidden
    assert ("wins!" in box.innerHTML) == bool(outcome.winners)
    for vector in outcome.tiebreak:
        assert "".join(f"<td>{v}</td>" for v in vector) in box.innerHTML


def test_chinese_panel_uses_the_glossary_terms():
    host = FakeHost("zh-TW")
    screen = LyngkScreen(host, Match.new("lyngk", 2, 3))
    screen.render()
    assert "佔領" in host.element("game-panel").innerHTML
    assert "輪到玩家 1" in host.element("game-panel").innerHTML
    assert isinstance(Move("", 0, 1), Move)


def test_the_picture_for_the_next_visit_is_drawn_at_css_pixel_size():
    screen, host = screen_at()
    screen.save_picture()
    picture = json.loads(host.storage.get("picture"))
    assert picture["game"] == "lyngk" and picture["image"].startswith("data:image/")
    assert host.element("board").width == 1400  # the live canvas is at the device ratio (2)
    drawn = host.offscreens[-1]
    assert (drawn.width, drawn.height) == (700, 600)  # the picture at CSS-pixel size
    assert "K" in drawn.context.texts() or "R" in drawn.context.texts()  # the board was drawn on it


def test_the_picture_for_the_next_visit_is_a_jpeg_on_the_boards_own_colour():
    """A JPEG decodes in half a WebP's time, and has no transparency: the board's colour is
    painted behind the whole board, or its empty parts would be black."""
    screen, host = screen_at()
    screen.save_picture()
    picture = json.loads(host.storage.get("picture"))
    assert picture["image"].startswith("data:image/jpeg;")
    assert picture["backdrop"] == BACKDROP  # what first-paint.js compares with the theme it finds
    calls = host.offscreens[-1].context.calls
    assert calls[-3:] == [("set", "globalCompositeOperation", "destination-over"),
                          ("set", "fillStyle", BACKDROP), ("fillRect", (0, 0, 700, 600))]


def test_the_status_line_after_a_move_says_the_move_log_words_not_notation():
    """The outside report: 'Player 1: +R G3-H1' while the move log said it in words."""
    from qipan.app import move_log
    for lang in ("en", "zh-TW"):
        host = FakeHost(lang)
        screen = LyngkScreen(host, Match.new("lyngk", 2, 3))
        screen.resize(700, 600, 2)
        before = screen.state
        move = next(m for m in before.legal_actions() if m != PASS and m.claim)
        screen.play(move)
        text = GAME.action_text(before, move)
        ply = move_log.Ply(0, 3, before, move, text, screen.state, screen.state)
        words = screen.words.describe(ply, screen.tr)
        shown = host.element("message").textContent
        assert words in shown and text not in shown, shown


def test_game_over_says_why_the_game_ended():
    screen, host = screen_at(5)
    while not screen.state.is_terminal():
        screen.play(screen.state.legal_actions()[0])
    assert "No one could move" in host.element("game-over").innerHTML
    state = GAME.parse_position(position({"E4": "BGK", "E5": "JRI", "A1": "R", "B2": "G"}, claims="K/-")
                                .replace("standard", "stack6"))
    host = FakeHost("zh-TW")
    screen = LyngkScreen(host, Match.from_position("lyngk", GAME.position(state)))
    screen.resize(700, 600, 2)
    screen.play(next(m for m in state.legal_actions() if m != PASS and m.origin == parse_point("E4")
                     and m.dest == parse_point("E5")))
    assert screen.state.is_terminal()
    assert "立即獲勝" in host.element("game-over").innerHTML


def _tap(screen: LyngkScreen, point: int) -> None:
    screen.on_board_click(*screen.layout().top_px(point, len(screen.state.stacks[point])))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), plies=st.integers(0, 30), pick=st.integers(0, 10**6))
def test_following_a_hint_by_tapping_its_stack_then_its_target_plays_it(seed, plies, pick):
    """The tablet report: Hint ("D6 onto E6") picked D6; the new player tapped D6, which let it go,
    then E6 ("E6 is topped by your opponent's colour"). A tap on the stack the hint picked keeps
    it picked, whatever the move and its claim, so the tap on the target plays the hinted move."""
    screen, host = screen_at(seed)
    rng = Rng(seed)
    for _ in range(plies):
        if screen.state.is_terminal():
            break
        screen.match.play_action(rng.choice(screen.state.legal_actions()))
    state = screen.state
    moves = [m for m in state.legal_actions() if m != PASS] if not state.is_terminal() else []
    if not moves:
        return
    move = moves[pick % len(moves)]
    screen.show_hint(move, GAME.action_text(state, move))
    hinted = host.element("message").textContent
    _tap(screen, move.origin)
    assert screen.selection == lyngk_play.Selection(move.claim, move.origin)
    assert host.element("message").textContent == hinted  # the hint's words stay to be read
    _tap(screen, move.dest)
    assert screen.match.states()[-1] == state.apply(move)


def test_once_the_player_takes_over_from_the_hint_a_second_tap_lets_the_stack_go():
    screen, host = screen_at()
    move = next(m for m in screen.state.legal_actions() if not m.claim)
    other = next(m.origin for m in screen.state.legal_actions() if not m.claim and m.origin != move.origin)
    screen.show_hint(move, GAME.action_text(screen.state, move))
    _tap(screen, other)  # the player picks another stack: the hint is over
    _tap(screen, move.origin)
    assert screen.selection.origin == move.origin
    _tap(screen, move.origin)
    assert screen.selection == lyngk_play.Selection()
    assert host.element("message").textContent == "Pick a stack to move."
