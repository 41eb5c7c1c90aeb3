"""The page's model of correspondence play (app/correspondence/session.py, screen.py, ui.py): the
start dialog's persons, two or more devices passing links round the table, whose turn the screen
takes input on, taking back unsent moves only, keeping a game with its secrets, and the HTML."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from fakes import FakeHost
from qipan import games
from qipan.app.correspondence import FRIENDLY, VERIFIED, CorrespondenceError, verify
from qipan.app.correspondence.screen import linked_screen
from qipan.app.correspondence.session import REMOTE, Session, fork_id, kept, load, persons_of, remove, store
from qipan.app.correspondence.ui import join_html, kept_html, send_html, start_html
from qipan.boardkit.store import Storage
from qipan.i18n import t

BASE = "https://example.test/qipan/"


def when(seconds: float) -> str:
    """A time as the page writes it (saved_games.when_text)."""
    return "26 Nov 2026, 06:42"


def tr(key: str, **values: object) -> str:
    return t(key, "en", **values)


def zh(key: str, **values: object) -> str:
    return t(key, "zh-TW", **values)


def randomness(seed: int):
    rng = random.Random(seed)
    return rng.randbytes


class Table:
    """Devices round a table: each person's session; a link goes to whoever the game waits for."""

    def __init__(self, game: str, players: int, dice: str, seed: int = 1, names: tuple[str, ...] = ()) -> None:
        names = names or tuple(f"P{n}" for n in range(players))
        self.sessions = {0: Session.create(game, players, names=names, mine=(True,) + (False,) * (players - 1),
                                           dice=dice, random_bytes=randomness(seed))}
        self.seed = seed
        self.url = self.sessions[0].send(BASE).url if self.sessions[0].due() else ""

    def waiting(self) -> int:
        return next(iter(self.sessions.values())).device.awaiting().person

    def deliver(self) -> Session:
        """The person the game waits for, with the latest link opened (the first time: they join);
        their device sends on when something is due."""
        latest = self.latest()
        person = latest.device.awaiting().person
        if person in latest.device.persons:
            return latest
        if person not in self.sessions:
            self.sessions[person] = Session.receive(self.url, [person], random_bytes=randomness(self.seed + person))
        else:
            self.sessions[person].open(self.url)
        session = self.sessions[person]
        if session.due():
            self.url = session.send(BASE).url
        return session

    def latest(self) -> Session:
        return max(self.sessions.values(), key=lambda s: (len(s.device.record.messages) + len(s.device.draft),
                                                          bool(s.device.draft)))


def play_until(table: Table, moves: int) -> None:
    """Each person whose turn it is plays their first legal move, `moves` times in all."""
    done = 0
    while done < moves:
        session = table.deliver()
        while session.can_move() and done < moves:
            session.play(session.device.legal()[0])
            done += 1
        if session.due():
            table.url = session.send(BASE).url
        if session.over():
            return


def test_persons_of_puts_mine_first_and_merges_names():
    assert persons_of(["Bob", "Me", "Bob", "Cy"], [False, True, False, False]) == (("Me", "Bob", "Cy"), (1, 0, 1, 2), (0,))
    assert persons_of(["A", "B"], [True, True]) == (("A", "B"), (0, 1), (0, 1))


@given(st.lists(st.tuples(st.sampled_from("ABCD"), st.booleans()), min_size=2, max_size=8))
@settings(max_examples=60, deadline=None)
def test_persons_of_is_consistent(seats):
    names, owners, mine = persons_of([n for n, _ in seats], [m for _, m in seats])
    assert [names[o] for o in owners] == [n for n, _ in seats]
    assert sorted(set(owners)) == list(range(len(names)))
    marked = {n for n, m in seats if m}
    assert {names[p] for p in mine} == marked
    if marked:
        assert 0 in mine and names[0] in marked  # the creator is person 0


def test_create_refuses_one_person_and_no_seat():
    with pytest.raises(CorrespondenceError) as one:
        Session.create("lyngk", 2, names=("A", "A"), mine=(True, True))
    assert one.value.key == "correspondence.err.one_person"
    with pytest.raises(CorrespondenceError) as none:
        Session.create("lyngk", 2, names=("A", "B"), mine=(False, False))
    assert none.value.key == "correspondence.err.seats"


def test_lyngk_friendly_goes_back_and_forth_and_both_agree():
    table = Table("lyngk", 2, FRIENDLY)
    assert table.url == ""  # friendly, the creator moves first: the first link carries a move
    play_until(table, 6)
    first, second = table.sessions[0], table.sessions[1]
    table.deliver()
    assert first.device.record == second.device.record
    assert first.match().actions == second.match().actions
    assert len([a for a in first.match().actions]) >= 6


def test_calavera_verified_rolls_need_the_witness_and_are_verified():
    table = Table("calavera", 2, VERIFIED, seed=3)
    assert table.url and table.sessions[0].status(tr, lambda s: "10:00").startswith("Waiting for P1 to accept the invitation, waiting since 10:00")
    play_until(table, 40)
    session = table.latest()
    rolls = session.device.base.rolls_verified
    assert rolls >= 3
    verdict = verify(session.device.record)
    assert verdict.ok and verdict.key == "correspondence.verify.ok"


def test_a_reroll_waits_for_the_witness_and_the_screen_takes_no_input():
    table = Table("calavera", 2, VERIFIED, seed=5)
    table.deliver()  # P1 joins
    table.deliver()  # P0 starts: the seed
    mover = table.latest()
    while not mover.can_move():
        mover = table.deliver()
    reroll = next(a for a in mover.device.legal() if a.startswith("reroll"))
    host = FakeHost()
    moved: list[bool] = []
    screen = linked_screen(games.ui("calavera").screen, host, mover, lambda s: moved.append(s.due()), when)
    screen.play(screen.match.game.parse_action(screen.match.state, reroll))
    assert moved == [True]  # the re-roll's other half must come from the other player
    assert screen.match.state.is_chance() and not screen.mine()
    assert screen.hint_reason() == "correspondence.hint_off"
    assert "Waiting for" in screen.panel_html() and "add their half of the roll" in screen.panel_html()
    mover.send(BASE)
    assert "waiting since 26 Nov 2026, 06:42" in screen.panel_html()
    before = screen.match.actions
    screen.on_board_click(100, 100)
    screen.on_key("Enter")
    assert screen.match.actions == before
    assert screen.undo_steps() == 0 and screen.undo_reason() == "correspondence.undo_off"  # the re-roll was sent


def test_undo_takes_back_only_unsent_moves():
    session = Session.create("lyngk", 2, names=("A", "B"), mine=(True, True), dice=FRIENDLY, random_bytes=randomness(2))
    host = FakeHost()
    screen = linked_screen(games.ui("lyngk").screen, host, session, lambda s: None, when)
    assert screen.undo_reason() == "correspondence.undo_off"
    first = session.device.legal()[0]
    screen.play(screen.match.game.parse_action(screen.match.state, first))
    assert screen.undo_steps() == 1
    screen.undo()
    assert screen.match.actions == () and session.moves == []
    screen.play(screen.match.game.parse_action(screen.match.state, first))
    session.send(BASE)  # sent: it cannot be taken back
    assert screen.undo_steps() == 0 and screen.undo_reason() == "correspondence.undo_off"
    sent = screen.match.actions
    screen.undo()  # the greyed button still reaches undo (a tablet has no tooltip): it says why
    assert screen.match.actions == sent
    assert host.element("message").textContent.startswith(screen.tr("correspondence.undo_off"))


def test_other_seats_are_remote_and_named():
    session = Session.create("hezong", 3, names=("Ann", "Bob", "Ann"), mine=(True, False, True), dice=FRIENDLY)
    assert session.seats() == ("human", REMOTE, "human")
    screen = linked_screen(games.ui("hezong").screen, FakeHost(), session, lambda s: None, when)
    assert screen.player_name(1) == "Bob" and screen.computer_level() is None


def test_same_older_new_and_fork():
    a = Session.create("lyngk", 2, names=("A", "B"), mine=(True, False), dice=FRIENDLY, random_bytes=randomness(7))
    a.play(a.device.legal()[0])
    first = a.send(BASE).url
    b = Session.receive(first, [1], random_bytes=randomness(8))
    assert b.open(first).kind == "same"  # the link just opened, again
    b.play(b.device.legal()[0])
    assert a.open(b.send(BASE).url).kind == "new"
    a.play(a.device.legal()[0])
    assert b.open(a.send(BASE).url).kind == "new"
    record = b.device.record
    assert b.open(first).kind == "older"  # the game's first link: behind this copy, which is unchanged
    assert b.device.record == record
    # a fork: a copy of a device answers an old link differently
    mover, reader = b, a
    assert mover.can_move()
    twin = Session.from_json(json.loads(json.dumps(mover.to_json())), random_bytes=randomness(98))
    legal = mover.device.legal()
    mover.play(legal[0])
    twin.play(legal[-1])
    one, two = mover.send(BASE).url, twin.send(BASE).url
    reader.open(one)
    record = reader.device.record
    with pytest.raises(CorrespondenceError) as fork:
        reader.open(two)
    assert fork.value.key == "correspondence.err.fork" and fork.value.theirs is not None
    assert reader.device.record == record


def test_damaged_links_change_nothing():
    table = Table("lyngk", 2, FRIENDLY)
    play_until(table, 2)
    session = table.sessions[0]
    record = session.device.record
    for bad in (table.url[:-5], table.url[:-10] + "AAAAAAAAAA", table.url.replace("#c1.", "#c1.x"), BASE + "#c2.abc"):
        with pytest.raises(CorrespondenceError) as refused:
            session.open(bad)
        assert t(refused.value.key, "zh-TW", **refused.value.values)
        assert session.device.record == record


def test_kept_with_its_secrets_and_read_back():
    storage = Storage(None)
    session = Session.create("gype", 2, names=("A", "B"), mine=(True, False), dice=VERIFIED, random_bytes=randomness(4))
    url = session.send(BASE).url
    store(storage, session)
    again = load(storage, session.save_id)
    assert again is not None and again.device.chains == session.device.chains
    assert again.device.record == session.device.record
    secret = json.dumps(session.device.to_json()["chains"])
    assert secret.strip("{}") and secret not in url  # the secrets are kept, never in the link
    assert [s for s, _ in kept(storage)] == [session.save_id]
    assert fork_id(storage, session.save_id) == session.save_id + "-2"
    storage.set("corr/broken", "{not json")
    assert dict(kept(storage))["broken"] is None
    with pytest.raises(CorrespondenceError):
        load(storage, "broken")  # refused, and left where it is
    assert storage.get("corr/broken") == "{not json"
    remove(storage, session.save_id)
    assert [s for s, _ in kept(storage)] == ["broken"]


def test_gype_three_players_hidden_rows():
    table = Table("gype", 3, VERIFIED, seed=11)
    play_until(table, 12)
    latest = table.latest()
    assert verify(latest.device.record).ok


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_html_in_both_languages(lang):
    def tr_(key: str, **values: object) -> str:
        return t(key, lang, **values)

    for game_id in games.GAME_IDS:
        game = games.get(game_id)
        markup = start_html(tr_, game_id, game.max_players)
        assert 'id="corr-game"' in markup and f'id="corr-name-{game.max_players - 1}"' in markup
        assert 'id="corr-dice-verified" name="corr-dice" value="verified" checked' in markup
    session = Session.create("calavera", 2, names=("A", "B"), mine=(True, False))
    out = session.send(BASE)
    sheet = send_html(tr_, out, True, True)
    assert 'data-corr="copy"' in sheet and 'id="corr-qr"' in sheet and 'data-corr="share"' in sheet
    long = type(out)(out.url, False, out.filename, out.data, out.to)
    assert 'data-corr="download"' in send_html(tr_, long, False, False)
    assert 'corr-person-1' in join_html(tr_, session.table)
    assert "corr-row" in kept_html(tr_, [(session.save_id, session), ("x", None)], str)


def test_a_half_only_another_device_knows_is_refused_and_changes_nothing():
    """Bob joined on his laptop; on his phone (no chain of his) a link that waits for his half of a
    roll is refused, saying where to open it; a device that has the game keeps it unchanged."""
    table = Table("calavera", 2, VERIFIED, seed=21)
    while True:  # until a roll waits for Bob's half
        session = table.deliver()
        if session.can_move():
            options = session.device.legal()
            session.play(next((a for a in options if a.startswith("reroll")), options[0]))
            if session.due():
                table.url = session.send(BASE).url
        waiting = table.latest().device.awaiting()
        if waiting.what == "roll" and waiting.person == 1 and 1 not in table.latest().device.persons:
            break
    with pytest.raises(CorrespondenceError) as refused:
        Session.receive(table.url, [1])
    assert refused.value.key == "correspondence.err.elsewhere" and refused.value.values["player"] == "P1"
    assert "P1" in t(refused.value.key, "zh-TW", **refused.value.values)


def test_no_pass_the_device_prompt_in_a_game_by_link():
    """Each player has their own device: Calavera's hand-over line and Gype's "Pass the device" are
    for pass-and-play only."""
    table = Table("calavera", 2, FRIENDLY, seed=8)
    for _ in range(200):
        session = table.deliver()
        if session.match().state.phase.value == "mark":
            break
        session.play(session.device.legal()[-1])
        if session.due():
            table.url = session.send(BASE).url
    screen = linked_screen(games.ui("calavera").screen, FakeHost(), session, lambda s: None, when)
    assert screen.match.state.phase.value == "mark"
    assert "Pass the device" not in screen.panel_html()
    plain = games.ui("calavera").screen(FakeHost(), screen.match.prefix(len(screen.match.actions)))
    assert "Pass the device" in plain.panel_html()


def test_a_finished_game_says_its_dice_were_verified():
    """Over: the bar's verdict is verify() of the whole record ("Dice verified: …"); friendly dice
    say there is nothing to verify."""
    table = Table("calavera", 2, VERIFIED, seed=13)
    play_until(table, 10_000)
    session = table.latest()
    assert session.over()
    verdict = session.verdict(tr)
    assert verdict is not None and verdict.startswith("Dice verified:")
    assert session.verdict(zh).startswith("擲骰已驗證")
    friendly = Table("lyngk", 2, FRIENDLY, seed=14)
    play_until(friendly, 10_000)
    assert friendly.latest().verdict(tr).startswith("Friendly dice")
