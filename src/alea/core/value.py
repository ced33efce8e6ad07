"""A learned value of a position: who is likely to win, scored from a few numbers per seat.

A game that ships one gives a ``features`` function (``state -> list[list[float] | None]``: one
row of numbers per seat, ``None`` for a seat that is out of the game) and a weights file in its
``data`` folder. The model scores each row with a one-hidden-layer network (or a linear one,
``hidden`` 0), the same weights for every row, and shares the win among the seats by a softmax of
the scores; a seat that is out gets nothing. ``alea train GAME`` fits the weights on games of the
heuristic bots (``alea.lab.value``) and writes the file.

The arithmetic is numpy's, imported when a model is first used, so loading a game costs nothing
until its learned value is asked for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any, Final, TypeVar

from alea.core.game import State

S = TypeVar("S", bound=State)

Features = Callable[[Any], list[list[float] | None]]
"""A game's ``features`` hook: one row per seat, ``None`` for a seat out of the game."""

FORMAT: Final = 1
"""The version of the weights file's layout."""


class ValueModel:
    """The weights of a learned value and its arithmetic.

    Args:
        data: the parsed weights file: ``names`` (the inputs), ``mean`` and ``scale`` (each
            input is standardised by them), ``hidden`` (units of the hidden layer, 0 for none),
            ``w1`` (hidden × inputs) and ``b1`` with a hidden layer, and ``w2`` (one weight a
            hidden unit, or an input when there is none).

    Raises:
        ValueError: the data is not a weights file of this layout, or its shapes disagree.

    """

    def __init__(self, data: Any) -> None:
        import numpy as np

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a learned value's weights (format {FORMAT} expected)")
        self.data = data
        self.names: tuple[str, ...] = tuple(data["names"])
        d = len(self.names)
        self.hidden = int(data["hidden"])
        self.mean = np.asarray(data["mean"], dtype=float)
        self.scale = np.asarray(data["scale"], dtype=float)
        self.w2 = np.asarray(data["w2"], dtype=float)
        if self.hidden:
            self.w1 = np.asarray(data["w1"], dtype=float)
            self.b1 = np.asarray(data["b1"], dtype=float)
            shapes_ok = self.w1.shape == (self.hidden, d) and self.b1.shape == (self.hidden,)
            shapes_ok = shapes_ok and self.w2.shape == (self.hidden,)
        else:
            shapes_ok = self.w2.shape == (d,)
        if not shapes_ok or self.mean.shape != (d,) or self.scale.shape != (d,):
            raise ValueError(f"the weights' shapes do not fit {d} inputs and {self.hidden} units")

    def scores(self, rows: Any) -> Any:
        """The score of each row of ``rows`` (an array, one row per seat)."""
        import numpy as np

        x = (rows - self.mean) / self.scale
        if self.hidden:
            x = np.tanh(x @ self.w1.T + self.b1)
        return x @ self.w2

    def shares(self, rows: Sequence[Sequence[float] | None]) -> list[float]:
        """Each seat's chance of winning: a softmax of the scores over the seats still in."""
        import numpy as np

        live = [i for i, r in enumerate(rows) if r is not None]
        out = [0.0] * len(rows)
        if not live:
            return out
        s = self.scores(np.asarray([rows[i] for i in live], dtype=float))
        e = np.exp(s - s.max())
        e /= e.sum()
        for i, v in zip(live, e.tolist(), strict=True):
            out[i] = v
        return out


def load_model(package: str, name: str) -> ValueModel:
    """The learned value in the data file ``data/<name>`` of the game package ``package``."""
    text = resources.files(package).joinpath("data", name).read_text("utf-8")
    return ValueModel(json.loads(text))


def learned_value(features: Features, package: str, name: str) -> Callable[[Any], list[float]]:
    """The ``value`` hook of a game: its learned value, or the returns at the end.

    The weights are read from ``package``'s ``data/<name>`` on the first call.
    """
    model: list[ValueModel] = []

    def value(state: State) -> list[float]:
        if state.is_terminal():
            return state.returns()
        if not model:
            model.append(load_model(package, name))
        return model[0].shares(features(state))

    return value
