"""The package's zips carry the bytecode of a first visit's first screen, current with its sources
(tools/vendor.py; docs/startup.md, "Bytecode"). Reads assets/vendor/, written by `make vendor`."""

from __future__ import annotations

import _imp
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import vendor  # noqa: E402

CHECKED_HASH = 0b11
"""The pyc header's flags: a hash of the source, checked at each import (PEP 552)."""


def _bytecode(archive: zipfile.ZipFile) -> dict[str, bytes]:
    return {name: archive.read(name) for name in archive.namelist() if name.endswith(".pyc")}


def test_every_module_of_the_first_screen_has_current_bytecode_of_one_python() -> None:
    with zipfile.ZipFile(vendor.VENDOR / "qipan.zip") as archive:
        found = _bytecode(archive)
        sources = {name: archive.read(name) for name in archive.namelist() if name.endswith(".py")}
    wanted = {str(vendor.module_path(name).relative_to(vendor.PY)) for name in vendor.first_screen_modules()}
    assert {"qipan/web/app.py", "qipan/games/lyngk/rules.py", "qipan/games/calavera/ui/view.py"} <= wanted
    assert {vendor._source_of(name) for name in found} == wanted
    magics = set()
    for name, data in found.items():
        source = sources[vendor._source_of(name)]
        assert source == (vendor.PY / vendor._source_of(name)).read_bytes()
        magic = data[:4]
        assert int.from_bytes(data[4:8], "little") == CHECKED_HASH, name
        assert data[8:16] == _imp.source_hash(int.from_bytes(magic, "little"), source), f"{name} is stale"
        magics.add(magic)
    assert len(magics) == 1  # one interpreter's (tests/e2e check that it is the page's)


def test_the_browser_part_carries_its_modules_bytecode_too() -> None:
    with zipfile.ZipFile(vendor.VENDOR / "qipan-browser.zip") as browser, \
            zipfile.ZipFile(vendor.VENDOR / "qipan.zip") as package:
        sources = {name for name in browser.namelist() if name.endswith(".py")}
        assert sources == {f"qipan/web/{module}.py" for module in ("app", "computer_client", "dom", "sound")}
        assert {vendor._source_of(name) for name in _bytecode(browser)} == sources
        assert _bytecode(browser).items() <= _bytecode(package).items()


def test_a_feature_loaded_on_first_use_goes_as_source_only() -> None:
    """Its bytecode would be fetched by every first visit, for a module most visits never import."""
    with zipfile.ZipFile(vendor.VENDOR / "qipan.zip") as archive:
        names = set(archive.namelist())
    assert "qipan/app/editor.py" in names
    assert not any(name.startswith("qipan/app/__pycache__/editor.") for name in names)
