"""A return visit paints the last board as a picture before Python is ready."""

from __future__ import annotations

from support import boot, shot


def test_the_last_board_is_painted_before_python_boots(browser, server):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=8")
    # Leaving the page keeps a picture of the board.
    page.goto(f"{server}manifest.webmanifest")
    picture = page.evaluate("JSON.parse(localStorage.getItem('qipan/v1/picture'))")
    assert picture["game"] == "lyngk" and picture["image"].startswith("data:image/")
    # The next visit, with the Python runtime held back: only HTML, CSS and boot.js run.
    page.route("**/assets/vendor/pyscript-*/core.js", lambda route: route.abort())
    page.goto(server)
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
    context.close()
