"""The engine contract's option_bounds: every int option of every game has bounds, and `new`
accepts exactly those values (the lowest and highest; one below and one above are refused)."""

import pytest

from qipan import games

UNBOUNDED_PROBE = 10**6
"""A value far above any sensible setting, accepted where the engine sets no highest value."""


def _int_options(game):
    return [name for name, default in game.options.items() if type(default) is int]


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_int_option_has_bounds_and_no_other_option_does(game_id):
    game = games.get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        assert sorted(game.option_bounds(players)) == sorted(_int_options(game))


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_new_accepts_exactly_the_bounds(game_id):
    game = games.get(game_id)
    for players in range(game.min_players, game.max_players + 1):
        for name, (low, high) in game.option_bounds(players).items():
            assert low <= game.options[name] and (high is None or game.options[name] <= high)
            game.new(players, 1, **{name: low})
            with pytest.raises(ValueError):
                game.new(players, 1, **{name: low - 1})
            game.new(players, 1, **{name: UNBOUNDED_PROBE if high is None else high})
            if high is not None:
                with pytest.raises(ValueError):
                    game.new(players, 1, **{name: high + 1})


def test_bounds_that_name_a_player_follow_the_player_count():
    assert games.get("calavera").option_bounds(3)["start_player"] == (-1, 2)
    assert games.get("hezong").option_bounds(8)["start_player"] == (-1, 7)
    assert games.get("gype").option_bounds(2)["first_player"] == (-1, 1)
    assert games.get("quorsum").option_bounds(2) == {"draw_points": (0, 2), "match_target": (0, 99)}
