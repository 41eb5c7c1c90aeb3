"""A reproducible game for view, export and share tests: the seed's dice, and each decision picked by
position in the legal list (not random), so a test always sees the same position."""

from __future__ import annotations

from qipan import games
from qipan.match import Match


def seeded(game_id: str, plies: int = 12, seed: int = 7, stride: int = 7, players: int | None = None,
           offset: int = 0) -> Match:
    """`plies` actions of a new game (fewer if it ends); decision n takes
    legal[(offset + n * stride) % len]."""
    match = Match.new(game_id, players or games.get(game_id).min_players, seed)
    for n in range(plies):
        if match.state.is_terminal():
            break
        if match.state.is_chance():
            match.sample_chance()
        else:
            legal = match.state.legal_actions()
            match.play_action(legal[(offset + n * stride) % len(legal)])
    return match
