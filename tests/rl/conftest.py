"""Fixtures of the RL tests (their helpers are in ``rl_games``)."""

from __future__ import annotations

import pytest
from rl_games import toy_module

from alea.core.game import Game


@pytest.fixture
def toy_game() -> Game:
    game: Game = toy_module().ToyGame()
    return game
