"""The display list (boardkit/display.py): what a view draws, recorded and played back, is the
same drawing, call for call, and its JSON is what assets/js/replay.js can paint."""

from __future__ import annotations

import json
import math
from dataclasses import replace

from fakes import FakeHost, RecordingContext
from seeded import seeded
from qipan import games
from qipan.boardkit.display import DisplayList, LayerSlot, Piece, Pieces
from qipan.boardkit.svg import SvgBoard, SvgCanvas
from qipan.games.quorsum.ui import view as quorsum_view
from qipan.match import Match


def test_calls_and_property_sets_are_recorded_in_order():
    frame = DisplayList()
    frame.fillStyle = "#123456"
    frame.beginPath()
    frame.arc(1, 2, 3, 0, math.tau)
    frame.fill()
    frame.setLineDash([2, 3])
    assert frame.ops == [["=fillStyle", "#123456"], ["beginPath"], ["arc", 1, 2, 3, 0, math.tau], ["fill"],
                         ["setLineDash", [2, 3]]]


def test_trailing_nones_are_dropped_so_a_max_width_is_never_zero():
    frame = DisplayList()
    frame.fillText("a", 1, 2, None)
    assert frame.ops == [["fillText", "a", 1, 2]]
    assert json.loads(frame.json()) == [["fillText", "a", 1, 2]]


def test_entries_with_numbers_that_are_not_finite_are_left_out_of_the_json():
    frame = DisplayList()
    frame.lineWidth = math.nan
    frame.moveTo(0, math.inf)
    frame.lineTo(1, 2)
    assert json.loads(frame.json()) == [["lineTo", 1, 2]]


def drawn(calls: list) -> list:
    """What `calls` on a 2D context draw: each call that is not a property set, with the value of
    every property in force at the time (a property set to the value it has draws nothing new)."""
    state: dict = {}
    stack: list[dict] = []
    out = []
    for call in calls:
        if call[0] == "set":
            state[call[1]] = call[2]
            continue
        name, args = call
        if name == "save":
            stack.append(dict(state))
        elif name == "restore":
            state = stack.pop() if stack else {}
        out.append((name, args, tuple(sorted(state.items()))))
    return out


def test_replay_draws_what_drawing_directly_draws():
    for game_id in games.GAME_IDS:
        screen = games.ui(game_id).screen(FakeHost(), seeded(game_id))
        screen.width, screen.height = 600.0, 520.0
        direct, frame, played, flat = RecordingContext(), DisplayList(), RecordingContext(), RecordingContext()
        screen.draw(direct, 600, 520)
        screen.draw(frame, 600, 520)
        frame.replay(played)
        assert drawn(played.calls) == drawn(direct.calls), game_id
        # every layer drawn in place, as a browser paints a frame whose layers changed
        frame.in_place({i: frame.layer_frame(i) for i in range(len(frame.layers))}).replay(flat)
        assert drawn(flat.calls) == drawn(direct.calls), game_id
        assert len(flat.calls) < len(direct.calls), game_id  # (the sets again of what was set are gone)


def test_a_property_set_again_to_its_value_is_not_recorded_until_a_restore_or_a_layer():
    frame = DisplayList()
    frame.font = "12px serif"
    frame.fillStyle = "#111"
    frame.font = "12px serif"  # (dropped)
    frame.save()
    frame.fillStyle = "#222"
    frame.fillStyle = "#222"  # (dropped)
    frame.restore()
    frame.fillStyle = "#111"  # the restore brought #111 back: dropped
    frame.lineWidth = 1
    frame.lineWidth = 1.0  # (a float: recorded, as JSON keeps it apart)
    frame.unchanging("k", lambda ctx: None)
    frame.font = "12px serif"  # after a layer, which may set anything: recorded
    assert frame.ops == [["=font", "12px serif"], ["=fillStyle", "#111"], ["save"], ["=fillStyle", "#222"],
                         ["restore"], ["=lineWidth", 1], ["=lineWidth", 1.0], ["@layer", 0], ["=font", "12px serif"]]


def test_every_games_svg_is_the_same_drawn_directly_or_through_the_list():
    for game_id in games.GAME_IDS:
        host = FakeHost()
        board = SvgBoard(600, 600)
        host.elements["board"] = board
        screen = games.ui(game_id).screen(host, seeded(game_id))
        screen.resize(600, 600, 1)  # redraw: through a display list and host.paint
        direct = SvgCanvas(600, 600)
        direct.setTransform(1, 0, 0, 1, 0, 0)
        screen.draw(direct, 600, 600)
        assert board.context.svg("t") == direct.svg("t"), game_id


# -- the unchanging layer ---------------------------------------------------------------------------

KEYS = ("ArrowRight", "ArrowRight", "ArrowDown", "Enter", "ArrowLeft", "ArrowDown", "ArrowRight", "Enter",
        "ArrowUp", "ArrowLeft", "Escape")
"""bench/latency.py's keys: cursor moves, picks and moves, a cancel."""

DRAWS = {"fill", "stroke", "fillText", "strokeText", "fillRect", "strokeRect", "clearRect", "drawImage"}
FILL, STROKE = {"fillStyle"}, {"strokeStyle", "lineWidth", "lineCap", "lineJoin", "miterLimit", "setLineDash",
                                "lineDashOffset"}
TEXT = {"font", "textAlign", "textBaseline", "direction", "letterSpacing"}
UNUSED = {"fill": STROKE | TEXT, "stroke": FILL | TEXT, "fillText": STROKE, "strokeText": FILL,
          "fillRect": STROKE | TEXT, "strokeRect": FILL | TEXT, "clearRect": FILL | STROKE | TEXT,
          "drawImage": FILL | STROKE | TEXT}
"""Per drawing call, the properties it does not read (every other one it may)."""
DEFAULTS = {"globalAlpha": 1, "globalCompositeOperation": "source-over", "lineWidth": 1, "lineCap": "butt",
            "lineJoin": "miter", "lineDashOffset": 0, "textAlign": "start", "textBaseline": "alphabetic"}
"""A fresh context's values: setting one is the same as never setting it."""
PATH = {"moveTo", "lineTo", "arc", "arcTo", "rect", "roundRect", "ellipse", "quadraticCurveTo", "bezierCurveTo",
        "closePath"}


class CanvasModel:
    """A 2D context's state (properties, line dash, transform, clip, current path, save stack), and
    for each drawing call the state it sees."""

    def __init__(self) -> None:
        self.state: dict[str, object] = {}
        self.path: list[object] = []
        self.stack: list[dict[str, object]] = []
        self.seen: list[tuple[object, ...]] = []

    def run(self, ops: list[list[object]]) -> None:
        for name, *args in ops:
            assert isinstance(name, str)
            if name.startswith("="):
                self.state[name[1:]] = args[0]
            elif name == "save":
                self.stack.append(dict(self.state))
            elif name == "restore":
                self.state = self.stack.pop() if self.stack else self.state
            elif name == "beginPath":
                self.path = []
            elif name in PATH:
                self.path.append((name, *args))
            elif name in ("setLineDash", "clip"):
                self.state[name] = (self.state.get(name, ()), *args) if name == "clip" else tuple(args)
                if name == "clip":
                    self.state["clip"] = (self.state["clip"], tuple(self.path))
            elif name == "setTransform":
                self.state["transform"] = tuple(args)
            elif name in ("translate", "rotate", "scale", "transform"):
                self.state["transform"] = (self.state.get("transform"), name, *args)
            elif name in DRAWS:
                path = tuple(self.path) if name in ("fill", "stroke") else ()  # (the others draw their own shape)
                state = tuple(sorted((k, v) for k, v in self.state.items()
                                     if k not in UNUSED[name] and DEFAULTS.get(k, ...) != v and v != ([],)))
                self.seen.append((name, *args, state, path))
            else:
                raise AssertionError(f"a call the model does not know: {name}")


def drawn_in_layers(frame: DisplayList, in_place: frozenset[int] = frozenset()) -> list[tuple[object, ...]]:
    """What each drawing call sees when painted as the browser does: the layers of `in_place` drawn
    where their entries stand (a frame whose layer changed), every other layer on a fresh canvas
    with its transform and copied in, the rest of the frame on a fresh one."""
    main, seen = CanvasModel(), []
    for op in frame.in_place({i: frame.layer_frame(i) for i in in_place}).ops:
        if op[0] != "@layer":
            main.run([op])
            continue
        assert not main.stack and "clip" not in main.state, "a layer is copied in outside any save and clip"
        seen += main.seen
        main.seen = []
        layer = CanvasModel()
        layer.run(frame.layer_frame(op[1]).ops)
        seen += layer.seen
    return seen + main.seen


def drawn_in_order(frame: DisplayList) -> list[tuple[object, ...]]:
    """What each drawing call sees when the frame is drawn call for call (a picture)."""
    flat = DisplayList()
    frame.replay(flat)
    model = CanvasModel()
    model.run(flat.ops)
    return model.seen


def frames_while_playing(game_id: str, players: int | None = None, steps: list[str] | None = None,
                         pieces: Pieces | None = None):
    """Every frame a screen draws while the bench's keys are pressed, with a move played, a past
    position reviewed or the theme switched now and then; `steps` gets, per frame, the input that
    came before it (a key's name, "move", "review", "theme"; "" for the first). With `pieces`, the
    frames keep their pieces there, as a screen does."""
    host = FakeHost()
    screen = games.ui(game_id).screen(host, seeded(game_id, plies=4, players=players))
    screen.width, screen.height = 760.0, 620.0
    step = ""
    for n in range(88):
        frame = DisplayList(pieces=pieces)
        frame.setTransform(2, 0, 0, 2, 0, 0)
        screen.draw(frame, 760, 620)
        if steps is not None:
            steps.append(step)
        yield frame
        state = screen.state
        if state.is_terminal():
            return
        if screen.reviewing:  # (the board takes no keys meanwhile: web/app.py)
            screen.view(None)
            step = "review"
        elif n % 8 == 7:
            if state.is_chance():
                screen.roll()
            else:
                legal = state.legal_actions()
                screen.play(legal[n % len(legal)])
            step = "move"
        elif n % 29 == 28:
            screen.view(len(screen.match.actions) - 1)
            step = "review"
        elif n % 37 == 36:
            host.dark = not host.dark
            step = "theme"
        else:
            step = KEYS[n % len(KEYS)]
            screen.on_key(step)


def test_every_game_draws_most_of_its_board_as_an_unchanging_layer():
    for game_id in games.GAME_IDS:
        frame = DisplayList()
        games.ui(game_id).screen(FakeHost(), seeded(game_id)).draw(frame, 600, 520)
        assert frame.layers, game_id
        assert sum(len(frame.layer_frame(i).ops) for i in range(len(frame.layers))) > len(frame.ops), game_id


def test_equal_layer_keys_draw_equal_layers_and_every_call_sees_the_same_state_as_drawn_in_order():
    for game_id, players in [(g, None) for g in games.GAME_IDS] + [("calavera", 3), ("gype", 4)]:
        layers: dict[object, list[list[object]]] = {}
        steps: list[str] = []
        before: list[object] = []
        for frame in frames_while_playing(game_id, players, steps):
            assert frame.layers
            keys = [frame.layer_key(index, (1520, 1240)) for index in range(len(frame.layers))]
            for index, key in enumerate(keys):
                ops = frame.layer_frame(index).ops
                assert layers.setdefault((index, key), ops) == ops, f"{game_id}: one key, two drawings"
            if steps[-1].startswith("Arrow"):  # a cursor move redraws no layer
                assert keys == before, f"{game_id}: {steps[-1]} changed a layer"
            before = keys
            in_order = drawn_in_order(frame)
            for in_place in [frozenset(), frozenset(range(len(keys)))] + [frozenset({i}) for i in range(len(keys))]:
                assert drawn_in_layers(frame, in_place) == in_order, (game_id, sorted(in_place))
        assert any(step.startswith("Arrow") for step in steps) and len(layers) > len(before), game_id


def test_a_frame_with_its_layer_in_place_makes_the_calls_a_picture_makes():
    """A move's frame is painted with its changed layers drawn in place (web/app.py), in every game:
    what the pictures draw when all are; with some, their entries stay."""
    for game_id in games.GAME_IDS:
        for count, frame in enumerate(frames_while_playing(game_id)):
            pictures, in_place = RecordingContext(), RecordingContext()
            frame.replay(pictures)
            everything = {i: frame.layer_frame(i) for i in range(len(frame.layers))}
            frame.in_place(everything).replay(in_place)
            assert drawn(in_place.calls) == drawn(pictures.calls), (game_id, count)
            first = frame.in_place({0: everything[0]}).ops
            assert first.count(["@layer", 0]) == 0 and len(first) == len(frame.ops) - 1 + len(everything[0].ops) - 1


# -- how a frame is painted: which layers are copied in, which drawn in place ------------------------

def two_layers(slots: list[LayerSlot] | None, first: str, second: str, size: int = 1) -> DisplayList:
    frame = DisplayList(slots)
    frame.setTransform(size, 0, 0, size, 0, 0)
    frame.fillRect(0, 0, 1, 1)
    frame.unchanging(first, lambda ctx: ctx.fillText(first, 0, 0))
    frame.unchanging(second, lambda ctx: ctx.fillText(second, 0, 0))
    frame.strokeRect(0, 0, 1, 1)
    return frame


def made(slots: list[LayerSlot], to_make: list[LayerSlot]) -> None:
    """What the web layer does after the frame (App.make_layer): a picture of each wanted layer,
    drawn over the slot's spare."""
    for slot in to_make:
        wanted = slot.take_wanted()
        if wanted is not None:
            slot.take_spare()
            slot.made(wanted[0], f"picture of {wanted[1].ops[1][1]}")


def test_a_frame_draws_changed_layers_in_place_and_copies_in_the_others():
    slots: list[LayerSlot] = []
    first = two_layers(slots, "grid", "stones").plan((10, 10))
    assert first.pictures == [None, None] and len(first.to_make) == 2
    assert ["@layer", 0] not in first.frame.ops and ["fillText", "stones", 0, 0] in first.frame.ops
    made(slots, first.to_make)
    again = two_layers(slots, "grid", "stones").plan((10, 10))
    assert again.pictures == ["picture of grid", "picture of stones"] and not again.to_make
    assert again.frame.ops.count(["@layer", 0]) == 1 and ["fillText", "grid", 0, 0] not in again.frame.ops
    moved = two_layers(slots, "grid", "moved").plan((10, 10))
    assert moved.pictures == ["picture of grid", None] and moved.to_make == [slots[1]]
    assert ["@layer", 0] in moved.frame.ops and ["fillText", "moved", 0, 0] in moved.frame.ops


def test_a_layer_back_at_its_previous_key_is_copied_in_from_the_spare():
    """Undo, Redo, a view toggled and back: the picture before the last is kept and copied in."""
    slots: list[LayerSlot] = []
    made(slots, two_layers(slots, "grid", "a").plan((10, 10)).to_make)
    made(slots, two_layers(slots, "grid", "b").plan((10, 10)).to_make)
    back = two_layers(slots, "grid", "a").plan((10, 10))
    assert back.pictures == ["picture of grid", "picture of a"] and not back.to_make
    assert ["fillText", "a", 0, 0] not in back.frame.ops
    forth = two_layers(slots, "grid", "b").plan((10, 10))
    assert forth.pictures == ["picture of grid", "picture of b"] and not forth.to_make
    made(slots, two_layers(slots, "grid", "c").plan((10, 10)).to_make)  # (drawn over a's picture)
    assert slots[1].spare_key is not None and "a" not in str(slots[1].spare_key)
    assert two_layers(slots, "grid", "a").plan((10, 10)).pictures[1] is None  # two kept, not three


def test_a_newer_frame_before_the_picture_is_made_wants_its_own_layer_once():
    slots: list[LayerSlot] = []
    made(slots, two_layers(slots, "grid", "a").plan((10, 10)).to_make)
    assert two_layers(slots, "grid", "b").plan((10, 10)).to_make == [slots[1]]
    assert two_layers(slots, "grid", "c").plan((10, 10)).to_make == []  # (one task is already queued)
    made(slots, [slots[1]])
    assert slots[1].image == "picture of c" and two_layers(slots, "grid", "c").plan((10, 10)).pictures[1] == slots[1].image


def test_a_new_size_or_transform_draws_every_layer_again_and_no_slots_keep_nothing():
    slots: list[LayerSlot] = []
    made(slots, two_layers(slots, "grid", "a").plan((10, 10)).to_make)
    assert two_layers(slots, "grid", "a").plan((20, 10)).pictures == [None, None]
    assert two_layers(slots, "grid", "a", size=2).plan((20, 10)).pictures == [None, None]
    alone = two_layers(None, "grid", "a").plan((10, 10))
    assert alone.pictures == [None, None] and not alone.to_make and "@layer" not in str(alone.frame.ops)


def test_a_layer_drawn_inside_a_layer_is_drawn_in_place():
    frame = DisplayList([])
    frame.unchanging("outer", lambda ctx: (ctx.fillRect(0, 0, 1, 1), ctx.unchanging("inner", lambda c: c.fill())))
    assert len(frame.layers) == 1 and frame.layer_frame(0).ops[1:] == [["fillRect", 0, 0, 1, 1], ["fill"]]



# -- pieces: parts recorded once and entered again by key ----------------------------------------------


def expanded(ops: list) -> list:
    """`ops` with each piece's calls where the piece stands (what its JSON carries)."""
    out = []
    for op in ops:
        out.extend(expanded(op.frame.ops) if isinstance(op, Piece) else [op])
    return out


def test_a_piece_is_recorded_once_per_key_and_entered_again_as_it_was():
    pieces, drawn_keys = Pieces(size=2), []

    def part(key):
        def draw(ctx):
            drawn_keys.append(key)
            ctx.fillStyle = key
            ctx.fillRect(0, 0, 1, 1)
        return draw

    frames = []
    for keys in (["a", "b"], ["b", "a"], ["c", "a"]):
        frame = DisplayList(pieces=pieces)
        frame.fillStyle = "a"
        for key in keys:
            frame.piece(key, part(key))
        frame.fillStyle = "a"  # (after a piece: recorded again, whatever it set)
        frames.append(frame)
    assert drawn_keys == ["a", "b", "c"]  # "b", used longest ago, made way for "c" (size 2); "a" kept
    assert json.loads(frames[2].json()) == expanded(frames[2].ops) == [
        ["=fillStyle", "a"], ["=fillStyle", "c"], ["fillRect", 0, 0, 1, 1], ["=fillStyle", "a"],
        ["fillRect", 0, 0, 1, 1], ["=fillStyle", "a"]]
    afresh = DisplayList()  # no pieces kept: drawn in place
    afresh.piece("a", part("a"))
    assert afresh.ops == [["=fillStyle", "a"], ["fillRect", 0, 0, 1, 1]] and drawn_keys[-1] == "a"


def test_pieces_kept_from_frame_to_frame_draw_what_drawing_afresh_draws():
    """A piece's key holds all it reads: while every game is played, a frame with its layers drawn
    in place from the pieces kept since the frames before draws what drawing afresh draws, and its
    JSON carries those calls."""
    for game_id in games.GAME_IDS:
        pieces = Pieces()
        for count, frame in enumerate(frames_while_playing(game_id, pieces=pieces)):
            flat = frame.in_place({i: frame.layer_frame(i) for i in range(len(frame.layers))})
            kept, afresh = RecordingContext(), RecordingContext()
            flat.replay(kept)
            frame.replay(afresh)  # (a layer drawn on a context that is no display list draws its pieces in place)
            assert drawn(kept.calls) == drawn(afresh.calls), (game_id, count)
            assert json.loads(flat.json()) == expanded(flat.ops), (game_id, count)
        if game_id == "calavera":
            assert pieces.by_key, game_id  # (its sheets' rows and strips)


# -- what an input records again (docs/performance.md, "Tenth round") -----------------------------

class PlanningHost(FakeHost):
    """Paints as the app does: a frame's changed layers drawn in place from the screen's pieces
    (`DisplayList.plan`), their JSON made, each picture made at once."""

    def paint(self, ctx, frame: DisplayList) -> None:
        plan = frame.plan((1520, 1240))
        plan.frame.json()
        for slot in plan.to_make:
            key, _layer, _size = slot.take_wanted()
            slot.made(key, object())


def _recorded(screen, answer) -> int:
    """How many pieces `screen` records while it answers an input (`answer()`)."""
    before = set(screen.pieces.by_key)
    answer()
    return len(set(screen.pieces.by_key) - before)


def test_a_turned_gype_board_records_no_piece_and_a_calavera_pick_no_die():
    gype = games.ui("gype").screen(PlanningHost(), seeded("gype", plies=20))
    gype.resize(760, 620, 2)
    gype.render()
    assert len(gype.pieces.by_key) >= 2  # (the dice's bodies and pictograms)
    assert _recorded(gype, lambda: gype.on_panel("rotate", "")) == 0  # every pictogram turned, none recorded
    calavera = games.ui("calavera").screen(PlanningHost(), Match.new("calavera", 2, 5, start_player=0))
    calavera.resize(760, 620, 2)
    calavera.render()
    calavera.on_panel("roll", "")
    assert any(key[0] == "die" for key in calavera.pieces.by_key)
    assert _recorded(calavera, lambda: calavera.on_panel("die", "0")) == 0  # lifted, not drawn again
    assert _recorded(calavera, lambda: calavera.on_panel("die", "0")) == 0


def test_a_quorsum_pawn_move_or_a_hezong_stone_leaves_the_board_s_layer_or_its_grid():
    layout = quorsum_view.Layout(600, 600)
    scene = quorsum_view.Scene(values=(1,) * 16, colours=(0, 1) * 8, locks=(-1,) * 16, pawns=((0, 0, 0), (1, 15, 15)))
    moved = replace(scene, pawns=((0, 5, 0), (1, 15, 15)))
    keys = []
    for drawn in (scene, moved):
        frame = DisplayList()
        quorsum_view.draw(frame, layout, drawn)
        keys.append(frame.layer_key(0, (600, 600)))
    assert keys[0] == keys[1]  # the tiles and houses are the same: no layer drawn again
    hezong = games.ui("hezong").screen(PlanningHost(), seeded("hezong", plies=2))
    hezong.resize(760, 620, 2)
    hezong.render()
    assert {"grid", "labels", "coordinates"} <= {key[0] for key in hezong.pieces.by_key}
    legal = hezong.state.legal_actions()
    assert _recorded(hezong, lambda: hezong.play(legal[0])) == 0
