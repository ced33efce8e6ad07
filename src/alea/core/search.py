"""What the games' search hooks share: an evaluation and the loader of the expert's file.

The evaluation is built from each seat's rough strength; the expert file says how a game's
``expert`` level plays.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any, TypeVar

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


def expert_file(package: str) -> Callable[[], dict[str, Any]]:
    """The ``expert`` hook of a game: how its ``expert`` level plays, from ``data/expert.json``.

    The file names, per seat (``"0"``, ``"1"``, ... or ``"all"``), the style of the game's bot
    that the expert plays (the result of ``alea lab tune-bot``), and under ``"search"`` either
    ``null`` (the expert plays its style without searching) or the search's parameters
    (``{"opponents": "prior"}``), which a spec's own parameters override; and, optionally, under
    ``"think"`` what the seat menus say of a style that takes time of its own without searching
    (``"thinks ≤ 1 s"``). It is read on the first call.
    """

    @cache
    def expert() -> dict[str, Any]:
        text = resources.files(package).joinpath("data", "expert.json").read_text("utf-8")
        data = json.loads(text)
        styles = data.get("styles", {})
        search = data.get("search")
        think = data.get("think")
        if not isinstance(styles, dict) or not (search is None or isinstance(search, dict)):
            raise ValueError(f"{package}'s expert.json needs a styles object and a search")
        if not (think is None or isinstance(think, str)):
            raise ValueError(f"{package}'s expert.json gives its think note as a text")
        return {"styles": styles, "search": search, "think": think}

    return expert
