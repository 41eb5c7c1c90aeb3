"""The stored snapshot's packed form (assets/js/snapshot-store.js `packSnapshot`, `unpackSnapshot`):
a return visit reads the snapshot without its pages of zeros and unpacks it into zeros. Packing then
unpacking gives back every byte, whatever pages are zeros and however the size ends; a packed
snapshot cut short, or unpacked into another size, is refused as damaged (the page then boots
plainly and makes a new one: e2e/test_snapshot.py). The functions run in the browser, on a page of
the served app that boots nothing (its snapshot.json)."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

PAGE = 4096

ROUND_TRIP = """async ([encoded, cut]) => {
  const { packSnapshot, unpackSnapshot } = await import(new URL('/assets/js/snapshot-store.js', location.href));
  const snapshot = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  const packed = packSnapshot(snapshot);
  const back = new Uint8Array(snapshot.length);
  unpackSnapshot(packed, back);
  const moved = (bytes, offset) => {
    const copy = bytes.slice();
    new Uint32Array(copy.buffer, 12, 1)[0] = offset;
    return copy;
  };
  const refused = (bytes, size) => {
    try { unpackSnapshot(bytes, new Uint8Array(size)); return null; } catch (error) { return String(error); }
  };
  return {
    same: back.every((byte, i) => byte === snapshot[i]),
    packed: packed.length,
    cut: cut > 0 ? refused(packed.slice(0, Math.max(0, packed.length - cut)), snapshot.length) : null,
    resized: refused(packed, snapshot.length + 1),
    longer: refused(Uint8Array.from([...packed, 0]), snapshot.length),
    // a run said to lie past the snapshot's end (its first run's offset moved to the size)
    outside: packed.length > 12 ? refused(moved(packed, snapshot.length), snapshot.length) : 'damaged (no run)',
    // the same bytes handed over at an odd offset in a bigger buffer
    unaligned: (() => {
      const spare = new Uint8Array(snapshot.length + 1);
      spare.set(snapshot, 1);
      const again = new Uint8Array(snapshot.length);
      unpackSnapshot(packSnapshot(spare.subarray(1)), again);
      return again.every((byte, i) => byte === snapshot[i]);
    })(),
  };
}"""


@pytest.fixture(scope="module")
def page(browser, server):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{server}assets/vendor/snapshot.json")
    yield page
    context.close()


snapshots = st.lists(st.one_of(st.just(b""), st.binary(min_size=1, max_size=PAGE)), max_size=12).flatmap(
    lambda pages: st.tuples(st.just(pages), st.integers(0, PAGE - 1), st.integers(0, 64)))
"""Pages, each all zeros (b"") or starting with the bytes drawn (zeros after them); then how many
bytes the snapshot's last page is cut to (0: whole), and how many bytes a damaged copy loses."""


@settings(max_examples=40, deadline=None)
@given(snapshots)
def test_a_packed_snapshot_unpacks_to_every_byte_and_a_damaged_one_is_refused(page, drawn):
    pages, tail, cut = drawn
    snapshot = b"".join(start.ljust(PAGE, b"\0") for start in pages)
    if tail and snapshot:
        snapshot = snapshot[:len(snapshot) - PAGE + tail]
    got = page.evaluate(ROUND_TRIP, [base64.b64encode(snapshot).decode(), cut])
    assert got["same"]
    stored = [snapshot[i:i + PAGE] for i in range(0, len(snapshot), PAGE) if any(snapshot[i:i + PAGE])]
    runs_at_most = len(stored)
    assert got["packed"] <= 12 + 8 * runs_at_most + sum(map(len, stored))  # zero pages are left out
    assert got["packed"] >= 12 + sum(map(len, stored))
    if cut:
        assert "damaged" in got["cut"]
    assert "damaged" in got["resized"]
    assert "damaged" in got["longer"]
    assert "damaged" in got["outside"]
    assert got["unaligned"]


@pytest.mark.parametrize("size", [4097, 4099, 4101, 8190])
def test_a_byte_past_the_last_whole_word_is_kept(page, size):
    """A snapshot whose size is not a whole number of 32-bit words, zeros but for its last byte:
    the packing looks at that byte too (its word view stops before it)."""
    snapshot = bytes(size - 1) + b"\x07"
    got = page.evaluate(ROUND_TRIP, [base64.b64encode(snapshot).decode(), 0])
    assert got["same"]
    assert got["packed"] == 12 + 8 + size % PAGE
