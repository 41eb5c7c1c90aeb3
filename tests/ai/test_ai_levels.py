"""Every level returns a legal action in every phase of every game, and the same one twice.

Decision states are sampled from seeded random playthroughs (tiny budgets: see conftest.py),
so chance-heavy mid-turn states are included: Calavera's keep, choose and mark phases,
Quorsum's allocation, resolution and chains, Table Gype's set-up and moves after re-rolls,
LYNGK claims and passes, 合縱連橫 with 2 and 8 players.
"""

from __future__ import annotations

import dataclasses

import pytest

from qipan import ai, games
from qipan.core import Rng, State

CASES = [("lyngk", 2), ("hezong", 2), ("hezong", 8), ("gype", 2), ("gype", 4), ("quorsum", 2),
         ("calavera", 2), ("calavera", 4)]
SAMPLES = 6
DECISION_PHASES = {
    "lyngk": {"play"},
    "hezong": {"play"},
    "gype": {"setup", "play"},
    "quorsum": {"choose", "place", "alloc", "resolve", "chain"},
    "calavera": {"keep", "choose", "mark"},
}
"""The kinds of decision each game asks for (its phases where a player, not the dice, decides)."""


def phase_of(state: State) -> str:
    """A label for the kind of decision (the phase where a game has phases)."""
    phase = getattr(state, "phase", None)
    if phase is not None:
        return str(getattr(phase, "value", phase))
    if getattr(state, "setup", False):
        return "setup"
    return "play"


def sample_states(game_id: str, players: int, seed: int = 3) -> list[State]:
    """Decision states of one seeded random game: the first of each phase, then spread out."""
    state = games.get(game_id).new(players, seed)
    rng = Rng(seed)
    decisions: list[State] = []
    while not state.is_terminal():
        if state.is_chance():
            state = state.apply(rng.sample_outcome(state.chance_outcomes()))
            continue
        decisions.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
    picked: dict[str, State] = {}
    for s in decisions:
        picked.setdefault(phase_of(s), s)
    step = max(1, len(decisions) // SAMPLES)
    spread = decisions[::step][:SAMPLES]
    return list(picked.values()) + [s for s in spread if s not in picked.values()]


@pytest.mark.parametrize("game_id,players", CASES)
def test_every_level_plays_a_legal_action(game_id: str, players: int, tiny_budgets: None) -> None:
    states = sample_states(game_id, players)
    assert {phase_of(s) for s in states} == DECISION_PHASES[game_id]  # every phase is tried
    for state in states:
        legal = state.legal_actions()
        for level in ai.LEVELS:
            action = ai.choose(state, games.ai(game_id), level, seed=3)
            assert action in legal, (game_id, level, phase_of(state), action)


@pytest.mark.parametrize("game_id,players", CASES)
def test_same_seed_same_action(game_id: str, players: int, tiny_budgets: None) -> None:
    for state in sample_states(game_id, players)[:4]:
        for level in ai.LEVELS:
            assert ai.choose(state, games.ai(game_id), level, seed=11) == ai.choose(state, games.ai(game_id), level, seed=11)


def test_unknown_level_and_chance_node_refused() -> None:
    state = games.get("calavera").new(2, 0)
    assert state.is_chance()
    with pytest.raises(ValueError):
        ai.choose(state, games.ai("calavera"), "hard")
    decision = state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose(decision, games.ai("calavera"), "expert")


@pytest.mark.parametrize("game_id", sorted(DECISION_PHASES))
def test_weaker_levels_slip_more(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Slips (a uniform legal action instead of the search's) grow as the level drops; hard never slips.

    The searches are replaced by one that answers a marker no game plays, so every answer that
    is not the marker is a slip; counted over many seeds in one position with several actions."""
    from qipan.ai import search

    searched = object()
    monkeypatch.setattr(search, "mcts", lambda *args: searched)
    game_ai = dataclasses.replace(games.ai(game_id), search=lambda *args: searched)
    state = next(s for s in sample_states(game_id, 2) if len(s.legal_actions()) > 1)
    slipped = {level: [a for a in (ai.choose(state, game_ai, level, seed) for seed in range(300)) if a is not searched]
               for level in ("easy", "medium", "hard")}
    slips = {level: len(actions) for level, actions in slipped.items()}
    assert slips["hard"] == 0 < slips["medium"] < slips["easy"], slips
    assert all(a in state.legal_actions() for a in slipped["easy"] + slipped["medium"])
    assert len(set(slipped["easy"])) > 1  # drawn among the legal actions, not one fixed action
