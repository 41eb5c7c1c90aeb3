"""Framing under netlify.toml's policy (served by tools/serve.py): another site may frame embeds
(embed.html, and the version-1 address index.html?embed=1&..., redirected there) but not the app."""

from __future__ import annotations


import pytest
from support import static_site


@pytest.fixture(scope="module")
def other_site():
    """A plain static server of e2e/ on localhost (the app is on 127.0.0.1: another site)."""
    with static_site("frames.html") as url:
        yield url


def _frame(page, src: str):
    """Add an iframe of `src` and wait for its load event; its Frame."""
    handle = page.evaluate_handle("""src => new Promise((resolve) => {
        const frame = document.createElement("iframe");
        frame.addEventListener("load", () => resolve(frame), { once: true });
        frame.src = src;
        document.body.append(frame);
    })""", src)
    return handle.as_element().content_frame()


def test_the_app_refuses_frames_and_embeds_accept_them_at_old_and_new_addresses(browser, server, other_site):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{other_site}frames.html")
    query = "embed=1&game=lyngk&run=click&cap=Hello"
    for src in (f"{server}index.html", server, f"{server}?share=p1.x", f"{server}embed.html?game=lyngk"):
        frame = _frame(page, src)
        assert not frame.url.startswith(server), (src, frame.url)  # refused: the frame shows an error page
    for src in (f"{server}index.html?{query}", f"{server}?{query}", f"{server}embed.html?{query}"):
        frame = _frame(page, src)
        assert frame.url == f"{server}embed.html?{query}", src
        frame.locator("html[data-embed='1']").wait_for(state="attached")
    context.close()
