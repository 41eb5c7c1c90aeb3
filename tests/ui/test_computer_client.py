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


def test_every_timer_releases_its_proxy(monkeypatch):
    window = Window()
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
    for name in ("qipan.web.computer_client", "qipan.web.dom"):  # imported afresh, and forgotten after
        monkeypatch.setitem(sys.modules, name, None)
        monkeypatch.delitem(sys.modules, name)
    client = importlib.import_module("qipan.web.computer_client").ComputerClient()
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
