"""Several saved games: the list (#screen-saves), resume, delete, export and import a record.

The pure part (the list's HTML, the exported file, the import parser) runs on CPython; the
`SavedGames` controller puts it on the page through the app and binds events through the page
(app/page.py). Storage model: app/storage.py. File format: docs/records.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from qipan import games
from qipan.analysis import AnalysisFormatError
from qipan.app.analysis_link import read_analysis
from qipan.core import GameRecord, RecordError
from qipan.core.record import FORMAT, VERSION
from qipan.match import Match
from qipan.app import share
from qipan.boardkit.markup import html
from qipan.app.page import page
from qipan.app.when import Offset, local_time, when_text
from qipan.boardkit.store import Storage, StorageError
from qipan.app.storage import (
    SEATS,
    SaveEntry,
    analysis_of,
    delete_save,
    list_saves,
    load_save,
    read_payload,
    save_match,
    store_analysis,
)

IMPORT_LIMIT = 512 * 1024
"""The largest file import reads (bytes). A long game's record is a few kilobytes."""

Tr = Callable[..., str]


class ImportProblem(Exception):
    """Why a file cannot be imported: a string key (saves.err.*) and its values."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, tr: Tr) -> str:
        return tr("saves.import_failed", problem=tr(self.key, **self.values))


@dataclass(frozen=True)
class Imported:
    """A record file that replayed: the game, and who played each seat (all human if unsaid)."""

    match: Match
    seats: tuple[str, ...]
    analysis: dict[str, Any] | None = None
    """The file's analysis of the game, checked (docs/analysis.md), or None."""
    analysis_note: str = ""
    """Why the file's analysis was left out (a string key: saves.analysis_bad, saves.analysis_full), or ""."""


def export_name(game_id: str, seconds: float, offset: Offset) -> str:
    """The exported file's name: qipan-<game>-<local date>-<hhmm>.json."""
    return f"qipan-{game_id}-{local_time(seconds, offset):%Y-%m-%d-%H%M}.json"


# -- the list ---------------------------------------------------------------------------------------


def seats_text(tr: Tr, seats: tuple[str, ...], players: int) -> str:
    """Who plays each seat: "Player 1: Human · Player 2: Computer: hard"."""
    chosen = seats or ("human",) * players
    return " · ".join(tr("saves.seat", player=tr("player.n", n=n + 1), seat=tr(f"seat.{s}"))
                      for n, s in enumerate(chosen))


def state_text(tr: Tr, summary: dict[str, Any]) -> str:
    """In progress: the move and whose turn; finished: who won (or a draw)."""
    winners = summary.get("winners")
    if isinstance(winners, list):
        if not winners:
            return tr("saves.draw")
        return tr("saves.won", players=tr("saves.and").join(tr("player.n", n=int(w) + 1) for w in winners))
    n = int(summary.get("moves", 0)) + 1
    to_move = int(summary.get("to_move", 0))
    if to_move < 0:
        return tr("saves.to_roll", n=n)
    return tr("saves.to_move", n=n, player=tr("player.n", n=to_move + 1))


def _players(entry: SaveEntry) -> int:
    players = entry.summary.get("players")
    return len(entry.seats) or (players if isinstance(players, int) else games.plugin(entry.game).min_players)


def row_html(tr: Tr, entry: SaveEntry, offset: Offset) -> str:
    """One save: what game, who plays, when, how far; Resume, Export and Delete."""
    key = html(entry.key)
    if not entry.readable:
        return _unreadable_html(tr, entry, offset)
    game = tr(f"game.{entry.game}")
    when = when_text(tr, entry.saved, offset)
    finished = isinstance(entry.summary.get("winners"), list)

    def button(action: str, primary: bool = False) -> str:
        label = tr(f"saves.{action}_label", game=game, when=when)
        style = ' class="primary"' if primary else ""
        return (f'<button type="button"{style} data-saves="{action}" '
                f'data-key="{key}" aria-label="{html(label)}">{html(tr(f"saves.{action}"))}</button>')

    started = tr("saves.started", when=when_text(tr, entry.created, offset))
    played = tr("saves.played", when=when)
    stamp = datetime.fromtimestamp(max(entry.saved, 0), timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    return (f'<li class="save-row{" finished" if finished else ""}" data-key="{key}" data-save-game="{html(entry.game)}">'
            f'<div class="save-info"><h2>{html(game)}</h2>'
            f'<p class="save-state">{html(state_text(tr, entry.summary))}</p>'
            f'<p class="save-players">{html(seats_text(tr, entry.seats, _players(entry)))}</p>'
            f'<p class="save-when"><time datetime="{stamp}">{html(played)}</time>'
            f'<span class="save-started"><span class="sep" aria-hidden="true"> · </span>{html(started)}</span></p></div>'
            f'<div class="save-buttons">{button("resume", True)}{button("export")}{button("delete")}</div></li>')


def _unreadable_html(tr: Tr, entry: SaveEntry, offset: Offset) -> str:
    """A save that cannot be read: which game (when its key says), when it was last saved (when
    known), why in plain words; Download (its text as it is, so that nothing is lost) and Delete."""
    key = html(entry.key)
    title = tr("saves.unreadable_of", game=tr(f"game.{entry.game}")) if entry.game else tr("saves.unreadable")
    when = tr("saves.saved_when", when=when_text(tr, entry.saved, offset)) if entry.saved else ""
    what = " · ".join(part for part in (title, when) if part)
    why = tr("saves.unreadable_why", reason=tr(f"saves.why.{entry.why or 'damaged'}"))
    return (f'<li class="save-row unreadable" data-key="{key}"><div class="save-info"><h2>{html(title)}</h2>'
            f'<p class="save-state">{html(why)}</p>'
            f'<p class="save-players">{html(tr("saves.unreadable_kept"))}</p>'
            + (f'<p class="save-when"><time datetime="{html(_iso(entry.saved) or "")}">{html(when)}</time></p>'
               if when else "")
            + '</div>'
            f'<div class="save-buttons"><button type="button" data-saves="download" data-key="{key}" '
            f'aria-label="{html(tr("saves.download_unreadable_label", what=what))}">{html(tr("saves.download"))}</button>'
            f'<button type="button" data-saves="delete" data-key="{key}" '
            f'aria-label="{html(tr("saves.delete_unreadable_label", what=what))}">{html(tr("saves.delete"))}</button>'
            f'</div></li>')


def unreadable_name(entry: SaveEntry, offset: Offset) -> str:
    """The file an unreadable save's text downloads as: qipan-unreadable-<game>-<date>-<hhmm>.txt
    (without the date when it is not known)."""
    when = f"-{local_time(entry.saved, offset):%Y-%m-%d-%H%M}" if entry.saved else ""
    return f"qipan-unreadable-{entry.game or 'save'}{when}.txt"


def _row_or_damaged_html(tr: Tr, entry: SaveEntry, offset: Offset) -> str:
    """A save's row; one that cannot be drawn (a value storage.py let through that the page
    cannot show) is listed as damaged, with its Delete button, and the other rows are drawn."""
    try:
        return row_html(tr, entry, offset)
    except (ArithmeticError, ValueError, TypeError, KeyError, OSError) as exc:
        return row_html(tr, SaveEntry(entry.key, entry.save_id, entry.game, 0, error=f"{type(exc).__name__}: {exc}"[:200]),
                        offset)


def page_html(tr: Tr, entries: list[SaveEntry], offset: Offset, message: str = "", error: bool = False) -> str:
    """The whole saved-games screen."""
    rows = "".join(_row_or_damaged_html(tr, entry, offset) for entry in entries)
    body = (f'<ol id="saves-list" class="saves-list">{rows}</ol>' if rows
            else f'<p id="saves-empty" class="saves-empty">{html(tr("saves.empty"))}</p>')
    role = "alert" if error else "status"
    return (f'<div class="saves-head"><h1 id="saves-heading" tabindex="-1">{html(tr("saves.title"))}</h1>'
            f'<button type="button" class="primary" data-saves="import">{html(tr("saves.import"))}</button>'
            f'<button type="button" data-saves="back">{html(tr("saves.back"))}</button>'
            f'<input id="saves-file" class="visually-hidden" type="file" accept=".json,application/json" '
            f'tabindex="-1" aria-hidden="true"></div>'
            f'<p class="saves-intro">{html(tr("saves.intro"))}</p>'
            f'<p id="saves-message" class="saves-message{" error" if error else ""}" role="{role}">{html(message)}</p>'
            + body)


# -- files ------------------------------------------------------------------------------------------


def _iso(seconds: Any) -> str | None:
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 < seconds < 1e11:
        return None
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class ExportSecret(ValueError):
    """The save is in a hidden set-up (its Words' `secret`): its record would show the hidden rows."""


def export_text(raw: str) -> str:
    """A save as a record file: the game record (version 1) and, under "meta", who played the
    seats and when (import uses the seats when they are there, and needs nothing else)."""
    payload = read_payload(raw)
    record = GameRecord.from_json(payload["record"])
    if share.secret(Match.from_record(record)):
        raise ExportSecret("the game is in its hidden set-up")
    data = record.to_json()
    seats = payload.get("seats")
    data["meta"] = {"app": "Qipan 棋盤",
                    "seats": seats if isinstance(seats, list) and len(seats) == data["players"] else None,
                    "created": _iso(payload.get("created")), "saved": _iso(payload.get("saved"))}
    analysis = analysis_of(payload, payload["record"])
    if analysis is not None:
        data["analysis"] = analysis  # its own format and version (docs/analysis.md)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _short(value: object, limit: int = 60) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def parse_import(data: bytes) -> Imported:
    """Read a record file and replay it. Raises `ImportProblem` naming what is wrong; nothing
    else (whatever the bytes)."""
    if len(data) > IMPORT_LIMIT:
        raise ImportProblem("saves.err.too_large", size=-(-len(data) // 1024), limit=IMPORT_LIMIT // 1024)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportProblem("saves.err.not_text") from None
    # Every refusal is said in the player's words (both languages); Python's own messages
    # ("Expecting value: line 1 column 1", "None") are never shown.
    if not text.strip():
        raise ImportProblem("saves.err.empty")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportProblem("saves.err.not_json", line=exc.lineno) from None
    except (ValueError, RecursionError):
        raise ImportProblem("saves.err.not_json", line=1) from None
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise ImportProblem("saves.err.not_record")
    version = value.get("version")
    if version is None:
        raise ImportProblem("saves.err.no_version")
    if version != VERSION:
        raise ImportProblem("saves.err.version", version=_short(version), known=VERSION)
    game = value.get("game")
    if game is None:
        raise ImportProblem("saves.err.no_game")
    if not isinstance(game, str) or game not in games.GAME_IDS:
        raise ImportProblem("saves.err.unknown_game", game=_short(game))
    try:
        record = GameRecord.from_json(value)
    except RecordError:
        raise ImportProblem("saves.err.damaged") from None
    try:
        match = Match(record.game, record.players, record.seed, record.variant, dict(record.options))
    except ValueError:
        raise ImportProblem("saves.err.setup") from None
    for n, action in enumerate(record.actions, 1):
        try:
            match.play(action)
        except ValueError:
            raise ImportProblem("saves.err.action", n=n, action=_short(action, 30)) from None
    meta = value.get("meta")
    seats = meta.get("seats") if isinstance(meta, dict) else None
    valid = isinstance(seats, list) and len(seats) == match.players and all(s in SEATS for s in seats)
    analysis, note = None, ""
    if "analysis" in value:  # a bad one is left out: the game itself is still imported
        try:
            analysis = read_analysis(value["analysis"], match).to_json()
        except AnalysisFormatError:
            note = "saves.analysis_bad"
    return Imported(match, tuple(seats) if valid else (), analysis, note)


def import_record(storage: Storage, data: bytes, now: float | None = None) -> tuple[str, Imported]:
    """Add a record file as a new save (the slot of its game), with its analysis if it has a
    readable one; returns the new save's id and what was read. Raises `ImportProblem` (nothing
    written) or `StorageError` (the storage refused the game)."""
    imported = parse_import(data)
    save_id = save_match(storage, imported.match, imported.seats, None, now)
    if imported.analysis is not None:
        try:
            store_analysis(storage, save_id, imported.analysis, imported.match.actions[:imported.analysis["total"]])
        except StorageError:
            return save_id, Imported(imported.match, imported.seats, None, "saves.analysis_full")
    return save_id, imported


# -- the screen -------------------------------------------------------------------------------------


class SavedGames:
    """The saved-games screen: the list, and what its buttons do."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.pending: str | None = None  # the save whose deletion the confirm dialog asks about
        self.note: Callable[[Tr], str] | None = None  # the message above the list, in any language
        self.error = False
        self._bind()

    def _bind(self) -> None:
        dom = page()

        app = self.app
        dom.on(app.element("btn-saves"), "click", lambda _e: self.show())
        dom.on(app.element("screen-saves"), "click", self._on_click)
        dom.on(app.element("screen-saves"), "change", self._on_file)
        dom.on(app.element("dlg-confirm"), "close", self._on_confirm_closed)
        # The app re-renders the screens it knows after a language change; this one too.
        dom.on(app.element("nav-lang"), "click", lambda _e: self.refresh())
        dom.on(app.element("settings-form"), "change", lambda _e: self.refresh())

    @property
    def showing(self) -> bool:
        return not self.app.element("screen-saves").hidden

    def show(self, note: Callable[[Tr], str] | None = None, error: bool = False) -> None:
        """Show the list (newest first), with a message above it if given."""
        self.app.guide.close()
        self.app.show_section("screen-saves")
        self.app.element("game-name").textContent = ""
        self.note, self.error = note, error
        self.render()
        self.app.element("saves-heading").focus()

    def refresh(self) -> None:
        if self.showing:
            self.render()

    def render(self) -> None:
        utc_offset_minutes = page().utc_offset_minutes
        entries = list_saves(self.app.storage)
        self.app.element("screen-saves").innerHTML = page_html(self.app.tr, entries, utc_offset_minutes,
                                                               self.note(self.app.tr) if self.note else "", self.error) + self.app.links.saves_html()

    def say(self, note: Callable[[Tr], str], error: bool = False) -> None:
        """Show a message above the list (kept across a change of language)."""
        self.note, self.error = note, error
        self.render()

    # -- events --

    def _on_click(self, event: Any) -> None:
        node = event.target.closest("[data-saves]")
        if not node:
            return
        action = str(node.getAttribute("data-saves"))
        key = node.getAttribute("data-key")
        key = key if isinstance(key, str) else ""
        if action == "back":
            self.app.show_picker()
        elif action == "import":
            self.app.element("saves-file").click()
        elif action == "resume":
            self.resume(key)
        elif action == "export":
            self.export(key)
        elif action == "delete":
            self.ask_delete(key)
        elif action == "download":
            self.download(key)

    def _on_file(self, event: Any) -> None:
        read_file_bytes = page().read_file_bytes
        box = event.target
        if str(getattr(box, "id", "")) != "saves-file":
            return
        file = box.files.item(0) if box.files is not None and int(box.files.length) else None
        box.value = ""  # the same file can be picked again
        if file is None:
            return
        if float(file.size) > IMPORT_LIMIT:
            problem = ImportProblem("saves.err.too_large", size=-(-int(file.size) // 1024), limit=IMPORT_LIMIT // 1024)
            self.say(problem.text, error=True)
            return
        read_file_bytes(file, self.imported)

    def imported(self, data: bytes | None) -> None:
        """A picked file was read: add it as a new save and open it, or say why not."""
        if data is None:
            self.say(ImportProblem("saves.err.read_failed").text, error=True)
            return
        try:
            save_id, imported = import_record(self.app.storage, data)
        except ImportProblem as problem:
            self.say(problem.text, error=True)
            return
        except StorageError as exc:
            reason = str(exc)
            self.say(lambda tr: tr("saves.storage_failed", reason=reason), error=True)
            return
        key = next(e.key for e in list_saves(self.app.storage) if e.save_id == save_id)
        self.resume(key)
        if imported.analysis_note:
            self.app.notify(self.app.tr(imported.analysis_note))

    def resume(self, key: str) -> None:
        """Open a save on the play screen; it becomes its game's slot."""
        loaded = load_save(self.app.storage, key)
        if loaded.match is None and loaded.error is None:  # (gone: deleted in another tab since)
            self.refresh()
            return
        if loaded.match is None:
            why = loaded.why or "damaged"
            self.say(lambda tr: tr("saves.resume_failed", reason=tr(f"saves.why.{why}")), error=True)
            return
        self.app.show_play(loaded.match, loaded.seats, loaded.save_id)
        self.app.screen.save()

    def export(self, key: str) -> None:
        """Download the save as a record file."""
        browser = page()
        download, utc_offset_minutes = browser.download, browser.utc_offset_minutes
        raw = self.app.storage.get(key)
        entry = next((e for e in list_saves(self.app.storage) if e.key == key and e.readable), None)
        if raw is None or entry is None:
            self.render()
            return
        try:
            text = export_text(raw)
        except ExportSecret:
            self.say(lambda tr: tr("saves.export_secret"), error=True)
            return
        except (ValueError, RecordError) as exc:
            reason = str(exc)
            self.say(lambda tr: tr("saves.resume_failed", reason=reason), error=True)
            return
        name = export_name(entry.game, entry.saved or entry.created, utc_offset_minutes)
        download(name, text)
        self.say(lambda tr: tr("saves.exported", name=name))

    def download(self, key: str) -> None:
        """Download an unreadable save's text exactly as it is kept (nothing is lost if it is deleted)."""
        browser = page()
        raw = self.app.storage.get(key)
        entry = next((e for e in list_saves(self.app.storage) if e.key == key and not e.readable), None)
        if raw is None or entry is None:
            self.render()
            return
        name = unreadable_name(entry, browser.utc_offset_minutes)
        browser.download(name, raw, "text/plain")
        self.say(lambda tr: tr("saves.exported", name=name))

    def ask_delete(self, key: str) -> None:
        """Ask in the confirm dialog before deleting."""
        utc_offset_minutes = page().utc_offset_minutes
        tr = self.app.tr
        entry = next((e for e in list_saves(self.app.storage) if e.key == key), None)
        if entry is None:
            self.render()
            return
        if entry.readable:
            text = tr("saves.confirm_delete", game=tr(f"game.{entry.game}"),
                      when=when_text(tr, entry.saved, utc_offset_minutes))
        else:
            text = tr("saves.confirm_delete_unreadable")
        self.pending = key
        self.app.element("confirm-text").textContent = text
        self.app.element("dlg-confirm").returnValue = ""  # (not the answer to an earlier question)
        self.app.element("dlg-confirm").showModal()

    def _on_confirm_closed(self, _event: Any) -> None:
        key, self.pending = self.pending, None
        if key is None or str(self.app.element("dlg-confirm").returnValue) != "confirm":
            return
        entry = next((e for e in list_saves(self.app.storage) if e.key == key), None)
        delete_save(self.app.storage, key)
        screen = self.app.screen
        if entry is not None and screen is not None and screen.save_id == entry.save_id:
            screen.save_id = None  # the game on the play screen no longer has a save: a move makes a new one
        self.say(lambda tr: tr("saves.deleted"))
        if self.app.storage.full and screen is not None:
            screen.save()  # room was made: the game on the play screen is saved again
        self.app.element("saves-heading").focus()
