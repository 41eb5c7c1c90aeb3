"""A greyed Hint or Undo says why (a tooltip and an aria-description, both languages), and Hint
is never enabled where it has nothing to say: a dice roll (Calavera's six dice, Quorsum's opening
roll), a finished game (also when reopened after a reload), a computer's turn."""

from __future__ import annotations

import pytest
from fakes import FakeHost
from seeded import seeded

from qipan import games
from qipan.games import GAME_IDS
from qipan.match import Match


def shown(game_id: str, match: Match, lang: str = "en"):
    host = FakeHost(lang)
    screen = games.ui(game_id).screen(host, match)
    screen.resize(1024, 700, 1)
    screen.render()
    return screen, host


def say(host: FakeHost, button: str) -> tuple[bool, str, str]:
    element = host.element(button)
    return (element.attributes.get("aria-disabled") == "true", element.attributes.get("title", ""),
            element.attributes.get("aria-description", ""))


@pytest.mark.parametrize("game_id", ["quorsum", "calavera"])
def test_hint_is_greyed_with_a_reason_at_a_dice_roll(game_id):
    match = Match.new(game_id, 2, 5)
    screen, host = shown(game_id, match)
    while not screen.state.is_chance():  # Quorsum: the opening roll; Calavera: roll the six dice
        screen.play(screen.state.legal_actions()[0])
    screen.render()
    disabled, title, described = say(host, "btn-hint")
    assert disabled and "dice" in title and described == title
    screen, host = shown(game_id, match, "zh-TW")
    assert "骰" in say(host, "btn-hint")[1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hint_is_greyed_on_a_finished_game_reopened(game_id):
    match = seeded(game_id, plies=0)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(match.state.legal_actions()[0])
    reopened = Match.from_record(match.record().to_json())  # a reload: the record is read back
    screen, host = shown(game_id, reopened)
    disabled, title, _ = say(host, "btn-hint")
    assert disabled and "over" in title


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hint_is_offered_where_a_person_decides(game_id):
    match = seeded(game_id, plies=4)
    while match.state.is_chance():
        match.sample_chance()
    screen, host = shown(game_id, match)
    assert say(host, "btn-hint") == (False, "", "")


@pytest.mark.parametrize("lang,word", [("en", "Dice are never taken back"), ("zh-TW", "骰子不能收回")])
def test_undo_greyed_after_dice_says_dice_are_never_taken_back(lang, word):
    match = Match.new("calavera", 2, 5)
    screen, host = shown("calavera", match, lang)
    while not screen.state.is_chance():
        screen.play(screen.state.legal_actions()[0])
    screen.roll()
    disabled, title, described = say(host, "btn-undo")
    assert disabled and word in title and described == title
    screen.undo()  # the greyed button (or a key) still reaches undo, which says why
    assert word in host.element("message").textContent


@pytest.mark.parametrize("lang,word", [("en", "Nothing to undo yet."), ("zh-TW", "還沒有可以復原的步驟。")])
def test_the_greyed_undo_at_the_start_says_why_when_pressed(lang, word):
    """Greyed by aria-disabled, not disabled: a tablet has no tooltip, so a tap must say it."""
    match = Match.new("lyngk", 2, 5)
    screen, host = shown("lyngk", match, lang)
    button = host.element("btn-undo")
    assert say(host, "btn-undo")[0] and not button.disabled
    before = match.game.position(screen.state)
    screen.undo()
    assert host.element("message").textContent.startswith(word)  # (the prompt after it)
    assert match.game.position(screen.state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_greyed_undo_keeps_the_half_made_move_and_a_real_one_lets_it_go(game_id, monkeypatch):
    """Each screen drops its half-made input (`let_go`) only when undo takes something back: a tap
    on the greyed button must not lose a picked piece or lifted dice."""
    match = Match.new(game_id, 2, 5)
    screen, host = shown(game_id, match)
    dropped: list[int] = []
    monkeypatch.setattr(screen, "let_go", lambda: dropped.append(len(match.actions)))
    assert screen.undo_steps() == 0
    screen.undo()
    assert dropped == []
    while not screen.undo_steps():
        if screen.state.is_chance():
            match.sample_chance()
        else:
            screen.play(screen.state.legal_actions()[0])
    played = len(match.actions)
    screen.undo()
    assert dropped == [played] and len(match.actions) < played


@pytest.mark.parametrize("lang,reason,prompt", [("en", "Nothing to undo yet.", "Pick where the stack on"),
                                                 ("zh-TW", "還沒有可以復原的步驟。", None)])
def test_a_greyed_undos_reason_keeps_the_prompt_after_it(lang, reason, prompt):
    """The tester's finding: the reason took the place of "Pick where the stack on E4 goes" until
    the next action. Pressed twice, the reason is said once."""
    match = Match.new("lyngk", 2, 5)
    screen, host = shown("lyngk", match, lang)
    move = next(m for m in screen.state.legal_actions() if not m.claim)
    screen.choose(move.origin)  # a stack picked (its target not yet): the prompt says where it may go
    asked = host.element("message").textContent
    assert asked and (prompt is None or asked.startswith(prompt))
    for _ in range(2):
        screen.undo()
        assert host.element("message").textContent == reason + (" " if lang == "en" else "") + asked
    assert screen.selection.origin == move.origin


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_greyed_controls_pressed_again_say_one_reason_before_the_same_prompt(game_id, lang):
    """The review's finding: a reason said with no prompt counted as the prompt of the next press
    ("Nothing to undo yet. Nothing to undo yet.")."""
    match = Match.new(game_id, 2, 5)
    screen, host = shown(game_id, match, lang)
    prompt = host.element("message").textContent
    undo = screen.tr("ctl.undo_off.start")
    joined = screen.tr("text.sentences", first=undo, then=prompt) if prompt else undo
    for _ in range(3):
        screen.undo()
        assert host.element("message").textContent == joined
    over = screen.tr("ctl.hint_off.over")
    screen.explain("ctl.hint_off.over")  # the other greyed control after it: its reason instead
    screen.render()
    assert host.element("message").textContent == (screen.tr("text.sentences", first=over, then=prompt)
                                                    if prompt else over)


def test_a_greyed_control_after_an_error_says_its_reason_alone():
    match = Match.new("lyngk", 2, 5)
    screen, host = shown("lyngk", match)
    screen.say(("lyngk.pick_stack", {}), error=True)
    screen.undo()
    screen.undo()
    assert host.element("message").textContent == "Nothing to undo yet."
