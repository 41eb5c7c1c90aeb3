"""Start-up imports: the features a player opens (rules, saved games, image, editor) are made on first
use, and a game's engine is imported when that game is first wanted, so importing the shell's start
path must not import their modules; the memory snapshot still holds them (docs/startup.md, "Loaded
when first used")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from qipan import games
from qipan.app.lazy import Lazy
from qipan.app.storage import save_match
from qipan.boardkit.store import Storage
from qipan.match import Match

ROOT = Path(__file__).resolve().parents[2]
LAZY = ("qipan.app.editor", "qipan.app.image_export", "qipan.app.saved_games", "qipan.app.guide_screen",
        "qipan.boardkit.editing", "qipan.boardkit.guide", "qipan.app.correspondence.ui",
        "qipan.app.correspondence.session", "qipan.app.correspondence.device",
        # the search, under the computer players, hints and the analysis (the page's start shows
        # stored analyses only): imported by the first computer move, hint or analysis
        "qipan.ai.search", "qipan.analysis.engine", "qipan.analysis.values")

# A fresh interpreter: main.py's import of the shell, over stand-ins of the browser modules (any
# attribute is a callable stand-in); prints the qipan modules it imported.
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
print(json.dumps(sorted(name for name in sys.modules if name.startswith("qipan"))))
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
