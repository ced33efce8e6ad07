"""The Gymnasium spaces of a game and the pieces both environments share."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces

from alea.core.game import Game, State
from alea.core.registry import load
from alea.rl.codecs import OBS_HIGH, OBS_LOW, GameCodec
from alea.rl.codecs.base import FloatArray, MaskArray


def load_game(game: str | Game, options: dict[str, Any]) -> Game:
    """``game`` itself, or the game of that name loaded with ``options``."""
    if isinstance(game, Game):
        if options:
            names = ", ".join(sorted(options))
            raise ValueError(f"game options ({names}) go with a game name, not a loaded game")
        return game
    return load(game, **options)


def action_space(codec: GameCodec) -> spaces.Discrete:
    """``Discrete(n)`` over the codec's action indices."""
    return spaces.Discrete(codec.actions.size)


def observation_space(codec: GameCodec) -> spaces.Dict:
    """``{"observation": Box[-1, 1] float32, "action_mask": Box[0, 1] int8}``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                OBS_LOW, OBS_HIGH, shape=(codec.observations.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(codec.actions.size,), dtype=np.int8),
        }
    )


def play_chance(state: State, rng: random.Random) -> None:
    """Sample chance events with ``rng`` until a seat decides or the game ends."""
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))


class Viewer:
    """Builds observation dicts for the seats of one game, with the mover's mask cached."""

    def __init__(self, codec: GameCodec) -> None:
        self.codec = codec
        self.encode = codec.observations.encode
        self._legal: list[int] | None = None

    def forget(self) -> None:
        """Drop what was cached about the position (call after every applied action)."""
        self._legal = None

    def legal(self, state: State) -> list[int]:
        """Indices of the legal actions of the seat to move (cached for the position)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.codec.actions.legal_indices(state)
        return legal

    def mask(self, state: State, seat: int) -> MaskArray:
        """The action mask of ``seat``: its legal indices if it is to move, else all zeros."""
        out = np.zeros(self.codec.actions.size, dtype=np.int8)
        if state.current_player() == seat:
            legal = self.legal(state)
            if legal:
                out[legal] = 1
        return out

    def vector(self, state: State, seat: int) -> FloatArray:
        """The observation vector of ``seat``, from ``state.observation(seat)`` only."""
        return self.encode(state.observation(seat))

    def observe(self, state: State, seat: int) -> dict[str, Any]:
        """``{"observation": vector, "action_mask": mask}`` for ``seat``, new arrays."""
        return {"observation": self.vector(state, seat), "action_mask": self.mask(state, seat)}
