"""Start-up imports: the features a player opens (rules, saved games, image, editor, new game, share)
are made on first use, the analysis's modules are imported once there is an analysis to show, the
links of an embed or a shared game once the address has one, and a game's engine is imported when that game is first wanted, so importing the shell's start
path must not import their modules; the memory snapshot still holds them (docs/startup.md, "Loaded
when first used")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from qipan import games
from qipan.app.lazy import Lazy
from qipan.analysis import analyse
from qipan.app.storage import save_match, store_analysis
from qipan.boardkit.store import Storage
from qipan.match import Match
from seeded import seeded

ROOT = Path(__file__).resolve().parents[2]
LAZY = ("qipan.app.editor", "qipan.app.image_export", "qipan.app.saved_games", "qipan.app.guide_screen",
        "qipan.boardkit.editing", "qipan.boardkit.guide", "qipan.app.correspondence.ui",
        "qipan.app.correspondence.session", "qipan.app.correspondence.device",
        # the search, under the computer players, hints and the analysis (the page's start shows
        # stored analyses only): imported by the first computer move, hint or analysis
        "qipan.ai.search", "qipan.analysis.engine", "qipan.analysis.values",
        # an analysis shown (the box beside a game shows its buttons only until there is one)
        "qipan.analysis", "qipan.analysis.result", "qipan.analysis.summary", "qipan.app.analysis_html",
        # an embed or a shared game in the address, or the player's first share
        "qipan.app.links", "qipan.app.share", "qipan.app.embed", "qipan.app.embed_params",
        # the new-game dialog
        "qipan.app.new_game")

# A fresh interpreter: main.py's import of the shell, over stand-ins of the browser modules (any
# attribute is a callable stand-in); prints the modules it imported (qipan's and the standard library's).
START = """
import json, sys, types
sys.path.insert(0, sys.argv[1])

class Anything:
    def __getattr__(self, name): return Anything()
    def __call__(self, *args, **kwargs): return Anything()

for name in ("js", "pyodide", "pyodide.ffi", "pyscript", "pyscript.ffi"):
    module = types.ModuleType(name)
    module.__getattr__ = lambda attribute: Anything()
    sys.modules[name] = module
sys.modules["pyodide.ffi"].JsProxy = type("JsProxy", (), {})
from qipan.web.app import start
print(json.dumps(sorted(sys.modules)))
"""

# Then, in the same fresh interpreter, what the page does next on CPython: the picker's cards (with a
# save of every game, read from the storage given on stdin), then opening one game (argv[2]) from
# its save as the page's open_game does, with its play screen's class. Prints the qipan modules
# imported after each step.
OPEN = START + """
from types import SimpleNamespace
from qipan import games
from qipan.app.storage import list_saves, load_save, newest_save
from qipan.boardkit.store import Storage
from qipan.i18n import t
from qipan.web.app import App

storage = Storage(None)
for key, value in json.load(sys.stdin).items():
    storage.set(key, value)
saved = {entry.game for entry in list_saves(storage) if entry.readable}
picker = SimpleNamespace(tr=lambda key, **values: t(key, "en", **values), playable=games.GAME_IDS)
cards = [App._card(picker, game_id, game_id in saved) for game_id in games.GAME_IDS]
assert saved == set(games.GAME_IDS) and all('data-guide="rules"' in card for card in cards), cards
print(json.dumps(sorted(name for name in sys.modules if name.startswith("qipan"))))
loaded = load_save(storage, newest_save(storage, sys.argv[2]))
games.ui(loaded.match.game.id).screen
print(json.dumps(sorted(name for name in sys.modules if name.startswith("qipan"))))
"""


# Then, in the same fresh interpreter, each of those features' first use, through the page's own code
# over stand-ins (the saves on stdin: a LYNGK game without an analysis, argv[2], and one with its
# analysis stored, argv[3]); prints the qipan modules imported after each step.
FIRST_USE = START + """
from types import SimpleNamespace
from urllib.parse import parse_qsl
from qipan.app.analysis_view import AnalysisView
from qipan.app.page import install
from qipan.app.storage import list_saves, load_save
from qipan.app.lazy import Lazy
from qipan.boardkit.store import Storage
from qipan.i18n import t
from qipan.web import app as shell

def imported():
    print(json.dumps(sorted(name for name in sys.modules if name.startswith("qipan"))))

class Stopped(Exception):
    pass

def stop():
    raise Stopped

class Params:  # the browser's URLSearchParams
    def __init__(self, search):
        self.query = search.lstrip("?")
        self.keys = dict(parse_qsl(self.query, keep_blank_values=True))
    def has(self, key): return key in self.keys
    def toString(self): return self.query

storage = Storage(None)
for key, value in json.load(sys.stdin).items():
    storage.set(key, value)
install(Anything())
app = SimpleNamespace(storage=storage, lang="en", dark=False, screen=None, element=lambda ident: Anything(),
                      tr=lambda key, **values: t(key, "en", **values), apply_settings=stop)
app.analysis = view = AnalysisView(app)
app.lazy_new_game = Lazy(lambda: shell.App._make_new_game(app))
for save_id in sys.argv[2:]:  # a game on screen: the box beside it, and its move log's grades
    match = load_save(storage, next(entry.key for entry in list_saves(storage) if entry.save_id == save_id)).match
    app.screen = SimpleNamespace(match=match, save_id=save_id, shown_ply=len(match.actions), overlay=None,
                                 reviewing=False, state=match.state)
    view.show(app.screen)
    print(json.dumps(sorted(view.marks().values())))
    imported()
shell.App.open_share(app)
imported()
shell.App.new_game.fget(app)
imported()
for search in ("?game=lyngk&seed=1", "?share=anything"):  # App.boot, up to applying the settings
    shell.window = SimpleNamespace(location=SimpleNamespace(search=search), URLSearchParams=SimpleNamespace(new=Params))
    try:
        shell.App.boot(app)
    except Stopped:
        imported()
"""


def start_path_modules() -> set[str]:
    done = subprocess.run([sys.executable, "-c", START, str(ROOT / "py")], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def engine_modules(imported: set[str], game_id: str) -> set[str]:
    """The modules of `game_id`'s engine (and UI) among `imported`: all of its package but the
    package itself and its strings, which the registry imports."""
    package = f"qipan.games.{game_id}"
    return {name for name in imported if name.startswith(f"{package}.")} - {f"{package}.strings"}


def test_the_start_path_imports_no_game_engine():
    imported = start_path_modules()
    assert "qipan.games" in imported and "qipan.games.lyngk" in imported  # the registry, the plug-ins
    assert {game_id: engine_modules(imported, game_id) for game_id in games.GAME_IDS} == dict.fromkeys(
        games.GAME_IDS, set())


def test_the_picker_imports_no_engine_and_opening_a_game_imports_that_game_only():
    storage = Storage(None)
    for n, game_id in enumerate(games.GAME_IDS):
        save_match(storage, Match.new(game_id, games.plugin(game_id).min_players, 7), now=1_800_000_000 + n)
    saves = json.dumps({key: storage.get(key) for key in storage.keys()})
    for opened in ("lyngk", "calavera"):
        done = subprocess.run([sys.executable, "-c", OPEN, str(ROOT / "py"), opened], input=saves,
                              capture_output=True, text=True, check=True)
        _start, picker, game = (set(json.loads(line)) for line in done.stdout.splitlines())
        assert {game_id: engine_modules(picker, game_id) for game_id in games.GAME_IDS} == dict.fromkeys(
            games.GAME_IDS, set())
        assert f"qipan.games.{opened}.game" in game and f"qipan.games.{opened}.ui" in game
        assert {game_id: engine_modules(game, game_id) for game_id in games.GAME_IDS if game_id != opened} == \
            dict.fromkeys(set(games.GAME_IDS) - {opened}, set())


def test_the_start_path_imports_no_feature_a_player_opens_later():
    imported = start_path_modules()
    assert "qipan.web.app" in imported and "qipan.app.move_log" in imported  # the stand-ins worked
    assert not imported & set(LAZY), sorted(imported & set(LAZY))
    assert "fractions" not in imported  # the games with chance import it; core names it in annotations only


def test_each_feature_made_lazy_at_start_is_imported_by_its_first_use():
    storage = Storage(None)
    plain = save_match(storage, seeded("lyngk", 6, seed=3), now=1_800_000_000)
    analysed = seeded("lyngk", 8)
    kept = save_match(storage, analysed, now=1_800_000_001)
    assert store_analysis(storage, kept, analyse(analysed).to_json(), analysed.actions)
    saves = json.dumps({key: storage.get(key) for key in storage.keys()})
    done = subprocess.run([sys.executable, "-c", FIRST_USE, str(ROOT / "py"), plain, kept], input=saves,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    start, (no_grades, shown), (grades, analysis), share, new_game, plain_boot, linked_boot = (
        set(lines[0]), lines[1:3], lines[3:5], *(set(line) for line in lines[5:]))
    analysis_modules = {"qipan.analysis", "qipan.analysis.result", "qipan.analysis.summary", "qipan.app.analysis_html"}
    assert no_grades == [] and not set(shown) & analysis_modules  # a game without an analysis: its buttons only
    assert grades and analysis_modules <= set(analysis)  # a stored analysis: read and shown, with the log's grades
    assert "qipan.app.share" not in set(analysis) and "qipan.app.share" in share
    assert "qipan.app.new_game" not in share and "qipan.app.new_game" in new_game
    assert "qipan.app.links" not in plain_boot and {"qipan.app.links", "qipan.app.embed"} <= linked_boot
    assert not start & set(LAZY)


def vendor_step():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import vendor
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return vendor


def test_the_memory_snapshot_still_holds_the_features_made_on_first_use():
    assert set(LAZY) <= set(vendor_step().snapshot_modules())


def test_the_page_snapshots_no_engine_at_start_and_the_full_snapshot_holds_every_engine():
    vendor = vendor_step()
    start, full = set(vendor.start_modules()), set(vendor.snapshot_modules())
    assert {game_id: engine_modules(start, game_id) for game_id in games.GAME_IDS} == dict.fromkeys(games.GAME_IDS, set())
    for game_id in games.GAME_IDS:
        assert {f"qipan.games.{game_id}.game", f"qipan.games.{game_id}.rules", f"qipan.games.{game_id}.ai",
                f"qipan.games.{game_id}.ui"} <= full


class Feature:
    def __init__(self, log: list[str]) -> None:
        log.append("made")


def test_a_lazy_feature_is_made_once_on_first_use_and_its_entry_then_steps_aside():
    log: list[str] = []
    lazy = Lazy(lambda: Feature(log))
    assert lazy.made is None and log == []
    entry = lazy.first(lambda feature: log.append("opened"))
    entry(object())
    assert log == ["made", "opened"] and lazy.made is not None
    entry(object())  # the feature binds its own control once made: the entry does nothing more
    assert log == ["made", "opened"]
    assert lazy.get() is lazy.made and log == ["made", "opened"]


def test_a_feature_made_elsewhere_first_leaves_its_entry_idle():
    log: list[str] = []
    lazy = Lazy(lambda: Feature(log))
    lazy.get()
    lazy.first(lambda feature: log.append("opened"))(object())
    assert log == ["made"]
