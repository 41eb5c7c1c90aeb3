"""The package's zips carry a first visit's first screen as bytecode, current with its sources
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
"""The pyc header's flags: it names its source by a hash (PEP 552)."""


def _names(zip_name: str) -> dict[str, bytes]:
    with zipfile.ZipFile(vendor.VENDOR / zip_name) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_each_module_of_the_first_screen_goes_as_bytecode_of_its_current_source() -> None:
    files = _names("qipan.zip")
    wanted = {str(vendor.module_path(name).relative_to(vendor.PY)) for name in vendor.first_screen_modules()}
    assert {"qipan/__init__.py", "qipan/web/app.py", "qipan/games/lyngk/rules.py", "qipan/games/calavera/ui/view.py"} <= wanted
    assert {name[:-1] for name in files if name.endswith(".pyc")} == wanted
    assert not wanted & set(files)  # (the source is not fetched as well)
    magics = set()
    for source in wanted:
        data = files[f"{source}c"]
        magic = data[:4]
        assert int.from_bytes(data[4:8], "little") == CHECKED_HASH, source
        assert data[8:16] == _imp.source_hash(int.from_bytes(magic, "little"), (vendor.PY / source).read_bytes()), \
            f"{source}c is stale"
        magics.add(magic)
    assert len(magics) == 1  # one interpreter's (e2e/test_snapshot.py checks that it is the page's)


def test_a_module_loaded_on_first_use_goes_as_source() -> None:
    """As bytecode it would be 2.4 times as many bytes zipped, fetched by every first visit for a
    module most visits never import."""
    files = _names("qipan.zip")
    assert files["qipan/app/editor.py"] == (vendor.PY / "qipan/app/editor.py").read_bytes()
    assert "qipan/app/editor.pyc" not in files
    sources = {str(p.relative_to(vendor.PY)) for p in vendor.PY.rglob("*.py") if "__pycache__" not in p.parts}
    assert {name.removesuffix("c") for name in files} == sources  # every module, one way or the other


def test_the_browser_part_is_the_same_bytecode() -> None:
    browser, package = _names("qipan-browser.zip"), _names("qipan.zip")
    assert set(browser) == {f"qipan/web/{module}.pyc" for module in ("app", "computer_client", "dom", "sound")}
    assert browser.items() <= package.items()
