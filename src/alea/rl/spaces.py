"""The Gymnasium spaces of a game and the pieces both environments share."""

from __future__ import annotations

import random
from collections import deque
from typing import Any, Final

import numpy as np
from gymnasium import spaces

from alea.core.game import Game, State
from alea.core.registry import load
from alea.rl.codecs import OBS_HIGH, OBS_LOW, GameCodec
from alea.rl.codecs.base import FloatArray, MaskArray, Tracker


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


OBSERVATIONS: Final = ("view", "info_state")
"""What an observation vector holds: the seat's view of the position now, or that view followed
by the seat's views at its ``history`` previous decisions (its information state)."""


def check_observation(kind: str, history: int) -> None:
    """A ``ValueError`` naming what is wrong with an ``observation``/``history`` pair, if any."""
    if kind not in OBSERVATIONS:
        raise ValueError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {kind!r}")
    if not 1 <= history <= 64:
        raise ValueError(f"history must be from 1 to 64 decisions, not {history}")


def observation_space(codec: GameCodec, frames: int = 1) -> spaces.Dict:
    """``{"observation": Box[-1, 1] float32, "action_mask": Box[0, 1] int8}``.

    ``frames`` views of ``codec.observations.size`` entries each make up the vector.
    """
    return spaces.Dict(
        {
            "observation": spaces.Box(
                OBS_LOW, OBS_HIGH, shape=(codec.observations.size * frames,), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(codec.actions.size,), dtype=np.int8),
        }
    )


def play_chance(state: State, rng: random.Random) -> None:
    """Sample chance events with ``rng`` until a seat decides or the game ends."""
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))


class Viewer:
    """Builds observation dicts for the seats of one game, with the mover's mask cached.

    Each seat's vector is kept by the game's :class:`~alea.rl.codecs.base.Tracker` from one
    position to the next (the Triumvirate's patches it where the position changed); what leaves
    the viewer is always a new array, so an observation handed out never changes afterwards.

    With ``history`` > 0 an observation is the seat's information state: its view now, then its
    views at its last ``history`` decisions, most recent first (zeros before it has made that
    many). Every part is the encoding of ``state.observation(seat)`` (``encode_state`` reads the
    same fields straight from the position), so it holds only what the seat saw; the differences
    between frames show what happened between its turns.
    """

    def __init__(self, codec: GameCodec, history: int = 0) -> None:
        self.codec = codec
        self.history = history
        self.frames = 1 + history
        self.actions = codec.actions.size
        self.size = codec.observations.size
        self._trackers: dict[int, Tracker] = {}
        self._legal: list[int] | None = None
        self._views: dict[int, FloatArray] = {}
        self._past: dict[int, deque[FloatArray]] = {}

    def forget(self) -> None:
        """Drop what was cached about the position (call after every applied action)."""
        self._legal = None
        if self._views:
            self._views = {}

    def restart(self) -> None:
        """Forget the position and every seat's past views (a new game)."""
        self.forget()
        self._past = {}

    def decided(self, state: State, seat: int) -> None:
        """Note the view ``seat`` decides from in ``state`` (call before its action is applied)."""
        if self.history:
            past = self._past.get(seat)
            if past is None:
                past = self._past[seat] = deque(maxlen=self.history)
            past.appendleft(self._view(state, seat).copy())

    def _view(self, state: State, seat: int) -> FloatArray:
        """``seat``'s vector now: its tracker's array, valid until the position changes."""
        view = self._views.get(seat)
        if view is None:
            tracker = self._trackers.get(seat)
            if tracker is None:
                tracker = self._trackers[seat] = self.codec.observations.tracker(seat)
            view = self._views[seat] = tracker.vector(state)
        return view

    def legal(self, state: State) -> list[int]:
        """Indices of the legal actions of the seat to move (cached for the position)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.codec.actions.legal_indices(state)
        return legal

    def mask(self, state: State, seat: int) -> MaskArray:
        """The action mask of ``seat`` (a new array): its legal indices if it is to move."""
        out = np.zeros(self.actions, dtype=np.int8)
        if state.current_player() == seat:
            legal = self._legal
            if legal is None:
                legal = self._legal = self.codec.actions.legal_indices(state)
            if legal:
                out.put(legal, 1)  # ``put`` takes a list faster than fancy indexing
        return out

    def vector(self, state: State, seat: int) -> FloatArray:
        """The observation vector of ``seat`` (a new array), from what the seat has seen only."""
        if not self.history:
            return self._view(state, seat).copy()
        size = self.size
        out = np.zeros(size * self.frames, dtype=np.float32)
        out[:size] = self._view(state, seat)
        for i, view in enumerate(self._past.get(seat, ()), start=1):
            out[i * size : (i + 1) * size] = view
        return out

    def observe(self, state: State, seat: int) -> dict[str, Any]:
        """``{"observation": vector, "action_mask": mask}`` for ``seat``, new arrays."""
        return {"observation": self.vector(state, seat), "action_mask": self.mask(state, seat)}
