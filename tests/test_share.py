"""Share links (qipan.app.share): round trips of records and positions, clear errors for anything
malformed (fuzzed), and links written by version 1 that must keep loading."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st
from seeded import seeded

from qipan import games
from qipan.app import share
from qipan.core import GameRecord, NotationError, RecordError
from qipan.i18n import t
from qipan.match import Match

# Written by version 1 (2026-11): LYNGK, seed 7, four moves; a Quorsum position after the roll-off.
STORED_RECORD_LINK = (
    "r1.eNotjUEKgzAURO8y62ShLRSyMz1GKeETvxIao02irYh3b2y7GoZ5w9vQjXGgDIWnmyjIyHaMLQQWjsmNAaoS6GngQvg19I9jougoHJ-"
    "UKbT05ccpFzxBbbCe3GAsTXmOnEzgOUfypnMLlz3HmQU8ZTY_MLm3ebnj2pFPvAtMntaih6oFEnMLdREg-xfcoGvZVMXZVPJ6KqlPUh9dV1Kfcd8_PhVGhA")
STORED_POSITION_LINK = (
    "p1.eNoljEEKgDAMBO--Ih-Qqq09CH1MaAoFo9FG8ftGZA-zzMKetzS9t04v3AkbwcyBJosLVgJ7cpEn8uzZRYrmZoYDn11TDyx5_XhU1JJyFdGyjGBfXDa8ShpAszRjP8A_tzS-u0Qmaw")


def test_a_stored_v1_record_link_still_replays():
    shared = share.decode(STORED_RECORD_LINK)
    assert shared.kind == "record" and shared.game == "lyngk"
    match = Match.from_record(shared.record)
    assert match.actions == ("B2-A1", "A1-C3", "B3-B1", "B1-B4")
    assert match.seed == 7


def test_a_stored_v1_position_link_still_parses():
    shared = share.decode(STORED_POSITION_LINK)
    assert shared.kind == "position" and shared.game == "quorsum"
    game = games.get("quorsum")
    assert game.position(game.parse_position(shared.position)) == shared.position


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(games.GAME_IDS), st.integers(0, 2**64 - 1), st.integers(0, 30))
def test_record_links_round_trip_to_the_same_game(game_id, seed, plies):
    match = seeded(game_id, plies, seed, stride=1, offset=seed)
    token = share.encode_record(match.record())
    assert len(token) < 2000 and token.startswith("r1.")
    assert all(c.isalnum() or c in "._-" for c in token)  # URL-safe as it is
    again = Match.from_record(share.decode(token).record)
    assert again.record() == match.record() and again.state == match.state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(games.GAME_IDS), st.integers(0, 2**32), st.integers(0, 20))
def test_position_links_round_trip(game_id, seed, plies):
    match = seeded(game_id, plies, seed, stride=1, offset=seed)
    game = match.game
    token = share.encode_position(game_id, game.position(match.state))
    shared = share.decode(token)
    assert shared.game == game_id and game.parse_position(shared.position) == match.state


@given(st.text(max_size=300))
def test_any_text_decodes_or_raises_a_share_error(text):
    try:
        shared = share.decode(text)
    except share.ShareError as exc:
        assert isinstance(exc, RecordError) and isinstance(exc, NotationError) and str(exc)
    else:
        assert shared.kind in ("record", "position")


@given(st.binary(max_size=400), st.sampled_from("rp"), st.integers(0, 3))
def test_damaged_payloads_raise_share_errors(data, kind, version):
    import base64
    token = f"{kind}{version}." + base64.urlsafe_b64encode(data).decode().rstrip("=")
    with pytest.raises(share.ShareError):
        share.decode(token)


@given(st.integers(1, 200), st.data())
def test_cut_or_flipped_links_raise_share_errors_or_read_cleanly(cut, data):
    token = STORED_RECORD_LINK[:-cut] if cut < len(STORED_RECORD_LINK) - 3 else "r1."
    try:
        share.decode(token)
    except share.ShareError:
        pass
    i = data.draw(st.integers(3, len(STORED_RECORD_LINK) - 1))
    flipped = STORED_RECORD_LINK[:i] + ("A" if STORED_RECORD_LINK[i] != "A" else "B") + STORED_RECORD_LINK[i + 1:]
    try:
        shared = share.decode(flipped)
    except share.ShareError:
        return
    try:
        Match.from_record(shared.record)
    except RecordError:
        pass


@pytest.mark.parametrize("token, words", [
    ("", "not a share link"), ("x1.abc", "not a share link"), ("r3.eNoDAAAAAAE", "version 3"), ("p2.eNoDAAAAAAE", "version 2"),
    ("r1.", "empty"), ("r1.!!!", "not a share link"), ("r1.eNo", "cut short"),
    ("r1." + "A" * 20_000, "too long"),
])
def test_errors_say_what_is_wrong(token, words):
    with pytest.raises(share.ShareError, match=words):
        share.decode(token)


def test_a_zip_bomb_is_refused():
    import base64
    import zlib
    token = "r1." + base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000, 9)).decode().rstrip("=")
    with pytest.raises(share.ShareError, match="too much"):
        share.decode(token)


def test_record_json_that_is_not_a_record_is_refused():
    import base64
    import zlib
    token = "r1." + base64.urlsafe_b64encode(zlib.compress(b'{"format": "x"}')).decode().rstrip("=")
    with pytest.raises(share.ShareError, match="cannot be read"):
        share.decode(token)
    assert share.decode(share.encode_record(GameRecord("lyngk", 2, 1))).record.actions == ()


def _no_english(text: str) -> bool:
    return not re.search(r"[A-Za-z]", text.replace("Qipan", ""))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(games.GAME_IDS), st.integers(0, 2**32), st.integers(0, 12), st.booleans(), st.data())
def test_any_cut_of_a_valid_link_is_explained_in_the_players_words(game_id, seed, plies, position, data):
    """A link cut anywhere (as a copy that missed its end) gives a reason of its own in each
    language, never the decoder's English."""
    match = seeded(game_id, plies, seed, stride=1, offset=seed)
    token = (share.encode_position(game_id, match.game.position(match.state)) if position
             else share.encode_record(match.record()))
    cut = token[:data.draw(st.integers(0, len(token) - 1))]
    with pytest.raises(share.ShareError) as caught:
        share.decode(cut)
    assert share.why(caught.value) in share.WHYS and share.why(caught.value) in ("incomplete", "damaged")
    zh = t("share.error", "zh-TW", reason=t(f"share.why.{share.why(caught.value)}", "zh-TW"))
    assert _no_english(zh), zh
    assert "base64" not in t(f"share.why.{share.why(caught.value)}", "en")


@pytest.mark.parametrize("token, why", [
    ("", "incomplete"), ("r", "incomplete"), ("r1", "incomplete"), ("r1.", "incomplete"), ("r1.eNo", "incomplete"),
    (STORED_RECORD_LINK[:-5], "incomplete"), (STORED_RECORD_LINK[:41], "incomplete"),
    ("r9." + STORED_RECORD_LINK[3:], "newer"), ("p2.eNoDAAAAAAE", "newer"), ("r0." + STORED_RECORD_LINK[3:], "damaged"),
    ("x1.abc", "damaged"), ("r1.!!!", "damaged"), ("r1." + "A" * 20_000, "too_long"),
])
def test_each_refusal_has_a_plain_reason(token, why):
    with pytest.raises(share.ShareError) as caught:
        share.decode(token)
    assert share.why(caught.value) == why


def test_every_reason_is_said_in_both_languages_in_plain_words():
    from qipan.games import UnknownGame
    assert share.why(UnknownGame("chess")) == "unknown_game" and share.why(RecordError("breaks at 3")) == "damaged"
    for why in share.WHYS:
        english, chinese = t(f"share.why.{why}", "en"), t(f"share.why.{why}", "zh-TW")
        assert english and _no_english(chinese) and not re.search(r"base64|version \d|\br\d", english)
