"""One engine idiom in every game (docs/architecture.md, "The engine contract"): the state is a
frozen slotted dataclass with its legal actions cached and knows its player count; options are
checked by `Game.setup` alone; notation has the same four names; `IllegalAction` names the
action and the position; rules.py imports no notation."""

import ast
import dataclasses
import importlib
import inspect
from pathlib import Path

import pytest

from qipan import games
from qipan.core import IllegalAction, Rng

GAMES = Path(__file__).resolve().parents[2] / "py" / "qipan" / "games"
NOTATION_NAMES = {
    "parse_position": ["text"],
    "position_text": ["state"],
    "parse_action": ["state", "text"],
    "action_text": ["state", "action"],
}


def _player_counts(game):
    return range(game.min_players, game.max_players + 1)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_state_is_a_frozen_slotted_dataclass(game_id):
    state = games.get(game_id).new(seed=1)
    kind = type(state)
    assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen
    assert "__slots__" in vars(kind) and not hasattr(state, "__dict__")
    first = dataclasses.fields(kind)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(state, first, getattr(state, first))


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_legal_actions_are_cached_and_left_out_of_equality(game_id):
    game = games.get(game_id)
    state = game.new(seed=1)
    fresh = game.parse_position(game.position(state))
    assert state.legal_actions() is state.legal_actions()
    assert fresh == state and hash(fresh) == hash(state)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_state_knows_its_player_count(game_id):
    game = games.get(game_id)
    for players in _player_counts(game):
        state = game.new(players, seed=3)
        assert state.players == players
        assert game.parse_position(game.position(state)).players == players
        rng = Rng(players)
        for _ in range(20):
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_actions()))
            assert state.players == players


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_setup_refuses_a_text_option_outside_its_choices(game_id):
    game = games.get(game_id)
    assert sorted(game.option_choices) == sorted(k for k, v in game.options.items() if type(v) is str)
    for name, allowed in game.option_choices.items():
        with pytest.raises(ValueError, match=name) as refused:
            game.new(game.min_players, 1, **{name: "no-such-choice"})
        assert all(str(choice) in str(refused.value) for choice in allowed)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_setup_refuses_an_int_option_outside_its_bounds(game_id):
    game = games.get(game_id)
    for players in _player_counts(game):
        for name, (low, high) in game.option_bounds(players).items():
            with pytest.raises(ValueError, match=f"{name}.*{low}"):
                game.setup(players, None, {name: low - 1})
            if high is not None:
                with pytest.raises(ValueError, match=f"{name}.*{low}..{high}"):
                    game.setup(players, None, {name: high + 1})


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_new_leaves_the_option_checks_to_setup(game_id):
    """No engine re-checks an option by hand: `new` calls `self.setup`."""
    game = games.get(game_id)
    assert "self.setup(" in inspect.getsource(type(game).new)
    assert "raise ValueError" not in inspect.getsource(type(game).new)


def _illegal_here(game, seed):
    """A state and an action legal in an earlier state of a seeded random game but not here."""
    rng = Rng(seed)
    state = game.new(seed=seed)
    seen = []
    while not state.is_terminal():
        for earlier, action in seen:
            if action not in state.legal_actions():
                return state, earlier, action
        seen = [(state, a) for a in state.legal_actions()[:8]] + seen[:40]
        if state.is_chance():
            state = state.apply(rng.sample_outcome(state.chance_outcomes()))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no illegal action found")


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_illegal_action_names_the_action_and_the_position(game_id):
    game = games.get(game_id)
    state, earlier, action = _illegal_here(game, 5)
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    message = str(refused.value)
    assert game.action_text(earlier, action) in message
    assert message.endswith(f"is not legal in {game.position(state)}")


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_notation_has_the_four_names_and_the_game_delegates_to_them(game_id):
    notation = importlib.import_module(f"qipan.games.{game_id}.notation")
    for name, params in NOTATION_NAMES.items():
        assert list(inspect.signature(getattr(notation, name)).parameters) == params, name
    game = games.get(game_id)
    state = game.new(seed=2)
    text = notation.position_text(state)
    assert game.position(state) == text and notation.parse_position(text) == state
    action = state.legal_actions()[0]
    assert game.action_text(state, action) == notation.action_text(state, action)
    assert notation.parse_action(state, notation.action_text(state, action)) == action


def _imported_modules(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield node.module or ""
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_rules_imports_no_notation(game_id):
    tree = ast.parse((GAMES / game_id / "rules.py").read_text(encoding="utf-8"))
    imported = [name for name in _imported_modules(tree) if name.split(".")[-1] == "notation"]
    assert imported == []


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_chance_outcomes_are_refused_where_a_player_decides(game_id):
    """Asked at a decision or at the end, every game answers IllegalAction (the contract's
    default), not an error of its own making (a slotted dataclass cannot call a bare super())."""
    game = games.get(game_id)
    rng = Rng(3)
    state = game.new(game.min_players, 3)
    seen = set()
    while not state.is_terminal() and len(seen) < 2:
        if not state.is_chance():
            seen.add("decision")
            with pytest.raises(IllegalAction):
                state.chance_outcomes()
            state = state.apply(rng.choice(state.legal_actions()))
        else:
            state = state.apply(rng.sample_outcome(state.chance_outcomes()))
    assert "decision" in seen
