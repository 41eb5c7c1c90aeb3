"""The packages whose names are imported when first asked for (`engine_names`, PEP 562: the five
games and `qipan.analysis`) give at run time every name they export (`__all__`) as the object the
type checker was shown: a name exported only under `if TYPE_CHECKING:` passes mypy and fails in the
player's browser (docs/startup.md, section 3). (mypy refuses the import of a name not in `__all__`.)"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent.parent / "py"
LAZY_PACKAGES = sorted(
    ".".join(path.parent.relative_to(PY).parts)
    for path in PY.glob("qipan/**/__init__.py") if "engine_names(" in path.read_text(encoding="utf-8"))


def typed_only(package: str) -> list[tuple[str, str]]:
    """(module, name) of each of the package's own names imported under `if TYPE_CHECKING:`."""
    tree = ast.parse((PY / package.replace(".", "/") / "__init__.py").read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").startswith(package + "."):
                    found += [(stmt.module, alias.asname or alias.name) for alias in stmt.names]
    return found


def test_the_lazy_packages_are_found():
    assert {"qipan.analysis", "qipan.games.lyngk", "qipan.games.calavera"} <= set(LAZY_PACKAGES)


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_each_exported_name_shown_to_the_type_checker_is_the_same_at_run_time(package):
    module = importlib.import_module(package)
    names = [(source, name) for source, name in typed_only(package) if name in module.__all__]
    assert names, f"{package}: no exported names under TYPE_CHECKING"
    for source, name in names:
        assert getattr(module, name) is getattr(importlib.import_module(source), name), f"{package}.{name}"


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_each_exported_name_is_there(package):
    module = importlib.import_module(package)
    for name in module.__all__:
        assert hasattr(module, name), f"{package}.{name}"
