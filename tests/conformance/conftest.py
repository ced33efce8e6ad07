"""Fixtures of the conformance suite: every registered game, plus a toy game of the tests' own.

The toy game keeps the suite meaningful on its own (it checks the core's driver, records and
replay even before any real game is registered). It is registered only while a conformance
module runs, so tests elsewhere that iterate the registry never see it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import toy_game

import alea
from alea.core import registry

GAME_NAMES = (*alea.GAMES, toy_game.NAME)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_name" in metafunc.fixturenames:
        metafunc.parametrize("game_name", GAME_NAMES, scope="module")


@pytest.fixture(scope="module")
def toy_registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        # A private copy of the registry table, restored afterwards: the core has no unregister.
        patch.setattr(registry, "_GAMES", dict(registry._GAMES))
        registry.register_game(toy_game.NAME, toy_game.ToyGame)
        yield


@pytest.fixture(scope="module")
def game(game_name: str, toy_registered: None) -> alea.Game:
    return alea.load(game_name)
