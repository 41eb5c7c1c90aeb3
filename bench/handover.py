"""The frame's hand-over to JavaScript: which wire format costs least, in Pyodide.

    python3 tools/vendor.py && node bench/pyodide_node.mjs bench/handover.py [repeats]

For every game's full frame (what a move repaints: the unchanging layer and the rest) and its
cursor-move frame (with the layer kept), the median time of
- json: `DisplayList.json()` in Python and `JSON.parse` in JavaScript (what the app does);
- to_js: `pyodide.ffi.to_js(frame.ops)` (Python lists into JavaScript arrays by the FFI);
- packed: the numbers into one `array('d')` handed over as a Float64Array, the names and strings
  joined into one string, split in JavaScript.
docs/performance.md has the figures.
"""

from __future__ import annotations

import statistics
import sys
import time
from array import array
from typing import Any, Callable

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from qipan import games
from qipan.boardkit.display import DisplayList
from qipan.boardkit.store import Storage
from qipan.i18n import t
from qipan.match import Match

SEP = "\x1f"


class Element:
    """What a screen touches of an element, doing nothing."""

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


class Host:
    """A screen's host that keeps nothing and paints nothing."""

    storage, can_save, dark = Storage(None), False, False

    def tr(self, key: str, **values: object) -> str:
        return t(key, "en", **values)

    def element(self, element_id: str) -> Any:
        return Element()

    def paint(self, ctx: Any, frame: DisplayList) -> None:
        pass

    def after_frame(self, task: Callable[[], None]) -> None:
        task()

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


def packed(ops: list[list[Any]]) -> tuple[array, str]:
    """Numbers in one array of doubles; per entry its name, then per argument "n" (the next
    number) or the string itself, all joined by SEP."""
    numbers, words = array("d"), []
    for op in ops:
        words.append(op[0])
        words.append(str(len(op) - 1))
        for arg in op[1:]:
            if isinstance(arg, (int, float)) and not isinstance(arg, bool):
                numbers.append(arg)
                words.append("")
            else:
                words.append(str(arg))
    return numbers, SEP.join(words)


UNPACK = js.Function.new("numbers", "words", """
  const w = words.split("\\x1f"); const out = []; let n = 0;
  for (let i = 0; i < w.length;) {
    const op = [w[i]]; const count = +w[i + 1]; i += 2;
    for (let k = 0; k < count; k++, i++) op.push(w[i] === "" ? numbers[n++] : w[i]);
    out.push(op);
  }
  return out.length;
""")


def timed(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"median of {repeats}, ms (Pyodide on Node; the page's CPU is about as fast, 4x slower on a tablet)")
    print(f"{'game':9} {'frame':7} {'entries':>7} {'json':>7} {'to_js':>7} {'packed':>7}")
    for game_id in games.GAME_IDS:
        game = games.get(game_id)
        match = Match.new(game_id, game.min_players, 7)
        for _ in range(6):
            if match.state.is_chance():
                match.sample_chance()
            elif not match.state.is_terminal():
                match.play_action(match.state.legal_actions()[0])
        screen = games.ui(game_id).screen(Host(), match)
        screen.width, screen.height = 760.0, 620.0
        frame = DisplayList()
        frame.setTransform(2, 0, 0, 2, 0, 0)
        screen.draw(frame, 760, 620)
        full = DisplayList()
        frame.replay(full)  # everything, as after a move
        for name, ops in (("move", full.ops), ("cursor", frame.ops)):
            print(f"{game_id:9} {name:7} {len(ops):7d} " + " ".join(f"{timed(work, repeats):7.2f}" for work in ways(ops)))


def ways(ops: list[list[Any]]) -> tuple[Callable[[], object], ...]:
    """The three hand-overs of `ops`: json, to_js, packed."""

    def pack() -> object:
        numbers, words = packed(ops)
        return UNPACK(to_js(memoryview(numbers)), words)

    return (lambda: js.JSON.parse(_with(ops).json())), (lambda: to_js(ops)), pack


def _with(ops: list[list[Any]]) -> DisplayList:
    frame = DisplayList()
    frame.ops.extend(ops)
    return frame


main()
