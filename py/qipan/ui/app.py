"""The app controller: boot, language, the game picker, starting and resuming games.

The only place that decides which screen shows. Each game's play screen is its own module.
"""

from __future__ import annotations

import json
from typing import Any

from pyscript import document, window

from .. import games
from ..i18n import LANGS, pick_language, t
from .dom import el, html, local_storage, observe_size, on, text_or_none
from .lyngk_screen import LyngkScreen, start_match
from .storage import Storage, StorageError, load_match

PLAYABLE = ("lyngk",)
"""Games with a play screen; the picker lists the others as coming."""


class App:
    def __init__(self) -> None:
        self.storage = Storage(local_storage())
        self.lang = self._initial_language()
        self.screen: LyngkScreen | None = None
        self.blocked_saves: set[str] = set()
        on(el("nav-games"), "click", lambda _e: self.show_picker())
        on(el("nav-lang"), "click", lambda _e: self.switch_language())
        on(el("game-list"), "click", self._on_pick)
        on(el("btn-new"), "click", lambda _e: self.ask_new_game())
        on(el("dlg-new"), "close", self._on_new_dialog)
        observe_size(el("board-area"), self._resize)

    # -- settings ---------------------------------------------------------------------------------

    def _initial_language(self) -> str:
        try:
            settings = json.loads(self.storage.get("settings") or "{}")
        except ValueError:
            settings = {}
        if isinstance(settings, dict) and settings.get("lang") in LANGS:
            return settings["lang"]
        return pick_language([str(x) for x in (window.navigator.languages or [window.navigator.language])])

    def tr(self, key: str, **values: object) -> str:
        return t(key, self.lang, **values)

    def switch_language(self) -> None:
        self.lang = "en" if self.lang == "zh-TW" else "zh-TW"
        try:
            self.storage.set("settings", json.dumps({"lang": self.lang}))
        except StorageError:
            pass
        self.translate_page()
        if self.screen is not None and not el("screen-play").hidden:
            el("game-name").textContent = self.tr("game.lyngk")
            self.screen.render()
        else:
            self.show_picker()

    def translate_page(self) -> None:
        document.documentElement.lang = self.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.tr(str(node.getAttribute("data-i18n")))
        el("nav-lang").setAttribute("aria-label", self.tr("app.language.label"))
        document.title = f"{self.tr('app.title')} 棋盤" if self.lang == "en" else "棋盤 Qipan"

    def notify(self, text: str) -> None:
        notice = el("notice")
        notice.textContent = text
        notice.hidden = False

    # -- screens ----------------------------------------------------------------------------------

    def show_picker(self) -> None:
        el("screen-play").hidden = True
        el("screen-picker").hidden = False
        el("game-name").textContent = ""
        self.storage.remove("picture")
        self.storage.remove("last")
        cards = []
        for game_id in games.GAME_IDS:
            name = self.tr(f"game.{game_id}")
            if game_id in PLAYABLE:
                game = games.get(game_id)
                players = (self.tr("picker.players_two") if game.max_players == 2
                           else self.tr("picker.players", min=game.min_players, max=game.max_players))
                saved = self.storage.get(f"game/{game_id}") is not None
                button = (f'<button class="primary" type="button" data-game="{game_id}">'
                          f'{html(self.tr("picker.resume" if saved else "picker.play"))}</button>')
                cards.append(f'<li><article class="game-card"><h2>{html(name)}</h2><p>{html(self.tr(f"blurb.{game_id}"))}</p>'
                             f'<span class="meta">{html(players)}</span><div class="buttons">{button}</div></article></li>')
            else:
                cards.append(f'<li><article class="game-card coming" aria-disabled="true"><h2>{html(name)}</h2>'
                             f'<p>{html(self.tr(f"blurb.{game_id}"))}</p>'
                             f'<span class="badge">{html(self.tr("picker.coming"))}</span></article></li>')
        el("game-list").innerHTML = "".join(cards)

    def _on_pick(self, event: Any) -> None:
        node = event.target.closest("[data-game]")
        if node is not None:
            self.open_game(str(node.getAttribute("data-game")))

    def open_game(self, game_id: str, seed: int | None = None) -> None:
        """Resume the saved game, or start one; an unreadable save is kept aside and reported."""
        loaded = load_match(self.storage, game_id)
        if loaded.error is not None:
            if loaded.kept_as is None:
                self.blocked_saves.add(game_id)
            self.notify(self.tr("app.save_unreadable", game=self.tr(f"game.{game_id}"), reason=loaded.error))
        match = loaded.match
        if match is None or seed is not None:
            if match is not None:
                self.show_play(match)
                self.ask_new_game(seed)
                return
            match = start_match(self._new_seed() if seed is None else seed)
        self.show_play(match)
        if loaded.match is None:
            self._save()

    def show_play(self, match: Any) -> None:
        el("screen-picker").hidden = True
        el("screen-play").hidden = False
        el("board-picture").hidden = True
        el("game-name").textContent = self.tr("game.lyngk")
        if self.screen is None:
            self.screen = LyngkScreen(match, self.storage, lambda: self.lang, self.notify)
        else:
            self.screen.match = match
            self.screen.last_path = ()
            self.screen.message = None
        self._resize()
        self.screen.render()

    def _save(self) -> None:
        if self.screen is not None and self.screen.match.game.id not in self.blocked_saves:
            self.screen.save()

    def _resize(self) -> None:
        if self.screen is not None and not el("screen-play").hidden:
            self.screen.resize()

    # -- new game ---------------------------------------------------------------------------------

    def ask_new_game(self, seed: int | None = None) -> None:
        dialog = el("dlg-new")
        dialog.dataset.seed = "" if seed is None else str(seed)
        current = self.screen.match.variant if self.screen else "standard"
        el("variant-choice").innerHTML = "".join(
            f'<label><input type="radio" name="variant" value="{v}"{" checked" if v == current else ""}>'
            f'{html(self.tr(f"lyngk.variant.{v}"))}</label>' for v in games.get("lyngk").variants)
        dialog.showModal()

    def _on_new_dialog(self, _event: Any) -> None:
        dialog = el("dlg-new")
        if str(dialog.returnValue) != "start":
            return
        chosen = document.querySelector('input[name="variant"]:checked')
        variant = str(chosen.value) if chosen is not None else None
        seed_text = text_or_none(dialog.dataset.seed) or ""
        seed = int(seed_text) if seed_text else self._new_seed()
        self.show_play(start_match(seed, variant))
        self._save()

    @staticmethod
    def _new_seed() -> int:
        values = window.crypto.getRandomValues(window.Uint32Array.new(2))
        return int(values[0]) * 2**32 + int(values[1])

    # -- boot -------------------------------------------------------------------------------------

    def boot(self) -> None:
        self.translate_page()
        if not self.storage.persistent:
            self.notify(self.tr("app.no_storage"))
        params = window.URLSearchParams.new(window.location.search)
        wanted = text_or_none(params.get("game")) or ""
        seed_text = text_or_none(params.get("seed")) or ""
        if wanted in PLAYABLE:
            self.open_game(wanted, int(seed_text) if seed_text.isdigit() else None)
        elif self.storage.get("last") in PLAYABLE:
            self.open_game(str(self.storage.get("last")))
        else:
            self.show_picker()
        el("nav-games").disabled = False
        el("nav-lang").disabled = False
        document.body.classList.remove("booting")
        document.body.dataset.pyReady = "1"
        window.dispatchEvent(window.CustomEvent.new("qipan:ready"))  # boot.js registers the service worker


def start() -> None:
    """Entry point called by py/main.py."""
    App().boot()
