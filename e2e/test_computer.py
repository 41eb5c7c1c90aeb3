"""Computer players: chosen per seat, they move off the main thread (no task over 50 ms while
they think), their moves are shown, undo returns to the human's turn, and the hint shows a move."""

from __future__ import annotations

from support import boot, click, shot, watch
from lyngk_board import click_point, play_move, position_text
from playwright.sync_api import expect

from qipan.games.lyngk import GAME

# Long tasks that overlap a time when body[data-thinking="1"] (a computer searching).
LONG_TASKS = """
window.__longTasks = [];
window.__thinking = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.startTime + e.duration]);
}).observe({type: 'longtask', buffered: false});
new MutationObserver(() => {
  const now = performance.now();
  if (document.body.dataset.thinking === '1') window.__thinking.push([now, Infinity]);
  else if (window.__thinking.length && window.__thinking.at(-1)[1] === Infinity) window.__thinking.at(-1)[1] = now;
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-thinking']});
window.__longWhileThinking = () => window.__longTasks.filter(([s, e]) =>
  window.__thinking.some(([a, b]) => s < b && e > a)).map(([s, e]) => e - s);
"""


def test_a_computer_opponent_plays_without_stalling_the_page(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    context.add_init_script(LONG_TASKS)
    # Not the first visit's one-time full-snapshot worker (docs/startup.md; e2e/test_snapshot.py):
    # it boots a whole Python at the first idle moment, and on this 2-core machine its core is the
    # one the main thread would need, which this check of the computer's search is not about.
    context.route("**/snapshot-worker.js", lambda route: route.abort())
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=99")
    page.click("#btn-new")
    page.select_option('select[name="seat-1"]', "hard")
    page.click("#btn-start")
    expect(page.locator(".player.active h3")).to_have_text("Player 1")

    # The hint asks the hard level and selects the stack it would move.
    page.click("#btn-hint")
    expect(page.locator("#message")).to_contain_text("Hint: the hard computer player would choose", timeout=60_000)
    message = page.locator("#message").text_content()  # "…would choose C7 onto C6 (C7-C6)."
    hinted = message.rsplit("(", 1)[1].removesuffix(").")
    state = GAME.parse_position(position_text(page))
    assert GAME.parse_action(state, hinted) in state.legal_actions()

    page.evaluate("window.__longTasks = []; window.__thinking = []")
    for turn in range(3):  # human move, then the computer's reply
        state = GAME.parse_position(position_text(page))
        if turn == 0:  # the hint left its stack (and claim) chosen: a tap on its target plays it
            click_point(page, hinted.rsplit("-", 1)[1])
        else:
            play_move(page, GAME.action_text(state, state.legal_actions()[0]))
        expect(page.locator(".player.active h3")).to_have_text("Player 1", timeout=60_000)
        after = GAME.parse_position(position_text(page))
        assert sum(1 for s in after.stacks if s) < sum(1 for s in state.stacks if s) - 1  # both moved
    assert len(page.evaluate("window.__thinking")) == 3
    long_tasks = page.evaluate("window.__longWhileThinking()")
    assert not long_tasks, f"main-thread tasks over 50 ms while the computer thought: {long_tasks}"
    shot(page, "computer-01-after-replies")

    before_undo = position_text(page)
    click(page, "#btn-undo")  # takes back the computer's reply and the human's move
    expect(page.locator("#position-text")).not_to_have_text(before_undo)
    assert page.locator(".player.active h3").text_content() == "Player 1"
    seen.assert_clean()
    context.close()


# In one task: a new game whose first player is the computer (its think waits for the frame),
# then at once another new game, all human. Nothing may start thinking for the game that is gone.
NEW_GAME_OVER_A_QUEUED_THINK = """() => {
  const start = (seat) => {
    document.querySelector('#btn-new').click();
    document.querySelector('select[name="seat-0"]').value = seat;
    document.querySelector('#btn-start').click();
  };
  start('hard');
  const queued = document.body.dataset.thinking || '';
  start('human');
  return [queued, document.body.dataset.thinking || '', document.querySelector('#message').textContent];
}"""


def test_a_new_game_drops_the_computers_queued_think(browser, server):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    seen = watch(context)
    page = context.new_page()
    boot(page, f"{server}?game=lyngk&seed=99")
    queued, thinking, message = page.evaluate(NEW_GAME_OVER_A_QUEUED_THINK)
    assert queued == ""  # the think was still waiting for the frame
    assert thinking == "", "the old game's think ran after the new game was started"
    assert "thinking" not in message
    expect(page.locator(".player.active h3")).to_have_text("Player 1")
    expect(page.locator('select[name="seat-0"]')).to_have_value("human")
    seen.assert_clean()
    context.close()
