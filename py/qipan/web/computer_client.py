"""The main thread's side of the computer-player worker (assets/js/ai-worker.js).

Requests carry text only; replies come back by id. Where the browser cannot start the worker,
the move is computed on the main thread after the page has painted (slower, but it still plays).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from pyscript import window
from pyscript.ffi import create_proxy

from qipan.app.computer import analyse_steps, think
from qipan.web.dom import on, text_or_none

Reply = Callable[[str | None, str | None], None]
"""Called with (action text, None) or (None, error text)."""


VERSION_CHANGED = "version changed"
"""The error of a request that no worker may answer: a newer version took over the page's files."""


def failure_message(error: str | None) -> tuple[str, dict[str, Any]]:
    """What the player is told when a request (a computer move or a hint) got no action: reload
    after another tab's update (VERSION_CHANGED is a code, never shown), else the error itself."""
    if error == VERSION_CHANGED:
        return "app.computer_after_update", {}
    return "app.computer_failed", {"reason": error}


class ComputerClient:
    """Asks the worker for computer moves; one worker for the page, started on first use."""

    def __init__(self) -> None:
        self._worker: Any = None
        self._failed = False
        self._pending: dict[int, Reply] = {}
        self._steps: dict[int, Reply] = {}
        """Analyses under way: called with (step JSON text, None) after every ply, or (None, error)."""
        self._here: set[int] = set()
        """Analyses running on the main thread (no worker)."""
        self._next = 0

    def ask(self, game_id: str, position: str, level: str, seed: str, reply: Reply) -> None:
        self._next += 1
        # The worker restores the page's memory snapshot when the page booted from it (known good).
        from_snapshot = getattr(window.document.body.dataset, "boot", None) == "snapshot"
        request = {"id": self._next, "game": game_id, "position": position, "level": level, "seed": seed,
                   "snapshot": from_snapshot}
        if self._worker is None and getattr(window.document.body.dataset, "versionChanged", None) == "1":
            # Another tab installed a new version: a worker started now would load its qipan.zip
            # while this page runs the old code (boot.js offers the reload).
            self._later(lambda: reply(None, VERSION_CHANGED))
            return
        if not self._failed and self._start():
            self._pending[self._next] = reply
            self._worker.postMessage(window.JSON.parse(json.dumps(request)))  # a plain object, not a Map
            return
        self._later(lambda: self._compute_here(request, reply))

    def analyse(self, record: str, preset: str, step: Reply) -> int:
        """Start the post-game analysis of `record` (JSON text) in the worker; `step` hears of
        every ply (the JSON text of `analyse_steps`, the last with the analysis) or of an error.
        Returns the id that `cancel` takes."""
        self._next += 1
        ident = self._next
        from_snapshot = getattr(window.document.body.dataset, "boot", None) == "snapshot"
        request = {"id": ident, "type": "analyse", "record": record, "preset": preset, "snapshot": from_snapshot}
        if self._worker is None and getattr(window.document.body.dataset, "versionChanged", None) == "1":
            self._later(lambda: step(None, VERSION_CHANGED))
            return ident
        self._steps[ident] = step
        if not self._failed and self._start():
            self._worker.postMessage(window.JSON.parse(json.dumps(request)))
        else:
            self._analyse_here(ident, record, preset)
        return ident

    def cancel(self, ident: int) -> None:
        """Stop an analysis: the worker stops after the ply under way; nothing more is heard of it."""
        if self._steps.pop(ident, None) is not None and self._worker is not None and ident not in self._here:
            self._worker.postMessage(window.JSON.parse(json.dumps({"id": ident, "type": "cancel"})))
        self._here.discard(ident)

    def _analyse_here(self, ident: int, record: str, preset: str) -> None:
        """No worker: one ply per task on the main thread (slower, and each task is one ply long)."""
        self._here.add(ident)
        steps = analyse_steps(record, preset)

        def next_step() -> None:
            step = self._steps.get(ident)
            if step is None:
                return
            try:
                text = next(steps, None)
            except ValueError as exc:
                self._steps.pop(ident, None)
                step(None, str(exc))
                return
            if text is None:
                self._steps.pop(ident, None)
                self._here.discard(ident)
                return
            step(text, None)
            self._later(next_step, 0)

        self._later(next_step, 0)

    def _start(self) -> bool:
        if self._worker is None:
            try:
                self._worker = window.Worker.new("./assets/js/ai-worker.js", window.JSON.parse('{"type": "module"}'))
            except Exception:  # no workers here: compute on the main thread instead
                self._failed = True
                return False
            on(self._worker, "message", self._on_reply)
            on(self._worker, "error", self._on_error)
        return True

    def _on_reply(self, event: Any) -> None:
        data = event.data
        booted = getattr(data, "booted", None)
        if booted is not None:  # how the worker's Python started, for the tests and bench/startup.py
            window.document.body.dataset.computerBoot = booted.boot
            window.document.body.dataset.computerBootMs = str(round(booted.ms))
        ident = int(data.id)
        if ident in self._steps:
            self._on_step(ident, data)
            return
        reply = self._pending.pop(ident, None)
        if reply is not None:  # a reply has either `action` or `error`: a missing JS property raises
            reply(text_or_none(getattr(data, "action", None)), text_or_none(getattr(data, "error", None)))

    def _on_step(self, ident: int, data: Any) -> None:
        step = self._steps[ident]
        text, error = text_or_none(getattr(data, "step", None)), text_or_none(getattr(data, "error", None))
        if error is not None or (text is not None and '"analysis"' in text):
            del self._steps[ident]  # the last word of this analysis
        step(text, error)

    def _on_error(self, _event: Any) -> None:
        """The worker could not start (e.g. refused by the page's context): answer here instead."""
        self._failed = True
        self._worker = None
        pending, self._pending = self._pending, {}
        steps, self._steps = self._steps, {}
        for reply in list(pending.values()) + list(steps.values()):
            reply(None, "the computer-player worker stopped")

    @staticmethod
    def _compute_here(request: dict[str, Any], reply: Reply) -> None:
        try:
            reply(think(request["game"], request["position"], request["level"], request["seed"]), None)
        except ValueError as exc:
            reply(None, str(exc))

    def _later(self, task: Callable[[], None], delay_ms: int = 30) -> None:
        """Run `task` once after `delay_ms`; its JS proxy is released when it has run (one per
        computer move: kept, they would pile up for the page's life)."""

        def run(*_args: Any) -> None:
            try:
                task()
            finally:
                proxy.destroy()

        proxy = create_proxy(run)
        window.setTimeout(proxy, delay_ms)

    def later(self, task: Callable[[], None], delay_ms: int) -> None:
        """Run `task` after `delay_ms` (so a computer's move is seen, not a sudden jump)."""
        self._later(task, delay_ms)
