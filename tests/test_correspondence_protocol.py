"""Correspondence play (qipan.app.correspondence): simulated devices, each its own model object,
exchange nothing but link strings: whole games with verified dice, a hidden Table Gype set-up,
links opened twice, old links, forks, and cheating that must be caught."""

from __future__ import annotations

import json
import random

import pytest

from qipan.app import correspondence as cr
from qipan.app.correspondence import crypto, link
from qipan.app.correspondence.model import Message
from qipan.match import Match

BASE = "https://qipan.example/"


def bytes_from(seed: int):
    rng = random.Random(seed)
    return lambda n: bytes(rng.getrandbits(8) for _ in range(n))


def table(game: str, players: int, dice: str = cr.VERIFIED, seed: int = 1, **options):
    """Devices for every person (person i on device i), invited and joined; the last link."""
    creator = cr.Device.create(game, players, dice=dice, options=options, random_bytes=bytes_from(seed))
    url = creator.send(BASE)
    devices = [creator]
    for person in range(1, players):
        device = cr.Device.receive(url, (person,), random_bytes=bytes_from(seed * 100 + person))
        devices.append(device)
        if dice == cr.VERIFIED:
            device.join()
            url = device.send(BASE)
    for device in devices:
        if device.record != cr.decode(url):
            device.open(url)
    if creator.advance() and not creator.my_turn():
        url = creator.send(BASE)  # the creator's share of the seed (sent with their first move if theirs)
        deliver(devices, creator, url)
    return devices, url


def deliver(devices, sender, url):
    for device in devices:
        if device is not sender:
            opened = device.open(url)
            assert opened.kind == "new"


def play_out(devices, url, seed: int = 3, limit: int = 5000, choose=None, finish=True):
    """Play to the end: whoever is awaited acts (random legal choices), the link goes to everyone."""
    rng = random.Random(seed)
    for _ in range(limit):
        waiting = devices[0].awaiting()
        if waiting.what == "over":
            return url
        device = devices[waiting.person]
        device.advance()
        legal = device.legal()
        if legal:
            device.play(choose(device, legal) if choose else rng.choice(legal))
        url = device.send(BASE)
        deliver(devices, device, url)
    assert not finish, "the game did not end"
    return url


def all_agree(devices):
    records = [d.game_record() for d in devices]
    assert all(r == records[0] for r in records)
    record = records[0]
    assert Match.from_record(record).actions == record.actions
    return record


def test_a_lyngk_game_with_verified_dice_to_the_end():
    devices, url = table("lyngk", 2)
    url = play_out(devices, url)
    record = all_agree(devices)
    assert Match.from_record(record).state.is_terminal()
    verdict = cr.verify(url)
    assert verdict.ok and verdict.key == "correspondence.verify.ok"
    assert len(url) < cr.LINK_LIMIT


def test_a_calavera_game_with_verified_dice_to_the_end():
    devices, url = table("calavera", 2, seed=5)
    url = play_out(devices, url, seed=8)
    all_agree(devices)
    verdict = cr.verify(devices[0].file())
    assert verdict.ok and verdict.values["rolls"] > 50
    # every roll was settled by the other player's reveal: the link holds both halves of each
    entries = [e for m in devices[0].record.messages for e in m.entries]
    assert sum(e[0] == "v" for e in entries) == verdict.values["rolls"] + 1  # + the seed's
    assert cr.from_file(devices[1].file()) == devices[0].record


def test_three_player_calavera_and_eight_player_hezong_round_the_table():
    devices, url = table("calavera", 3, seed=11)
    for _ in range(30):
        waiting = devices[0].awaiting()
        device = devices[waiting.person]
        device.advance()
        if device.legal():
            device.play(random.Random(len(url)).choice(device.legal()))
        url = device.send(BASE)
        deliver(devices, device, url)
    all_agree(devices)
    assert cr.verify(url).ok
    devices, url = table("hezong", 8, dice=cr.FRIENDLY)
    play_out(devices, url, limit=400, finish=False)
    all_agree(devices)


def test_a_witness_is_the_next_other_player_and_a_reroll_costs_a_round_trip():
    devices, url = table("calavera", 2, seed=2)
    waiting = devices[0].awaiting()
    roller = devices[waiting.person]
    assert waiting.what == "move"
    roller.play(roller.legal()[0])
    assert roller.awaiting().what in ("roll", "move")
    if roller.awaiting().what == "roll":
        assert roller.awaiting().person != waiting.person
        assert not roller.my_turn()


def test_friendly_dice_are_a_normal_game_of_the_shared_seed():
    devices, url = table("calavera", 2, dice=cr.FRIENDLY)
    device = devices[devices[0].awaiting().person]
    device.play(device.legal()[0])
    record = device.game_record()
    assert record.seed == int.from_bytes(device.table.gid, "big")
    assert Match.from_record(record).actions == record.actions
    assert cr.verify(device.send()).key == "correspondence.verify.friendly"


def test_a_three_player_table_gype_set_up_keeps_the_rows_hidden_until_all_are_arranged():
    devices, url = table("gype", 3, first_player=0)
    rows = {}
    for person in range(3):
        device = devices[person]
        assert device.awaiting() == cr.Awaiting("move", person, person)
        choice = device.legal()[5 + person]
        rows[person] = choice
        device.play(choice)
        url = device.send(BASE)
        if person < 2:
            # the row travels as a salted commitment: nobody can read it in the link
            assert "arrange" not in json.dumps(cr.decode(url).to_json())
        deliver(devices, device, url)
    # the last row is played openly; the others reveal in reverse order, the first player last
    assert devices[0].awaiting() == cr.Awaiting("reveal", 1)
    other = devices[2].view.match.actions
    assert other[0] != rows[0] or other[1] != rows[1]  # stand-ins on a device that cannot know
    for person in (1, 0):
        device = devices[person]
        added = device.advance()
        assert added and added[0].startswith("s")
        if person == 0:
            device.play(device.legal()[0])  # the first player reveals and moves in one message
        url = device.send(BASE)
        deliver(devices, device, url)
    record = all_agree(devices)
    assert record.actions[:3] == (rows[0], rows[1], rows[2])
    assert cr.verify(url).ok


def test_opening_a_link_twice_or_an_older_link_changes_nothing():
    devices, url = table("lyngk", 2, dice=cr.FRIENDLY)
    first = devices[0]
    first.play(first.legal()[0])
    old = first.send(BASE)
    devices[1].open(old)
    second = devices[1]
    second.play(second.legal()[0])
    new = second.send(BASE)
    opened = first.open(new)
    assert opened.kind == "new" and len(opened.plies) == 1
    saved = json.dumps(first.to_json())
    assert first.open(new).kind == "same"
    assert first.open(new).key == "correspondence.open.same"
    assert first.open(old).kind == "older"
    assert json.dumps(first.to_json()) == saved


def test_a_forked_link_is_refused_and_both_are_kept():
    devices, url = table("lyngk", 2, dice=cr.FRIENDLY)
    first, second = devices
    first.play(first.legal()[0])
    old = first.send(BASE)
    second.open(old)
    second.play(second.legal()[0])
    answer = second.send(BASE)
    first.open(answer)
    # the second player answers the same old link again, on another device (or after a reset)
    again = cr.Device.receive(old, (1,))
    again.play(again.legal()[1])
    fork = again.send(BASE)
    saved = first.record
    with pytest.raises(cr.CorrespondenceError) as caught:
        first.open(fork)
    assert caught.value.key == "correspondence.err.fork" and caught.value.values["step"] == 2
    assert caught.value.theirs == cr.decode(fork)
    assert first.record == saved


def _forge(url: str, change) -> str:
    data = cr.decode(url).to_json()
    change(data["h"])
    return cr.fragment(cr.CorrespondenceRecord.from_json(data))


def test_a_revealed_half_that_does_not_match_its_commitment_is_caught():
    devices, url = table("calavera", 2, seed=4)
    url = play_out(devices, url, limit=6, finish=False)
    history = cr.decode(url).to_json()["h"]
    at = next(i for i, m in enumerate(history) if i > 2 and any(e.startswith("v") for e in m[1:]))

    def swap(h):
        h[at] = [h[at][0]] + ["v" + crypto.b64(b"\x01" * 16) if e.startswith("v") else e for e in h[at][1:]]
        del h[at + 1:]

    forged = _forge(url, swap)
    verdict = cr.verify(forged)
    assert not verdict.ok and verdict.error.key == "correspondence.err.reveal_mismatch"
    assert verdict.values["step"] == at + 1
    fresh = cr.Device.create("lyngk", 2)
    with pytest.raises(cr.CorrespondenceError):
        cr.Device.receive(forged, (1,))
    assert fresh.record.messages == ()


def test_a_different_row_after_the_commitment_is_caught():
    devices, url = table("gype", 2, first_player=0)
    first, second = devices
    first.play(first.legal()[0])
    url = first.send(BASE)
    second.open(url)
    second.play(second.legal()[0])
    url = second.send(BASE)
    first.open(url)
    salt, _ = first.hidden[0]
    first.hidden[0] = (salt, first.view.match.game.action_text(first.view.match.states()[0],
                                                               first.view.match.states()[0].legal_actions()[7]))
    first._view = first._base = None
    with pytest.raises(cr.CorrespondenceError) as caught:
        first.view.awaiting()
    assert caught.value.key == "correspondence.err.not_mine"
    # a player who writes the reveal by hand with another row is caught by everyone else
    cheat = cr.Device.receive(url, (0,))
    cheat._add(0, "s" + crypto.b64(salt) + first.hidden[0][1])
    with pytest.raises(cr.CorrespondenceError) as caught:
        second.open(cheat.send(BASE))
    assert caught.value.key == "correspondence.err.hidden_mismatch"


def test_a_witness_cannot_change_their_chain_while_a_roll_waits():
    devices, url = table("calavera", 2, seed=6)
    for _ in range(8):
        waiting = devices[0].awaiting()
        if waiting.what == "roll":
            break
        device = devices[waiting.person]
        device.advance()
        device.play(device.legal()[0])
        url = device.send(BASE)
        deliver(devices, device, url)
    assert waiting.what == "roll"
    witness = devices[waiting.person]
    witness._new_chain(waiting.person)
    with pytest.raises(cr.CorrespondenceError) as caught:
        witness.view.awaiting()
    assert caught.value.key == "correspondence.err.chain_late"


def test_a_message_in_my_name_that_i_did_not_send_is_refused():
    devices, url = table("lyngk", 2, dice=cr.FRIENDLY)
    first, second = devices
    state_text = first.legal()[0]
    record = first.record.extended(Message(0, ("a" + state_text,)))
    with pytest.raises(cr.CorrespondenceError) as caught:
        first.open(link.fragment(record))
    assert caught.value.key == "correspondence.err.not_from_me"


def test_moves_out_of_turn_and_illegal_moves_are_refused_with_their_step():
    devices, url = table("lyngk", 2, dice=cr.FRIENDLY)
    record = devices[0].record.extended(Message(1, ("aB2-A1",)))
    verdict = cr.verify(link.fragment(record))
    assert verdict.error.key == "correspondence.err.out_of_turn" and verdict.values["step"] == 1
    record = devices[0].record.extended(Message(0, ("aZ9-Z8",)))
    assert cr.verify(link.fragment(record)).error.key == "correspondence.err.illegal"
    with pytest.raises(cr.CorrespondenceError) as caught:
        devices[1].play(devices[0].legal()[0])
    assert caught.value.key == "correspondence.err.not_your_turn"


def test_a_device_keeps_its_copy_and_secrets_in_its_own_store():
    devices, url = table("gype", 2, first_player=0)
    devices[0].play(devices[0].legal()[3])
    kept = cr.Device.from_json(json.loads(json.dumps(devices[0].to_json())))
    assert kept.hidden == devices[0].hidden and kept.draft == devices[0].draft
    assert kept.view.match.actions == devices[0].view.match.actions
    with pytest.raises(cr.CorrespondenceError):
        cr.Device.from_json({"record": {}, "persons": [0]})


def test_every_error_key_is_in_both_languages():
    from qipan.i18n import TABLE
    import re
    from pathlib import Path
    folder = Path(cr.__file__).parent
    keys = set()
    for path in folder.glob("*.py"):
        keys |= set(re.findall(r'"(correspondence\.[a-z_.]+[a-z])"', path.read_text()))
    assert keys and not sorted(k for k in keys if k not in TABLE)
