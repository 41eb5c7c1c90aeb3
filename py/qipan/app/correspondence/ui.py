"""The page's side of correspondence play: the start dialog (與朋友傳連結對弈), the sheet that sends
the link (Web Share, Copy, a QR code drawn here, or the small game file when the link is too long),
opening a link or a file (the first time: which seats are mine), the list of games by link.

The HTML and the reading of the dialog are pure functions (CPython-tested); `LinkPlay` is the
controller: it reaches the page through the app and the browser through app/page.py.
docs/correspondence.md, "In the page".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from qipan import games
from qipan.app.correspondence.errors import CorrespondenceError
from qipan.app.correspondence.model import DICE_MODES, VERIFIED, Table
from qipan.app.correspondence import link
from qipan.app.correspondence.screen import Linked, linked_screen
from qipan.app.correspondence.session import (
    KEY, ChangedElsewhere, Outgoing, Session, Shelf, kept, persons_of, remove, save_id_of)
from qipan.app.new_game import check_options, house_rules_html
from qipan.app.page import page
from qipan.app.when import when_text
from qipan.boardkit.markup import html
from qipan.boardkit.store import PREFIX as STORE_PREFIX, StorageError
from qipan.i18n import has

Tr = Callable[..., str]
Node = Callable[[str], Any]
PREFIX = "corr"


# -- the start dialog -------------------------------------------------------------------------------


def default_name(tr: Tr, seat: int) -> str:
    return tr("correspondence.me") if seat == 0 else tr("player.n", n=seat + 1)


def start_html(tr: Tr, game_id: str, players: int) -> str:
    """The start dialog's choices for `game_id` with `players` seats shown."""
    game = games.get(game_id)
    parts = [f'<label class="corr-game">{html(tr("correspondence.game"))}<select id="corr-game" name="corr-game">'
             + "".join(f'<option value="{g}"{" selected" if g == game_id else ""}>{html(tr(f"game.{g}"))}</option>'
                       for g in games.GAME_IDS) + "</select></label>"]
    if game.max_players > game.min_players:
        parts.append(f'<p class="dialog-heading">{html(tr("ctl.players"))}</p>' + "".join(
            f'<label><input type="radio" id="corr-players-{n}" name="corr-players" value="{n}"'
            f'{" checked" if n == players else ""}>{html(tr("picker.players_n", n=n))}</label>'
            for n in range(game.min_players, game.max_players + 1)))
    parts.append(f'<p class="dialog-heading">{html(tr("correspondence.seats"))}</p>'
                 f'<p class="corr-note">{html(tr("correspondence.seats_note"))}</p>' + "".join(
                     f'<div class="corr-seat" id="corr-seat-row-{n}"{" hidden" if n >= players else ""}>'
                     f'<label>{html(tr("player.n", n=n + 1))}<input type="text" id="corr-name-{n}" maxlength="40"'
                     f' value="{html(default_name(tr, n))}" autocomplete="off"></label>'
                     f'<label class="corr-mine"><input type="checkbox" id="corr-mine-{n}"{" checked" if n == 0 else ""}>'
                     f'{html(tr("correspondence.mine"))}</label></div>'
                     for n in range(game.max_players))
                 + f'<p class="corr-note" id="corr-shared" role="status" hidden>{html(tr("correspondence.shared_device"))}</p>')
    if len(game.variants) > 1:
        parts.append(f'<p class="dialog-heading">{html(tr("ctl.variant"))}</p>' + "".join(
            f'<label><input type="radio" id="corr-variant-{html(v)}" name="corr-variant" value="{html(v)}"'
            f'{" checked" if v == game.variants[0] else ""}>'
            f'{html(tr(f"{game.id}.variant.{v}") if has(f"{game.id}.variant.{v}") else v)}</label>'
            for v in game.variants))
    parts.append(house_rules_html(tr, game, game.options, players, prefix=PREFIX))
    parts.append(f'<p class="dialog-heading">{html(tr("correspondence.dice"))}</p>' + "".join(
        f'<label class="corr-dice"><input type="radio" id="corr-dice-{mode}" name="corr-dice" value="{mode}"'
        f'{" checked" if mode == VERIFIED else ""}>{html(tr(f"correspondence.dice.{mode}"))}</label>'
        f'<p class="corr-note">{html(tr(f"correspondence.dice.{mode}_note"))}</p>' for mode in DICE_MODES))
    parts.append(f'<p class="corr-note">{html(tr("correspondence.limits_note"))}</p>')
    return "".join(parts)


def shared_device(choices: "StartChoices") -> bool:
    """Whether this device would play several persons with verified dice: a roll one of them
    witnesses for another is not protected against this device (docs/correspondence.md, "Limits")."""
    return choices.dice == VERIFIED and len(persons_of(choices.names, choices.mine)[2]) > 1


@dataclass(frozen=True)
class StartChoices:
    """What the start dialog holds, checked: the table to create, or what to fix."""

    game: str
    players: int
    names: tuple[str, ...]
    mine: tuple[bool, ...]
    variant: str | None
    options: dict[str, Any]
    dice: str
    refused: dict[str, str]


def read_start(tr: Tr, node: Node) -> StartChoices:
    """Everything the start dialog holds (numbers checked against the engine's bounds)."""
    game = games.get(str(node("corr-game").value))
    players = game.min_players
    if game.max_players > game.min_players:
        players = next((n for n in range(game.min_players, game.max_players + 1) if node(f"corr-players-{n}").checked),
                       game.min_players)
    variant = (next((v for v in game.variants if node(f"corr-variant-{v}").checked), None)
               if len(game.variants) > 1 else None)
    fields: dict[str, bool | str] = {}
    for name, default in game.options.items():
        control = node(f"corr-opt-{name}")
        fields[name] = bool(control.checked) if isinstance(default, bool) else str(control.value)
    options, refused = check_options(tr, game, players, fields)
    names = tuple(str(node(f"corr-name-{n}").value).strip()[:40] for n in range(players))
    mine = tuple(bool(node(f"corr-mine-{n}").checked) for n in range(players))
    dice = next((m for m in DICE_MODES if node(f"corr-dice-{m}").checked), VERIFIED)
    return StartChoices(game.id, players, names, mine, variant, options, dice, refused)


# -- the send sheet and the seat choice --------------------------------------------------------------


def send_html(tr: Tr, out: Outgoing, can_share: bool, can_share_file: bool) -> str:
    """The sheet that sends a link: to whom, the link, Share / Copy and the QR code's place; a
    link too long for chat apps offers the game file instead."""
    to = tr("log.list_sep").join(out.to)
    parts = [f'<p class="corr-to">{html(tr(f"correspondence.send_to.{out.what}", players=to) if to else tr("correspondence.send_all"))}</p>']
    if out.fits:
        parts.append(f'<textarea id="corr-link" readonly rows="3" aria-label="{html(tr("correspondence.link"))}">'
                     f'{html(out.url)}</textarea><div class="corr-send-buttons">'
                     + (f'<button type="button" class="primary" data-corr="share">{html(tr("correspondence.share"))}</button>'
                        if can_share else "")
                     + f'<button type="button" data-corr="copy">{html(tr("correspondence.copy"))}</button></div>'
                     f'<div id="corr-qr" class="corr-qr" role="img" aria-label="{html(tr("correspondence.qr"))}"></div>'
                     f'<p class="corr-note">{html(tr("correspondence.qr_note"))}</p>')
    else:
        parts.append(f'<p class="corr-note">{html(tr("correspondence.too_long", limit=link.LINK_LIMIT))}</p>'
                     '<div class="corr-send-buttons">'
                     + (f'<button type="button" class="primary" data-corr="share-file">{html(tr("correspondence.share_file"))}</button>'
                        if can_share_file else "")
                     + f'<button type="button" data-corr="download">{html(tr("correspondence.download"))}</button></div>')
    return "".join(parts)


def join_html(tr: Tr, table: Table) -> str:
    """Which persons of a game this device plays (the first time it opens the game)."""
    rows = []
    for person, name in enumerate(table.names):
        seats = tr("log.list_sep").join(tr("player.n", n=s + 1) for s in table.seats_of(person))
        rows.append(f'<label><input type="checkbox" id="corr-person-{person}" value="{person}">'
                    f'{html(tr("correspondence.person", name=name, seats=seats))}</label>')
    return (f'<p>{html(tr("correspondence.join_intro", game=tr(f"game.{table.game}")))}</p>'
            + "".join(rows) + '<p class="field-error" id="corr-join-error" role="alert" hidden></p>')


def kept_html(tr: Tr, found: list[tuple[str, Session | None]], when: Callable[[float], str]) -> str:
    """The games by link on the saved-games screen: each with whose turn it is (or who the game
    waits for, since when), and a button to open it."""
    if not found:
        return ""
    rows = []
    for save_id, session in found:
        if session is None:
            rows.append(f'<li class="corr-row damaged"><p>{html(tr("correspondence.kept_damaged"))}</p>'
                        f'<button type="button" data-corr-delete="{html(save_id)}">{html(tr("saves.delete"))}</button></li>')
            continue
        names = tr("log.list_sep").join(session.table.names)
        title = tr("correspondence.kept_title", game=tr(f"game.{session.game_id}"), players=names)
        fork = f'<p class="corr-fork">{html(tr("correspondence.kept_fork"))}</p>' if session.fork_of else ""
        rows.append(f'<li class="corr-row" data-corr-id="{html(save_id)}"><h3>{html(title)}</h3>{fork}'
                    f'<p class="corr-status">{html(session.status(tr, when))}</p>'
                    f'<div class="buttons"><button type="button" data-corr-open="{html(save_id)}">'
                    f'{html(tr("correspondence.open_game"))}</button><button type="button" data-corr-delete="{html(save_id)}">'
                    f'{html(tr("saves.delete"))}</button></div></li>')
    return (f'<section class="corr-kept"><h2>{html(tr("correspondence.kept"))}</h2>'
            f'<p class="corr-note">{html(tr("correspondence.walk_away"))}</p><ul>{"".join(rows)}</ul></section>')


# -- the controller ------------------------------------------------------------------------------


class LinkPlay:
    """Correspondence play on the page: start, send, open, keep."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.outgoing: Outgoing | None = None
        self.pending: str | bytes | None = None  # a link or file waiting for the seat choice
        self.waiting_notice = ""  # the notice that a game waits for its players to join
        self.deleting: str | None = None  # the game by link the confirm dialog asks about
        self.shelf = Shelf(app.storage)  # what this tab last read or wrote of each game by link
        self._bind()

    def _bind(self) -> None:
        on, app = page().on, self.app
        on(app.element("btn-corr-new"), "click", lambda _e: self.open_start())
        on(app.element("btn-corr"), "click", lambda _e: self.open_start())
        on(app.element("btn-corr-file"), "click", lambda _e: app.element("corr-file").click())
        on(app.element("corr-file"), "change", self._on_file)
        on(app.element("corr-form"), "submit", self._on_start)
        on(app.element("corr-choice"), "change", self._on_change)
        on(app.element("corr-send"), "click", self._on_send_click)
        on(app.element("corr-join-form"), "submit", self._on_join)
        on(app.element("game-panel"), "click", self._on_panel)
        on(app.element("screen-saves"), "click", self._on_saves)
        on(app.element("dlg-confirm"), "close", self._on_confirm_closed)

    @property
    def tr(self) -> Tr:
        return self.app.tr  # type: ignore[no-any-return]

    def when(self, seconds: float) -> str:
        return when_text(self.tr, seconds, page().utc_offset_minutes)

    # -- starting --

    def open_start(self, game_id: str | None = None) -> None:
        """The start dialog, for the game on screen (or the first game)."""
        screen = self.app.screen
        if game_id is None:
            game_id = screen.game_id if screen is not None and not self.app.element("screen-play").hidden else games.GAME_IDS[0]
        self._fill(game_id, games.plugin(game_id).min_players)
        self.app.element("dlg-corr").showModal()
        self.app.element("corr-game").focus()  # the dialog opens at its top, on its first choice

    def _fill(self, game_id: str, players: int) -> None:
        self.app.element("corr-error").hidden = True
        self.app.element("corr-choice").innerHTML = start_html(self.tr, game_id, players)

    def _on_change(self, event: Any) -> None:
        target = event.target
        name = str(getattr(target, "name", ""))
        if name == "corr-game":
            self._fill(str(target.value), games.plugin(str(target.value)).min_players)
        elif name == "corr-players":
            players = int(str(target.value))
            for n in range(games.plugin(str(self.app.element("corr-game").value)).max_players):
                self.app.element(f"corr-seat-row-{n}").hidden = n >= players
        self.app.element("corr-shared").hidden = not shared_device(read_start(self.tr, self.app.element))

    def _on_start(self, event: Any) -> None:
        submitter = getattr(event, "submitter", None)
        if str(getattr(submitter, "value", "")) != "start":
            return
        event.preventDefault()
        choices = read_start(self.tr, self.app.element)
        error = self.app.element("corr-error")
        if choices.refused:
            error.textContent = " ".join(choices.refused.values())
            error.hidden = False
            return
        try:
            session = Session.create(choices.game, choices.players, names=choices.names, mine=choices.mine,
                                     dice=choices.dice, variant=choices.variant, options=choices.options)
        except CorrespondenceError as exc:
            error.textContent = exc.text(self.tr)
            error.hidden = False
            return
        self.app.element("dlg-corr").close("start")
        self.keep(session)
        self.show(session)
        if session.due():
            self.offer(session)

    # -- showing and keeping --

    def show(self, session: Session, message: str = "") -> None:
        """The game on the play screen (or, before its seed is known, its status in a notice)."""
        notice = self.app.element("notice")
        if session.match() is None:  # a verified game waiting for its players to join
            self.app.show_picker()
            self.waiting_notice = self.tr("correspondence.not_started", status=session.status(self.tr, self.when))
            self.app.notify(self.waiting_notice)
            return
        if not notice.hidden and str(notice.textContent) == self.waiting_notice:  # it has started now
            notice.hidden = True
        cls = games.ui(session.game_id).screen
        screen = linked_screen(cls, self.app, session, self.moved, self.when)
        screen.save_id = None
        self.app.show_screen(screen)
        if message:
            screen.say(("correspondence.said", {"text": message}))
            screen.render()

    def keep(self, session: Session) -> bool:
        """Keep the game with its secrets; whether it was kept. A refused write is said; a copy
        another tab changed is never overwritten: it is shown as it is now."""
        try:
            self.shelf.store(session)
        except StorageError as exc:
            if self.app.storage.full:
                self.app.notify(self.tr("app.storage_full"), free_space=True)
            else:
                self.app.notify(self.tr("app.save_failed", reason=exc))
            return False
        except ChangedElsewhere:
            self.reload(session.save_id)
            return False
        return True

    def reload(self, save_id: str) -> None:
        """Another tab changed the game `save_id`: its kept copy goes on screen (on the session
        shown, when that is this game), and the player is told."""
        try:
            stored = self.shelf.load(save_id)
        except CorrespondenceError as exc:
            self.app.notify(exc.text(self.tr))
            return
        if stored is None:
            return
        screen = self.app.screen
        if isinstance(screen, Linked) and screen.session.save_id == save_id:
            screen.session.take(stored)
            stored = screen.session
        self.show(stored)
        self.app.notify(self.tr("correspondence.changed_elsewhere"))

    def on_storage(self, key: str | None) -> None:
        """Another tab wrote the storage (`key`, None: it was cleared): the game by link on
        screen, if that tab changed it, is shown as it is now."""
        screen = self.app.screen
        if not isinstance(screen, Linked) or self.app.element("screen-play").hidden:
            return
        save_id = screen.session.save_id
        if key is not None and key != STORE_PREFIX + KEY + save_id:
            return
        if self.shelf.changed(save_id):
            self.reload(save_id)

    def keeps(self, screen: object) -> bool:
        """Whether `screen` is a game by link (kept by `autosave`, apart from the saved games)."""
        return isinstance(screen, Linked)

    def autosave(self, screen: Linked) -> None:
        """After each move on a linked screen: keep the game with its secrets."""
        self.keep(screen.session)

    def moved(self, session: Session) -> None:
        """After this device's decision: when the turn has gone to another device, send."""
        if session.due():
            self.offer(session)

    # -- sending --

    def base(self) -> str:
        return page().base_url()

    def offer(self, session: Session) -> None:
        """Seal what is unsent and show the sheet that sends it (link, QR, or the file). The sealed
        game is kept first: when it cannot be, nothing is sealed and no link is shown (a link whose
        secrets were lost could never be answered)."""
        sealed, out = session.sealed(self.base())
        if not self.keep(sealed):
            return
        session.take(sealed)
        self.outgoing = out
        dom = page()
        self.app.element("corr-send").innerHTML = send_html(self.tr, out, dom.can_share(False), dom.can_share(True))
        self.app.element("dlg-corr-send").showModal()
        if out.fits:
            dom.qr_svg(out.url, self._qr_drawn)
        screen = self.app.screen
        if isinstance(screen, Linked) and screen.session is session:
            screen.render()

    def _qr_drawn(self, svg: str | None) -> None:
        node = self.app.element("corr-qr")
        if svg is None:
            node.textContent = self.tr("correspondence.qr_failed")
        else:
            node.innerHTML = svg
        node.dataset.drawn = "1"

    def _on_send_click(self, event: Any) -> None:
        node = event.target.closest("[data-corr]")
        out = self.outgoing
        if not node or out is None:
            return
        action = str(node.getAttribute("data-corr"))
        dom = page()
        if action == "copy":
            box = self.app.element("corr-link")
            box.select()

            def done(copied: bool) -> None:
                node.textContent = self.tr("share.copied" if copied else "share.select_copy")

            dom.copy_text(out.url, done)
        elif action == "share":
            dom.share(self.tr("correspondence.share_title"), out.url, None, None)
        elif action == "share-file":
            dom.share(self.tr("correspondence.share_title"), "", out.filename, out.data)
        elif action == "download":
            dom.download_bytes(out.filename, out.data)

    def _on_panel(self, event: Any) -> None:
        node = event.target.closest("[data-corr]")
        screen = self.app.screen
        if node and isinstance(screen, Linked) and str(node.getAttribute("data-corr")) == "send":
            self.offer(screen.session)

    # -- opening --

    def open_text(self, text: str | bytes) -> None:
        """Open a link (the address's `#c1.…`) or a game file: this device's copy goes on, or
        the first time, the seat choice; anything refused is said and changes nothing."""
        try:
            save_id = save_id_of(text)
            session = self.shelf.load(save_id)
        except CorrespondenceError as exc:
            self.app.notify(self.tr("correspondence.refused", reason=exc.text(self.tr)))
            return
        if session is None:
            self.ask_seats(text)
            return
        try:
            opened = session.open(text)
        except CorrespondenceError as exc:
            if exc.key == "correspondence.err.fork" and exc.theirs is not None:
                self.keep(self.shelf.fork_for(session, exc.theirs, text))
            self.show(session)
            self.app.notify(self.tr("correspondence.refused", reason=exc.text(self.tr)))
            return
        self.keep(session)
        lines = [self.tr(opened.key)]
        if opened.kind == "new":
            lines += session.since(self.tr, opened)
            if opened.draft_dropped:
                lines.append(self.tr("correspondence.open.draft_dropped"))
        self.show(session, " ".join(lines) if opened.kind == "new" else "")
        if opened.kind != "new":
            self.app.notify(self.tr(opened.key))
        elif session.due():
            self.offer(session)

    def ask_seats(self, text: str | bytes) -> None:
        try:
            record = link.from_file(text) if isinstance(text, bytes) else link.decode(text)
        except CorrespondenceError as exc:
            self.app.notify(self.tr("correspondence.refused", reason=exc.text(self.tr)))
            return
        self.pending = text
        self.app.element("corr-join").innerHTML = join_html(self.tr, record.table)
        self.app.element("dlg-corr-join").showModal()

    def _on_join(self, event: Any) -> None:
        submitter = getattr(event, "submitter", None)
        text = self.pending
        if str(getattr(submitter, "value", "")) != "join" or text is None:
            self.pending = None
            return
        event.preventDefault()
        record = link.from_file(text) if isinstance(text, bytes) else link.decode(text)
        persons = [p for p in range(record.table.persons) if self.app.element(f"corr-person-{p}").checked]
        try:
            session = Session.receive(text, persons)
        except CorrespondenceError as exc:
            error = self.app.element("corr-join-error")
            error.textContent = exc.text(self.tr)
            error.hidden = False
            return
        self.pending = None
        self.app.element("dlg-corr-join").close("join")
        self.keep(session)
        self.show(session)
        if session.due():
            self.offer(session)

    def _on_file(self, event: Any) -> None:
        files = event.target.files
        if not files or not files.length:
            return

        def read(data: bytes | None) -> None:
            if data is None:
                self.app.notify(self.tr("correspondence.refused", reason=self.tr("correspondence.err.not_file")))
            else:
                self.open_text(data)

        page().read_file_bytes(files.item(0), read)
        event.target.value = ""

    # -- the saved games --

    def saves_html(self) -> str:
        return kept_html(self.tr, kept(self.app.storage), self.when)

    def _on_saves(self, event: Any) -> None:
        doomed = event.target.closest("[data-corr-delete]")
        if doomed:  # asked first, in the saved games' confirm dialog; only the player deletes a game
            self.deleting = str(doomed.getAttribute("data-corr-delete"))
            self.app.element("confirm-text").textContent = self.tr("correspondence.confirm_delete")
            self.app.element("dlg-confirm").returnValue = ""  # (not the answer to an earlier question)
            self.app.element("dlg-confirm").showModal()
            return
        node = event.target.closest("[data-corr-open]")
        if not node:
            return
        try:
            session = self.shelf.load(str(node.getAttribute("data-corr-open")))
        except CorrespondenceError as exc:
            self.app.notify(exc.text(self.tr))
            return
        if session is not None:
            self.show(session)

    def _on_confirm_closed(self, _event: Any) -> None:
        save_id, self.deleting = self.deleting, None
        if save_id is None or str(self.app.element("dlg-confirm").returnValue) != "confirm":
            return
        remove(self.app.storage, save_id)
        self.app.saves.refresh()
