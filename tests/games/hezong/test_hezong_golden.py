"""Golden playthroughs (rules §3-§4 end to end) for 2, 4 and 8 players; rewrite with QIPAN_UPDATE_GOLDEN=1."""

from pathlib import Path

import pytest

from golden import check_golden

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12), (8, 13)])
def test_golden_playthrough(players, seed):
    check_golden(GOLDEN / f"hezong_{players}p_seed{seed}.txt", "hezong", players, seed)


def test_golden_playthrough_with_options():
    check_golden(GOLDEN / "hezong_3p_seed14_choose_both.txt", "hezong", 3, 14,
                 attack="choose", attack_ray="both", reuse_removed_cells=False)
