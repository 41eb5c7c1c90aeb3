"""Correspondence links and files (qipan.app.correspondence.link): round trips, and every damaged,
cut, foreign or forged input refused with a CorrespondenceError (fuzzed), never another error."""

from __future__ import annotations

import json
import zlib

from hypothesis import given, settings, strategies as st

from qipan.app import correspondence as cr
from qipan.app.correspondence import crypto, link


def _sample() -> str:
    device = cr.Device.create("lyngk", 2, dice=cr.FRIENDLY, random_bytes=lambda n: bytes(range(n)))
    device.play(device.legal()[0])
    return device.send("https://qipan.example/")


SAMPLE = _sample()
TOKEN = link.token_of(SAMPLE)


def refused(call, *args):
    try:
        call(*args)
    except cr.CorrespondenceError as exc:
        assert exc.key.startswith("correspondence.err.")
        return exc
    return None


def test_a_link_and_a_file_carry_the_same_record():
    record = cr.decode(SAMPLE)
    assert cr.decode(TOKEN) == cr.decode("#" + TOKEN) == record
    assert cr.from_file(cr.to_file(record)) == record
    assert SAMPLE.startswith("https://qipan.example/#c1.")


def test_the_plain_failures_have_their_own_keys():
    assert refused(cr.decode, "https://qipan.example/").key == "correspondence.err.not_link"
    assert refused(cr.decode, "c2." + TOKEN[3:]).key == "correspondence.err.version"
    assert refused(cr.decode, TOKEN[:-9]).key in ("correspondence.err.damaged", "correspondence.err.truncated")
    assert refused(cr.decode, "c1.").key == "correspondence.err.truncated"
    assert refused(cr.from_file, b"PK\x03\x04").key == "correspondence.err.not_file"
    assert refused(cr.from_file, b"qipan-c9\n1234").key == "correspondence.err.version"
    flipped = TOKEN[:20] + ("A" if TOKEN[20] != "A" else "B") + TOKEN[21:]
    assert refused(cr.decode, flipped).key == "correspondence.err.damaged"


def _token_of_json(text: str) -> str:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(text.encode("utf-8")) + deflate.flush()
    return "c1." + crypto.b64(crypto.check(data) + data)


def test_a_bomb_is_refused():
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(b" " * (link.MAX_TEXT + 10)) + deflate.flush()
    assert refused(cr.decode, "c1." + crypto.b64(crypto.check(data) + data)).key == "correspondence.err.too_big"


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_any_text_is_a_link_or_a_clear_refusal(text):
    for candidate in (text, "c1." + text, "#c1." + text):
        try:
            cr.decode(candidate)
        except cr.CorrespondenceError:
            pass


@settings(max_examples=300)
@given(st.binary(max_size=300))
def test_any_bytes_are_a_file_or_a_clear_refusal(data):
    for candidate in (data, b"qipan-c1\n" + data):
        refused(cr.from_file, candidate)


@settings(max_examples=200)
@given(st.integers(0, len(TOKEN) - 1), st.sampled_from("AQgw_-09az"), st.integers(0, len(TOKEN)))
def test_a_changed_or_cut_link_is_refused(at, char, cut):
    changed = TOKEN[:at] + char + TOKEN[at + 1:]
    if changed != TOKEN:
        assert refused(cr.decode, changed) is not None
    if cut < len(TOKEN):
        assert refused(cr.decode, TOKEN[:cut]) is not None


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("gnidpvowh") | st.text(max_size=3), inner, max_size=6),
    max_leaves=20)


@settings(max_examples=300)
@given(JSONISH)
def test_well_packed_nonsense_is_refused_as_not_a_game(value):
    """A link with a correct check (anyone can make one) but any content: refused, or a record
    whose replay refuses it; never a crash."""
    token = _token_of_json(json.dumps(value))
    try:
        record = cr.decode(token)
    except cr.CorrespondenceError:
        return
    assert not isinstance(cr.verify(record), Exception)


@settings(max_examples=150)
@given(st.lists(st.lists(st.text(min_size=1, max_size=30), min_size=1, max_size=3), max_size=4),
       st.integers(0, 1))
def test_forged_histories_are_refused_by_the_replay(entries, person):
    record = cr.decode(SAMPLE).to_json()
    record["h"] = record["h"] + [[person, *e] for e in entries]
    try:
        parsed = cr.CorrespondenceRecord.from_json(record)
    except cr.CorrespondenceError:
        return
    verdict = cr.verify(link.fragment(parsed))
    assert verdict.ok or verdict.error.key.startswith("correspondence.err.")
