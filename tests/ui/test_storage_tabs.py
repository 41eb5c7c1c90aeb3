"""Two tabs on the same save: what another tab wrote is never overwritten unless it is this tab's
own last write or an earlier point of this tab's game; otherwise this tab's game becomes a new save."""

from test_storage import BrowserStorage, played

from qipan.boardkit.store import Storage
from qipan.app.storage import game_key, list_saves, load_save, outside_change, save_match, write_save


def two_tabs_on_one_save():
    backend = BrowserStorage()
    tab_a, tab_b = Storage(backend), Storage(backend)
    save_id = save_match(tab_a, played("lyngk", 1, 2), now=10)
    a, b = load_save(tab_a, game_key("lyngk")), load_save(tab_b, game_key("lyngk"))
    return tab_a, tab_b, save_id, a.match, b.match, a.match.record().to_json()


def test_a_tab_that_moved_on_meanwhile_is_not_overwritten_the_other_game_becomes_a_new_save():
    tab_a, tab_b, save_id, a, b, start = two_tabs_on_one_save()
    for _ in range(8):
        a.play_action(a.state.legal_actions()[0])
    written_a = write_save(tab_a, a, (), save_id, start, now=20)
    assert written_a.save_id == save_id and written_a.forked_from is None
    b.play_action(b.state.legal_actions()[-1])
    written_b = write_save(tab_b, b, (), save_id, start, now=30)
    assert written_b.forked_from == save_id and written_b.save_id != save_id
    stored = {e.save_id: load_save(tab_a, e.key).match.state for e in list_saves(tab_a)}
    assert stored == {save_id: a.state, written_b.save_id: b.state}  # tab A's 8 moves are kept


def test_a_tab_writes_over_its_own_last_write_and_over_an_earlier_point_of_its_game():
    tab_a, tab_b, save_id, a, b, start = two_tabs_on_one_save()
    a.play_action(a.state.legal_actions()[0])
    last = write_save(tab_a, a, (), save_id, start, now=20).record
    a.undo()
    a.undo()  # shorter than what is stored, but what is stored is this tab's own
    written = write_save(tab_a, a, (), save_id, last, now=30)
    assert written.save_id == save_id and written.forked_from is None
    assert load_save(tab_a, game_key("lyngk")).match.state == a.state
    # tab B's game is the stored one played on: stored is a prefix of it
    for _ in range(3):
        b.play_action(b.state.legal_actions()[0])
    assert write_save(tab_b, b, (), save_id, start, now=40).forked_from is None
    assert [e.save_id for e in list_saves(tab_b)] == [save_id]


def test_a_tab_learns_how_the_stored_save_stands_against_its_game():
    tab_a, tab_b, save_id, a, b, start = two_tabs_on_one_save()
    assert outside_change(tab_b, save_id, start, b.record().to_json()) is None
    a.play_action(a.state.legal_actions()[0])
    write_save(tab_a, a, (), save_id, start, now=20)
    assert outside_change(tab_b, save_id, start, b.record().to_json()) == "ahead"  # B can show A's move
    b.play_action(b.state.legal_actions()[-1])
    assert outside_change(tab_b, save_id, start, b.record().to_json()) == "diverged"
    tab_a.remove(game_key("lyngk"))
    assert outside_change(tab_b, save_id, start, b.record().to_json()) == "gone"
