"""Names of a package imported when first asked for (PEP 562): a game's package gives its engine's
names (`GAME`, its state and actions) and `qipan.analysis` its engine's, without importing those at
start-up (docs/startup.md, section 3). An `if TYPE_CHECKING:` import of the same names types them for
mypy; tests/test_lazy_names.py checks the two agree."""

from __future__ import annotations

import importlib
from typing import Any, Callable, Collection, Sequence


def engine_names(package: str, modules: Sequence[str], names: Collection[str]) -> Callable[[str], Any]:
    """A package's module `__getattr__` (PEP 562): each of `names` is looked up in the
    package's `modules` (in order), imported when the name is first asked for, and kept in the
    package. Any other name raises AttributeError (so `from package import submodule` still
    imports the submodule)."""

    def __getattr__(name: str) -> Any:
        if name in names:
            for module in modules:
                found = vars(importlib.import_module(f"{package}.{module}"))
                if name in found:
                    vars(importlib.import_module(package))[name] = found[name]
                    return found[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
