"""Tiny search budgets for the AI tests (the levels keep their order, the tests stay fast)."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

TINY = {
    "lyngk": {"BUDGETS": {"easy": 3, "medium": 5, "hard": 8},
              "SOLVER_NODES": {"easy": 0, "medium": 40, "hard": 80}},
    "hezong": {"BUDGETS": {"easy": 3, "medium": 5, "hard": 8}},
    "gype": {"BUDGETS": {"easy": 3, "medium": 5, "hard": 8}},
    "quorsum": {"TURN_NODES": {"easy": 20, "medium": 40, "hard": 80}},
    "calavera": {"REROLL_WIDTH": {"easy": 1, "medium": 1, "hard": 2}},
}


@pytest.fixture
def tiny_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shrink every game's search budgets for one test."""
    for game_id, names in TINY.items():
        module = importlib.import_module(f"qipan.games.{game_id}.ai")
        for name, value in names.items():
            monkeypatch.setattr(module, name, value)
            if name == "BUDGETS":  # the game's GameAI holds its budgets
                monkeypatch.setattr(module, "AI", dataclasses.replace(module.AI, budgets=value))
