"""Embedded boards in a blog post on another site (localhost embedding 127.0.0.1, where Chromium
blocks third-party storage): each of the five renders, steps or plays, fits its frame and tells
the page its height; a shared-game link; bad parameters give a message, never an exception."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from playwright.sync_api import expect

from lyngk_board import play_move, position_text
from qipan.app import share
from qipan.games.lyngk import GAME as LYNGK
from qipan.match import Match
from support import static_site, BOOT_TIMEOUT_MS, boot, shot, watch

GAMES = ("lyngk", "quorsum", "gype", "hezong", "calavera")
OUT_OF_VIEW: dict[str, bool] = {}  # what the blog fixture saw of its last board before scrolling to it


@pytest.fixture(scope="module")
def blog_server():
    """The blog: a plain static server of e2e/ (no app headers, as a blog's own host)."""
    with static_site("blog-demo.html") as url:
        yield url


@pytest.fixture(scope="module")
def blog(browser, server, blog_server):
    """The demo blog page on http://localhost:PORT2/, its boards from the app on 127.0.0.1:PORT:
    another site, so Chromium blocks the frames' storage."""
    context = browser.new_context(service_workers="block", viewport={"width": 900, "height": 1000})
    seen = watch(context, allowed_hosts=("127.0.0.1", "localhost"))
    page = context.new_page()
    page.goto(f"{blog_server}blog-demo.html?app={quote(server + 'index.html')}")
    # (the board started on request, above it, may push it below the window once it has its height)
    _shown(page, "lyngk").locator("body[data-py-ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    # The last board is far below the window: it waits, painted but without Python, until in view.
    last = page.locator('figure[data-game="calavera"] iframe').element_handle().content_frame()
    OUT_OF_VIEW["started"] = last.evaluate(
        "() => performance.getEntriesByType('resource').some((r) => r.name.includes('/pyscript-'))")
    OUT_OF_VIEW["still"] = last.evaluate("() => Boolean(document.querySelector('#embed-first .embed-still'))")
    for game in GAMES:  # each boots once the reader scrolls to it (one at a time: boot.js)
        page.locator(f'figure[data-game="{game}"] iframe').scroll_into_view_if_needed()
        _frame(page, game).locator("body[data-py-ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    yield page, seen
    context.close()


def _frame(page, game):
    return page.frame_locator(f'figure[data-game="{game}"] iframe')


def _shown(page, game):
    """The frame, scrolled into the blog's viewport first: Chromium throttles a cross-site frame
    out of view (no animation frames), and a click into it can then be lost (Playwright #21054)."""
    page.locator(f'figure[data-game="{game}"] iframe').scroll_into_view_if_needed()
    return _frame(page, game)


def _fitted(page, game):
    """Wait until the frame has its content's size (its last height message has landed): a click
    aimed while the blog still resizes the frame can land where the button was."""
    iframe = page.locator(f'figure[data-game="{game}"] iframe')
    iframe.element_handle().content_frame().wait_for_function(  # (as assets/js/embed.js measures)
        "() => Math.abs(Math.ceil(document.documentElement.getBoundingClientRect().height) - innerHeight) <= 2"
        " && document.documentElement.scrollWidth <= innerWidth + 1", timeout=5000)
    return iframe


def _press(page, game, selector):
    """Click a control in a frame as a reader would: once the frame has stopped resizing, and
    scrolled into the blog's viewport by the blog's own scrolling (Playwright's scrolling into
    view does not always reach through a cross-site frame taller than the window: the click then
    lands outside it)."""
    _fitted(page, game)
    target = _frame(page, game).locator(selector)
    _into_view(page, target)
    target.click()


def _into_view(page, target) -> None:
    """Scroll the blog so that `target` (in a frame) is wholly in its viewport."""
    box, height = target.bounding_box(), page.viewport_size["height"]
    if box["y"] < 0 or box["y"] + box["height"] > height:
        page.evaluate("dy => window.scrollBy(0, dy)", box["y"] + box["height"] / 2 - height / 2)
    box = target.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, box  # as the blog page lays it out
    expect(target).to_be_in_viewport()  # and as the frame sees it (its view of the scroll can lag)


class _InFrame:
    """What lyngk_board's helpers use of a page, for a board inside a frame."""

    def __init__(self, page, frame) -> None:
        self.mouse, self.locator = page.mouse, frame.locator

    def click(self, selector: str) -> None:
        self.locator(selector).click()

    def wait_for_function(self, expression: str) -> None:
        self.locator("body").element_handle().owner_frame().wait_for_function(expression)


def test_every_board_renders_in_a_cross_site_frame_without_storage(blog):
    page, seen = blog
    for game in GAMES:
        frame = _frame(page, game)
        expect(frame.locator("body")).to_have_attribute("data-embed-game", game)
        assert frame.locator("body").get_attribute("data-embed-error") is None
        # Third-party storage is blocked here: the boot guard's in-memory IndexedDB was needed.
        assert frame.locator("body").get_attribute("data-memory-storage") == "1"
        # A swipe over the board scrolls the post (the app's own board takes every touch).
        assert frame.locator("#board").evaluate("n => getComputedStyle(n).touchAction") == "manipulation"
        canvas = frame.locator("#board")
        expect(canvas).to_be_visible()
        box = canvas.bounding_box()
        assert box["width"] > 250 and box["height"] > 200
    page.wait_for_timeout(300)
    shot(page, "embed-01-blog-page")
    for game in GAMES:
        figure = page.locator(f'figure[data-game="{game}"]')
        figure.scroll_into_view_if_needed()
        page.wait_for_timeout(400)  # a cross-site frame paints after it scrolls into view
        figure.screenshot(path=str(shot_path(f"embed-02-{game}")))
    seen.assert_clean()


def shot_path(name):
    from support import OUTPUT
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT / f"{name}.png"


def test_a_board_out_of_view_shows_its_still_and_starts_no_python_until_scrolled_to(blog):  # noqa: ARG001
    assert OUT_OF_VIEW == {"started": False, "still": True}, OUT_OF_VIEW


def test_each_frame_is_sized_to_its_content_by_the_height_message(blog):
    page, seen = blog
    for game in GAMES:
        # In view, as a reader sees it: a throttled frame out of view runs no ResizeObserver, so
        # its last height message can predate its last layout until it scrolls into view.
        _shown(page, game)
        iframe = _fitted(page, game)  # the whole embed inside the frame, no scrolling inside it
        assert iframe.bounding_box()["height"] != 320, f"{game}: the frame never got a height message"
    narrow = page.locator('figure[data-game="gype"] iframe').bounding_box()
    assert narrow["width"] <= 302
    seen.assert_clean()


def test_step_mode_steps_and_shows_captions_per_move(blog):
    page, seen = blog
    frame = _shown(page, "lyngk")
    body = frame.locator("body")
    expect(body).to_have_attribute("data-embed-ply", "2")
    expect(frame.locator("#embed-caption")).to_contain_text("C7-C6")
    _press(page, "lyngk", '[data-embed="next"]')
    expect(body).to_have_attribute("data-embed-ply", "3")
    expect(frame.locator('[data-embed="next"]')).to_be_focused()  # the bar was rebuilt around it
    expect(frame.locator("#embed-live")).to_have_text("LYNGK: step through the opening. Player 1: C7 onto C6 (stack of 2)")
    expect(frame.locator("#embed-caption")).to_have_text("LYNGK: step through the opening.")
    expect(frame.locator("#embed-move")).to_contain_text("Player 1: C7 onto C6")  # the move just made
    expect(frame.locator("#embed-move code")).to_have_text("C7-C6")
    _press(page, "lyngk", '[data-embed="last"]')
    expect(body).to_have_attribute("data-embed-ply", "6")
    expect(frame.locator('[data-embed="next"]')).to_be_disabled()
    _press(page, "lyngk", '[data-embed="first"]')
    expect(body).to_have_attribute("data-embed-ply", "0")
    frame.locator("#board").press("ArrowRight")
    expect(body).to_have_attribute("data-embed-ply", "1")
    hz = _shown(page, "hezong")
    for n in range(1, 5):
        _press(page, "hezong", '[data-embed="next"]')
        expect(hz.locator("body")).to_have_attribute("data-embed-ply", str(n))
    expect(hz.locator("#embed-caption")).to_have_text("第四手之後。")
    page.locator('figure[data-game="hezong"]').screenshot(path=str(shot_path("embed-03-hezong-step-4")))
    seen.assert_clean()


def test_an_embed_with_analysis_shows_each_grade_the_best_move_and_a_graph_to_click(blog):
    page, seen = blog
    frame = _shown(page, "hezong")  # analysis=1 (e2e/blog-demo.html): move 2 was a blunder, c3 the best
    _press(page, "hezong", '[data-embed="first"]')
    expect(frame.locator("body")).to_have_attribute("data-embed-ply", "0")
    expect(frame.locator("#embed-analysis .analysis-summary")).to_contain_text("決策貢獻")  # who leads, and why
    _press(page, "hezong", '[data-embed="next"]')
    _press(page, "hezong", '[data-embed="next"]')
    expect(frame.locator("#embed-move .log-grade")).to_have_attribute("data-grade", "blunder")
    move = frame.locator("#analysis-move")
    expect(move).to_have_attribute("data-best", "c3")
    expect(move).to_have_attribute("data-drawn", "")
    expect(move).to_contain_text("最佳著為")
    _press(page, "hezong", '.analysis-graph .graph-hit[data-ply="6"]')
    expect(frame.locator("body")).to_have_attribute("data-embed-ply", "6")
    expect(frame.locator("#embed-move .log-grade")).to_have_attribute("data-grade", "blunder")
    page.locator('figure[data-game="hezong"]').screenshot(path=str(shot_path("embed-07-hezong-analysis")))
    seen.assert_clean()


def test_try_mode_plays_legal_moves_and_resets_with_fixed_dice(blog):
    page, seen = blog
    frame = _shown(page, "calavera")
    before = frame.locator("#position-text").text_content()
    # A legal move through the game's own controls: pick the first die, re-roll it.
    _press(page, "calavera", '#game-panel [data-action="die"] >> nth=0')
    expect(frame.locator('#game-panel [data-action="reroll"]')).to_be_enabled()
    _press(page, "calavera", '#game-panel [data-action="reroll"]')
    expect(frame.locator("#position-text")).not_to_have_text(before)
    page.locator('figure[data-game="calavera"]').screenshot(path=str(shot_path("embed-04-calavera-tried")))
    _press(page, "calavera", '[data-embed="reset"]')
    expect(frame.locator("#position-text")).to_have_text(before)
    seen.assert_clean()


def test_the_shared_game_link_opens_the_game_without_touching_saves(browser, server):
    match = Match.new("lyngk", 2, 7)
    for text in ("B3-C5", "C3-B2"):
        match.play(text)
    token = share.encode_record(match.record())
    context = browser.new_context(service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=3")
    mine = page.evaluate("localStorage.getItem('qipan/v1/game/lyngk')")
    boot(page, f"{server}?share={quote(token)}")
    expect(page.locator("#share-banner")).to_be_visible()
    assert page.locator("body").get_attribute("data-shared") == "1"
    expect(page.locator("#nav-settings")).to_be_enabled()  # the visitor's own settings work here too
    assert page.locator("#position-text").text_content().strip() == match.game.position(match.state)
    from lyngk_board import play_move, position_text
    state = match.game.parse_position(position_text(page))
    play_move(page, match.game.action_text(state, state.legal_actions()[0]))
    assert page.evaluate("localStorage.getItem('qipan/v1/game/lyngk')") == mine
    shot(page, "share-01-viewing")
    page.locator('[data-share="keep"]').click()
    expect(page.locator("#share-banner")).to_have_count(0)
    kept = page.evaluate("JSON.parse(localStorage.getItem('qipan/v1/game/lyngk')).record.actions")
    assert kept[:2] == ["B3-C5", "C3-B2"] and len(kept) == 3
    boot(page, f"{server}?share=r1.garbage")
    expect(page.locator("#notice")).to_contain_text("share link cannot be opened")
    seen.assert_clean()
    context.close()


def test_a_broken_share_link_is_explained_in_the_players_words_once(browser, server):
    """The tester's links in Chinese at 1024x768 with touch: cut in half, cut at a multiple of 4,
    r1. made r9.: each reason is said in Chinese (no English), the notice goes when the player goes
    to Saved games, and share= leaves the address (the rest stays) so that a reload is quiet."""
    match = Match.new("lyngk", 2, 7)
    for text in ("B3-C5", "C3-B2"):
        match.play(text)
    token = share.encode_record(match.record())
    context = browser.new_context(service_workers="block", viewport={"width": 1024, "height": 768}, has_touch=True)
    seen = watch(context)
    page = context.new_page()
    boot(page, server)
    page.evaluate("localStorage.setItem('qipan/v1/settings', JSON.stringify({lang: 'zh-TW'}))")
    notice = page.locator("#notice")
    links = {"incomplete": token[:len(token) // 2], "incomplete-4": token[:3 + (len(token) - 3) // 8 * 4],
             "newer": "r9." + token[3:]}
    words = {"incomplete": "連結不完整，可能在複製時被截斷了", "incomplete-4": "連結不完整",
             "newer": "這個連結是由較新版本的棋盤 Qipan 產生的"}
    for name, link in links.items():
        boot(page, f"{server}?game=lyngk&share={quote(link)}")
        expect(notice).to_contain_text("無法開啟這個分享連結：" + words[name])
        assert not re.search(r"[A-Za-z]", notice.text_content().replace("Qipan", "")), notice.text_content()
        assert page.evaluate("location.search") == "?game=lyngk"  # (share= gone, the rest kept)
        shot(page, f"share-02-broken-{name}-zh")
    page.locator("#btn-saves").tap()
    expect(page.locator("#screen-saves")).to_be_visible()
    expect(notice).to_be_hidden()
    page.reload()
    page.wait_for_selector("body[data-py-ready]", state="attached")
    expect(page.locator("#screen-play")).to_be_visible()  # ?game=lyngk: the visitor's own game
    expect(notice).to_be_hidden()
    page.evaluate("localStorage.setItem('qipan/v1/settings', JSON.stringify({lang: 'en'}))")
    boot(page, f"{server}?share={quote(links['incomplete'])}")
    expect(notice).to_have_text("This share link cannot be opened: the link is incomplete — it may have been cut "
                                "when copied. Copy the whole link again.")
    assert page.evaluate("location.search") == ""
    shot(page, "share-03-broken-incomplete-en")
    seen.assert_clean()
    context.close()


@pytest.fixture(scope="module")
def fuzz_page(browser, server):
    context = browser.new_context(service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?embed=1&game=lyngk&seed=1")
    yield page, seen, server
    context.close()


KEYS = ("embed", "game", "share", "pos", "seed", "players", "variant", "mode", "ply", "autoplay", "lang", "theme",
        "bottom", "dice", "img", "hl", "hl.1", "arrow", "arrow.2", "cap", "cap.0.en", "cap.zh-TW")


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(KEYS), st.one_of(st.text(max_size=12), st.sampled_from(
    ["lyngk", "gype", "step", "try", "-1", "999", "r1.xx", "p1.", "a1-b9", "zh-TW", "dark"])), max_size=6))
def test_fuzzed_embed_parameters_show_a_message_never_an_exception(fuzz_page, params):
    page, seen, server = fuzz_page
    query = "embed=1&" + "&".join(f"{quote(k)}={quote(v)}" for k, v in params.items() if k != "embed")
    page.goto(f"{server}?{query}")
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    body = page.locator("body")
    if body.get_attribute("data-embed-error") == "1":
        assert page.locator(".embed-error").text_content().startswith("This board cannot be shown") or \
            page.locator(".embed-error").text_content().startswith("無法顯示")
    else:
        assert page.locator("#board").is_visible()
    seen.assert_clean()


def test_a_board_with_run_click_starts_python_only_when_asked(blog):
    page, seen = blog
    frame = _shown(page, "lyngk-on-click")
    body = frame.locator("body")
    expect(body).to_have_attribute("data-embed-run", "held")
    start = frame.locator(".embed-start")
    expect(start).to_be_visible()
    expect(frame.locator(".embed-still.placeholder")).to_have_text("LYNGK · 棋盤 Qipan")  # says which board
    # Given the time a board that is not held takes to start: the lyngk board, loaded by the blog
    # with this one, has started Python, and this frame has run every script it has (boot.js waits).
    _frame(page, "lyngk").locator("body[data-py-ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    held = page.locator('figure[data-game="lyngk-on-click"] iframe').element_handle().content_frame()
    held.wait_for_function("() => document.readyState === 'complete'", timeout=5000)
    assert body.get_attribute("data-py-ready") is None
    loaded = body.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [url for url in loaded if "pyodide" in url or "pyscript" in url], loaded
    page.locator('figure[data-game="lyngk-on-click"]').screenshot(path=str(shot_path("embed-05-held")))
    _into_view(page, start)
    start.click()
    frame.locator("body[data-py-ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(frame.locator("#board")).to_be_visible()
    assert frame.locator("body").get_attribute("data-embed-error") is None
    page.locator('figure[data-game="lyngk-on-click"]').screenshot(path=str(shot_path("embed-06-started")))
    # A move through the board, then the bar's Undo (enabled by the move) takes it back. The board is
    # the post's first (blog-demo.html): a frame above a board resizes when it comes into view (its
    # height message), which moved the board under a move's taps (Calavera's, 2523 -> 1250 px).
    undo = frame.locator('[data-embed="undo"]')
    expect(undo).to_be_disabled()
    _fitted(page, "lyngk-on-click")
    _into_view(page, frame.locator("#board"))
    before = position_text(frame)
    state = LYNGK.parse_position(before)
    scrolled = page.evaluate("scrollY")
    play_move(_InFrame(page, frame), LYNGK.action_text(state, next(m for m in state.legal_actions() if not m.claim)))
    expect(frame.locator("#position-text")).not_to_have_text(before)
    # The post stays where the reader has it: the message under the board is below the window, and
    # revealing it scrolled the post, moving the board between the two taps of a move.
    assert page.evaluate("scrollY") == scrolled
    expect(undo).to_be_enabled()
    _press(page, "lyngk-on-click", '[data-embed="undo"]')
    expect(frame.locator("#position-text")).to_have_text(before)
    expect(undo).to_be_disabled()
    seen.assert_clean()


def _hold_runtime(page):
    """Hold PyScript back (as e2e/test_first_paint.py does) until the returned function is called:
    the board stays starting for as long as the test needs, Python's runtime loaded but the app not run."""
    held = []

    def hold(route) -> None:
        held.append(route)

    page.route(RUNTIME, hold)

    def release() -> None:
        for route in held:
            route.continue_()  # (the app's own file; fallback() to the context's guard, called here, failed)
        page.unroute(RUNTIME, hold)

    return release


RUNTIME = "**/assets/vendor/pyscript-*/core.js"


def _centre(box) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_picture_from_another_site_is_not_requested_and_named_once_the_board_runs(fuzz_page):
    page, seen, server = fuzz_page
    release = _hold_runtime(page)
    try:
        page.goto(f"{server}?embed=1&game=lyngk&run=click&img={quote('http://another.site/pic.png')}&hl.x=C3")
        expect(page.locator("body")).to_have_attribute("data-embed-run", "held")
        expect(page.locator(".embed-still.placeholder")).to_have_text("LYNGK · 棋盤 Qipan")
        expect(page.locator("#embed-first img")).to_have_count(0)
        expect(page.locator(".embed-status")).to_be_hidden()  # held: the button is the sign
        shot(page, "embed-07-foreign-picture-held")
        page.locator(".embed-start").click()
        # The press is answered at once: the starting mark where the button was, in the middle.
        mark = page.locator(".embed-status")
        expect(mark).to_have_text("Starting the board…")
        expect(mark).to_be_visible()
        still = _centre(page.locator(".embed-still").bounding_box())
        assert all(abs(a - b) < 2 for a, b in zip(_centre(mark.bounding_box()), still))
        expect(page.locator(".embed-still.placeholder")).to_be_visible()  # the game's name above it
        shot(page, "embed-07b-foreign-picture-starting")
    finally:
        release()
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".embed-problems")).to_have_text(
        "Ignored in this board's link: img=http://another.site/pic.png: a picture from another site is blocked"
        " (use one on this board's own site); hl.x=C3: “x” is not a move number (as in hl.5 for move 5).")
    page.locator("#embed-bar").screenshot(path=str(shot_path("embed-08-foreign-picture-named")))
    assert seen.foreign == []  # never requested
    # A picture on the board's own site that fails to load: the placeholder again.
    page.goto(f"{server}?embed=1&game=hezong&run=click&lang=zh-TW&img=no-such-picture.png")
    expect(page.locator(".embed-still.placeholder")).to_have_text("合縱連橫 · 棋盤 Qipan")
    expect(page.locator("#embed-first img")).to_have_count(0)
    shot(page, "embed-09-missing-picture-held")
    assert seen.errors and all("404" in error for error in seen.errors), seen.errors  # it was asked for
    seen.errors.clear()
    seen.assert_clean()


def test_presses_while_the_board_starts_are_answered_at_once_and_applied_once_it_is_ready(fuzz_page):
    page, seen, server = fuzz_page
    match = Match.new("lyngk", 2, 7)
    for _ in range(6):
        match.play(match.game.action_text(match.state, match.state.legal_actions()[0]))
    body, mark = page.locator("body"), page.locator(".embed-status")
    size = page.viewport_size
    page.set_viewport_size({"width": 600, "height": 900})  # a frame in a post: the board and its bar in view
    try:
        release = _hold_runtime(page)
        try:
            page.goto(f"{server}?embed=1&mode=step&lang=zh-TW&ply=1&share={share.encode_record(match.record())}")
            expect(body).to_have_attribute("data-embed-run", "starting")
            # From the start, before any tap: the mark on the still, in the corner.
            expect(mark).to_have_text("正在啟動棋盤…")
            expect(mark).to_be_visible()
            step = page.locator('[data-early="next"]')
            expect(step).to_have_attribute("aria-label", "下一步")
            expect(page.locator('[data-early="prev"]')).to_be_enabled()  # ply=1: there is a move before it
            ply = page.locator(".embed-first .embed-ply")
            expect(ply).to_have_text("第 1 步")  # the move shown, where the bar will say "第 1 步，共 6 步"
            shot(page, "embed-10-starting")
            # A tap on the board: answered (the mark comes to the middle), not kept.
            page.locator(".embed-still").click(position={"x": 30, "y": 30})
            expect(body).to_have_attribute("data-embed-asked", "1")
            still = _centre(page.locator(".embed-still").bounding_box())
            assert all(abs(a - b) < 2 for a, b in zip(_centre(mark.bounding_box()), still))
            assert body.get_attribute("data-embed-pressed") is None
            # Back to the start: ‹ greys itself and hands the focus on to ›.
            back = page.locator('[data-early="prev"]')
            back.click()
            expect(back).to_be_disabled()
            expect(step).to_be_focused()
            expect(ply).to_have_text("第 0 步")
            # Two presses of the next-move control: it looks pressed, and all are kept, in order.
            step.click()
            step.click()
            page.keyboard.press("ArrowRight")  # the board's key for the next move, kept alike
            expect(step).to_have_attribute("data-pressed", "")
            expect(body).to_have_attribute("data-embed-pressed", "prev next next next")
            expect(ply).to_have_text("第 3 步")
            expect(page.locator('[data-early="first"]')).not_to_have_attribute("data-pressed", "")
            shot(page, "embed-11-pressed-while-starting")
            pressed_at = step.bounding_box()
            assert body.get_attribute("data-py-ready") is None  # (the app has not run: the runtime is held)
        finally:
            release()
        page.wait_for_selector("body[data-py-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        # Applied once the board shows: move 1 - 1 + 3, said as the bar says a step.
        expect(body).to_have_attribute("data-embed-ply", "3")
        expect(page.locator("#embed-ply")).to_have_text("第 3 步，共 6 步")
        expect(page.locator("#embed-move code")).to_have_text(match.actions[2])
        expect(page.locator("#embed-first")).to_have_count(0)  # the still went, its controls with it
        assert body.get_attribute("data-embed-pressed") is None
        # The board's control is where the still's was (a tap the browser delivers late, after one of the
        # runtime's long stretches, lands on it), and has the focus the still's had.
        live = page.locator('[data-embed="next"]')
        expect(live).to_be_focused()
        box = live.bounding_box()
        assert abs(box["x"] - pressed_at["x"]) < 1 and abs(box["y"] - pressed_at["y"]) < 1, (box, pressed_at)
        shot(page, "embed-12-presses-applied")
    finally:  # (the module shares this page: a failure must not leave its size to the next test)
        page.set_viewport_size(size)
    seen.assert_clean()
