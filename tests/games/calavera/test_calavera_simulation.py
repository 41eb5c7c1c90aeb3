"""The generic contract checker (core/simulate.py) over Calavera's rule options (rules §7);
the default options are covered by tests/test_simulation.py."""

import pytest

from qipan.core.simulate import random_playthrough
from qipan.games.calavera import GAME
from qipan.games.calavera.rules import RULE_CHOICES

SINGLE = [{name: choices[1]} for name, choices in RULE_CHOICES.items()]
ALL = {name: choices[1] for name, choices in RULE_CHOICES.items()}


@pytest.mark.parametrize("opts", SINGLE, ids=[next(iter(o)) for o in SINGLE])
def test_each_option_keeps_the_contract(opts):
    play = random_playthrough(GAME, 3, 11, **opts)
    assert play.final.is_terminal()


@pytest.mark.parametrize("players", [2, 4])
def test_all_options_together_keep_the_contract(players):
    play = random_playthrough(GAME, players, 12, **ALL)
    assert play.final.is_terminal()
    assert len(play.actions) <= GAME.max_plies(players)
