"""Shared test set-up: make `tests/` importable for helpers such as golden.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
