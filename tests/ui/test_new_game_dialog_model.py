"""The new-game dialog (ui/new_game.py): numbers carry the engine's bounds; Start with a value the
engine refuses keeps the dialog open, every choice kept, with a message beside the field in the
page's language; the seats follow the chosen player count."""

from html.parser import HTMLParser
from types import SimpleNamespace

import pytest

from qipan import games
from qipan.i18n import t
from qipan.match import Match
from qipan.app.new_game import NewGameDialog, check_options, dialog_html, rule_name
from fakes import FakeElement, FakeHost


def en(key, **values):
    return t(key, "en", **values)


def zh(key, **values):
    return t(key, "zh-TW", **values)


class Control(FakeElement):
    """An element of the dialog, with what the controller reads and calls."""

    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        super().__init__()
        self.tagName = tag.upper()
        self.id = attrs.get("id") or ""
        self.name = attrs.get("name") or ""
        self.value = attrs.get("value") or ""
        self.checked = "checked" in attrs
        self.hidden = "hidden" in attrs
        self.attributes = {k: v or "" for k, v in attrs.items()}
        self.open = False
        self.focused = False
        self.shown_modal = False

    def focus(self) -> None:
        self.focused = True

    def click(self) -> None:
        self.clicks = getattr(self, "clicks", 0) + 1

    def showModal(self) -> None:  # noqa: N802 (DOM name)
        self.shown_modal = True

    def close(self, value: str = "") -> None:
        self.shown_modal, self.returnValue = False, value


class Page(HTMLParser):
    """The dialog's HTML turned into controls by id (a select takes its selected option's value)."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.controls: dict[str, Control] = {}
        self.select: Control | None = None
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "option" and self.select is not None and ("selected" in named or not self.select.value):
            self.select.value = named.get("value") or ""
        if "id" in named:
            control = self.controls[named["id"]] = Control(tag, named)
            if tag == "select":
                self.select = control


class DialogHost(FakeHost):
    """The app as the dialog sees it: a current game, its dialog elements, starting a game."""

    def __init__(self, match: Match, lang: str = "en") -> None:
        super().__init__(lang)
        self.started: list[tuple[Match, tuple[str, ...]]] = []
        self.screen = self._screen(match, ("human",) * match.players)
        for static in ("dlg-new", "new-form", "variant-choice", "new-error", "btn-start", "board"):
            self.elements[static] = Control("div", {"id": static})

    def _screen(self, match: Match, seats: tuple[str, ...]) -> SimpleNamespace:
        return SimpleNamespace(match=match, seats=seats, saves=0, save=lambda: None)

    def build(self) -> None:
        """What the browser does with the innerHTML the dialog sets."""
        self.elements.update(Page(self.elements["variant-choice"].innerHTML).controls)

    def new_seed(self) -> int:
        return 7

    def show_play(self, match: Match, seats: tuple[str, ...] = ()) -> None:
        self.started.append((match, seats))
        self.screen = self._screen(match, seats)


def opened(game_id: str, players: int = 2, lang: str = "en", **options) -> tuple[DialogHost, NewGameDialog]:
    host = DialogHost(Match.new(game_id, players, 1, **options), lang)
    dialog = NewGameDialog.__new__(NewGameDialog)  # (no page: its events are called below)
    dialog.app, dialog.seed, dialog.shown = host, None, []
    dialog.open()
    host.build()
    return host, dialog


class Submit:
    def __init__(self, value: str) -> None:
        self.submitter = SimpleNamespace(value=value)
        self.prevented = False

    def preventDefault(self) -> None:  # noqa: N802
        self.prevented = True


# -- the HTML --------------------------------------------------------------------------------------


def test_every_number_carries_the_engines_bounds():
    page = Page(dialog_html(en, games.get("quorsum"), Match.new("quorsum", 2, 1), ("human", "human"))).controls
    assert (page["new-opt-match_target"].attributes["min"], page["new-opt-match_target"].attributes["max"]) == ("0", "99")
    assert (page["new-opt-draw_points"].attributes["min"], page["new-opt-draw_points"].attributes["max"]) == ("0", "2")
    assert page["new-opt-match_target"].attributes["aria-describedby"] == "new-err-match_target"
    assert page["new-err-match_target"].attributes["role"] == "alert" and page["new-err-match_target"].hidden
    markup = dialog_html(en, games.get("calavera"), Match.new("calavera", 3, 1, start_player=1), ())
    calavera = Page(markup).controls
    assert calavera["new-opt-start_player"].tagName == "SELECT" and calavera["new-opt-start_player"].value == "1"
    assert ('<option value="-1">Random</option><option value="0">Player 1</option>'
            '<option value="1" selected>Player 2</option><option value="2">Player 3</option></select>') in markup
    gype = Page(dialog_html(en, games.get("gype"), Match.new("gype", 2, 1), ())).controls
    assert gype["new-opt-stall_rounds"].attributes["min"] == "0" and "max" not in gype["new-opt-stall_rounds"].attributes


def test_only_the_chosen_player_counts_seats_show():
    page = Page(dialog_html(en, games.get("calavera"), Match.new("calavera", 3, 1), ())).controls
    assert [page[f"new-seat-row-{n}"].hidden for n in range(4)] == [False, False, False, True]


def test_a_rules_name_drops_its_note_in_brackets():
    assert rule_name(en("quorsum.option.match_target")) == "Match play to"
    assert rule_name(zh("quorsum.option.match_target")) == "競賽玩法目標點數"
    assert rule_name(en("quorsum.option.draw_points")) == "Match points for a draw"


# -- checking --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tr", "name", "text", "message"), [
    (en, "match_target", "150", "Match play to: choose 0 to 99."),
    (zh, "match_target", "150", "競賽玩法目標點數：請選 0 到 99。"),
    (en, "draw_points", "3", "Match points for a draw: choose 0 to 2."),
    (zh, "draw_points", "-1", "平局時各得的點數：請選 0 到 2。"),
    (en, "match_target", "", "Match play to: choose 0 to 99."),
    (en, "match_target", "2.5", "Match play to: choose 0 to 99."),
])
def test_a_refused_number_is_named_by_its_label_with_the_range(tr, name, text, message):
    options, refused = check_options(tr, games.get("quorsum"), 2, {name: text})
    assert refused == {name: message} and name not in options


def test_numbers_in_range_become_the_options():
    options, refused = check_options(en, games.get("quorsum"), 2,
                                     {"match_target": " 99 ", "draw_points": "0", "freeze_home": True, "match_tie": "draw"})
    assert refused == {} and options == {"match_target": 99, "draw_points": 0, "freeze_home": True, "match_tie": "draw"}


def test_the_range_follows_the_player_count_and_an_open_top_says_or_more():
    _, refused = check_options(en, games.get("calavera"), 3, {"start_player": "3"})
    assert refused == {"start_player": "Start player: choose -1 to 2."}
    assert check_options(en, games.get("calavera"), 4, {"start_player": "3"}) == ({"start_player": 3}, {})
    _, refused = check_options(zh, games.get("gype"), 2, {"stall_rounds": "-5"})
    assert refused == {"stall_rounds": "僵持上限回合數：請選 0 或以上。"}


# -- the controller --------------------------------------------------------------------------------


def test_start_with_a_refused_number_keeps_the_dialog_and_every_choice():
    host, dialog = opened("quorsum", lang="zh-TW")
    host.elements["new-opt-match_target"].value = "150"
    host.elements["new-opt-freeze_home"].checked = True
    host.elements["new-variant-sprint"].checked, host.elements["new-variant-standard"].checked = True, False
    event = Submit("start")
    dialog._on_submit(event)
    assert event.prevented and host.started == [] and host.notices == []
    message = host.elements["new-err-match_target"]
    assert not message.hidden and message.textContent == "競賽玩法目標點數：請選 0 到 99。"
    assert host.elements["new-opt-match_target"].attributes["aria-invalid"] == "true"
    assert host.elements["new-opt-match_target"].focused and host.elements["new-house-rules"].open
    assert host.elements["new-opt-freeze_home"].checked and host.elements["new-variant-sprint"].checked  # kept
    # Typing takes the message away; a good value then starts the game with every choice.
    dialog._on_input(SimpleNamespace(target=host.elements["new-opt-match_target"]))
    assert message.hidden and host.elements["new-opt-match_target"].attributes["aria-invalid"] == "false"
    host.elements["new-opt-match_target"].value = "5"
    event = Submit("start")
    dialog._on_submit(event)
    # Started: the dialog closes itself first, so that the focus can go on to the new game's board.
    assert not host.elements["dlg-new"].shown_modal and host.elements["board"].focused
    (match, seats), = host.started
    assert match.variant == "sprint" and match.options["match_target"] == 5 and match.options["freeze_home"] is True
    assert seats == ("human", "human")


def test_cancel_starts_nothing_and_checks_nothing():
    host, dialog = opened("quorsum")
    host.elements["new-opt-draw_points"].value = "3"
    event = Submit("cancel")
    dialog._on_submit(event)
    assert not event.prevented and host.started == [] and host.elements["new-err-draw_points"].hidden


def test_seats_and_bounds_follow_the_player_radio():
    host, dialog = opened("calavera", players=2)
    assert [host.elements[f"new-seat-row-{n}"].hidden for n in range(4)] == [False, False, True, True]
    host.elements["new-players-2"].checked, host.elements["new-players-3"].checked = False, True
    dialog._on_change(SimpleNamespace(target=host.elements["new-players-3"]))
    assert [host.elements[f"new-seat-row-{n}"].hidden for n in range(4)] == [False, False, False, True]
    # The start player is a list of the chosen count's players (Random, Player 1…Player 3).
    assert host.elements["new-opt-start_player"].innerHTML.endswith('<option value="2">Player 3</option>')
    host.elements["new-seat-2"].value = "easy"
    host.elements["new-opt-start_player"].value = "3"  # a number only 4 players have (a stale list)
    event = Submit("start")
    dialog._on_submit(event)
    assert event.prevented and host.elements["new-err-start_player"].textContent == "Start player: choose -1 to 2."
    host.elements["new-opt-start_player"].value = "2"
    dialog._on_submit(Submit("start"))
    (match, seats), = host.started
    assert match.players == 3 and match.state.active == 2 and seats == ("human", "human", "easy")


def test_a_fixed_seed_is_used_and_a_good_dialog_starts_at_once():
    host, dialog = opened("hezong", players=2)
    dialog.seed = 41
    dialog._on_submit(Submit("start"))
    (match, _), = host.started
    assert match.record().seed == 41


def test_enter_in_a_field_means_start_not_the_first_button_cancel():
    host, dialog = opened("quorsum")
    pressed = SimpleNamespace(key="Enter", target=host.elements["new-opt-match_target"], prevented=False)
    pressed.preventDefault = lambda: setattr(pressed, "prevented", True)
    dialog._on_key(pressed)
    assert pressed.prevented and host.elements["btn-start"].clicks == 1
    on_select = SimpleNamespace(key="Enter", target=host.elements["new-opt-match_tie"])
    dialog._on_key(on_select)  # a select keeps Enter for its list
    assert host.elements["btn-start"].clicks == 1
