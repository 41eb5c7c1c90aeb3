"""Project guards: strings complete in both languages, engines free of browser and UI imports, and the
runtime configuration (pyscript.toml, boot.js, netlify.toml, package.json) telling one story."""

import ast
import fnmatch
import json
import re
import string
import sys
import tomllib

import pytest
from pathlib import Path

from qipan import games
from qipan.i18n import LANGS, TABLE

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py" / "qipan"
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_string_exists_in_both_languages_with_the_same_placeholders():
    for key, entry in TABLE.items():
        assert set(entry) == set(LANGS), f"{key} has languages {sorted(entry)}"
        assert all(entry[lang].strip() for lang in LANGS), f"{key} has an empty text"
        assert placeholders(entry["en"]) == placeholders(entry["zh-TW"]), f"{key}: placeholders differ"


def test_each_game_module_only_holds_its_own_keys():
    """A game's strings (its plugin's) name it, describe it, or start with its id (its editor's too)."""
    for game_id in games.GAME_IDS:
        strings = games.plugin(game_id).strings
        for key in strings:
            assert key == f"blurb.{game_id}" or key.startswith((f"{game_id}.", f"editor.{game_id}.")), \
                f"{key} is in the {game_id} strings"
        assert f"blurb.{game_id}" in strings
        assert TABLE[f"game.{game_id}"] == dict(games.get(game_id).names)


def test_chinese_texts_use_full_width_punctuation():
    """Taiwan usage: ，：；（） beside Chinese text, not the ASCII marks (notation keeps its own)."""
    ascii_mark = re.compile(r"(?<=[\u3400-\u9fff}])[,:;()]|[,:;()](?=[\u3400-\u9fff{])")
    for key, entry in TABLE.items():
        assert not ascii_mark.search(entry["zh-TW"]), f"{key}: {entry['zh-TW']}"


def test_chinese_texts_use_taiwan_forms():
    mainland = ("设置", "计算机", "链接", "保存", "概率", "屏幕", "默认", "信息", "网络", "界面", "加载", "菜单", "用户", "占领")
    for key, entry in TABLE.items():
        for word in mainland:
            assert word not in entry["zh-TW"], f"{key} uses {word}"


KEY_PREFIXES = sorted({key.split(".")[0] for key in TABLE})
"""The first dotted part of every string key (app, ctl, lyngk, ...), from the table itself."""
QUOTED_KEY = re.compile(r'(\b(?:querySelector|querySelectorAll|closest|matches)\(\s*)?["\']((?:'
                        + "|".join(map(re.escape, KEY_PREFIXES)) + r')\.[A-Za-z0-9_.\-]*)["\']')
FILE_NAME = re.compile(r"\.(py|md|css|js|mjs|json|html|txt|toml|png|svg|webp|jpe?g|gif|zip|wasm)$")


def key_literals(text: str) -> set[str]:
    """The quoted strings of `text` that look like string keys (a key prefix, a dot): not module
    paths (qipan.x), file names (guide.md) or CSS selectors (querySelector("text.label"))."""
    return {key for selector, key in QUOTED_KEY.findall(text)
            if not selector and not FILE_NAME.search(key) and not key.startswith("qipan.")}


def test_the_key_scan_finds_keys_and_nothing_else():
    text = """t("app.title") tr('quorsum.msg.chose_' + option) f"lyngk.colour.{c}" "saves.month.2"
        import_module("qipan.games.lyngk.ai") open("guide.md") "app.css" "editor.py" "embed.js"
        querySelector("text.label") closest('game.over') "games.lyngk" "appx.y" "lyngk" """
    assert key_literals(text) == {"app.title", "quorsum.msg.chose_", "saves.month.2"}


def test_every_key_the_code_uses_is_in_the_table():
    """Every key the code names is in the table; a head it completes (ending in . or _, as
    "quorsum.msg.chose_" + option) begins at least one key; a dotted part ("lyngk.err", a
    screen's prefix for its errors) is the beginning of keys too."""
    used = set()
    for path in PY.rglob("*.py"):
        used |= key_literals(path.read_text())
    # The scan reads every kind of key (a game's name, `game.<id>`, comes from its registration and
    # is only ever formatted: f"game.{game_id}").
    assert {key.split(".")[0] for key in used} == set(KEY_PREFIXES) - {"game"}
    parts = {k.rsplit(".", n)[0] for k in TABLE for n in range(1, k.count(".") + 1)}
    heads = {k for k in used if k.endswith((".", "_"))}
    missing = sorted(k for k in used - heads if k not in TABLE and k not in parts)
    assert not missing, f"keys used but not defined: {missing}"
    loose = sorted(h for h in heads if not any(k.startswith(h) for k in TABLE))
    assert not loose, f"key heads no key begins with: {loose}"


def test_the_static_page_texts_are_the_tables_texts():
    page = (ROOT / "index.html").read_text()
    for lang, key, text in re.findall(r'<span lang="([^"]+)" data-i18n-static="([^"]+)">([^<]+)</span>', page):
        assert TABLE[key][lang] == text
    for key in re.findall(r'data-i18n="([^"]+)"', page):
        assert key in TABLE


UI_LAYERS = ("qipan.boardkit", "qipan.app", "qipan.web", "qipan.i18n", "qipan.match")


def imported_modules(source: str, package: str) -> set[str]:
    """Every module a source imports, anywhere in it (inside functions too), by its full name:
    `from a import b` gives a and a.b (b may be a module), relative imports resolved against
    `package`, and import_module("...") / __import__("...") of a written name."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            names |= {base} | {f"{base}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) \
                and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__"):
            names.add(node.args[0].value)
    return names


def ui_imports(names: set[str], game_id: str) -> set[str]:
    """The names among `names` that an engine of `game_id` must not import: the UI layers, the
    game's own ui/, guide and strings, and every other game's folder."""
    own = f"qipan.games.{game_id}"
    barred = UI_LAYERS + (f"{own}.ui", f"{own}.guide", f"{own}.strings")
    barred += tuple(f"qipan.games.{other}" for other in games.GAME_IDS if other != game_id)
    return {name for name in names if any(name == b or name.startswith(b + ".") for b in barred)}


def engine_modules(game_id: str) -> list[Path]:
    """A game's engine: its folder's modules but for the ui/ subpackage, guide.py, strings.py and
    the package's __init__.py (the game's registration: it hands the registry its strings and
    loaders of its AI and UI)."""
    folder = PY / "games" / game_id
    return sorted(path for path in folder.rglob("*.py") if path.relative_to(folder).parts[0] != "ui"
                  and path.relative_to(folder).as_posix() not in ("guide.py", "strings.py", "__init__.py"))


def test_the_import_check_sees_every_form_of_import():
    source = '''
import qipan.core
from qipan import i18n, core
from qipan.games.lyngk import rules
from . import board
from ..hezong.tiling import random_map
from .ui.view import Layout


def later():
    from qipan.app.links import share
    import qipan.web.dom as dom
    return importlib.import_module("qipan.match")
'''
    names = imported_modules(source, "qipan.games.gype")
    assert ui_imports(names, "gype") == {
        "qipan.i18n", "qipan.games.lyngk", "qipan.games.lyngk.rules", "qipan.games.hezong.tiling",
        "qipan.games.hezong.tiling.random_map", "qipan.games.gype.ui.view", "qipan.games.gype.ui.view.Layout",
        "qipan.app.links", "qipan.app.links.share", "qipan.web.dom", "qipan.match"}
    assert {"qipan.core", "qipan.games.gype.board"} <= names  # allowed: the core, the game's own modules
    assert "qipan.games.lyngk.rules" not in ui_imports(names, "lyngk")


def test_engines_never_import_ui_layers():
    """An engine (rules, notation, AI...) runs on CPython, in the AI worker and in tools without
    the app: it imports nothing of the board kit, the app, the browser shell, the strings, the
    match, its game's UI, or another game."""
    for game_id in games.GAME_IDS:
        modules = engine_modules(game_id)
        assert {"game.py", "rules.py", "notation.py", "ai.py"} <= {path.name for path in modules}
        for path in modules:
            package = ".".join(path.relative_to(PY.parent).with_suffix("").parts)
            if path.name != "__init__.py":
                package = package.rsplit(".", 1)[0]
            bad = ui_imports(imported_modules(path.read_text(), package), game_id)
            assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_runtime_versions_agree_everywhere():
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    pyodide, pyscript = deps["pyodide"], deps["@pyscript/core"]
    for script in ("snapshot.js", "snapshot-worker.js"):  # pyscript.toml loads Pyodide through snapshot.js
        assert f"../vendor/pyodide-{pyodide}/pyodide.mjs" in (ROOT / "assets" / "js" / script).read_text()
    assert f"../vendor/pyscript-{pyscript}/core.js" in (ROOT / "assets" / "js" / "boot.js").read_text()
    netlify = (ROOT / "netlify.toml").read_text()
    assert f"/assets/vendor/pyodide-{pyodide}/*" in netlify and f"/assets/vendor/pyscript-{pyscript}/*" in netlify


def test_the_lock_file_records_no_download_addresses():
    assert '"resolved"' not in (ROOT / "package-lock.json").read_text()


def test_pyscript_config_lists_no_packages():
    """A `packages` entry makes PyScript fetch micropip and breaks the offline boot (runtime.md)."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert "packages" not in config and config["interpreter"] == "./assets/js/snapshot.js"


def test_the_local_server_sends_netlifys_headers():
    rules = serve.header_rules()
    page = serve.headers_for("/index.html", rules)
    assert "'self'" in page["Content-Security-Policy"] and page["Cache-Control"] == "no-cache"
    runtime = serve.headers_for("/assets/vendor/pyodide-314.0.7/pyodide.asm.wasm", rules)
    assert "immutable" in runtime["Cache-Control"]
    assert serve.headers_for("/sw.js", rules)["Cache-Control"] == "no-cache"
    # Cross-origin isolation (docs/architecture.md): every file the page loads is its own.
    assert page["Cross-Origin-Opener-Policy"] == "same-origin"
    assert page["Cross-Origin-Embedder-Policy"] == "require-corp"


def _directives(policy: str) -> dict[str, str]:
    return {part.split()[0]: part.strip() for part in policy.split(";") if part.strip()}


def test_only_the_embed_page_may_be_framed_by_other_sites():
    """The app denies framing (clickjacking); embed.html allows any parent, and its policy differs
    from the app's in frame-ancestors alone. The app's pages and everything they run (workers take
    their policy from their own response) get the deny rule."""
    rules = serve.header_rules()
    app_policy = _directives(serve.headers_for("/index.html", rules)["Content-Security-Policy"])
    for path in ("/", "/index.html", "/sw.js", "/assets/js/ai-worker.js", "/assets/js/boot.js", "/py/main.py"):
        assert _directives(serve.headers_for(path, rules)["Content-Security-Policy"]) == app_policy, path
    assert app_policy["frame-ancestors"] == "frame-ancestors 'none'"
    embed_policy = _directives(serve.headers_for("/embed.html", rules)["Content-Security-Policy"])
    assert embed_policy["frame-ancestors"] == "frame-ancestors *"
    assert {k: v for k, v in embed_policy.items() if k != "frame-ancestors"} == \
        {k: v for k, v in app_policy.items() if k != "frame-ancestors"}


def test_no_path_gets_one_header_from_two_rules():
    """Where two rules of netlify.toml match a path, Netlify sends both values of a header they
    share, and a browser enforces both Content-Security-Policies: frame-ancestors 'none' would then
    block every embed. So the rules that set a header never overlap."""
    rules = serve.header_rules()
    paths = ["/", "/index.html", "/embed.html", "/sw.js", "/manifest.webmanifest", "/pyscript.toml",
             "/py/main.py", "/e2e/blog-demo.html"]
    paths += ["/" + p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*") if p.is_file()]
    for path in paths:
        seen: dict[str, str] = {}
        for pattern, values in rules:
            if fnmatch.fnmatchcase(path, pattern):
                for header in values:
                    assert header not in seen, f"{path}: {header} from both {seen[header]} and {pattern}"
                    seen[header] = pattern


def test_old_embed_addresses_are_sent_to_the_embed_page_with_their_query(tmp_path):
    """The URL contract is forever: index.html?embed=1&... (and /?embed=1&...) reach embed.html,
    query and all; the app's other addresses are served as they are."""
    rules = serve.redirect_rules()
    query = "embed=1&mode=step&share=r1.abc&cap.2.en=Next%2C%20C7-C6"
    for path in ("/", "/index.html"):
        assert serve.redirect_for(path, query, rules) == (302, f"/embed.html?{query}")
        assert serve.redirect_for(path, "share=r1.abc", rules) is None
        assert serve.redirect_for(path, "", rules) is None
    assert serve.redirect_for("/embed.html", query, rules) is None
    # Netlify's shadowing: without force a file in place wins over the rule.
    (tmp_path / "index.html").write_text("")
    unforced = [{**rule, "force": False} for rule in rules]
    assert serve.redirect_for("/index.html", query, unforced, tmp_path) is None
    assert serve.redirect_for("/index.html", query, rules, tmp_path) is not None


def test_the_embed_page_is_the_app_page_and_in_the_precache():
    sys.path.insert(0, str(ROOT / "tools"))
    import vendor  # noqa: PLC0415
    from qipan.app import share
    assert "embed.html" in vendor.APP_FILES and share.EMBED_PAGE == "embed.html"
    assert share.embed_page("https://x.test/qipan/") == share.embed_page("https://x.test/qipan/index.html") \
        == "https://x.test/qipan/embed.html"
    script = (ROOT / "assets" / "js" / "embed.js").read_text()
    assert "embed\\.html" in script and "location.replace" in script  # embed.html without embed=: to the app


def test_the_documented_height_listener_checks_the_sender():
    """docs/embed.md's sample listener (which authors copy) checks event.origin and event.source,
    as e2e/blog-demo.js does: any page may post a message."""
    doc = (ROOT / "docs" / "embed.md").read_text()
    sample = re.search(r"```js\n(.*?)```", doc, re.S).group(1)
    assert "qipan:height" in sample and "event.origin" in sample and "event.source" in sample
    demo = (ROOT / "e2e" / "blog-demo.js").read_text()
    assert "event.source" in demo and "event.origin" in demo


def test_nothing_the_page_loads_names_another_host():
    for path in [ROOT / "index.html", ROOT / "manifest.webmanifest", ROOT / "pyscript.toml",
                 *(ROOT / "assets" / "js").glob("*.js"), *(ROOT / "assets" / "css").glob("*.css")]:
        assert not re.search(r'(src|href|url|import|interpreter)\W{0,4}["\'(]?https?://', path.read_text()), path


def test_every_option_can_be_offered_and_named_in_both_languages():
    """The new-game dialog offers every engine option: text options list their choices (the
    default first, each accepted by the engine), and every option and choice has a label."""
    from qipan.i18n import has
    for game_id in games.GAME_IDS:
        game = games.get(game_id)
        for name, default in game.options.items():
            assert has(f"{game_id}.option.{name}"), f"{game_id}: no label for option {name}"
            if isinstance(default, str):
                choices = game.option_choices[name]
                assert choices[0] == default
                for choice in choices:
                    assert has(f"{game_id}.option.{name}.{choice}")
                    game.new(game.max_players, 1, None, **{name: choice})


def test_no_string_key_is_defined_in_two_modules():
    """TABLE merges the app's modules and the games' strings: a key defined twice would silently
    lose one text (i18n.add refuses a game's key the table has; the app's parts are checked here)."""
    from collections import Counter

    from qipan import i18n
    counts: Counter[str] = Counter()
    for part in i18n.PARTS:
        counts.update(list(part.STRINGS))
    for game_id in games.GAME_IDS:
        counts.update(list(games.plugin(game_id).strings))
    assert not [k for k, n in counts.items() if n > 1]
    with pytest.raises(ValueError, match="defined twice"):
        i18n.add({"game.lyngk": {"en": "x", "zh-TW": "x"}}, {})


def test_test_modules_have_unique_basenames():
    """pytest imports tests/ and e2e/ modules by basename: two files of one name stop the run."""
    names = [p.name for folder in ("tests", "e2e") for p in (ROOT / folder).rglob("test_*.py")]
    assert len(names) == len(set(names)), sorted(n for n in set(names) if names.count(n) > 1)


def test_every_english_singular_belongs_to_a_counted_string():
    """i18n ONE texts replace an English text for n == 1: the key exists, counts with {n}, and
    the singular needs no value the string is not given."""
    from qipan.i18n import ONE, t
    for key, text in ONE.items():
        assert key in TABLE, key
        assert "n" in placeholders(TABLE[key]["en"]), f"{key} has no {{n}} to count"
        assert placeholders(text) <= placeholders(TABLE[key]["en"]), key
    assert t("quorsum.log.dice", "en", n=1) == "1 die" and t("quorsum.log.dice", "en", n=2) == "2 dice"
    assert t("quorsum.log.dice", "zh-TW", n=1) == "1 顆骰子"


def test_the_update_offer_covers_nothing():
    """boot.js's update offer stays up while play goes on, so it takes a row of the page (the body
    is a flex column) and never floats over it: fixed at the corner, it hid the panel's sticky
    controls (Image, Edit position, Rules; e2e/test_update.py checks the page in a browser)."""
    css = "\n".join(p.read_text() for p in sorted((ROOT / "assets" / "css").glob("*.css")))
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules = re.findall(r"([^{}]*\.update-ready\b[^{}]*)\{([^}]*)\}", css)
    assert rules, "no rule styles .update-ready"
    for selector, declarations in rules:
        assert not re.search(r"position\s*:\s*(fixed|absolute|sticky)", declarations), selector.strip()
    assert re.search(r"(^|\})\s*body\s*\{[^}]*display:\s*flex;[^}]*flex-direction:\s*column", css)
