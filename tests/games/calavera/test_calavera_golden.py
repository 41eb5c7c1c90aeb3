"""Golden playthroughs (tests/golden.py): seeded random games written ply by ply."""

from pathlib import Path

import pytest

from golden import check_golden

GOLDEN = Path(__file__).parent / "golden"

HOUSE_RULES = dict(passive_crosses="skulls", passive_exclusion="colour", bonus_same_turn="all_share_first",
                   freeze_takes="needed", active_may_pass=True, even_rounds=True, start_player=1)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_golden_standard(players, seed):
    check_golden(GOLDEN / f"calavera_{players}p_seed{seed}.txt", "calavera", players, seed)


def test_golden_house_rules():
    check_golden(GOLDEN / "calavera_3p_seed4_house_rules.txt", "calavera", 3, 4, **HOUSE_RULES)
