"""The vendor step: copy the runtime the page needs out of node_modules, pack the Python package,
and write the service worker with its precache list.

    python3 tools/vendor.py        (run by `make vendor`, `make play`, `make test`, Netlify's build)

Output (all ignored by git): assets/vendor/pyodide-<v>/, assets/vendor/pyscript-<v>/,
assets/vendor/qipan.zip (py/ packed; pyscript.toml unpacks it into Python's working directory),
and sw.js (from tools/sw.template.js, with a cache name that changes whenever any precached file does).
"""

from __future__ import annotations

import hashlib
import io
import os
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "assets" / "vendor"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
APP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest", "py/main.py")
APP_DIRS = ("assets/css", "assets/js", "assets/icons")


def package_version(name: str) -> str:
    """The installed version of an npm package (from its package.json)."""
    meta = ROOT / "node_modules" / name / "package.json"
    if not meta.exists():
        sys.exit(f"vendor: {name} is not installed; run `npm ci` first (make vendor does)")
    return json.loads(meta.read_text())["version"]


def runtime_dirs() -> dict[str, str]:
    """The versioned vendor folder names, e.g. {"pyodide": "pyodide-314.0.7", ...}."""
    return {"pyodide": f"pyodide-{package_version('pyodide')}",
            "pyscript": f"pyscript-{package_version('@pyscript/core')}"}


def copy_runtime(dirs: dict[str, str]) -> None:
    """Copy Pyodide's five files and PyScript's dist (no source maps) into assets/vendor/.

    Old versions' folders are removed; files already in place are left alone, so the step can
    run while a server is serving them (the e2e tests run it too).
    """
    VENDOR.mkdir(parents=True, exist_ok=True)
    for old in VENDOR.iterdir():
        if old.is_dir() and old.name not in dirs.values():
            shutil.rmtree(old)
    pyodide = VENDOR / dirs["pyodide"]
    pyodide.mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        _copy(ROOT / "node_modules" / "pyodide" / name, pyodide / name)
    pyscript = VENDOR / dirs["pyscript"]
    pyscript.mkdir(exist_ok=True)
    for path in (ROOT / "node_modules" / "@pyscript" / "core" / "dist").iterdir():
        if path.suffix in (".js", ".css"):
            _copy(path, pyscript / path.name)


def _copy(source: Path, target: Path) -> None:
    if not target.exists() or target.stat().st_size != source.stat().st_size:
        _write(target, source.read_bytes())


def _write(target: Path, data: bytes) -> None:
    """Replace a file in one step (readers see the old or the new file, never half of one)."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


def pack_python() -> None:
    """Zip py/ (sources only, in a fixed order with fixed dates so the bytes are reproducible)."""
    sources = sorted(p for p in (ROOT / "py").rglob("*.py") if "__pycache__" not in p.parts)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sources:
            info = zipfile.ZipInfo(str(path.relative_to(ROOT / "py")), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    _write(VENDOR / "qipan.zip", buffer.getvalue())


def precache_list() -> list[str]:
    """Every file the app needs offline, as URLs relative to the site root."""
    files = [ROOT / name for name in APP_FILES]
    for folder in APP_DIRS:
        files += sorted(p for p in (ROOT / folder).rglob("*") if p.is_file())
    files += sorted(p for p in VENDOR.rglob("*") if p.is_file() and not p.name.endswith(".tmp"))
    return ["./"] + [f"./{p.relative_to(ROOT).as_posix()}" for p in files]


def write_service_worker() -> str:
    """Write sw.js; returns its cache name (a hash of every precached file)."""
    urls = precache_list()
    digest = hashlib.sha256()
    for url in urls[1:]:
        digest.update(url.encode())
        digest.update((ROOT / url[2:]).read_bytes())
    cache = f"qipan-{digest.hexdigest()[:16]}"
    template = (ROOT / "tools" / "sw.template.js").read_text()
    text = template.replace("__CACHE__", cache).replace("__PRECACHE__", json.dumps(urls, indent=1))
    _write(ROOT / "sw.js", text.encode())
    return cache


def check_config(dirs: dict[str, str]) -> None:
    """pyscript.toml must point at the Pyodide just vendored."""
    config = (ROOT / "pyscript.toml").read_text()
    wanted = f"./assets/vendor/{dirs['pyodide']}/pyodide.mjs"
    if wanted not in config:
        sys.exit(f"vendor: pyscript.toml does not load {wanted}; update its interpreter line")


def main() -> None:
    dirs = runtime_dirs()
    check_config(dirs)
    copy_runtime(dirs)
    pack_python()
    cache = write_service_worker()
    print(f"vendor: {dirs['pyodide']}, {dirs['pyscript']}, qipan.zip, sw.js ({cache})")


if __name__ == "__main__":
    main()
