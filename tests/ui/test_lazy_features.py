"""Start-up imports: the features a player opens (rules, saved games, image, editor) are made on first
use, so importing the shell's start path must not import their modules; the memory snapshot still
holds them (docs/startup.md, "Loaded when first used")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from qipan.app.lazy import Lazy

ROOT = Path(__file__).resolve().parents[2]
LAZY = ("qipan.app.editor", "qipan.app.image_export", "qipan.app.saved_games", "qipan.app.guide_screen",
        "qipan.boardkit.editing", "qipan.boardkit.guide", "qipan.app.correspondence.ui",
        "qipan.app.correspondence.session", "qipan.app.correspondence.device")

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


def start_path_modules() -> set[str]:
    done = subprocess.run([sys.executable, "-c", START, str(ROOT / "py")], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def test_the_start_path_imports_no_feature_a_player_opens_later():
    imported = start_path_modules()
    assert "qipan.web.app" in imported and "qipan.app.move_log" in imported  # the stand-ins worked
    assert not imported & set(LAZY), sorted(imported & set(LAZY))


def test_the_memory_snapshot_still_holds_the_features_made_on_first_use():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import vendor
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert set(LAZY) <= set(vendor.snapshot_modules())


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
