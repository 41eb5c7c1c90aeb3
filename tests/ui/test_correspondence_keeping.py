"""Keeping games by link (app/correspondence/ui.py `LinkPlay`, session.py `Shelf`): a link is only
offered once its secrets are stored, a second tab never overwrites a game another tab changed, and
later links of a refused other version go on in the one copy kept of that version."""

from __future__ import annotations

import json
import random
import types

import pytest

from fakes import FakeElement, FakeHost
from qipan import games
from qipan.app import page
from qipan.app.correspondence import FRIENDLY, VERIFIED
from qipan.app.correspondence.screen import linked_screen
from qipan.app.correspondence.session import KEY, Session, Shelf
from qipan.app.correspondence.ui import LinkPlay, StartChoices, shared_device, start_html
from qipan.boardkit.markup import html
from qipan.boardkit.store import PREFIX, Storage, StorageError
from qipan.i18n import t

BASE = "https://example.test/qipan/"


class Refusing(Storage):
    """A storage that is full: it reads, but every write is refused."""

    def __init__(self) -> None:
        super().__init__(None)
        self.refusing = False

    def set(self, key: str, value: str) -> None:
        if self.refusing:
            self.full = True
            raise StorageError("QuotaExceededError")
        super().set(key, value)


class Node(FakeElement):
    def __init__(self) -> None:
        super().__init__()
        self.opened = 0

    def showModal(self) -> None:  # noqa: N802 (DOM name)
        self.opened += 1


class App(FakeHost):
    """What LinkPlay asks of the app: elements, storage, notices, showing a screen."""

    def __init__(self, storage: Storage) -> None:
        super().__init__()
        self.storage = storage
        self.elements = {}
        self.screen = None
        self.freed: list[bool] = []

    def element(self, element_id: str) -> Node:  # type: ignore[override]
        return self.elements.setdefault(element_id, Node())  # type: ignore[return-value]

    def notify(self, text: str, free_space: bool = False) -> None:  # type: ignore[override]
        self.notices.append(text)
        self.freed.append(free_space)

    def show_screen(self, screen) -> None:
        self.screen = screen
        screen.render()

    def show_picker(self) -> None:
        self.screen = None


@pytest.fixture(autouse=True)
def fake_dom(monkeypatch):
    dom = types.SimpleNamespace(on=lambda *_a: None, base_url=lambda: BASE, can_share=lambda _f: False,
                                qr_svg=lambda _text, _done: None, utc_offset_minutes=lambda _s: 0)
    monkeypatch.setattr(page, "_installed", [dom])
    return dom


def moved(session: Session) -> Session:
    """A friendly Lyngk game with one move of mine played and unsent (the turn has gone on)."""
    session.play(session.device.legal()[0])
    return session


def game(seed: int = 1) -> Session:
    return Session.create("lyngk", 2, names=("A", "B"), mine=(True, False), dice=FRIENDLY,
                          random_bytes=random.Random(seed).randbytes)


def test_no_link_is_offered_when_its_secrets_cannot_be_stored():
    storage = Refusing()
    app = App(storage)
    links = LinkPlay(app)
    session = game()
    links.keep(session)
    links.show(session)
    moved(session)
    draft, moves = list(session.device.draft), list(session.moves)
    assert session.due()
    storage.refusing = True
    links.offer(session)
    assert app.element("dlg-corr-send").opened == 0 and links.outgoing is None
    assert app.notices[-1] == t("app.storage_full", "en") and app.freed[-1]
    assert session.device.draft == draft and session.moves == moves  # nothing sealed: it can still be sent
    storage.refusing = False
    links.offer(session)
    assert app.element("dlg-corr-send").opened == 1 and links.outgoing is not None
    assert not session.device.draft and session.moves == []
    kept = json.loads(storage.get(KEY + session.save_id))
    assert kept["device"] == session.device.to_json()  # what the link carries is stored, secrets and all


def test_a_second_tab_never_overwrites_a_game_another_tab_changed():
    storage = Storage(None)
    first, second = App(storage), App(storage)
    one, two = LinkPlay(first), LinkPlay(second)
    session = game()
    assert one.keep(session)
    theirs = two.shelf.load(session.save_id)
    assert theirs is not None
    two.show(theirs)
    moved(session)
    assert one.keep(session)  # the first tab plays on
    written = storage.get(KEY + session.save_id)
    theirs.play(theirs.device.legal()[-1])  # the second tab, behind, plays something else
    assert not two.keep(theirs)
    assert storage.get(KEY + session.save_id) == written  # the first tab's game is untouched
    assert second.notices[-1] == "This game changed in another tab; it is shown as it is now."
    assert t("correspondence.changed_elsewhere", "zh-TW") != second.notices[-1]
    assert second.screen.session.device.to_json() == session.device.to_json()
    assert theirs.device.to_json() == session.device.to_json()  # the session shown took the kept copy
    theirs.take_back(1)  # the second tab is up to date now: what it does next is kept
    assert two.keep(theirs) and not one.keep(session)


def test_the_storage_event_shows_the_other_tabs_version():
    storage = Storage(None)
    first, second = App(storage), App(storage)
    one, two = LinkPlay(first), LinkPlay(second)
    session = game()
    one.keep(session)
    two.show(two.shelf.load(session.save_id))
    two.on_storage(PREFIX + KEY + session.save_id)
    assert second.notices == []  # nothing changed since this tab read it
    moved(session)
    one.keep(session)
    two.on_storage(PREFIX + "corr/another")
    assert second.notices == []
    two.on_storage(PREFIX + KEY + session.save_id)
    assert second.notices == [t("correspondence.changed_elsewhere", "en")]
    assert second.screen.session.moves == session.moves


def versions(seed: int = 7):
    """A game sent to B, and two copies of its creator's device answering the same link differently."""
    creator = game(seed)
    creator.play(creator.device.legal()[0])
    url = creator.send(BASE).url
    reader = Session.receive(url, [1], random_bytes=random.Random(seed + 1).randbytes)
    reader.play(reader.device.legal()[0])
    reply = reader.send(BASE).url
    creator.open(reply)
    twin = Session.from_json(json.loads(json.dumps(creator.to_json())), random_bytes=random.Random(seed + 2).randbytes)
    legal = creator.device.legal()
    creator.play(legal[0])
    twin.play(legal[-1])
    return reader, creator, twin


def test_later_links_of_a_refused_version_go_on_in_its_one_copy():
    reader, creator, twin = versions()
    storage = Storage(None)
    app = App(storage)
    links = LinkPlay(app)
    links.keep(reader)
    links.open_text(creator.send(BASE).url)
    links.open_text(twin.send(BASE).url)  # refused: kept apart as <gid>-2
    assert storage.keys(KEY) == [KEY + reader.save_id, f"{KEY}{reader.save_id}-2"]
    links.open_text(twin.send(BASE).url)  # the same link again: nothing new is kept
    assert storage.keys(KEY) == [KEY + reader.save_id, f"{KEY}{reader.save_id}-2"]
    # B plays on in the other version (in its copy, here), the twin answers
    fork = links.shelf.load(f"{reader.save_id}-2")
    assert fork is not None and fork.fork_of == reader.save_id
    fork.play(fork.device.legal()[0])
    twin.open(fork.send(BASE).url)
    links.keep(fork)
    twin.play(twin.device.legal()[0])
    later = twin.send(BASE).url
    links.open_text(later)  # refused again on the game, and goes on in the copy of its version
    assert storage.keys(KEY) == [KEY + reader.save_id, f"{KEY}{reader.save_id}-2"]
    again = links.shelf.load(f"{reader.save_id}-2")
    assert again.device.record == twin.device.record
    shelf = Shelf(storage)
    assert shelf.fork_for(shelf.load(reader.save_id), twin.device.record, later).save_id == f"{reader.save_id}-2"


def test_the_start_dialog_warns_when_one_device_plays_several_persons_with_verified_dice():
    def choices(names, mine, dice=VERIFIED):
        return StartChoices("hezong", len(names), names, mine, None, {}, dice, {})

    assert not shared_device(choices(("Me", "Bob", "Cy"), (True, False, False)))
    assert not shared_device(choices(("Me", "Bob", "Me"), (True, False, True)))  # one person, two seats
    assert shared_device(choices(("Me", "Ann", "Cy"), (True, True, False)))
    assert not shared_device(choices(("Me", "Ann", "Cy"), (True, True, False), FRIENDLY))
    for lang in ("en", "zh-TW"):
        markup = start_html(lambda key, lang=lang, **v: t(key, lang, **v), "hezong", 3)
        assert f'id="corr-shared" role="status" hidden>{html(t("correspondence.shared_device", lang))}' in markup


def test_a_delete_is_not_confirmed_by_an_earlier_answer():
    storage = Storage(None)
    app = App(storage)
    links = LinkPlay(app)
    session = game()
    links.keep(session)
    app.element("dlg-confirm").returnValue = "confirm"  # the answer to the last question asked
    doomed = types.SimpleNamespace(getAttribute=lambda _name: session.save_id)
    links._on_saves(types.SimpleNamespace(target=types.SimpleNamespace(
        closest=lambda selector: doomed if selector == "[data-corr-delete]" else None)))
    assert app.element("dlg-confirm").opened == 1 and app.element("dlg-confirm").returnValue == ""
    links._on_confirm_closed(None)  # closed with Escape: nothing deleted
    assert storage.get(KEY + session.save_id) is not None


def test_a_lost_undo_trail_and_no_first_paint_picture():
    session = moved(Session.create("lyngk", 2, names=("A", "B"), mine=(True, True), dice=FRIENDLY,
                                   random_bytes=random.Random(3).randbytes))
    host = FakeHost()
    screen = linked_screen(games.ui("lyngk").screen, host, session, lambda s: None, str)
    assert screen.undo_steps() == 1
    session.start = None  # as read from a save whose undo trail was damaged
    assert screen.undo_steps() == 0 and screen.undo_reason() == "correspondence.undo_off"
    host.storage.set("picture", "{}")
    screen.save_picture()
    assert host.storage.get("picture") is None  # the next visit opens the game played last, not this one
