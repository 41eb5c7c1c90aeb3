"""Embedded boards on CPython: every game drawn at every ply with notes, try mode with fixed dice,
no writes to storage, and the embed URL parser fuzzed (it never raises)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from fakes import FakeHost
from seeded import seeded
from qipan import games
from qipan.app import share
from qipan.match import Match
from qipan.app import embed_params
from qipan.app.embed import EmbedSession, embedded, point_px

POINTS = {"lyngk": ("C3", "C7"), "quorsum": ("a1", "d4"), "gype": ("e2", "b0"), "hezong": ("a1", "k4"),
          "calavera": ("d1", "d6")}


def _record_token(game_id: str, plies: int = 10) -> str:
    return share.encode_record(seeded(game_id, plies, seed=4, stride=1).record())


def _screen(session: EmbedSession, interactive: bool, host: FakeHost):
    cls = embedded(games.ui(session.game_id).screen, interactive, session.note, session.spec.bottom)
    match = session.match_at(session.ply, session.try_feed() if interactive else ())
    screen = cls(host, match)
    screen.resize(400, 400, 1)
    screen.render()
    return screen


def test_every_game_draws_at_every_ply_with_cells_and_arrows():
    for game_id, points in POINTS.items():
        a, b = points
        spec, problems = embed_params.parse(f"embed=1&mode=step&share={_record_token(game_id)}&hl={a},{b}"
                                            f"&arrow={a}-{b}&bottom=2")
        assert not problems
        session = EmbedSession(spec)
        for ply in range(session.total + 1):
            session.ply = ply
            host = FakeHost()
            screen = _screen(session, False, host)
            assert point_px(screen, a) is not None and point_px(screen, b) is not None, game_id
            assert screen.ctx.count("arc") > 0
            assert host.storage._memory == {}


def test_try_mode_takes_the_authors_dice_and_never_saves():
    spec, _ = embed_params.parse(f"embed=1&mode=try&ply=1&share={_record_token('calavera', 3)}")
    session = EmbedSession(spec)
    host = FakeHost()
    screen = _screen(session, True, host)
    screen.save()
    screen.save_picture()
    assert host.storage._memory == {}
    assert screen.match.actions[:1] == session.actions[:1]


def test_a_position_embed_and_its_errors():
    game = games.get("hezong")
    text = game.position(Match.new("hezong", 2, 1).state)
    spec, _ = embed_params.parse("embed=1&game=hezong&pos=" + text.replace("&", "%26").replace("+", "%2B"))
    assert EmbedSession(spec).total == 0
    for bad in ("embed=1", "embed=1&game=nope", "embed=1&share=r1.xx", "embed=1&game=lyngk&pos=zz"):
        try:
            EmbedSession(embed_params.parse(bad)[0])
        except ValueError as exc:
            assert str(exc)
        else:
            raise AssertionError(bad)


@given(st.text(max_size=200))
def test_the_url_parser_never_raises(query):
    spec, problems = embed_params.parse(query)
    assert spec.mode in embed_params.MODES and isinstance(problems, list)


@given(st.dictionaries(st.sampled_from(("mode", "ply", "hl", "hl.3", "arrow", "cap.2.en", "dice", "bottom", "theme",
                                        "lang", "img", "autoplay", "seed", "players")),
                       st.text(max_size=20), max_size=6))
def test_fuzzed_parameters_give_a_session_or_a_clear_error(params):
    from urllib.parse import urlencode
    spec, _ = embed_params.parse(urlencode({"embed": "1", "game": "quorsum", **params}))
    try:
        session = EmbedSession(spec)
    except ValueError as exc:
        assert str(exc)
        return
    _screen(session, spec.mode == "try", FakeHost())
