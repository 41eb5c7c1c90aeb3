"""Golden playthroughs of Gype (tests/golden.py): a rule change shows up as a readable diff."""

from pathlib import Path

import pytest

from golden import check_golden

HERE = Path(__file__).parent / "golden"

CASES = [
    ("2p_seed1", 2, 1, {}),
    ("3p_seed2", 3, 2, {}),
    ("4p_seed3", 4, 3, {"stall_rounds": 6}),
    ("2p_variants_seed4", 2, 4, {"no_roll_on_jumps": True, "random_start": True, "utter_chaos": True,
                                 "stall_rounds": 10}),
    ("3p_sen_rank_seed5", 3, 5, {"three_player_seats": "SEN", "stall_rounds": 8, "stall_result": "rank"}),
]


@pytest.mark.parametrize("name,players,seed,options", CASES, ids=[c[0] for c in CASES])
def test_golden_playthrough(name, players, seed, options):
    """A seeded random game replays to the stored positions and outcome."""
    check_golden(HERE / f"gype_{name}.txt", "gype", players, seed, **options)
