"""A display list: a 2D-context stand-in that records a frame's drawing, to be painted in one go.

In the browser every call a view makes on a real CanvasRenderingContext2D crosses from Python to
JavaScript on its own (Pyodide's FFI: a lookup, argument conversion and a call each), and a board
takes 160–600 of them per frame. A view draws on a `DisplayList` instead (pure Python: appending to
a list), and the web layer hands the whole list to JavaScript once (`json()`, replayed by
assets/js/replay.js); elsewhere (the tests, an `SvgCanvas`) `replay(ctx)` makes the same calls,
in the same order, on any 2D-context-like object. docs/performance.md has the figures.

The list is flat: one entry per call, `[name, *args]`, and one per property set, `["=" + name,
value]`. Trailing `None` arguments are dropped (JSON would turn them into `null`, and a canvas
reads `fillText(t, x, y, null)` as a maximum width of 0). A property set to the value it already
has (as far as the list knows: since its start, through `save`/`restore`, not across a layer,
which may set anything) is not recorded: a view sets the same font and colours box after box, and
each set costs the browser a parse.

**The unchanging layer.** Most of a board (grid, cells, labels, score sheets) stays the same from
one key press to the next; only the cursor and the highlights move. A view draws that part through
`unchanging(ctx, key, draw)`: on a display list it becomes one entry, `["@layer", index]` (a view
may draw several: what changes only with the size, theme or language apart from what changes with
the position). The web layer keeps a picture of each on an offscreen canvas and copies it in with
one `drawImage` (assets/js/replay.js) while its `key` (plus the transform and the canvas's size)
stays the same. A frame in which a key changed (a move) is painted with that layer's drawing in
place of its entry (`in_place`), and the new picture is made in a task of its own after that frame:
the move's task does not also rasterise the board offscreen, and a layer whose key held is copied
in as it was. On any other context, and in `replay`, `draw(ctx)` runs in
place: pictures are drawn call for call as before. `key` must hold everything `draw` reads (equal
keys, equal drawing: tests/ui check it).

**Pieces.** Inside a layer, a part that equal keys draw alike (a score sheet's row) is drawn
through `piece(ctx, key, draw)`: recorded once and kept in the screen's `Pieces` with its JSON, and
entered in the frame as it was. A move that changes one row of a sheet records and encodes that row
again, not the sheet: the layer drawn in place costs the key's task what changed, not what is drawn.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Hashable

Op = list[Any]
LAYER = "@layer"
"""The entry standing for the unchanging layer in a frame (replay.js draws the layer's picture)."""


class Piece:
    """A part of a drawing recorded once (`DisplayList.piece`): its frame and that frame's JSON
    entries (the text between the brackets)."""

    __slots__ = ("frame", "json")

    def __init__(self, frame: "DisplayList") -> None:
        self.frame = frame
        self.json = frame.json()[1:-1]


class Pieces:
    """A screen's pieces by key, the last used kept (at most `size`: the pieces of a few boards'
    worth of frames)."""

    def __init__(self, size: int = 400) -> None:
        self.size = size
        self.by_key: dict[Hashable, Piece] = {}

    def get(self, key: Hashable, draw: Callable[[Any], None]) -> Piece:
        """The piece of `key`, drawn by `draw` (on a frame of its own) the first time."""
        made = self.by_key.pop(key, None)
        if made is None:
            frame = DisplayList(nested=True, pieces=self)
            draw(frame)
            made = Piece(frame)
            if len(self.by_key) >= self.size:
                del self.by_key[next(iter(self.by_key))]  # (the one used longest ago)
        self.by_key[key] = made  # (last: used now)
        return made


@dataclass(frozen=True)
class Layer:
    """An unchanging part of a frame: `draw(ctx)` draws it; equal `key`s draw the same; drawn
    with `transform` (the frame's at the time)."""

    key: Hashable
    draw: Callable[[Any], None]
    transform: tuple[float, ...]


class LayerSlot:
    """Where a screen keeps one layer's pictures between frames (the host fills it): the last one
    made and the one before it, so that a layer going back to its previous key (Undo, Redo, a view
    toggled back, the board turned back) is copied in, not drawn again."""

    def __init__(self) -> None:
        self.key: Hashable = None
        """The key of the layer `image` shows (None: no picture yet)."""
        self.image: Any = None
        self.spare_key: Hashable = None
        """The key of the picture kept from before `image` (None: none kept)."""
        self.spare: Any = None
        """That picture, whose canvas the next picture made is drawn on."""
        self.wanted: tuple[Hashable, DisplayList, tuple[int, int]] | None = None
        """A layer whose picture is still to be made, after the frame that drew it in place: its
        key, its frame and the canvas's size in pixels."""

    def picture(self, key: Hashable) -> Any:
        """The picture of `key` if one is kept, or None (the spare, found, becomes the current)."""
        if self.image is not None and self.key == key:
            return self.image
        if self.spare is not None and self.spare_key == key:
            self.key, self.image, self.spare_key, self.spare = self.spare_key, self.spare, self.key, self.image
            return self.image
        return None

    def take_wanted(self) -> tuple[Hashable, DisplayList, tuple[int, int]] | None:
        """The layer to make a picture of now, if any (no longer wanted after this)."""
        wanted, self.wanted = self.wanted, None
        return wanted

    def take_spare(self) -> Any:
        """The spare picture's canvas, to draw the next picture on (None: none yet); it shows
        nothing kept from now on."""
        spare, self.spare, self.spare_key = self.spare, None, None
        return spare

    def made(self, key: Hashable, image: Any) -> None:
        """`image` now shows `key`; the picture it replaces is kept as the spare."""
        self.spare_key, self.spare = self.key, self.image
        self.key, self.image = key, image


@dataclass
class Plan:
    """How a frame is painted (`DisplayList.plan`): per layer, the picture to copy in (None where
    the layer is drawn in place), the frame to replay, and the slots whose picture is to be made
    after the frame (each once)."""

    pictures: list[Any]
    frame: "DisplayList"
    to_make: list[LayerSlot]


class DisplayList:
    """Records 2D-context calls and property sets, in order (reading a property back is not
    supported: views only set them)."""

    ops: list[Any]
    """The calls and property sets (`Op`s), and the pieces entered among them (`Piece`s, at `at`)."""
    layers: list[Layer]
    """The frame's unchanging parts, in the order the view drew them (`unchanging`)."""
    slots: list[LayerSlot] | None
    """Where the layers' pictures are kept between frames, one per layer (None: drawn afresh)."""
    transform: tuple[float, ...]
    """The last `setTransform`'s arguments (a layer is drawn with those of its time)."""
    nested: bool
    """A layer's own frame (`layer_frame`): an `unchanging` part in it is drawn in place."""
    state: dict[str, Any]
    """The properties known to be set now, and their values (what is not in it is unknown)."""
    saved: list[dict[str, Any]]
    """`state` at each `save` not yet restored."""
    pieces: Pieces | None
    """Where pieces are kept (None: each is drawn in place, call by call)."""
    at: list[int]
    """Where `ops` holds a `Piece` instead of a call (in order)."""

    def __init__(self, slots: list[LayerSlot] | None = None, *, nested: bool = False,
                 pieces: Pieces | None = None) -> None:
        object.__setattr__(self, "ops", [])
        object.__setattr__(self, "layers", [])
        object.__setattr__(self, "slots", slots)
        object.__setattr__(self, "transform", (1, 0, 0, 1, 0, 0))
        object.__setattr__(self, "nested", nested)
        object.__setattr__(self, "state", {})
        object.__setattr__(self, "saved", [])
        object.__setattr__(self, "pieces", pieces)
        object.__setattr__(self, "at", [])

    def __getattr__(self, name: str) -> Callable[..., None]:
        if name.startswith("__"):
            raise AttributeError(name)
        ops = self.ops

        def call(*args: Any) -> None:
            while args and args[-1] is None:
                args = args[:-1]
            ops.append([name, *args])

        self.__dict__[name] = call  # found directly next time
        return call

    def __setattr__(self, name: str, value: Any) -> None:
        state = self.state
        if name in state and state[name] == value and type(state[name]) is type(value):
            return  # (already so: a set again would cost the browser the same parse for nothing)
        state[name] = value
        self.ops.append(["=" + name, value])

    # -- the common calls, without the trip through __getattr__ --------------------------------------

    def beginPath(self) -> None:  # noqa: N802 (canvas names)
        self.ops.append(["beginPath"])

    def moveTo(self, x: float, y: float) -> None:  # noqa: N802
        self.ops.append(["moveTo", x, y])

    def lineTo(self, x: float, y: float) -> None:  # noqa: N802
        self.ops.append(["lineTo", x, y])

    def save(self) -> None:
        self.ops.append(["save"])
        self.saved.append(dict(self.state))

    def setTransform(self, *matrix: float) -> None:  # noqa: N802
        object.__setattr__(self, "transform", matrix)
        self.ops.append(["setTransform", *matrix])

    def unchanging(self, key: Hashable, draw: Callable[[Any], None]) -> None:
        """An unchanging part of the board: one `["@layer", index]` entry, drawn by `draw` when its
        picture is made. A view may draw several (what changes with the position apart from what
        changes only with the size, theme or language), each with its own key; one inside a
        layer's drawing is drawn in place."""
        if self.nested:
            draw(self)
            return
        self.ops.append([LAYER, len(self.layers)])
        self.layers.append(Layer(key, draw, self.transform))
        self.state.clear()  # (drawn in place, the layer's own sets are made here)

    def piece(self, key: Hashable, draw: Callable[[Any], None]) -> None:
        """A part of the drawing that equal `key`s draw alike: entered as recorded the first time
        (`Pieces`), or drawn in place where no pieces are kept. `key` must hold all `draw` reads."""
        if self.pieces is None:
            draw(self)
            return
        self.at.append(len(self.ops))
        self.ops.append(self.pieces.get(key, draw))
        self.state.clear()  # (the piece's own sets are made here)

    def layer_frame(self, index: int) -> "DisplayList":
        """A layer's own frame, to paint on its offscreen canvas (its transform first)."""
        layer = self.layers[index]
        frame = DisplayList(nested=True, pieces=self.pieces)
        frame.setTransform(*layer.transform)
        layer.draw(frame)
        return frame

    def in_place(self, drawn: dict[int, "DisplayList"]) -> "DisplayList":
        """This frame with the drawing of the layers in `drawn` (index -> its `layer_frame`) where
        their entries stand: for those, the calls `replay` makes and the pictures draw."""
        flat = DisplayList()
        ops, at = flat.ops, flat.at
        pieces = iter(self.at)
        piece = next(pieces, -1)
        for index, op in enumerate(self.ops):
            if index == piece:
                at.append(len(ops))
                ops.append(op)
                piece = next(pieces, -1)
            elif op[0] == LAYER and op[1] in drawn:
                layer = drawn[op[1]]
                at.extend(len(ops) + i - 1 for i in layer.at)  # (without the layer's setTransform)
                ops.extend(layer.ops[1:])
            else:
                ops.append(op)
        return flat

    def layer_key(self, index: int, size: tuple[int, int]) -> Hashable:
        """What a layer's picture depends on: its key, its transform and the canvas's size."""
        layer = self.layers[index]
        return layer.key, layer.transform, size

    def plan(self, size: tuple[int, int]) -> Plan:
        """How to paint this frame on a canvas of `size` pixels: a layer whose slot holds a picture
        of its key is copied in; any other is drawn in place (its slot then wants a picture of it,
        made after the frame: `LayerSlot.take_wanted`)."""
        pictures: list[Any] = []
        drawn: dict[int, DisplayList] = {}
        to_make: list[LayerSlot] = []
        for index in range(len(self.layers)):
            key = self.layer_key(index, size)
            slot = self.slot(index)
            picture = slot.picture(key) if slot is not None else None
            if picture is not None:
                pictures.append(picture)
                continue
            pictures.append(None)
            drawn[index] = self.layer_frame(index)
            if slot is not None:
                if slot.wanted is None:
                    to_make.append(slot)
                slot.wanted = (key, drawn[index], size)
        return Plan(pictures, self.in_place(drawn) if drawn else self, to_make)

    def slot(self, index: int) -> LayerSlot | None:
        """Where the picture of layer `index` is kept (made the first time), or None."""
        if self.slots is None:
            return None
        while len(self.slots) <= index:
            self.slots.append(LayerSlot())
        return self.slots[index]

    def restore(self) -> None:
        self.ops.append(["restore"])
        object.__setattr__(self, "state", self.saved.pop() if self.saved else {})

    # -- playing it back ------------------------------------------------------------------------------

    def replay(self, ctx: Any) -> None:
        """Make the recorded calls on `ctx`, one by one (CPython contexts, an SvgCanvas)."""
        for op in self.ops:
            if isinstance(op, Piece):
                op.frame.replay(ctx)
                continue
            name = op[0]
            if name == LAYER:
                self.layers[op[1]].draw(ctx)
            elif name[0] == "=":
                setattr(ctx, name[1:], op[1])
            else:
                getattr(ctx, name)(*op[1:])

    def json(self) -> str:
        """The list as JSON, for assets/js/replay.js (a piece's calls entered as its JSON, made
        when it was recorded)."""
        if not self.at:
            return _dumps(self.ops)
        parts, start = [], 0
        for index in self.at:
            parts.append(_dumps(self.ops[start:index])[1:-1])
            parts.append(self.ops[index].json)
            start = index + 1
        parts.append(_dumps(self.ops[start:])[1:-1])
        return "[" + ",".join(part for part in parts if part) + "]"


def _dumps(ops: list[Op]) -> str:
    """`ops` as JSON. A canvas ignores a call or a property set with a number that is not finite,
    and JSON cannot carry one: such entries are left out."""
    try:
        return json.dumps(ops, separators=(",", ":"), allow_nan=False)
    except ValueError:
        return json.dumps([op for op in ops if _finite(op)], separators=(",", ":"))


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(_finite(item) for item in value)
    return True


def piece(ctx: Any, key: Hashable, draw: Callable[[Any], None]) -> None:
    """Draw a part that equal `key`s draw alike (`draw(ctx)`): on a display list, recorded once and
    entered again as it was (`DisplayList.piece`); on any other context, at once."""
    if isinstance(ctx, DisplayList):
        ctx.piece(key, draw)
    else:
        draw(ctx)


def unchanging(ctx: Any, key: Hashable, draw: Callable[[Any], None]) -> None:
    """Draw an unchanging part of a board (`draw(ctx)`): on a display list, as a layer (painted
    again only when `key` changes); on any other context, at once."""
    if isinstance(ctx, DisplayList):
        ctx.unchanging(key, draw)
    else:
        draw(ctx)
