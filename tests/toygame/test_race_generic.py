"""The generic layers serve Dice Race, a game they have never heard of, with no edit outside its
folder: registered through the public registry for each test (conftest.py), it is simulated,
played with undo and redo, recorded, saved, shared, embedded, pictured, logged in words and
played by every computer level."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from urllib.parse import quote

import pytest

from fakes import FakeHost, RecordingContext
from qipan import ai, games, i18n
from qipan.app import embed_params, move_log, share
from qipan.app.embed import EmbedSession, embedded, point_px
from qipan.app.image_export import ImageOptions, alt_text, picture_size, read_note, svg_picture
from qipan.app.new_game import check_options, dialog_html
from qipan.app.storage import game_key, list_saves, load_save, save_match
from qipan.boardkit.store import Storage
from qipan.core import IllegalAction, RecordError, Rng
from qipan.core.simulate import random_playthrough
from qipan.match import Match

from toygame import BANK, PLUGIN, ROLL
from toygame.ui.screen import RaceScreen

SCRIPT = ("4", "roll", "3", "bank", "6", "bank", "1", "2", "roll", "1")
"""Player 1 rolls 4 and 3 and banks 7; player 2 banks a 6; player 1 busts at once; player 2
rolls 2, rolls again and busts."""
WORDS = ["rolls 4, 4 this turn", "rolls again", "rolls 3, 7 this turn", "banks 7, on to cell 7",
         "rolls 6, 6 this turn", "banks 6, on to cell 6", "rolls a 1: the turn passes", "rolls 2, 2 this turn",
         "rolls again", "rolls a 1: loses 2"]


def played(*texts: str, players: int = 2, **options: int) -> Match:
    match = Match.new("race", players, 7, **options)
    for text in texts:
        match.play(text)
    return match


def tr(key: str, **values: object) -> str:
    return i18n.t(key, "en", **values)


def screen_of(match: Match, host: FakeHost | None = None) -> RaceScreen:
    screen = games.ui("race").screen(host or FakeHost(), match)
    screen.resize(600, 270, 1)
    screen.render()
    return screen


def test_the_registry_serves_the_game_and_refuses_it_twice(race):
    assert "race" in games.GAME_IDS and games.get("race") is race
    assert games.ai("race").evaluate_all(race.new()) == (0.0, 0.0)
    assert games.ui("race").screen is RaceScreen
    assert i18n.t("game.race", "zh-TW") == "骰子賽跑"
    with pytest.raises(ValueError, match="twice"):
        games.register(PLUGIN)


def test_unregister_takes_the_game_and_its_strings_away():
    before = (games.GAME_IDS, dict(i18n.TABLE), dict(i18n.ONE))
    games.register(PLUGIN)
    assert games.unregister("race") is PLUGIN
    assert (games.GAME_IDS, i18n.TABLE, i18n.ONE) == before
    with pytest.raises(games.UnknownGame):
        games.get("race")
    with pytest.raises(games.UnknownGame):
        games.unregister("race")


def test_the_strings_pass_the_projects_guards(race):
    import test_guards
    test_guards.test_every_string_exists_in_both_languages_with_the_same_placeholders()
    test_guards.test_each_game_module_only_holds_its_own_keys()
    test_guards.test_chinese_texts_use_full_width_punctuation()
    test_guards.test_chinese_texts_use_taiwan_forms()
    test_guards.test_every_option_can_be_offered_and_named_in_both_languages()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_simulation_keeps_the_contract(race, players):
    for seed in (1, 2, 3):
        assert random_playthrough(games.get("race"), players, seed).final.is_terminal()
    assert random_playthrough(race, players, 4, goal=30, rounds=1).final.outcome() is not None


def test_undo_and_redo_take_back_decisions_never_dice(race):
    match = played("4", "roll")
    assert match.undo() == "roll" and not match.can_undo()  # the 4 stays as it fell
    with pytest.raises(IllegalAction):
        match.undo()
    assert match.redo() == "roll" and match.state == played("4", "roll").state


def test_a_record_replays_to_the_same_game(race):
    match = played(*SCRIPT)
    for record in (match.record(), match.record().dumps()):
        again = Match.from_record(record)
        assert again.state == match.state and again.record() == match.record()
    broken = dataclasses.replace(match.record(), actions=("4", "7"))
    with pytest.raises(RecordError, match="action 2"):
        Match.from_record(broken)


def test_every_computer_level_plays_a_legal_decision_and_the_same_one_twice(race):
    state, rng = race.new(3), Rng(5)
    decisions = []
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(rng.sample_outcome(state.chance_outcomes()))
        else:
            decisions.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    for decision in decisions[::4]:
        for level in ai.LEVELS:
            action = ai.choose(decision, games.ai("race"), level, seed=3)
            assert action in decision.legal_actions()
            assert ai.choose(decision, games.ai("race"), level, seed=3) == action


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_the_computer_banks_a_win_and_rolls_when_banking_loses(race, level):
    last_turn_ahead = race.parse_position("6/4 3 choose 3 10 2")  # banking 3 wins; a 1 would lose
    last_turn_behind = race.parse_position("8/4 3 choose 2 10 2")  # banking 2 loses
    assert ai.choose(last_turn_ahead, games.ai("race"), level, seed=1) == BANK
    assert ai.choose(last_turn_behind, games.ai("race"), level, seed=1) == ROLL


def test_the_move_log_says_each_roll_and_decision_and_groups_them_by_turn(race):
    items = move_log.entries(played(*SCRIPT), tr)
    assert [e.words for e in items] == WORDS
    assert [e.notation for e in items] == list(SCRIPT)
    groups = move_log.group(items)
    assert [(g.actor, g.number, len(g.entries)) for g in groups] == [(0, 1, 4), (1, 2, 2), (0, 3, 1), (1, 4, 3)]
    zh = move_log.entries(played("6", "roll", "5"), lambda key, **v: i18n.t(key, "zh-TW", **v))
    assert [e.words for e in zh] == ["擲出 6，本回合 6 點", "再擲一次", "擲出 5，抵達終點"]


def test_a_saved_game_loads_again(race):
    storage, match = Storage(None), played(*SCRIPT, players=3, goal=12)
    save_id = save_match(storage, match, ("human", "hard", "easy"))
    loaded = load_save(storage, game_key("race"))
    assert loaded.error is None and loaded.match.state == match.state
    assert loaded.seats == ("human", "hard", "easy") and loaded.save_id == save_id
    assert [entry.game for entry in list_saves(storage)] == ["race"]


def test_share_links_carry_the_game_and_a_position(race):
    match = played(*SCRIPT)
    shared = share.decode(share.encode_record(match.record()))
    assert shared.game == "race" and Match.from_record(shared.record).state == match.state
    shared = share.decode(share.encode_position("race", race.position(match.state)))
    assert shared.kind == "position" and race.parse_position(shared.position) == match.state


def test_an_embed_steps_through_the_game_with_its_notes_and_never_saves(race):
    token = share.encode_record(played(*SCRIPT).record())
    spec, problems = embed_params.parse(f"embed=1&mode=step&share={token}&hl=3,7&arrow=0-7")
    assert not problems
    session = EmbedSession(spec)
    assert session.total == len(SCRIPT)
    for ply in range(session.total + 1):
        session.ply = ply
        host, missing = FakeHost(), []
        cls = embedded(games.ui("race").screen, False, session.note, session.spec.bottom, on_missing=missing.extend)
        screen = cls(host, session.match_at(ply))
        screen.resize(400, 180, 1)
        screen.render()
        assert point_px(screen, "7") is not None and point_px(screen, "11") is None
        assert not missing and screen.ctx.count("arc") > 2  # two rings over the runners' discs
        assert host.storage._memory == {}


def test_trying_on_from_an_embed_takes_the_authors_dice(race):
    spec, _ = embed_params.parse(f"embed=1&mode=try&ply=1&dice=5&share={share.encode_record(played(*SCRIPT).record())}")
    session = EmbedSession(spec)
    host = FakeHost()
    cls = embedded(games.ui("race").screen, True, session.note)
    screen = cls(host, session.match_at(session.ply, session.try_feed()))
    screen.on_panel(ROLL, "")
    assert screen.match.actions == ("4", "roll", "5") and screen.state.total == 9
    assert host.storage._memory == {}
    position = race.position(screen.state)
    spec, _ = embed_params.parse("embed=1&game=race&pos=" + quote(position))
    assert EmbedSession(spec).total == 0


def test_a_picture_as_svg_with_coordinates_notes_and_alt_text(race):
    host = FakeHost()
    live = screen_of(played(*SCRIPT[:8]), host)  # player 2 decides: no roll is due
    note, problems = read_note("3, 7", "0-7")
    svg, picture, missing = svg_picture(live, host, ImageOptions("svg", width=600, coordinates=True, note=note))
    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == tuple(str(n) for n in picture_size("race", 600))
    assert not problems and not missing
    assert root.find("{http://www.w3.org/2000/svg}title").text.startswith("Dice Race")
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert all(texts.count(str(cell)) >= 2 for cell in range(11))  # the track's number and its tag
    zh = screen_of(played(*SCRIPT[:8]), FakeHost("zh-TW"))
    assert alt_text(zh, note).startswith("骰子賽跑") and "玩家 1 在第 7 格" in alt_text(zh, note)


def test_the_screen_draws_the_track_and_plays_from_its_panel_and_keys(race):
    host = FakeHost()
    screen = screen_of(Match.new("race", 2, 3), host)
    assert screen.state.to_move == 0  # the first roll was made at once
    ctx = RecordingContext()
    screen.draw(ctx, 600, 270)
    assert ctx.count("strokeRect") == 2 * 11 and {"1", "2", "10"} <= set(ctx.texts())
    panel = host.element("game-panel").innerHTML
    assert 'data-action="bank"' in panel and 'data-action="roll"' in panel
    screen.on_panel(BANK, "")
    assert screen.match.actions == ("4", "bank", "1", "4")  # player 2 busts, player 1 rolls again: at once
    assert host.storage.get(game_key("race")) is not None
    assert screen.state.to_move == 0 and host.element("btn-undo").attributes.get("aria-disabled") == "true"  # never back over the dice
    assert screen.on_key("R") and screen.match.actions[-2] == "roll"
    assert not screen.on_key("x")


def test_the_end_box_says_who_won_and_why(race):
    host = FakeHost()
    screen_of(played("6", "roll", "5"), host)
    assert "Player 1 wins!" in host.element("game-over").innerHTML
    assert "reached the goal" in host.element("game-over").innerHTML
    screen_of(played("2", "bank", "2", "bank", rounds=1), host)
    assert "Draw" in host.element("game-over").innerHTML and "After 1 rounds" in host.element("game-over").innerHTML


def test_the_new_game_dialog_offers_the_house_rules_and_checks_them(race):
    markup = dialog_html(tr, race, Match.new("race", 3, 1, goal=12), ())
    assert 'id="new-opt-goal"' in markup and "The goal cell" in markup and 'value="12"' in markup
    assert check_options(tr, race, 2, {"goal": "20", "rounds": "5"}) == ({"goal": 20, "rounds": 5}, {})
    _, refused = check_options(tr, race, 2, {"goal": "40", "rounds": "5"})
    assert refused == {"goal": "The goal cell: choose 6 to 30."}


def test_a_hint_is_said_in_the_move_logs_words(race):
    host = FakeHost()
    screen = screen_of(played("4"), host)
    screen.show_hint(BANK, "bank")  # (a notation that is a word: the sentence gives the words alone)
    assert host.element("message").textContent == screen.tr("app.hint_in_words", move="banks 4, on to cell 4")
