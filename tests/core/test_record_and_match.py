"""Game records and the match driver: replay, undo/redo that never re-rolls, precise errors."""

import json

import pytest

from qipan import games
from qipan.core import GameRecord, IllegalAction, NotationError, RecordError
from qipan.match import Match


def play_some(match: Match, n: int) -> None:
    for _ in range(n):
        if match.state.is_terminal():
            return
        if match.state.is_chance():
            match.sample_chance()
        else:
            match.play_action(match.state.legal_actions()[-1])


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_record_replays_to_the_identical_state(game_id):
    game = games.get(game_id)
    match = Match.new(game_id, game.max_players, seed=11)
    play_some(match, 40)
    text = match.record().dumps()
    again = Match.from_record(text)
    assert again.state == match.state
    assert again.actions == match.actions
    assert GameRecord.from_json(json.loads(text)) == match.record()


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_chance_is_a_function_of_seed_and_ply(game_id):
    game = games.get(game_id)
    a = Match.new(game_id, game.min_players, seed=5)
    b = Match.new(game_id, game.min_players, seed=5)
    play_some(a, 30)
    play_some(b, 30)
    assert a.actions == b.actions


def test_undo_and_redo_step_over_decisions():
    match = Match.new("lyngk", 2, seed=1)
    play_some(match, 3)
    state, actions = match.state, match.actions
    assert match.undo() == actions[-1]
    assert match.can_redo()
    assert match.redo() == actions[-1]
    assert match.state == state
    match.undo()
    match.play_action(match.state.legal_actions()[0])
    assert not match.can_redo()  # a new move forgets the undone one


def test_undo_never_steps_back_over_a_chance_outcome():
    match = Match.new("calavera", 2, seed=1)
    for _ in range(200):
        if match.state.is_chance():
            match.sample_chance()
            break
        match.play_action(match.state.legal_actions()[0])
    assert not match.can_undo()
    with pytest.raises(IllegalAction):
        match.undo()


def test_sample_chance_needs_a_chance_node():
    with pytest.raises(IllegalAction):
        Match.new("lyngk", 2, 1).sample_chance()


def test_play_raises_precise_errors_and_changes_nothing():
    match = Match.new("lyngk", 2, seed=1)
    before = match.state
    with pytest.raises(NotationError):
        match.play("not a move")
    with pytest.raises(IllegalAction):
        match.play("pass")
    assert match.state == before and match.actions == ()


@pytest.mark.parametrize("data, words", [
    ("{not json", "not JSON"),
    ("[]", "JSON object"),
    ('{"format": "other"}', "format"),
    ('{"format": "qipan-record", "version": 2}', "version 2"),
    ('{"format": "qipan-record", "version": 1, "game": "lyngk", "players": 2, "seed": "x", "actions": []}', "seed"),
    ('{"format": "qipan-record", "version": 1, "game": "chess", "players": 2, "seed": 1, "actions": []}', "unknown game"),
    ('{"format": "qipan-record", "version": 1, "game": "lyngk", "players": 9, "seed": 1, "actions": []}', "players"),
    ('{"format": "qipan-record", "version": 1, "game": "lyngk", "players": 2, "seed": 1, "actions": ["A1-A1"]}', "action 1"),
])
def test_a_bad_record_says_what_is_wrong(data, words):
    with pytest.raises(RecordError, match=words):
        Match.from_record(data)


def test_setup_rejects_unknown_variants_and_options():
    with pytest.raises(ValueError, match="variant"):
        Match.new("lyngk", 2, 1, "nine")
    with pytest.raises(ValueError, match="option"):
        Match.new("lyngk", 2, 1, None, colour_blind=True)
    with pytest.raises(ValueError, match="takes a bool"):
        Match.new("lyngk", 2, 1, None, claim_captures_neutral_fives="yes")


def test_the_registry_knows_all_five_games():
    assert games.GAME_IDS == ("quorsum", "gype", "lyngk", "hezong", "calavera")
    assert set(games.GAME_IDS) == set(games.GAME_IDS)
    with pytest.raises(games.UnknownGame):
        games.get("chess")
    for game_id in games.GAME_IDS:
        game = games.get(game_id)
        assert game.id == game_id and set(game.names) == {"en", "zh-TW"}
