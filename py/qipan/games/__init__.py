"""The one registry of games: `GAME_IDS`, `plugin(id)` -> its facts (names, player counts),
`get(id)` -> the engine's Game, `ai(id)` -> its GameAI, `ui(id)` -> its GameUI. Each game's package
hands a `GamePlugin`; the app asks these objects and never names a game. Importing the registry
imports no engine: `get` imports a game's engine when that game is first wanted. Adding a game: its
folder, and its package in `PLUGINS` below (docs/adding-a-game.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from qipan import i18n
from qipan.core import Game, GameAI
from qipan.games import calavera, gype, hezong, lyngk, quorsum
from qipan.games.plugin import GamePlugin

if TYPE_CHECKING:
    from qipan.boardkit.plugin import GameUI

PLUGINS: tuple[GamePlugin, ...] = (quorsum.PLUGIN, gype.PLUGIN, lyngk.PLUGIN, hezong.PLUGIN, calavera.PLUGIN)
"""Every game the app knows, in the order the picker lists them."""

_REGISTRY: dict[str, GamePlugin] = {}
GAME_IDS: tuple[str, ...] = ()


class UnknownGame(ValueError):
    """A game id that is not one of GAME_IDS."""


def register(plugin: GamePlugin) -> None:
    """Add a game: its strings join the string table, its names as `game.<id>`. Raises ValueError
    for an id taken twice."""
    global GAME_IDS
    game_id = plugin.id
    if game_id in _REGISTRY:
        raise ValueError(f"the game id {game_id!r} is registered twice")
    _REGISTRY[game_id] = plugin
    GAME_IDS = (*GAME_IDS, game_id)
    i18n.add({f"game.{game_id}": dict(plugin.names), **plugin.strings}, plugin.one)


def unregister(game_id: str) -> GamePlugin:
    """Remove a game and its strings (a test's own game, registered for that test); returns its
    entry. Raises `UnknownGame`."""
    global GAME_IDS
    entry = plugin(game_id)
    del _REGISTRY[game_id]
    GAME_IDS = tuple(known for known in GAME_IDS if known != game_id)
    for key in (f"game.{game_id}", *entry.strings):
        del i18n.TABLE[key]
    for key in entry.one:
        del i18n.ONE[key]
    return entry


def plugin(game_id: str) -> GamePlugin:
    """The registry entry of `game_id` (what is known of the game without its engine: `names`,
    `min_players`, `max_players`, `guide`). Raises `UnknownGame`."""
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r} (known: {', '.join(GAME_IDS)})") from None


def get(game_id: str) -> Game[Any, Any]:
    """The game object of the engine contract for `game_id` (its engine imported on first call).
    Raises `UnknownGame`."""
    return plugin(game_id).load_game()


def ai(game_id: str) -> GameAI[Any, Any]:
    """What `game_id` gives the computer players (imported on first use)."""
    return plugin(game_id).load_ai()


def ui(game_id: str) -> GameUI:
    """What `game_id` gives the app's screens, editor, embeds and pictures (imported on first use)."""
    return plugin(game_id).load_ui()


for _plugin in PLUGINS:
    register(_plugin)
