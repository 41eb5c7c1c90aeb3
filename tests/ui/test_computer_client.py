"""The computer-player client on CPython, over stand-ins of `pyscript`: every timer it sets releases
its JS proxy once it has run (one was kept per computer move for the page's life)."""

from __future__ import annotations

import importlib
import sys
import types


class Proxy:
    live: list["Proxy"] = []

    def __init__(self, function):
        self.function = function
        Proxy.live.append(self)

    def __call__(self, *args):
        assert self in Proxy.live, "a destroyed proxy was called"
        return self.function(*args)

    def destroy(self):
        Proxy.live.remove(self)


class Window:
    def __init__(self):
        self.timers: list = []
        self.document = types.SimpleNamespace(body=types.SimpleNamespace(dataset=types.SimpleNamespace()))

    def setTimeout(self, callback, _delay):
        self.timers.append(callback)

    def run_timers(self):
        while self.timers:
            self.timers.pop(0)()


def _client_module(monkeypatch, window):
    """qipan.web.computer_client imported afresh over stand-ins of pyscript (forgotten after)."""
    pyscript = types.ModuleType("pyscript")
    pyscript.window = window
    pyscript.document = None
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = Proxy
    pyodide, pyodide_ffi = types.ModuleType("pyodide"), types.ModuleType("pyodide.ffi")
    pyodide_ffi.jsnull = object()
    for name, module in (("pyscript", pyscript), ("pyscript.ffi", ffi), ("pyodide", pyodide),
                         ("pyodide.ffi", pyodide_ffi)):
        monkeypatch.setitem(sys.modules, name, module)
    for name in ("qipan.web.computer_client", "qipan.web.dom"):
        monkeypatch.setitem(sys.modules, name, None)
        monkeypatch.delitem(sys.modules, name)
    return importlib.import_module("qipan.web.computer_client")


def test_no_worker_starts_once_another_tab_installed_a_new_version(monkeypatch):
    """A worker started after another tab's update would load the new qipan.zip under the old page
    (boot.js marks body[data-version-changed]): the request is answered with VERSION_CHANGED."""
    window = Window()
    window.document.body.dataset.versionChanged = "1"
    window.Worker = types.SimpleNamespace(new=lambda *args: (_ for _ in ()).throw(AssertionError("a worker started")))
    module = _client_module(monkeypatch, window)
    answers = []
    module.ComputerClient().ask("lyngk", "-", "easy", "1", lambda action, error: answers.append((action, error)))
    window.run_timers()
    assert answers == [(None, module.VERSION_CHANGED)]


def test_a_hint_or_move_refused_after_an_update_says_to_reload(monkeypatch):
    """Hint and a computer move say the same (the hint said "could not move: version changed",
    an untranslated code, found by e2e/test_update.py); any other error is shown as it is."""
    from qipan.i18n import t

    module = _client_module(monkeypatch, Window())
    key, values = module.failure_message(module.VERSION_CHANGED)
    assert key == "app.computer_after_update"
    for lang in ("en", "zh-TW"):
        assert module.VERSION_CHANGED not in t(key, lang, **values)
    key, values = module.failure_message("worker crashed")
    assert "worker crashed" in t(key, "en", **values)


def test_every_timer_releases_its_proxy(monkeypatch):
    window = Window()
    client = _client_module(monkeypatch, window).ComputerClient()
    Proxy.live.clear()
    ran = []
    for n in range(50):
        client.later(lambda n=n: ran.append(n), 900)
    assert len(Proxy.live) == 50
    window.run_timers()
    assert ran == list(range(50)) and Proxy.live == []
    client._failed = True  # no worker here: the move is computed on the main thread, after a timer
    replies = []
    client.ask("lyngk", "", "easy", "1", lambda action, error: replies.append((action, error)))
    window.run_timers()
    assert len(replies) == 1 and Proxy.live == []
    def failing():
        raise RuntimeError("a task that fails")
    client.later(failing, 0)
    try:
        window.run_timers()
    except RuntimeError:
        pass
    assert Proxy.live == []
