"""Each game's plug-in declares facts of its engine (id, names, player counts, whether its UI has a
guide) so that the app can list and check games without importing the engine (docs/startup.md,
"Loaded when first used"): they must equal the engine's. And a game package's engine names, imported
lazily (`engine_names`), are the engine's own objects."""

from __future__ import annotations

import importlib

import pytest

import toygame
from qipan import games
from qipan.games.plugin import GamePlugin

PLUGINS = (*games.PLUGINS, toygame.PLUGIN)


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda plugin: plugin.id)
def test_a_plugins_facts_are_its_engines(plugin: GamePlugin):
    game = plugin.load_game()
    assert (plugin.id, dict(plugin.names), plugin.min_players, plugin.max_players) == (
        game.id, dict(game.names), game.min_players, game.max_players)
    assert plugin.guide == (plugin.load_ui().guide is not None)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_registry_gives_the_engines_game(game_id: str):
    assert games.get(game_id) is games.plugin(game_id).load_game()
    assert games.get(game_id).id == game_id


@pytest.mark.parametrize("package", [*(f"qipan.games.{plugin.id}" for plugin in games.PLUGINS), "toygame"])
def test_a_game_package_exports_its_engines_names(package: str):
    module = importlib.import_module(package)
    for name in module.__all__:
        value = getattr(module, name)
        owner = getattr(value, "__module__", None)
        if isinstance(owner, str) and owner.startswith(f"{package}."):  # a class or function: the engine's own
            assert getattr(importlib.import_module(owner), name) is value
    with pytest.raises(AttributeError, match="no attribute 'nothing_by_this_name'"):
        module.nothing_by_this_name  # noqa: B018 (the lookup is the test)
    assert importlib.import_module(f"{package}.notation") is module.notation  # submodules still import
