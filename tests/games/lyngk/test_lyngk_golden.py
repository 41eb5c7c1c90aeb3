"""Golden playthroughs (seeded random games written ply by ply): a rules change shows as a diff.

Rewrite with QIPAN_UPDATE_GOLDEN=1 after an intended change, and read the diff.
"""

from pathlib import Path

import pytest

from golden import check_golden

GOLDEN = Path(__file__).with_name("golden")


@pytest.mark.parametrize("name,seed,variant,options", [
    ("standard_seed1", 1, "standard", {}),
    ("standard_seed6_pass", 6, "standard", {}),
    ("standard_seed3_nocapture", 3, "standard", {"claim_captures_neutral_fives": False}),
    ("stack6_seed2_six", 2, "stack6", {}),
    ("stack6_seed7_late", 7, "stack6", {"late_claim_six_wins": True}),
])
def test_golden_playthrough(name, seed, variant, options):
    check_golden(GOLDEN / f"{name}.txt", "lyngk", 2, seed, variant, **options)
