"""A game's side panel on a touch tablet keeps what is new in view above its sticky controls: a
player has scrolled the panel so that the message line lies under the Undo/Redo/Hint bar (or
above the view), presses Hint, and the answer is scrolled whole into view above the bar (a tap at
its centre lands on it, not on a button of the bar), not squeezed. LYNGK and Gype at 1024x600,
768x1024 and 1024x768 (the message is out of view only where the panel is short: at least one
size must hide it); then a phone (390x844, no sticky bar) keeps the hint in the panel's view.
A panel that scrolls says so (its scrollbar is hidden on a touch screen): shades at its edges, in
both themes; the turn line stays at its top down to its end. The picker's wrapped buttons keep a
gap above its cards. One page for the module, the games opened from the picker."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support import boot, next_frame, resize, seen, settled, shot, tap_control, watch

GAMES = ("lyngk", "gype")
"""Games whose panel at the start is tall enough to hide the message (Hezong's is not; Calavera and
Quorsum start at a roll, where Hint has nothing to answer: e2e/test_quorsum_match.py checks
Quorsum's "Next game" and messages)."""
HINT_MS = 60_000
"""The hard level thinks in a worker; the first hint also starts its Python."""


@pytest.fixture(scope="module")
def app(browser, server):
    context = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=11")
    yield page, seen
    context.close()


def open_game(page, game_id: str) -> None:
    """Back to the picker by the brand button, then the game's Play (or Resume) button."""
    page.locator("#nav-games").tap()
    page.locator(f'#screen-picker [data-game="{game_id}"]').tap()
    expect(page.locator("#screen-play")).to_be_visible()
    expect(page.locator("#game-panel")).not_to_be_empty()


def where(page, selector: str) -> dict:
    """`selector`'s box against the panel's and the sticky bar's top; what is at its centre (once
    the page has scrolled what is new into view)."""
    next_frame(page)
    return page.evaluate("""(s) => {
        const node = document.querySelector(s), r = node.getBoundingClientRect();
        const panel = document.getElementById("panel").getBoundingClientRect();
        const controls = document.querySelector("#panel .controls"), bar = controls.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {top: r.top, bottom: r.bottom, panel_top: panel.top, panel_bottom: panel.bottom,
                bar_top: bar.top, sticky: getComputedStyle(controls).position === "sticky",
                itself: !!(hit && hit.closest(s)), clipped: node.scrollHeight > node.clientHeight + 1};
    }""", selector)


def scroll_message_out_of_view(page) -> None:
    """What a player may have done: scroll the panel until the message line is under the bar, or
    where the panel's top part is too short for that, open the move log and the position text
    and scroll down to them (the message then lies above the view)."""
    page.evaluate("""() => {
        const panel = document.getElementById("panel");
        const message = document.getElementById("message").getBoundingClientRect();
        const bar = document.querySelector("#panel .controls").getBoundingClientRect();
        if (message.top - bar.top - 4 + panel.scrollTop >= 0) {
            panel.scrollTop += message.top - bar.top - 4;
        } else {
            document.querySelectorAll("#panel details").forEach(d => { d.open = true; });
            panel.scrollTop = panel.scrollHeight;
        }
    }""")


def ask_hint(page) -> None:
    page.locator("#btn-hint").tap()
    expect(page.locator("#message")).to_contain_text("would choose", timeout=HINT_MS)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_answer_is_scrolled_above_the_sticky_controls(app, game_id):
    page, _ = app
    hidden_at = []
    for size in ({"width": 1024, "height": 600}, {"width": 768, "height": 1024}, {"width": 1024, "height": 768}):
        resize(page, size["width"], size["height"])
        open_game(page, game_id)
        scroll_message_out_of_view(page)
        before = where(page, "#message")
        assert before["sticky"], before
        if before["itself"]:
            continue  # nothing to scroll at this size: the whole panel is in view
        hidden_at.append(size["width"])
        ask_hint(page)
        after = where(page, "#message")
        assert after["itself"], after
        assert after["panel_top"] <= after["top"] and after["bottom"] <= after["bar_top"] + 0.5, after
        assert not after["clipped"], after
        marked = page.locator("#game-panel .hinted")
        if marked.count():  # the control the hint marks (Table Gype's way): in view too, when both fit
            box = marked.first.bounding_box()
            turn = page.locator("#game-panel .turn").bounding_box()
            fits = after["bottom"] - min(box["y"], after["top"]) <= after["bar_top"] - (turn["y"] + turn["height"])
            assert not fits or box["y"] >= turn["y"] + turn["height"] - 0.5, (box, turn, after)
        shot(page, f"panel-in-view-{game_id}-{size['width']}x{size['height']}")
    assert hidden_at, "the message was in view at every size: nothing was tested"


def test_a_tablet_keeps_one_row_of_a_turn_s_controls_in_view(app):
    """At a tablet's sizes the sticky bar at the panel's foot holds a turn's controls (Undo, Redo,
    Hint) in one row; the game's own (New game, Share…) follow it, scrolled with the panel. All nine
    in the bar took four rows at 1024x768, 222 px of the screen's height."""
    page, _ = app
    for width, height in ((1024, 768), (768, 1024)):
        resize(page, width, height)
        open_game(page, "lyngk")
        next_frame(page)
        bar = page.evaluate("""() => {
            const bar = document.querySelector("#panel .controls"), game = document.querySelector("#panel .game-controls");
            const buttons = [...bar.querySelectorAll("button")];
            return {ids: buttons.map((b) => b.id), rows: new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size,
                    bar: getComputedStyle(bar).position, game: getComputedStyle(game).position,
                    after: bar.nextElementSibling === game, new: !!game.querySelector("#btn-new")};
        }""")
        assert bar == {"ids": ["btn-undo", "btn-redo", "btn-hint"], "rows": 1, "bar": "sticky", "game": "static",
                       "after": True, "new": True}, (width, height, bar)
        shot(page, f"panel-in-view-turn-controls-{width}x{height}")


def test_the_panel_s_measured_heights_are_its_own(app):
    """The turn line's and the controls bar's heights, measured into the panel's custom properties
    (its scroll paddings), are not inherited by what is in it: a turn line wrapping into three
    lines would otherwise restyle every element of the panel in that frame (docs/performance.md)."""
    page, _ = app
    resize(page, 1024, 768)
    open_game(page, "lyngk")
    next_frame(page)
    heights = page.evaluate("""() => {
        const panel = document.getElementById("panel"), inside = document.getElementById("message");
        const of = (node, name) => getComputedStyle(node).getPropertyValue(name).trim();
        return {panel: [of(panel, "--turn-height"), of(panel, "--controls-height")],
                inside: [of(inside, "--turn-height"), of(inside, "--controls-height")]};
    }""")
    assert all(value.endswith("px") for value in heights["panel"]), heights  # measured and set
    assert heights["inside"] == ["", ""], heights


CUES = """() => {
    const panel = document.getElementById("panel"), bar = panel.querySelector(".controls");
    const turn = panel.querySelector(".turn"), sticky = getComputedStyle(bar).position === "sticky";
    const [node, pseudo] = sticky ? [bar, "::before"] : [panel, "::after"];
    const opacity = (node, pseudo) => Number(getComputedStyle(node, pseudo).opacity);
    return {below: opacity(node, pseudo), top: opacity(panel, "::before"), turn: opacity(turn, "::after"),
            shade: getComputedStyle(node, pseudo).backgroundImage, bg: getComputedStyle(document.body).backgroundColor,
            scrolls: panel.scrollHeight > panel.clientHeight};
}"""
"""The scroll cues (app.css) as the page renders them: the opacity of the shade that says "more
below" (on the sticky bar's top edge; on a phone, the strip at the panel's foot), of the strip at
the panel's top and of the shade under the turn line ("more above"); the shade's colour, the page's
background."""


def scroll_panel(page, position: str) -> None:
    """Scroll the panel to its top, its middle or its end; the cues follow in the next frame (a
    scroll timeline reads the scroll position once a frame)."""
    page.evaluate("""(position) => {
        const panel = document.getElementById("panel"), end = panel.scrollHeight - panel.clientHeight;
        panel.scrollTop = {top: 0, middle: end / 2, end: end}[position];
    }""", position)
    next_frame(page)


def first_colour(text: str) -> tuple[float, float]:
    """The luminance (sRGB weights, no gamma: to compare two colours) and the alpha of the first
    `rgb(…)` or `rgba(…)` colour in a computed style `text`."""
    r, g, b, a = re.search(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)", text).groups()
    return 0.2126 * float(r) + 0.7152 * float(g) + 0.0722 * float(b), float(a or 1)


@pytest.mark.parametrize(("scheme", "animation"), (("light", ""), ("dark", ""), ("light", "off")))
def test_a_panel_that_scrolls_says_so(app, scheme, animation):
    """A tablet's scrollbar is hidden: a new player did not find the game's controls and the move log
    below the fold. At LYNGK's start the panel scrolls (at 1024x768, 768x1024, and on a phone): at its
    top a shade says that more lies below and nothing above; midway, more above too (the strip at the
    panel's top, or the shade under the turn line once that has stuck); at its end only above. A dark
    shade on the light theme's background and on the dark one's. Hezong's panel at 1366x1024 (a large
    tablet's landscape) does not scroll: no cue at all. With the animations off (the settings' choice,
    and the default under reduced motion) the cues are the same: a shade that follows the finger is
    no motion (the settings' rule once hid the phone's cue and the top strip)."""
    page, _ = app
    page.emulate_media(color_scheme=scheme)  # the automatic theme follows it
    was = page.evaluate("""(value) => {
        const was = document.documentElement.dataset.animation ?? null;
        if (value) document.documentElement.dataset.animation = value;
        return was;
    }""", animation)
    try:
        for width, height in ((1024, 768), (768, 1024), (390, 844)):
            resize(page, width, height)
            open_game(page, "lyngk")
            seen = {}
            for position in ("top", "middle", "end"):
                scroll_panel(page, position)
                seen[position] = page.evaluate(CUES)
                shot(page, f"panel-scroll-cue-{width}x{height}-{scheme}{animation and '-' + animation}-{position}")
            top, middle, end = seen["top"], seen["middle"], seen["end"]
            assert top["scrolls"], (width, top)
            assert top["below"] == 1 and top["top"] == 0 and top["turn"] == 0, (width, top)
            assert middle["below"] == 1 and max(middle["top"], middle["turn"]) == 1, (width, middle)
            assert end["below"] == 0 and end["turn"] == 1, (width, end)
            (shade, alpha), (background, _) = first_colour(top["shade"]), first_colour(top["bg"])
            assert alpha >= 0.3 and shade < background, (scheme, top)  # a shade, darker than the page
        resize(page, 1366, 1024)
        open_game(page, "hezong")
        page.evaluate('document.querySelector("#panel .position-box").open = false')  # (folded, as at the start)
        scroll_panel(page, "top")
        still = page.evaluate(CUES)
        assert not still["scrolls"], still
        assert still["below"] == still["top"] == still["turn"] == 0, still
        shot(page, f"panel-scroll-cue-1366x1024-{scheme}{animation and '-' + animation}-none")
    finally:
        page.emulate_media(color_scheme="light")
        page.evaluate("""(was) => {
            if (was === null) delete document.documentElement.dataset.animation;
            else document.documentElement.dataset.animation = was;
        }""", was)


def test_the_turn_line_stays_at_the_panel_s_top_down_to_its_end(app):
    """The turn line sticks at the top of the panel scrolled down to its end, the move log and the
    game's controls (it stuck only while the game's part of the panel, a box of its own then, was in
    view): on a short tablet LYNGK's panel scrolls that far."""
    page, _ = app
    resize(page, 1024, 600)
    open_game(page, "lyngk")
    scroll_panel(page, "end")
    turn = where(page, "#game-panel .turn")
    assert turn["itself"] and abs(turn["top"] - turn["panel_top"]) <= 1, turn
    assert where(page, "#btn-new")["itself"]
    shot(page, "panel-in-view-turn-line-at-the-end")


def test_on_a_phone_the_hint_is_in_the_panel_s_view(app):
    page, _ = app
    resize(page, 390, 844)
    open_game(page, "gype")
    scroll_message_out_of_view(page)
    before = where(page, "#message")
    assert before["top"] < before["panel_top"] or before["bottom"] > before["panel_bottom"], before
    ask_hint(page)
    after = where(page, "#message")
    assert not after["sticky"]  # a phone's controls scroll with the panel
    # (within half a pixel, as above: a scroll moves by whole pixels, the boxes lie on fractions of one;
    # a clean-clone run had the message's foot 0.08 px past the panel's)
    assert after["itself"] and after["panel_top"] - 0.5 <= after["top"] and after["bottom"] <= after["panel_bottom"] + 0.5, after
    assert not after["clipped"], after
    shot(page, "panel-in-view-phone")


def test_the_next_player_s_roll_is_tapped_into_view_below_the_turn_line(app, server):
    """Calavera on a short tablet: the player scrolled down to the rows and took the one that ends
    the turn; the rows go, the next player's Roll is the panel's first control, and it is scrolled
    into view below the sticky turn line (it was left hidden under it)."""
    page, _ = app
    resize(page, 1024, 600)
    page.evaluate("localStorage.clear()")  # (a new game, whatever ran before)
    boot(page, f"{server}?game=calavera&seed=5")
    tap_control(page, '[data-action="roll"]')
    tap_control(page, '[data-action="stop"]')
    for _ in range(6):  # the first row each time, with the panel scrolled to its foot
        scrolled = page.evaluate("""() => {
            const panel = document.getElementById("panel");
            panel.scrollTop = panel.scrollHeight;
            return panel.scrollTop;
        }""")
        tap_control(page, '[data-action="option"][data-value="0"]')
        if page.locator('#game-panel [data-action="roll"]').count():
            break
    assert scrolled > 0
    roll = where(page, '#game-panel [data-action="roll"]')
    assert roll["itself"], roll  # not under the turn line
    assert roll["panel_top"] <= roll["top"] and roll["bottom"] <= roll["bar_top"], roll
    shot(page, "panel-in-view-calavera-next-roll")


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)], ids=["tablet", "phone"])
def test_a_die_picked_stays_under_the_finger_and_its_message_is_read(app, server, size):
    """Calavera on a tablet: a die tapped for the re-roll says so in the message, and the message
    scrolled into view must not move the panel under the finger: the next die is still where it
    was, so the next tap picks it (it used to land on another control). The message can be read
    all the same, above the odds table the tap brings: the table used to push it under the sticky
    bar (a phone: below the panel's view), its reveal undone to keep the die in place."""
    page, _ = app
    resize(page, *size)
    page.evaluate("localStorage.clear()")  # (a new game, not the one the test before left)
    boot(page, f"{server}?game=calavera&seed=5")
    tap_control(page, '[data-action="roll"]')
    die = '#game-panel [data-action="die"][data-value="1"]'
    seen(page, die)
    before = page.locator(die).bounding_box()
    tap_control(page, '#game-panel [data-action="die"][data-value="0"]')
    next_frame(page)
    after = page.locator(die).bounding_box()
    assert abs(after["y"] - before["y"]) <= 1, (before, after)
    assert where(page, die)["itself"]
    expect(page.locator("#message")).to_have_text("1 die selected to re-roll.")
    expect(page.locator(".cal-odds caption")).to_contain_text("dice rolled: 1")
    message = where(page, "#message")
    foot = message["bar_top"] if message["sticky"] else message["panel_bottom"]
    assert message["itself"] and message["panel_top"] <= message["top"] and message["bottom"] <= foot + 0.5, message
    shot(page, f"panel-in-view-calavera-die-picked-{size[0]}x{size[1]}")
    page.touchscreen.tap(after["x"] + after["width"] / 2, after["y"] + after["height"] / 2)
    settled(page)
    assert page.locator(die).get_attribute("aria-pressed") == "true"


def test_nothing_went_to_another_host_and_no_console_errors(app):
    _, seen = app
    seen.assert_clean()


def test_a_touch_screen_is_not_told_the_keys(app):
    """Table Gype's line of keys (arrows, Enter, R, 1–9) is for a keyboard: a touch screen without a
    fine pointer or hover (this module's context) does not show it, and the panel is that shorter."""
    page, _ = app
    assert page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
    open_game(page, "gype")
    keys = page.locator("#game-panel .gype-keys")
    expect(keys).to_have_count(1)
    expect(keys).to_be_hidden()


@pytest.mark.parametrize("width, height", [(768, 1024), (390, 844)])
def test_the_picker_s_wrapped_buttons_keep_a_gap_above_the_cards(app, width, height):
    """On a portrait tablet or a phone the picker's buttons wrap to rows of their own; the last row
    keeps the cards' own gap below it (a tester saw "Open a game file" touch the first card)."""
    page, _ = app
    resize(page, width, height)
    page.locator("#nav-games").tap()
    expect(page.locator("#game-list .game-card").first).to_be_visible()
    gap = page.evaluate("""() => {
        const buttons = [...document.querySelectorAll('.picker-head button')].map(b => b.getBoundingClientRect());
        return document.querySelector('#game-list .game-card').getBoundingClientRect().top - Math.max(...buttons.map(r => r.bottom));
    }""")
    rows = page.evaluate("new Set([...document.querySelectorAll('.picker-head button')].map(b => b.getBoundingClientRect().top)).size")
    assert rows > 1 and gap >= 8, (rows, gap)
    resize(page, 768, 1024)
