"""Where to click on the Gype canvas (the app's own Layout) and a greedy player for long games."""

from __future__ import annotations

from qipan.core import Rng
from qipan.games.gype import GAME, GypeState, Jump, Leap, Roll, Step
from qipan.games.gype.board import FORWARD
from qipan.games.gype.ui.view import Layout
from support import settled


def position_text(page) -> str:
    return page.locator("#position-text").text_content().strip()


def state_of(page) -> GypeState:
    return GAME.parse_position(position_text(page))


def layout_of(page, bottom: str = "S") -> Layout:
    box = page.locator("#board").bounding_box()
    return Layout(box["width"], box["height"], bottom)


def click_cell(page, cell: int, bottom: str = "S") -> None:
    """Click the centre of a cell as a player would."""
    box = page.locator("#board").bounding_box()
    x, y = Layout(box["width"], box["height"], bottom).to_px(cell)
    page.mouse.click(box["x"] + x, box["y"] + y)
    settled(page)


def progress(state: GypeState, player: int, cell: int) -> int:
    """How far along its way (0 start row .. 9 goal row) a cell is for a player."""
    fx, fy = FORWARD[state.rules.seats[player]]
    x, y = cell % 10, cell // 10
    return y if fy > 0 else 9 - y if fy < 0 else x if fx > 0 else 9 - x


def greedy(state: GypeState, rng: Rng):
    """The decision that advances a die furthest (ties broken by the seeded rng); else a re-roll
    of a die that cannot move forward."""
    best, best_score = [], 0
    for action in state.legal_actions():
        if isinstance(action, Roll):
            continue
        to = action.landings[-1] if isinstance(action, Jump) else action.to
        gain = progress(state, state.current, to) - progress(state, state.current, action.frm)
        if gain > best_score:
            best, best_score = [action], gain
        elif gain == best_score and gain > 0:
            best.append(action)
    if best:
        return rng.choice(best)
    rolls = [a for a in state.legal_actions() if isinstance(a, Roll)
             and progress(state, state.current, a.cell) < 9]
    return rng.choice(rolls or list(state.legal_actions()))


__all__ = ["click_cell", "greedy", "layout_of", "position_text", "state_of", "Step", "Leap"]


def replay_html(calls: list, width: int, height: int) -> str:
    """A page that replays recorded canvas calls (tests/fakes.RecordingContext) on a real canvas,
    to look at a constructed scene without booting Python."""
    import json
    data = json.dumps([list(c) for c in calls])
    return (f'<canvas id="c" width="{width * 2}" height="{height * 2}" style="width:{width}px;height:{height}px">'
            f'</canvas><script>const ctx = document.getElementById("c").getContext("2d"); ctx.scale(2, 2);'
            f'for (const c of {data}) {{ if (c[0] === "set") ctx[c[1]] = c[2]; else ctx[c[0]](...c[1]); }}'
            f'</script>')
