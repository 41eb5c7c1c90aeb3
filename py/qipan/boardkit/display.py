"""A display list: a 2D-context stand-in that records a frame's drawing, to be painted in one go.

In the browser every call a view makes on a real CanvasRenderingContext2D crosses from Python to
JavaScript on its own (Pyodide's FFI: a lookup, argument conversion and a call each), and a board
takes 160–600 of them per frame. A view draws on a `DisplayList` instead (pure Python: appending to
a list), and the web layer hands the whole list to JavaScript once (`json()`, replayed by
assets/js/replay.js); elsewhere (the tests, an `SvgCanvas`) `replay(ctx)` makes the same calls,
in the same order, on any 2D-context-like object. docs/performance.md has the figures.

The list is flat: one entry per call, `[name, *args]`, and one per property set, `["=" + name,
value]`. Trailing `None` arguments are dropped (JSON would turn them into `null`, and a canvas
reads `fillText(t, x, y, null)` as a maximum width of 0).
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable

Op = list[Any]


class DisplayList:
    """Records 2D-context calls and property sets, in order (reading a property back is not
    supported: views only set them)."""

    ops: list[Op]

    def __init__(self) -> None:
        object.__setattr__(self, "ops", [])

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

    def restore(self) -> None:
        self.ops.append(["restore"])

    # -- playing it back ------------------------------------------------------------------------------

    def replay(self, ctx: Any) -> None:
        """Make the recorded calls on `ctx`, one by one (CPython contexts, an SvgCanvas)."""
        for op in self.ops:
            name = op[0]
            if name[0] == "=":
                setattr(ctx, name[1:], op[1])
            else:
                getattr(ctx, name)(*op[1:])

    def json(self) -> str:
        """The list as JSON, for assets/js/replay.js. A canvas ignores a call or a property set
        with a number that is not finite, and JSON cannot carry one: such entries are left out."""
        try:
            return json.dumps(self.ops, separators=(",", ":"), allow_nan=False)
        except ValueError:
            return json.dumps([op for op in self.ops if _finite(op)], separators=(",", ":"))


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(_finite(item) for item in value)
    return True
