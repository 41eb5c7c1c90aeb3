"""Golden playthroughs (tests/golden.py): a seeded random game per variant, and a short match."""

from pathlib import Path

import pytest
from golden import check_golden

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name,seed,variant,options", [
    ("standard_seed3", 3, "standard", {}),
    ("sprint_seed4", 4, "sprint", {}),
    ("sprint_match2_seed8", 8, "sprint", {"match_target": 2}),
])
def test_golden_playthrough(name, seed, variant, options):
    check_golden(HERE / f"{name}.txt", "quorsum", 2, seed, variant, **options)
