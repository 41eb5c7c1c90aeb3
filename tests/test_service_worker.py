"""The service worker and the vendor step: Workbox's precaching with a revision per file (a hash
of its contents), an update that waits for the player, and copies decided by contents, not size."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import vendor  # noqa: E402


def test_the_worker_waits_for_the_player_and_precaches_with_workbox():
    template = (ROOT / "tools" / "sw.template.js").read_text()
    code = "\n".join(line for line in template.splitlines() if not line.lstrip().startswith("//"))
    # skipWaiting only when the page says the player accepted the update
    assert code.count("skipWaiting()") == 1
    assert re.search(r'"qipan:skip-waiting"\)\s*self\.skipWaiting\(\)', code)
    assert "precacheAndRoute(PRECACHE" in code and "__WORKBOX__/workbox-precaching.prod.js" in code
    boot = (ROOT / "assets" / "js" / "boot.js").read_text()
    assert '"qipan:skip-waiting"' in boot and "controllerchange" in boot
    assert "A new version of Qipan is ready." in boot and "棋盤有新版本了。" in boot


def test_each_file_has_its_own_revision(tmp_path, monkeypatch):
    files = {"index.html": b"<p>a</p>", "embed.html": b"<p>a</p>", "py/main.py": b"print(1)"}
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    monkeypatch.setattr(vendor, "ROOT", tmp_path)
    monkeypatch.setattr(vendor, "VENDOR", tmp_path / "assets" / "vendor")
    monkeypatch.setattr(vendor, "APP_FILES", tuple(files))
    monkeypatch.setattr(vendor, "APP_DIRS", ())
    before = {e["url"]: e["revision"] for e in vendor.precache_manifest()}
    assert set(before) == {"./index.html", "./embed.html", "./py/main.py"}
    (tmp_path / "py" / "main.py").write_bytes(b"print(2)")  # one Python edit, same size
    after = {e["url"]: e["revision"] for e in vendor.precache_manifest()}
    assert [url for url in before if before[url] != after[url]] == ["./py/main.py"]


def test_the_generated_worker_lists_every_file_with_its_hash():
    sw = ROOT / "sw.js"
    if not sw.exists():
        vendor.main()
    text = sw.read_text()
    manifest = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    urls = [entry["url"] for entry in manifest]
    assert "./embed.html" in urls and "./assets/vendor/qipan.zip" in urls and len(urls) == len(set(urls))
    for entry in manifest:
        assert re.fullmatch(r"[0-9a-f]{16}", entry["revision"]), entry
    assert f"assets/vendor/workbox-{vendor.package_version('workbox-precaching')}/" in text


def test_a_changed_file_of_the_same_size_is_copied(tmp_path):
    source, target = tmp_path / "a.js", tmp_path / "b.js"
    source.write_bytes(b"version 1")
    vendor._copy(source, target)
    source.write_bytes(b"version 2")
    vendor._copy(source, target)
    assert target.read_bytes() == b"version 2"


def test_the_computer_player_boots_again_after_a_failed_boot():
    worker = (ROOT / "assets" / "js" / "ai-worker.js").read_text()
    assert re.search(r"catch\(\(error\) => \{\s*thinker = null;", worker)
