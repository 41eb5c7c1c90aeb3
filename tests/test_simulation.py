"""The generic random-simulation check (docs/architecture.md, "Tests") over every built game and player count."""

import pytest

from qipan import games
from qipan.core.simulate import random_playthrough

CASES = [
    (game_id, players, variant, seed)
    for game_id in games.GAME_IDS
    for players in range(games.get(game_id).min_players, games.get(game_id).max_players + 1)
    for variant in games.get(game_id).variants
    for seed in (1, 2)
]


def test_some_games_are_built():
    assert games.GAME_IDS, "no game engine is registered"


@pytest.mark.parametrize("game_id,players,variant,seed", CASES)
def test_random_play_keeps_the_contract(game_id, players, variant, seed):
    play = random_playthrough(games.get(game_id), players, seed, variant)
    assert play.final.is_terminal()
