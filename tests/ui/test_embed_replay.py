"""Step and try embeds replay the record once: every ply shown afterwards is cut from the kept states
(stepping through, or autoplaying, a long record was quadratic: each redraw replayed from the start)."""

from __future__ import annotations

from seeded import seeded
from qipan.app import embed_params, share
from qipan.app.embed import EmbedSession
from qipan.match import Match


def _count_plays(monkeypatch) -> list[int]:
    calls = [0]
    real = Match.play_action

    def counted(self, action):
        calls[0] += 1
        return real(self, action)

    monkeypatch.setattr(Match, "play_action", counted)
    return calls


def test_stepping_through_a_record_replays_it_once(monkeypatch):
    record = seeded("gype", 2000, seed=4, stride=3).record()
    spec, problems = embed_params.parse(f"embed=1&mode=step&share={share.encode_record(record)}")
    assert not problems
    calls = _count_plays(monkeypatch)
    session = EmbedSession(spec)
    total = session.total
    assert total > 100 and calls[0] == total  # the one replay, which also checks the record
    for ply in [*range(total + 1), *range(total, -1, -1), None]:
        match = session.match_at(ply)
        assert len(match.actions) == (total if ply is None else ply)
        assert match.actions == record.actions[:len(match.actions)]
    assert calls[0] == total  # no replay per step


def test_try_mode_feeds_and_plays_on_without_a_replay(monkeypatch):
    record = seeded("calavera", 60, seed=4, stride=1).record()
    spec, _ = embed_params.parse(f"embed=1&mode=try&ply=5&share={share.encode_record(record)}")
    calls = _count_plays(monkeypatch)
    session = EmbedSession(spec)
    once = calls[0]
    feed = session.try_feed()
    match = session.match_at(session.ply, feed)
    assert calls[0] == once
    assert feed and feed == tuple(t for n, t in enumerate(record.actions) if n >= 5 and session.match_at(None).was_chance(n))
    match.play_action(match.state.legal_actions()[0]) if not match.state.is_chance() else match.sample_chance()
    again = session.match_at(session.ply, feed)  # the session's own states are untouched by play
    assert again.actions == record.actions[:5] and again.feed == list(feed) and again.rejected == []
