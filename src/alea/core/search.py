"""What the games' search hooks share: an evaluation built from each seat's rough strength."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from alea.core.game import State

S = TypeVar("S", bound=State)


def evaluation(strengths: Callable[[S], Sequence[float]]) -> Callable[[S], list[float]]:
    """The ``evaluate`` hook for a game whose ``strengths`` rate each seat above zero.

    At the end of the game the evaluation is the game's returns; before it, each seat's share
    of the strengths, so the values sum to one as the returns do.
    """

    def evaluate(state: S) -> list[float]:
        if state.is_terminal():
            return state.returns()
        raw = strengths(state)
        total = sum(raw)
        return [r / total for r in raw]

    return evaluate
