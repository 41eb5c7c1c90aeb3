"""The vendor step: copy the runtime the page needs out of node_modules, pack the Python package,
and write the service worker with its precache list.

    python3 tools/vendor.py        (run by `make vendor`, `make play`, `make test`, Netlify's build)

Output (all ignored by git): assets/vendor/pyodide-<v>/, assets/vendor/pyscript-<v>/,
assets/vendor/qipan.zip (py/ packed, a first screen's modules as bytecode; assets/js/snapshot.js unpacks it into
Python's working directory), assets/vendor/qipan-browser.zip (the modules no memory snapshot holds: all a
boot from the full one unpacks),
assets/vendor/qipan.css (every stylesheet of assets/css/ in one file: one render-blocking request),
assets/vendor/games.js (each game's names and board aspect, and the embed's words, for the scripts that run
before Python),
assets/vendor/snapshot.json (what a Pyodide memory snapshot holds and its version; docs/startup.md),
embed.html (index.html under the name other sites may frame: docs/embed.md),
Workbox's service-worker modules (assets/vendor/workbox-<v>/), and sw.js (from tools/sw.template.js,
with Workbox's precache manifest: every precached file with a revision that is a hash of its contents).
"""

from __future__ import annotations

import ast
import hashlib
import io
import os
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import TypeGuard

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "assets" / "vendor"
PY = ROOT / "py"
BYTECODE = ROOT / "node_modules" / ".cache" / "qipan-bytecode.zip"
"""The first screen's modules compiled by the page's own Python, kept between runs where tools keep
their caches (its comment: a digest of what they were compiled from): compiling boots a Pyodide on
Node, about 5 s. Not in assets/vendor/, which the service worker precaches."""
COMPILER = ROOT / "tools" / "compile_bytecode.mjs"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_MAPS = ("pyodide.mjs.map",)
"""Served for debugging tools (pyodide.mjs names it), never precached."""
APP_FILES = ("index.html", "embed.html", "pyscript.toml", "manifest.webmanifest", "py/main.py")
APP_DIRS = ("assets/js", "assets/icons")
sys.path.insert(0, str(ROOT / "py"))
from qipan import games  # noqa: E402 (the registry: every game's id, names and board aspect)
from qipan.i18n import TABLE, embed as embed_words  # noqa: E402 (the strings an embed says before Python)

STYLES = ("app", *games.GAME_IDS, "guide", "embed", "log", "saves", "image", "editor", "correspondence")
"""assets/css/<name>.css in cascade order (the frame first, one sheet per game; later files may
refine earlier ones)."""
BROWSER_MODULES = {"js", "pyodide", "pyodide_js", "_pyodide", "pyscript"}
WORKBOX_MODULES = ("workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching")
"""Workbox's service-worker modules, in the order sw.js loads them (each needs the ones before)."""
START_MODULE = "qipan.web.app"
"""What py/main.py imports."""
SNAPSHOT_WORKER = "assets/js/snapshot-worker.js"
SNAPSHOT_SCRIPTS = (SNAPSHOT_WORKER, "assets/js/snapshot-pack-worker.js", "assets/js/snapshot-store.js", "assets/js/snapshot.js")  # how a snapshot is made: part of its key


def package_version(name: str) -> str:
    """The installed version of an npm package (from its package.json)."""
    meta = ROOT / "node_modules" / name / "package.json"
    if not meta.exists():
        sys.exit(f"vendor: {name} is not installed; run `npm ci` first (make vendor does)")
    return json.loads(meta.read_text())["version"]


def runtime_dirs() -> dict[str, str]:
    """The versioned vendor folder names, e.g. {"pyodide": "pyodide-314.0.7", ...}."""
    return {"pyodide": f"pyodide-{package_version('pyodide')}",
            "pyscript": f"pyscript-{package_version('@pyscript/core')}",
            "workbox": f"workbox-{package_version('workbox-precaching')}",
            "qrcode": "qrcode-generator", "morphdom": "morphdom"}


def copy_runtime(dirs: dict[str, str]) -> None:
    """Copy Pyodide's files (and its loader's source map) and PyScript's dist (with its source
    maps) into assets/vendor/.

    Old versions' folders are removed; files already in place are left alone, so the step can
    run while a server is serving them (the e2e tests run it too).
    """
    VENDOR.mkdir(parents=True, exist_ok=True)
    for old in VENDOR.iterdir():
        if old.is_dir() and old.name not in dirs.values():
            shutil.rmtree(old)
    pyodide = VENDOR / dirs["pyodide"]
    pyodide.mkdir(exist_ok=True)
    for name in PYODIDE_FILES + PYODIDE_MAPS:
        _copy(ROOT / "node_modules" / "pyodide" / name, pyodide / name)
    pyscript = VENDOR / dirs["pyscript"]
    pyscript.mkdir(exist_ok=True)
    for path in (ROOT / "node_modules" / "@pyscript" / "core" / "dist").iterdir():
        if path.suffix in (".js", ".css", ".map"):  # maps: served for debugging tools, never precached
            _copy(path, pyscript / path.name)
    workbox = VENDOR / dirs["workbox"]
    workbox.mkdir(exist_ok=True)
    for module in WORKBOX_MODULES:
        if package_version(module) != package_version("workbox-precaching"):
            sys.exit(f"vendor: {module} and workbox-precaching differ in version; install the same version")
        for suffix in (".prod.js", ".prod.js.map"):
            _copy(ROOT / "node_modules" / module / "build" / f"{module}{suffix}", workbox / f"{module}{suffix}")
    qrcode = VENDOR / dirs["qrcode"]  # the QR code of a game's link (docs/correspondence.md); loaded when first drawn
    qrcode.mkdir(exist_ok=True)
    _copy(ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.js", qrcode / "qrcode.js")
    morphdom = VENDOR / dirs["morphdom"]  # the side panel patched, not rebuilt (assets/js/patch.js)
    morphdom.mkdir(exist_ok=True)
    _copy(ROOT / "node_modules" / "morphdom" / "dist" / "morphdom-umd.min.js", morphdom / "morphdom.js")


def _copy(source: Path, target: Path) -> None:
    """Copy unless the target already has the same contents (compared by hash, not by size: a
    changed file of the same size is copied too)."""
    data = source.read_bytes()
    if not target.exists() or _digest(target.read_bytes()) != _digest(data):
        _write(target, data)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _write(target: Path, data: bytes) -> None:
    """Replace a file in one step (readers see the old or the new file, never half of one)."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


def pack_python() -> None:
    """Zip py/ (in a fixed order with fixed dates so the bytes are reproducible) into qipan.zip, and
    the modules no snapshot holds (`browser_modules`) into qipan-browser.zip: all a boot from the full
    snapshot needs on disk (docs/startup.md). The modules of a first visit's first screen go as
    bytecode instead of source (`first_screen_modules`): the page imports them without compiling."""
    sources = sorted(p for p in PY.rglob("*.py") if "__pycache__" not in p.parts)
    bytecode = compiled(sorted(str(module_path(name).relative_to(PY)) for name in first_screen_modules()))
    _write(VENDOR / "qipan.zip", _zip(sources, bytecode))
    browser = {module_path(name) for name in browser_modules()}
    _write(VENDOR / "qipan-browser.zip", _zip([path for path in sources if path in browser], bytecode))


def compiled(modules: list[str]) -> dict[str, bytes]:
    """The bytecode of `modules` (paths under py/) by path: compiled by the vendored Pyodide's Python
    (COMPILER, on Node) from the very bytes hashed here, unless BYTECODE already holds what the same
    sources, runtime and compiler gave."""
    sources = {name: (PY / name).read_bytes() for name in modules}
    inputs = hashlib.sha256(package_version("pyodide").encode() + b"\0" + COMPILER.read_bytes())
    for name, data in sources.items():
        inputs.update(f"{name}\0".encode() + data + b"\0")
    digest = inputs.hexdigest().encode()
    kept = _kept_bytecode(digest)
    if kept is not None:
        return kept
    with tempfile.TemporaryDirectory() as work:
        given, target = Path(work, "py"), Path(work, "pyc")
        for name, data in sources.items():  # (a file saved meanwhile waits for the next run)
            (given / name).parent.mkdir(parents=True, exist_ok=True)
            (given / name).write_bytes(data)
        subprocess.run(["node", str(COMPILER), str(given), str(target), *modules], check=True, cwd=ROOT)
        made = {name: (target / f"{name}c").read_bytes() for name in modules}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.comment = digest
        for name, data in made.items():
            archive.writestr(name, data)
    BYTECODE.parent.mkdir(exist_ok=True)
    _write(BYTECODE, buffer.getvalue())
    return made


def _kept_bytecode(digest: bytes) -> dict[str, bytes] | None:
    """BYTECODE's contents if they were compiled from what `digest` names; None if not, or if the
    file is missing or unreadable."""
    try:
        with zipfile.ZipFile(BYTECODE) as archive:
            if archive.comment == digest:
                return {name: archive.read(name) for name in archive.namelist()}
    except (OSError, zipfile.BadZipFile):
        pass
    return None


def _zip(sources: list[Path], bytecode: dict[str, bytes]) -> bytes:
    """The sources, each as its bytecode (`compiled`: qipan/web/app.pyc for qipan/web/app.py) where
    it has one."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            name = str(path.relative_to(PY))
            info = zipfile.ZipInfo(f"{name}c" if name in bytecode else name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, bytecode.get(name) or path.read_bytes())
    return buffer.getvalue()


def bundle_styles() -> None:
    """Join the stylesheets into assets/vendor/qipan.css, the one the page links."""
    found = {p.stem for p in (ROOT / "assets" / "css").glob("*.css")}
    if found != set(STYLES):
        sys.exit(f"vendor: assets/css/ and STYLES in tools/vendor.py differ: {sorted(found ^ set(STYLES))}")
    parts = [f"/* assets/css/{name}.css */\n" + (ROOT / "assets" / "css" / f"{name}.css").read_text() for name in STYLES]
    _write(VENDOR / "qipan.css", "\n".join(parts).encode())


def write_embed_page() -> None:
    """Write embed.html, index.html under the name that other sites may frame (netlify.toml: its
    own frame-ancestors; index.html?embed=1&... is redirected to it; docs/embed.md)."""
    _write(ROOT / "embed.html", (ROOT / "index.html").read_bytes())


def game_table() -> dict[str, dict[str, object]]:
    """Each game's names and board aspect, from the registry."""
    return {game_id: {"names": dict(games.plugin(game_id).names), "aspect": games.ui(game_id).aspect}
            for game_id in games.GAME_IDS}


def early_words() -> dict[str, dict[str, str]]:
    """The strings an embed says before Python runs (`qipan.i18n.embed.EARLY`), in both languages."""
    return {key: dict(TABLE[key]) for key in embed_words.EARLY}


def write_game_table() -> None:
    """Write assets/vendor/games.js (`self.QIPAN_GAMES = game_table()`, `self.QIPAN_EMBED_WORDS =
    early_words()`) for the scripts that run before Python (an embed's placeholder, its start button,
    starting mark and step controls): nothing about a game, and no string, is copied into JavaScript by hand."""
    text = ("// Written by tools/vendor.py from the Python registry (qipan.games) and strings (qipan.i18n): do not edit.\n"
            f"self.QIPAN_GAMES = {json.dumps(game_table(), ensure_ascii=False, indent=1)};\n"
            f"self.QIPAN_EMBED_WORDS = {json.dumps(early_words(), ensure_ascii=False, indent=1)};\n")
    _write(VENDOR / "games.js", text.encode())


def _import_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """The nodes that run when a module is imported: all but the bodies of functions (an import
    inside a function runs only when it is called, after the snapshot is restored) and of
    `if TYPE_CHECKING:` (annotations only; its `else:` runs)."""
    nodes, todo = [], [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                todo.extend(child.orelse)
            elif not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                todo.append(child)
    return nodes


def _type_checking(node: ast.AST) -> TypeGuard[ast.If]:
    """An `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`) block."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def module_path(name: str) -> Path:
    """The source file of a qipan module (a package's `__init__.py`)."""
    path = ROOT / "py" / Path(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def module_imports() -> dict[str, set[str]]:
    """Each qipan module's imports when it is imported (absolute names; `from m import n` as m and
    m.n; imports inside functions do not count)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "py" / "qipan").rglob("*.py")):
        parts = list(path.relative_to(ROOT / "py").with_suffix("").parts)
        package = parts[:-1]  # what `from .` means here, for a package's __init__ and a module alike
        name = ".".join(package if parts[-1] == "__init__" else parts)
        imports: set[str] = set()
        for node in _import_time_nodes(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imports |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                imports |= {module} | {f"{module}.{alias.name}" for alias in node.names}
        found[name] = imports
    return found


def _reach(imports: dict[str, set[str]], name: str, seen: set[str]) -> set[str]:
    """`name` and every name it imports at import time, directly or through others."""
    if name not in seen:
        seen.add(name)
        for other in imports.get(name, ()):
            _reach(imports, other, seen)
    return seen


def snapshot_modules() -> list[str]:
    """The qipan modules a memory snapshot may hold: those that never reach js/pyodide/pyscript, even
    through other modules (a snapshot cannot be made once Python has touched `js`)."""
    imports = module_imports()
    return sorted(m for m in imports
                  if not any(n.split(".")[0] in BROWSER_MODULES for n in _reach(imports, m, set())))


def browser_modules() -> list[str]:
    """The qipan modules no snapshot holds: those that reach js/pyodide/pyscript when imported."""
    return sorted(set(module_imports()) - set(snapshot_modules()))


def start_modules() -> list[str]:
    """Those of them the page imports at start (qipan.web.app's import-time imports): what the page
    snapshots on a first visit, before its own Python touches `js` (docs/startup.md)."""
    return sorted(set(_reach(module_imports(), START_MODULE, set())) & set(snapshot_modules()))


def first_screen_modules() -> list[str]:
    """What a first visit imports before its board is interactive, whichever game it opens: the
    start (`start_modules`), the browser layer, each game's engine and UI (their import-time reach),
    and the packages they are in. The zip carries them as bytecode (docs/startup.md, "Bytecode")."""
    imports = module_imports()
    wanted = set(start_modules()) | set(browser_modules())
    for game_id in games.GAME_IDS:
        for part in ("game", "ui"):
            wanted |= _reach(imports, f"qipan.games.{game_id}.{part}", set()) & set(imports)
    return sorted(wanted | {".".join(name.split(".")[:i]) for name in wanted for i in range(1, name.count(".") + 1)})


def write_snapshot_manifest(dirs: dict[str, str]) -> str:
    """Write assets/vendor/snapshot.json: the modules to import and a key that changes with the runtime,
    the Python package or the way snapshots are made (a stored snapshot with another key is rebuilt)."""
    modules, start = snapshot_modules(), start_modules()
    digest = hashlib.sha256(json.dumps([modules, start]).encode())
    for path in [*(VENDOR / dirs["pyodide"] / n for n in PYODIDE_FILES), VENDOR / "qipan.zip", *(ROOT / n for n in SNAPSHOT_SCRIPTS)]:
        digest.update(path.read_bytes())
    key = f"{dirs['pyodide']}-{digest.hexdigest()[:16]}"
    lock = json.loads((VENDOR / dirs["pyodide"] / "pyodide-lock.json").read_text())
    manifest = {"key": key, "pyodide": package_version("pyodide"), "python": lock["info"]["python"], "modules": modules,
                "start": start}
    _write(VENDOR / "snapshot.json", json.dumps(manifest, indent=1).encode())
    return key


def precache_list() -> list[str]:
    """Every file the app needs offline, as URLs relative to the site root."""
    files = [ROOT / name for name in APP_FILES]
    for folder in APP_DIRS:
        files += sorted(p for p in (ROOT / folder).rglob("*") if p.is_file())
    files += sorted(p for p in VENDOR.rglob("*") if p.is_file() and p.suffix not in (".tmp", ".map"))
    return [f"./{p.relative_to(ROOT).as_posix()}" for p in files]


def precache_manifest() -> list[dict[str, str]]:
    """Workbox's precache manifest: each file with its revision, a hash of its contents (a new
    version of the app downloads only the files whose revision changed)."""
    return [{"url": url, "revision": _digest((ROOT / url[2:]).read_bytes())[:16]} for url in precache_list()]


def write_service_worker(dirs: dict[str, str]) -> str:
    """Write sw.js; returns its version (a hash of the manifest: it changes when any file does)."""
    manifest = precache_manifest()
    template = (ROOT / "tools" / "sw.template.js").read_text()
    text = template.replace("__WORKBOX__", dirs["workbox"]).replace("__PRECACHE__", json.dumps(manifest, indent=1))
    _write(ROOT / "sw.js", text.encode())
    return _digest(json.dumps(manifest).encode())[:16]


def check_config(dirs: dict[str, str]) -> None:
    """pyscript.toml must load Pyodide through the snapshot wrapper, and it and the workers must load
    the Pyodide just vendored."""
    config = (ROOT / "pyscript.toml").read_text()
    if 'interpreter = "./assets/js/snapshot.js"' not in config:
        sys.exit("vendor: pyscript.toml must set interpreter = \"./assets/js/snapshot.js\" (docs/startup.md)")
    wanted = f"../vendor/{dirs['pyodide']}/pyodide.mjs"
    for script in ("assets/js/snapshot.js", SNAPSHOT_WORKER, "assets/js/ai-worker.js"):
        if wanted not in (ROOT / script).read_text():
            sys.exit(f"vendor: {script} does not load {wanted}; update its import")
    version = f'export const version = "{package_version("pyodide")}";'
    if version not in (ROOT / "assets/js/snapshot.js").read_text():
        sys.exit(f"vendor: assets/js/snapshot.js must say {version} (the version PyScript reads)")


def main() -> None:
    dirs = runtime_dirs()
    check_config(dirs)
    copy_runtime(dirs)
    pack_python()
    bundle_styles()
    write_game_table()
    write_embed_page()
    snapshot = write_snapshot_manifest(dirs)
    cache = write_service_worker(dirs)
    print(f"vendor: {dirs['pyodide']}, {dirs['pyscript']}, {dirs['workbox']}, qipan.zip, qipan.css, snapshot.json ({snapshot}), sw.js ({cache})")


if __name__ == "__main__":
    main()
