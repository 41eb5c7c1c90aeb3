"""The saved-games screen (pure parts and the controller on fakes), export and import of record
files: a stored v1 record loads; any bytes give a match or a clear message, never another error."""

import json
import re
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qipan.core import GameRecord
from qipan.i18n import t
from qipan.match import Match
from qipan.app import page, saved_games
from qipan.app.saved_games import (
    IMPORT_LIMIT,
    ImportProblem,
    export_name,
    export_text,
    import_record,
    page_html,
    parse_import,
    state_text,
    when_text,
)
from qipan.app.storage import WHY_UNREADABLE, list_saves, read_entry, save_match
from qipan.app.correspondence.session import kept
from qipan.app.correspondence.ui import kept_html
from qipan.boardkit.store import Storage
from fakes import FakeElement

DATA = Path(__file__).resolve().parent.parent / "data"
STORED_POSITION = ("./I/BR/BK/./G/R/IK/./RK/J/K/R/./BG/R/./R/B/IR/./G/I/./KG/I/G/G/JR/./K/J/I/B/I/I/G/G/K/B/B/K/B "
                   "-/- 1 0/0 standard")
UTC8 = lambda _seconds: 480  # noqa: E731 (Taipei)


def en(key, **values):
    return t(key, "en", **values)


def zh(key, **values):
    return t(key, "zh-TW", **values)


# -- the stored record and round trips --------------------------------------------------------------


def test_a_stored_v1_record_file_still_loads():
    raw = (DATA / "lyngk-record-v1.json").read_bytes()
    imported = parse_import(raw)
    assert imported.match.game.position(imported.match.state) == STORED_POSITION
    assert imported.seats == ("human", "medium")
    # the record code itself reads it too (the metadata is ignored)
    assert Match.from_record(raw.decode()).game.position(Match.from_record(raw.decode()).state) == STORED_POSITION


def test_export_then_import_gives_the_same_game_and_seats():
    storage = Storage(None)
    match = Match.new("quorsum", 2, 5)
    for _ in range(6):
        match.sample_chance() if match.state.is_chance() else match.play_action(match.state.legal_actions()[0])
    save_match(storage, match, ("hard", "human"), now=1_763_880_000)
    text = export_text(storage.get("game/quorsum"))
    data = json.loads(text)
    assert GameRecord.from_json(data) == match.record()
    assert data["meta"]["seats"] == ["hard", "human"] and data["meta"]["saved"] == "2025-11-23T06:40:00Z"
    imported = parse_import(text.encode())
    assert imported.match.state == match.state and imported.seats == ("hard", "human")
    new_id, _ = import_record(storage, text.encode(), now=1_763_890_000)
    assert [e.save_id for e in list_saves(storage)][0] == new_id and len(list_saves(storage)) == 2


def test_a_record_without_metadata_imports_with_every_seat_human():
    record = Match.new("lyngk", 2, 3).record().dumps().encode()
    assert parse_import(record).seats == ()


def test_export_name_uses_the_local_time():
    assert export_name("lyngk", 1_763_880_000, UTC8) == "qipan-lyngk-2025-11-23-1440.json"


# -- what import refuses ----------------------------------------------------------------------------


def problem(data: bytes) -> ImportProblem:
    with pytest.raises(ImportProblem) as caught:
        parse_import(data)
    return caught.value


@pytest.mark.parametrize("name", ["seed", "players", "variant", "game_id", "no_such_option"])
def test_an_option_named_like_a_set_up_argument_is_a_set_up_problem(name):
    """A record's options go to the game as options, never as Match.new's own arguments."""
    record = dict(Match.new("lyngk", 2, 1).record().to_json())
    record["options"] = {name: 1}
    assert problem(json.dumps(record).encode()).key == "saves.err.setup"


def test_each_kind_of_bad_file_gets_its_own_message_in_both_languages():
    good = json.loads((DATA / "lyngk-record-v1.json").read_text())
    cases = {
        b"\x89PNG\r\n\x1a\n\x00\xff": "saves.err.not_text",
        b"my notes": "saves.err.not_json",
        b"[" * 50_000: "saves.err.not_json",
        b"[1, 2]": "saves.err.not_record",
        json.dumps({**good, "format": "pgn"}).encode(): "saves.err.not_record",
        json.dumps({**good, "version": 2}).encode(): "saves.err.version",
        json.dumps({**good, "game": "chess"}).encode(): "saves.err.unknown_game",
        json.dumps({**good, "seed": "x"}).encode(): "saves.err.damaged",
        b"": "saves.err.empty",
        json.dumps({k: v for k, v in good.items() if k != "version"}).encode(): "saves.err.no_version",
        json.dumps({k: v for k, v in good.items() if k != "game"}).encode(): "saves.err.no_game",
        json.dumps({**good, "players": 9}).encode(): "saves.err.setup",
        json.dumps({**good, "actions": good["actions"][:3] + ["A1-A1"]}).encode(): "saves.err.action",
        b" " * (IMPORT_LIMIT + 1): "saves.err.too_large",
    }
    for data, key in cases.items():
        found = problem(data)
        assert found.key == key, (data[:40], found.key)
        for tr in (en, zh):
            text = found.text(tr)
            assert text.startswith(tr("saves.import_failed", problem="")) and "{" not in text
    broken = problem(json.dumps({**good, "actions": good["actions"][:3] + ["A1-A1"]}).encode())
    assert broken.values["n"] == 4 and "A1-A1" in broken.text(en) and "第 4 手" in broken.text(zh)
    assert "version 2" in problem(json.dumps({**good, "version": 2}).encode()).text(en)


PYTHON_WORDS = ("None", "Expecting", "column", "char ", "JSON dict", "JSON list", "object", "Error",
                "invalid literal", "line 1 column")


def test_refusals_are_plain_words_not_pythons():
    """The outside report: 'its "format" is None' and 'Expecting value: line 1 column 1 (char 0)'."""
    good = json.loads((DATA / "lyngk-record-v1.json").read_text())
    files = [b"", b"   ", b"my notes", b"{", b"[1, 2]", b"null", json.dumps({"name": "x"}).encode(),
             json.dumps({**good, "format": None}).encode(), json.dumps({**good, "seed": "x"}).encode(),
             json.dumps({**good, "players": 9}).encode(), json.dumps({**good, "version": None}).encode(),
             json.dumps({**good, "game": None}).encode(), json.dumps({**good, "options": {"x": 1}}).encode(),
             json.dumps({**good, "actions": good["actions"][:3] + ["A1-A1"]}).encode()]
    for data in files:
        found = problem(data)
        for tr in (en, zh):
            text = found.text(tr)
            assert not any(word in text for word in PYTHON_WORDS), (data[:40], text)
    assert "line 1" in problem(b"my notes").text(en) and "第 1 行" in problem(b"my notes").text(zh)


record_texts = st.one_of(
    st.binary(max_size=400),
    st.text(max_size=300).map(str.encode),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                 max_leaves=20).map(lambda v: json.dumps(v).encode()),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record_texts)
def test_any_bytes_give_a_match_or_a_clear_message_and_write_nothing_on_failure(data):
    storage = Storage(None)
    try:
        import_record(storage, data, now=1.0)
    except ImportProblem as found:
        assert found.text(en) and found.text(zh)
        assert storage.keys() == []
    else:
        assert len(list_saves(storage)) == 1


games_and_texts = st.fixed_dictionaries({
    "format": st.just("qipan-record"), "version": st.just(1),
    "game": st.sampled_from(["lyngk", "quorsum", "gype", "hezong", "calavera", "chess"]),
    "players": st.one_of(st.integers(-1, 9), st.just(True), st.text(max_size=2)),
    "seed": st.one_of(st.integers(-2**70, 2**70), st.floats(), st.none()),
    "variant": st.one_of(st.none(), st.sampled_from(["standard", "short", ""]), st.integers()),
    "options": st.one_of(st.dictionaries(st.sampled_from(["match_target", "draw_points", "x", "late_claim_six_wins"]),
                                         st.one_of(st.integers(-5, 10**6), st.booleans(), st.text(max_size=5)),
                                         max_size=2), st.lists(st.integers(), max_size=2)),
    "actions": st.one_of(st.lists(st.sampled_from(["A1-B2", "B4-B3", "arrange", "rolloff 1-5", "pass", "roll",
                                                   "choose first", "", "  ", "\x00", "+R C3-C4"]), max_size=6),
                         st.lists(st.text(max_size=12), max_size=4), st.text(max_size=5)),
})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games_and_texts, st.sampled_from([None, {"seats": ["human", "hard"]}, {"seats": "x"}, []]))
def test_records_with_wrong_fields_give_a_match_or_a_clear_message(record, meta):
    if meta is not None:
        record = {**record, "meta": meta}
    storage = Storage(None)
    try:
        import_record(storage, json.dumps(record).encode(), now=1.0)
    except ImportProblem as found:
        assert found.key.startswith("saves.err.") and found.text(en)
        assert storage.keys() == []
    else:
        [entry] = list_saves(storage)
        assert entry.game == record["game"]


# -- the list ---------------------------------------------------------------------------------------


def test_state_texts():
    assert state_text(en, {"moves": 4, "to_move": 1, "winners": None}) == "Move 5 · Player 2 to move"
    assert state_text(en, {"moves": 0, "to_move": -1, "winners": None}) == "Move 1 · dice to roll"
    assert state_text(en, {"moves": 9, "to_move": -4, "winners": [0]}) == "Finished · Player 1 won"
    assert state_text(en, {"moves": 9, "to_move": -4, "winners": [0, 2]}) == "Finished · Player 1 and Player 3 won"
    assert state_text(zh, {"moves": 9, "to_move": -4, "winners": []}) == "已結束 · 平手"


def test_dates_are_local_and_in_the_ui_language():
    assert when_text(en, 1_763_880_000, UTC8) == "23 Nov 2025, 14:40"
    assert when_text(zh, 1_763_880_000, UTC8) == "2025年11月23日 14:40"
    assert when_text(en, 1_763_880_000, lambda _s: -300) == "23 Nov 2025, 01:40"
    assert when_text(en, 0, UTC8) == "time unknown"


def test_the_page_lists_newest_first_with_players_and_buttons_and_unreadable_saves_as_such():
    storage = Storage(None)
    save_match(storage, Match.new("lyngk", 2, 1), ("human", "hard"), now=1_000_000)
    save_match(storage, Match.new("gype", 3, 1), now=2_000_000)
    storage.set("save/hezong-1", "{not json")
    page = page_html(en, list_saves(storage), UTC8)
    assert page.index("Uncle Chestnut") < page.index("LYNGK") < page.index("Hezong Lianheng: a save that cannot be read")
    assert "Player 1: Human · Player 2: Computer: hard" in page
    assert "Player 3: Human" in page
    assert page.count('data-saves="resume"') == 2 and page.count('data-saves="delete"') == 3
    assert page.count('data-saves="download"') == 1
    assert 'data-saves="import"' in page and 'data-saves="back"' in page and 'accept=".json' in page
    chinese = page_html(zh, list_saves(storage), UTC8, "x<y", error=True)
    assert "繼續遊戲" in chinese and "無法讀取的《合縱連橫》存檔" in chinese and 'role="alert"' in chinese and "x&lt;y" in chinese


def test_an_empty_list_says_so():
    page = page_html(en, [], UTC8)
    assert 'id="saves-empty"' in page and "No saved games yet" in page and "saves-list" not in page


# -- the controller, on fakes -----------------------------------------------------------------------


class Node(FakeElement):
    """An element that can be clicked, focused, shown modally; closest() finds itself."""

    def __init__(self, **attributes: str) -> None:
        super().__init__()
        self.attributes.update(attributes)
        self.returnValue = ""
        self.opened = 0
        self.focused = 0
        self.files = None
        self.value = ""
        self.id = ""

    def getAttribute(self, name):  # noqa: N802
        return self.attributes.get(name)

    def closest(self, _selector):
        return self

    def focus(self):
        self.focused += 1

    def showModal(self):  # noqa: N802
        self.opened += 1

    def click(self):
        self.attributes["clicked"] = "1"


class FakeApp:
    def __init__(self) -> None:
        self.storage = Storage(None)
        self.lang = "en"
        self.nodes: dict[str, Node] = {}
        self.screen = None
        self.shown = ""
        self.played = []
        self.guide = types.SimpleNamespace(close=lambda: None)
        # the games by link's part of the list (app/correspondence/ui.py), on the same storage
        self.links = types.SimpleNamespace(saves_html=lambda: kept_html(self.tr, kept(self.storage), str))

    def tr(self, key, **values):
        return t(key, self.lang, **values)

    def element(self, element_id):
        return self.nodes.setdefault(element_id, Node())

    def show_section(self, section_id):
        self.shown = section_id
        self.element("screen-saves").hidden = section_id != "screen-saves"

    def show_picker(self):
        self.show_section("screen-picker")

    def show_play(self, match, seats, save_id):
        self.show_section("screen-play")
        self.played.append((match, seats, save_id))
        host = self

        class Screen:
            def save(self):
                self.save_id = save_match(host.storage, match, seats, self.save_id)

        self.screen = Screen()
        self.screen.save_id = save_id


@pytest.fixture
def fake_dom(monkeypatch):
    dom = types.SimpleNamespace()
    dom.bound, dom.downloads, dom.reads = [], [], []
    dom.on = lambda target, event, handler: dom.bound.append((target, event, handler))
    dom.utc_offset_minutes = UTC8
    dom.download = lambda name, text, *_mime: dom.downloads.append((name, text))
    dom.read_file_bytes = lambda file, done: dom.reads.append((file, done))
    monkeypatch.setattr(page, "_installed", [dom])
    return dom


def click(screen, action: str, key: str = "") -> None:
    screen._on_click(types.SimpleNamespace(target=Node(**{"data-saves": action, "data-key": key})))


def test_the_controller_lists_resumes_exports_and_deletes_after_asking(fake_dom):
    app = FakeApp()
    first = Match.new("lyngk", 2, 1)
    first.play_action(first.state.legal_actions()[0])
    first_id = save_match(app.storage, first, now=1_000_000)
    second_id = save_match(app.storage, Match.new("lyngk", 2, 2), now=2_000_000)
    screen = saved_games.SavedGames(app)
    assert {event for _, event, _ in fake_dom.bound} == {"click", "change", "close"}
    screen.show()
    assert app.shown == "screen-saves" and app.element("saves-heading").focused == 1
    listing = app.element("screen-saves").innerHTML
    assert listing.index('data-key="game/lyngk"') < listing.index(f'data-key="save/{first_id}"')
    # export
    click(screen, "export", f"save/{first_id}")
    [(name, text)] = fake_dom.downloads
    assert name == "qipan-lyngk-1970-01-12-2146.json" and json.loads(text)["actions"] == list(first.actions)
    assert name in app.element("screen-saves").innerHTML
    # delete: cancelled, then confirmed
    click(screen, "delete", f"save/{first_id}")
    assert app.element("dlg-confirm").opened == 1 and "LYNGK" in app.element("confirm-text").textContent
    app.element("dlg-confirm").returnValue = "cancel"
    screen._on_confirm_closed(None)
    assert len(list_saves(app.storage)) == 2
    click(screen, "delete", f"save/{first_id}")
    app.element("dlg-confirm").returnValue = "confirm"
    screen._on_confirm_closed(None)
    assert [e.save_id for e in list_saves(app.storage)] == [second_id]
    assert "Deleted." in app.element("screen-saves").innerHTML
    screen._on_confirm_closed(None)  # another feature's use of the dialog is not a deletion
    assert len(list_saves(app.storage)) == 1
    # resume
    click(screen, "resume", "game/lyngk")
    assert app.shown == "screen-play" and app.played[-1][2] == second_id
    click(screen, "back")
    assert app.shown == "screen-picker"


def test_a_save_gone_since_the_list_was_drawn_is_not_called_damaged(fake_dom):
    """Resuming a save deleted meanwhile (in another tab) redraws the list, with no error about
    damaged data: there is nothing damaged to speak of."""
    app = FakeApp()
    save_match(app.storage, Match.new("lyngk", 2, 1), now=1_000_000)
    screen = saved_games.SavedGames(app)
    screen.show()
    assert 'data-key="game/lyngk"' in app.element("screen-saves").innerHTML
    app.storage.remove("game/lyngk")  # (the other tab)
    click(screen, "resume", "game/lyngk")
    listing = app.element("screen-saves").innerHTML
    assert app.shown == "screen-saves" and 'data-key="game/lyngk"' not in listing
    assert t("saves.why.damaged", "en") not in listing and 'class="error' not in listing


def test_the_controller_imports_a_file_or_says_why_not_in_the_current_language(fake_dom):
    app = FakeApp()
    screen = saved_games.SavedGames(app)
    screen.show()
    box = Node()
    box.id = "saves-file"
    file = types.SimpleNamespace(size=120)
    box.files = types.SimpleNamespace(length=1, item=lambda _i: file)
    screen._on_file(types.SimpleNamespace(target=box))
    [(picked, done)] = fake_dom.reads
    assert picked is file
    done(b"{broken")
    page = app.element("screen-saves").innerHTML
    assert "Nothing was imported: the file is not a game record" in page and 'role="alert"' in page
    app.lang = "zh-TW"
    screen.refresh()
    assert "沒有匯入任何對局" in app.element("screen-saves").innerHTML
    assert app.storage.keys() == []
    done((DATA / "lyngk-record-v1.json").read_bytes())
    assert app.shown == "screen-play" and app.played[-1][0].game.position(app.played[-1][0].state) == STORED_POSITION
    assert [e.game for e in list_saves(app.storage)] == ["lyngk"]
    big = types.SimpleNamespace(size=IMPORT_LIMIT + 1)
    box.files = types.SimpleNamespace(length=1, item=lambda _i: big)
    screen.show()
    screen._on_file(types.SimpleNamespace(target=box))
    assert len(fake_dom.reads) == 1 and "上限 512 KB" in app.element("screen-saves").innerHTML


# -- numbers read from storage are bounded ----------------------------------------------------------


@pytest.mark.parametrize("when", [1e12, 1e300, float("inf"), float("nan"), -5, 2**70])
def test_a_save_with_an_impossible_time_does_not_break_the_list(when):
    storage = Storage(None)
    good = save_match(storage, Match.new("gype", 2, 1), now=1_763_900_000)
    odd = save_match(storage, Match.new("lyngk", 2, 2), now=1_763_900_100)
    payload = json.loads(storage.get("game/lyngk"))
    payload["saved"] = payload["created"] = when
    storage.set("game/lyngk", json.dumps(payload))  # json writes inf and nan as Infinity and NaN
    entries = {e.save_id: e for e in list_saves(storage)}
    assert entries[odd].readable and entries[odd].saved == entries[odd].created == 0  # "time unknown"
    html = page_html(en, list(entries.values()), UTC8)
    assert html.count('class="save-row') == 2 and "time unknown" in html and good in json.dumps(list(entries))


def test_a_summary_claiming_a_hundred_million_players_is_made_again_from_the_record():
    storage = Storage(None)
    save_id = save_match(storage, Match.new("lyngk", 2, 2), now=1_763_900_000)
    payload = json.loads(storage.get("game/lyngk"))
    payload["summary"] = {"players": 10**8, "moves": 10**12, "to_move": 10**8 - 1, "winners": list(range(50))}
    storage.set("game/lyngk", json.dumps(payload))
    [entry] = list_saves(storage)
    assert entry.save_id == save_id and entry.summary["players"] == 2 and entry.summary["moves"] == 0
    assert len(page_html(en, [entry], UTC8)) < 5_000


def test_a_record_claiming_a_hundred_million_players_shows_as_damaged_and_the_rest_works():
    storage = Storage(None)
    good = save_match(storage, Match.new("gype", 2, 1), now=1_763_900_000)
    storage.set("save/lyngk-1", json.dumps({
        "id": "lyngk-1", "saved": 5, "created": 5, "seats": ["human"] * 3,
        "record": {"format": "qipan-record", "version": 1, "game": "lyngk", "players": 10**8, "seed": 1, "actions": []},
        "summary": {"players": 10**8, "moves": 0, "to_move": 0, "winners": None}}))
    entries = list_saves(storage)
    assert [e.save_id for e in entries if e.readable] == [good]
    [damaged] = [e for e in entries if not e.readable]
    assert damaged.key == "save/lyngk-1" and "10" in damaged.error
    html = page_html(en, entries, UTC8)
    assert "LYNGK: a save that cannot be read" in html and len(html) < 10_000


def test_a_row_that_cannot_be_drawn_shows_as_damaged_and_the_others_are_drawn():
    from qipan.app.storage import SaveEntry
    good = SaveEntry("game/gype", "gype-1", "gype", 1_763_900_000, 1_763_900_000, (),
                     {"players": 2, "moves": 0, "to_move": 0, "winners": None})
    odd = SaveEntry("save/lyngk-1", "lyngk-1", "lyngk", 1e300, 1e300, (),
                    {"players": 2, "moves": 0, "to_move": 0, "winners": None})
    for tr in (en, zh):
        html = page_html(tr, [odd, good], UTC8)
        assert 'data-key="game/gype"' in html and 'class="save-row unreadable" data-key="save/lyngk-1"' in html


# -- saves that cannot be read: which game, when, why in the player's words; Download and Delete ----


def _words(markup: str) -> str:
    """The text a player reads in some markup (tags and attributes left out), names of things
    that are the same in both languages taken out."""
    text = re.sub(r"<[^>]*>", " ", markup)
    for name in ("Qipan", "Table Gype", "LYNGK"):
        text = text.replace(name, "")
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(("lyngk", "gype", "quorsum")), st.integers(0, 5), st.data())
def test_any_cut_of_a_save_is_listed_with_its_game_date_and_a_plain_reason_in_each_language(game_id, plies, data):
    from seeded import seeded
    storage = Storage(None)
    save_id = save_match(storage, seeded(game_id, plies, 3, stride=1), now=1_764_000_000.5)
    key = f"save/{save_id}"
    save_match(storage, Match.new(game_id, 2, 9), now=1_764_000_100)  # (moves the first save to the shelf)
    raw = storage.get(key)
    cut = data.draw(st.integers(1, len(raw) - 1))
    storage.set(key, raw[:cut])
    entry = read_entry(storage, key)
    assert entry is not None and not entry.readable and entry.game == game_id
    assert entry.why in WHY_UNREADABLE and entry.saved > 0  # (the time in the save id, if not in the text)
    chinese = saved_games.row_html(zh, entry, UTC8)
    assert t(f"game.{game_id}", "zh-TW") in chinese and "2025年11月" in chinese and t(f"saves.why.{entry.why}", "zh-TW") in chinese
    assert not re.search(r"[A-Za-z]", _words(chinese)), _words(chinese)
    english = saved_games.row_html(en, entry, UTC8)
    assert "a save that cannot be read" in english and "Nov 2025" in english
    assert 'data-saves="download"' in english and 'data-saves="delete"' in english
    assert "Expecting" not in english and "JSON" not in english


@pytest.mark.parametrize("raw, why", [
    ('{"record": {"format": "qipan-record", "version": 1, "game": "lyn', "cut"),
    ('{record": {}}', "damaged"),
    ('{"record": {"format": "qipan-record", "version": 7, "game": "lyngk"}}', "newer"),
    ('{"record": {"format": "qipan-record", "version": 1, "game": "chess", "players": 2}}', "unknown_game"),
    ('{"record": {"format": "qipan-record", "version": 1, "game": "lyngk", "players": "two"}}', "damaged"),
    ("", "damaged"), ("[" * 100_000, "damaged"),
])
def test_why_a_save_cannot_be_read_is_said_plainly(raw, why):
    from qipan.app.storage import why_unreadable
    assert why_unreadable(raw) == why


def test_an_unreadable_save_downloads_as_it_is_kept(fake_dom):
    app = FakeApp()
    raw = '{"record": {"format": "qipan-record", "version": 1, "game": "gype"}, "saved": 1764000000.5, "cre'
    app.storage.set("unreadable/game/gype/1", raw)
    screen = saved_games.SavedGames(app)
    screen.show()
    listing = app.element("screen-saves").innerHTML
    assert "Uncle Chestnut&#x27;s Table Gype: a save that cannot be read" in listing or \
        "Uncle Chestnut's Table Gype: a save that cannot be read" in listing
    assert "Last saved 25 Nov 2025, 00:00" in listing
    click(screen, "download", "unreadable/game/gype/1")
    [(name, text)] = fake_dom.downloads
    assert text == raw and name == "qipan-unreadable-gype-2025-11-25-0000.txt"
    assert app.storage.get("unreadable/game/gype/1") == raw  # (still kept)
    click(screen, "delete", "unreadable/game/gype/1")
    assert "download it first" in app.element("confirm-text").textContent
