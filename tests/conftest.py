"""Shared test set-up: make `tests/` importable for helpers such as golden.py, and give Hypothesis
no wall-clock deadline."""

import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# An example's time says nothing about the behaviour under test: on a busy machine (or at a first
# call that imports a module) the default 200 ms deadline failed at random.
settings.register_profile("qipan", deadline=None)
settings.load_profile("qipan")
