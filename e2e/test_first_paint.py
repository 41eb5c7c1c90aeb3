"""A return visit paints the last board as a picture before Python is ready."""

from __future__ import annotations

import pytest
from support import boot, shot


@pytest.fixture(scope="module")
def left(browser, server):
    """A context whose last visit left a LYNGK board (under the light colour scheme, the theme
    "auto"), and the picture it keeps; the pages the tests open there never save another."""
    context = browser.new_context(service_workers="block", color_scheme="light")
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=8")
    # Leaving the page keeps a picture of the board.
    page.goto(f"{server}manifest.webmanifest")
    picture = page.evaluate("JSON.parse(localStorage.getItem('qipan/v1/picture'))")
    page.close()
    yield context, picture
    context.close()


def return_without_python(context, server, **media):
    """The next visit, with the Python runtime held back: only HTML, CSS and boot.js run."""
    page = context.new_page()
    if media:
        page.emulate_media(**media)
    page.route("**/assets/vendor/pyscript-*/core.js", lambda route: route.abort())
    page.goto(server)
    return page


def test_the_last_board_is_painted_before_python_boots(left, server):
    context, picture = left
    assert picture["game"] == "lyngk" and picture["image"].startswith("data:image/")
    page = return_without_python(context, server)
    image = page.locator("#board-picture")
    image.wait_for(state="visible", timeout=5_000)
    assert image.get_attribute("src") == picture["image"]
    assert page.locator("#game-name").text_content() == "LYNGK"
    assert page.locator("#loading").is_visible()
    assert page.evaluate("document.getElementById('board-picture').naturalWidth") > 100
    # A JPEG (no transparency) whose empty corner is the board's own colour, not black.
    corner, board = page.evaluate("""() => {
        const image = document.getElementById('board-picture');
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
        const ctx = canvas.getContext('2d');
        ctx.drawImage(image, 0, 0);
        const board = getComputedStyle(document.getElementById('board-area')).backgroundColor;
        return [Array.from(ctx.getImageData(1, 1, 1, 1).data), board];
    }""")
    assert picture["image"].startswith("data:image/jpeg;")
    wanted = [int(part) for part in board[board.index("(") + 1:-1].split(",")]
    assert all(abs(a - b) <= 3 for a, b in zip(corner, wanted + [255])), (corner, board)
    shot(page, "first-paint-01-picture-while-loading")
    page.close()


def test_a_picture_left_under_another_colour_scheme_is_not_painted(left, server):
    """The theme "auto" follows the system: switched to dark between the visits, the light box
    around the stored board would show for a second in a dark page. The loading frame instead."""
    context, picture = left
    page = return_without_python(context, server, color_scheme="dark")
    page.locator("#loading").wait_for(state="visible", timeout=5_000)
    page.wait_for_function("document.readyState === 'complete'")
    board = page.evaluate("getComputedStyle(document.getElementById('board-area')).backgroundColor")
    assert board != picture["backdrop"]  # the dark theme's board area is another colour
    assert page.locator("#board-picture").is_hidden()
    assert page.locator("#board-picture").get_attribute("src") is None
    shot(page, "first-paint-02-dark-after-light-no-picture")
    page.close()
