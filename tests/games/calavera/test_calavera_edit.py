"""Calavera click tools: cross and uncross boxes, freeze and unfreeze rows on the sheets as the
view draws them, the bonus lines following the crosses, the players, start player, active player
and phase fields; undoing an edit restores the text; the engine's reasons for impossible sheets;
random clicks only give legal positions or a clear refusal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qipan.core import NotationError
from qipan.games.calavera import GAME
from qipan.games.calavera.rules import FIRST, LATER, Phase
from qipan.i18n import t
from qipan.games.calavera.ui import edit as edit_calavera
from qipan.games.calavera.ui.view import Layout
from qipan.app.editor import EditorModel, fields_html, nearest, tools_html, with_marks
from qipan.boardkit.editing import Refused
from fakes import RecordingContext

START = EditorModel.start("calavera", seed=3).state


def en(key: str, **values: object) -> str:
    return t(key, "en", **values)


def round_trips(state) -> bool:
    return GAME.parse_position(GAME.position(state)) == state


def sheet(state, player: int = 0) -> str:
    return GAME.position(state).split("sheets=")[1].split()[0].split("/")[player]


def test_the_editor_opens_at_the_start_of_the_first_turn_with_blank_sheets():
    assert START.phase is Phase.ROLL and START.rolls == 0 and not any(START.dice)
    assert all(n == 0 for s in START.crosses for n in s)


def test_crossing_up_to_a_box_and_uncrossing_restores():
    five = edit_calavera.apply(START, "cross", "1:O5")
    assert sheet(five) == "5.0.0.0" and round_trips(five)
    three = edit_calavera.apply(five, "cross", "1:O4")  # a crossed box: crosses from there on go
    assert sheet(three) == "3.0.0.0"
    assert edit_calavera.apply(five, "cross", "1:O1") == START
    green = edit_calavera.apply(START, "cross", "2:G2")
    assert sheet(green, 1) == "0.0.2.0" and sheet(green, 0) == "0.0.0.0"


def test_the_death_zone_freezes_a_row_and_leaving_it_unfreezes():
    dead = edit_calavera.apply(START, "cross", "1:B14")
    assert sheet(dead) == "0.0.0.14f"
    assert sheet(edit_calavera.apply(dead, "cross", "1:B12")) == "0.0.0.11"


def test_freezing_a_row_on_a_score_box_and_unfreezing_it():
    frozen = edit_calavera.apply(START, "freeze", "1:P10")
    assert sheet(frozen) == "0.10f.0.0" and round_trips(frozen)
    assert sheet(edit_calavera.apply(frozen, "cross", "1:P11")) == "0.11f.0.0"  # still a score box
    assert sheet(edit_calavera.apply(frozen, "cross", "1:P3")) == "0.2.0.0"  # the low zone: not frozen
    thawed = edit_calavera.apply(frozen, "freeze", "1:P10")
    assert sheet(thawed) == "0.10.0.0"
    assert edit_calavera.apply(thawed, "cross", "1:P1") == START
    with pytest.raises(NotationError, match=r"a row freezes only on a score-zone box .*\(rules §4.2c, A13\)"):
        edit_calavera.apply(START, "freeze", "1:P3")
    dead = edit_calavera.apply(START, "cross", "1:B15")
    with pytest.raises(NotationError, match=r"a row in the death zone is frozen \(rules §4.5\)"):
        edit_calavera.apply(dead, "freeze", "1:B15")


def test_the_bonus_lines_follow_the_crosses():
    state = START
    for row in "OPGB":
        state = edit_calavera.apply(state, "cross", f"2:{row}6")
    assert state.bonus[1][0] == FIRST and state.claimed == (True, False, False)
    for row in "OPGB":
        state = edit_calavera.apply(state, "cross", f"1:{row}5")
    assert state.bonus[0] == (LATER, 0, 0) and state.bonus[1] == (FIRST, 0, 0)
    assert "bonus=L--/F--" in GAME.position(state) and round_trips(state)
    lost = edit_calavera.apply(state, "cross", "2:O1")  # player 2's orange row emptied: its first goes
    assert lost.bonus[1] == (0, 0, 0) and lost.bonus[0] == (FIRST, 0, 0)


def test_freezing_the_fourth_row_ends_the_game_and_unfreezing_it_goes_on():
    state = START
    for row, box in zip("PGB", (11, 12, 13)):
        state = edit_calavera.apply(state, "freeze", f"1:{row}{box}")
    assert state.phase is Phase.ROLL
    with pytest.raises(NotationError, match=r"game is over only once a player has frozen all four rows \(rules §5\)"):
        edit_calavera.set_field(state, "phase", "over")
    over = edit_calavera.apply(state, "freeze", "1:O10")
    assert over.phase is Phase.OVER and GAME.position(over).endswith("phase=over") and round_trips(over)
    assert [f.name for f in edit_calavera.fields(over)] == ["players", "start", "phase"]
    thawed = edit_calavera.apply(over, "freeze", "1:O10")
    assert thawed.phase is Phase.ROLL and thawed.active == thawed.start and sheet(thawed) == "10.11f.12f.13f"
    assert edit_calavera.apply(thawed, "cross", "1:O1") == state


def test_the_players_start_and_active_fields():
    three = edit_calavera.set_field(edit_calavera.apply(START, "cross", "2:O3"), "players", "3")
    assert three.players == 3 and sheet(three, 2) == "0.0.0.0" and round_trips(three)
    three = edit_calavera.set_field(edit_calavera.set_field(three, "start", "2"), "active", "2")
    assert (three.start, three.active) == (2, 2)
    two = edit_calavera.set_field(three, "players", "2")
    assert two.players == 2 and (two.start, two.active) == (0, 0) and sheet(two, 1) == "3.0.0.0"
    with pytest.raises(Refused):
        edit_calavera.set_field(START, "active", "2")
    with pytest.raises(Refused):
        edit_calavera.set_field(START, "players", "5")


def test_a_mid_turn_position_from_a_text_keeps_its_phase_until_changed():
    text = "v1 start=0 sheets=12.0.0.0/0.0.0.0 bonus=---/--- claimed=--- phase=choose active=0 rolls=3 dice=OOPRRR skulls=0"
    model = EditorModel("calavera", GAME.parse_position(text))
    assert "Mid-turn: choosing what to mark" in fields_html(en, model)
    assert model.set_field("phase", "roll") and model.position.endswith("phase=roll active=0 rolls=0 dice=- skulls=0")


def test_sheet_boxes_are_found_where_the_view_draws_them():
    layout = Layout(800, 624, 2)
    spots = {name: edit_calavera.spot(START, 800, 624, name) for name in edit_calavera.points(START)}
    assert len(spots) == 2 * 4 * 16 and None not in spots.values()
    x, y = layout.box_xy(1, 2, 6)
    assert nearest(spots, x + 0.2 * layout.unit, y + 0.8 * layout.unit) == "2:G7"
    assert edit_calavera.spot(START, 800, 624, "3:O1") is None


def test_the_cursor_ring_is_drawn_around_its_box():
    class Screen:
        state, host = START, None

        def draw(self, ctx, width, height):
            ctx.fillRect(0, 0, width, height)

    ctx = RecordingContext()
    with_marks(Screen, edit_calavera.draw_marks, lambda: ("1:O1",))().draw(ctx, 800, 624)
    layout = Layout(800, 624, 2)
    x, _y = layout.box_xy(0, 0, 0)
    rings = [c for c in ctx.calls if c[0] == "strokeRect"]
    assert len(rings) == 1 and rings[0][1][0] == pytest.approx(x - 0.12 * layout.unit)


def test_the_model_on_calavera():
    model = EditorModel.start("calavera", seed=3)
    assert "Cross / uncross up to a box" in tools_html(en, model)
    assert model.click("1:O5") and "sheets=5.0.0.0/" in model.text
    assert not model.click("9:O5") and model.problem[1]["reason"][0] == "editor.err.point"


POINTS = [f"{p}:{r}{b}" for p in (1, 2, 3) for r in "OPGB" for b in (1, 4, 5, 8, 10, 12, 13, 14, 16, 17)]
FIELDS = [("players", n) for n in ("2", "3", "4", "5")] + [("start", "1"), ("active", "1"), ("active", "3"),
                                                          ("phase", "roll"), ("phase", "over"), ("phase", "keep")]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.sampled_from(["cross", "freeze", "nothing"]), st.sampled_from(POINTS)),
                          st.tuples(st.just("field"), st.sampled_from(FIELDS))), max_size=30))
def test_random_edits_give_legal_positions_or_a_clear_refusal(edits):
    state = START
    for tool, what in edits:
        try:
            state = edit_calavera.set_field(state, *what) if tool == "field" else edit_calavera.apply(state, tool, what)
        except (Refused, NotationError) as exc:
            assert str(exc)
        assert round_trips(state)
