"""How strongly each level plays each game: its rating against ``normal``, from a ladder.

The figures live in ``data/level_ratings.json``, written by ``scripts/rate_levels.py`` from the
JSON of ladders (``alea ladder GAME --agents normal,LEVEL --lone LEVEL --out FILE``). A rating
is a Bradley–Terry rating on the Elo scale with ``normal``, the heuristic bot, at 0: a level
rated +200 finishes ahead of a ``normal`` seat about three times in four, one rated −200 about
once in four. Each comes with its 95% interval (from resampling the ladder's games) and the
number of games behind it, since a handful of games says little.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class LevelRating:
    """One level's rating in one game, relative to ``normal``."""

    level: str
    rating: float | None
    """Elo-scale points above ``normal`` (negative: below); ``None`` when the level finished
    ahead of ``normal`` never or always, so that only a bound is known."""
    low: float | None
    """The 95% interval's low end."""
    high: float | None
    """The 95% interval's high end."""
    games: int
    """Ladder games the level played in (``normal``: every game of the game's ladders)."""
    rated_as: str
    """The agent spec the ladder played for this level (a budget in iterations, say)."""
    ahead: float = 0.0
    """Times the level finished ahead of a ``normal`` seat."""
    behind: float = 0.0
    """Times a ``normal`` seat finished ahead of the level."""

    @property
    def order(self) -> float:
        """Where the level ranks (a bound counts as beyond every figure)."""
        if self.rating is not None:
            return self.rating
        return float("-inf") if self.ahead == 0 else float("inf")

    def text(self) -> str:
        """The rating as the lobby and the terminal show it, e.g. ``+120 vs normal``."""
        if self.level == "normal":
            return "the yardstick"
        if self.rating is None:
            return "never ahead of normal" if self.ahead == 0 else "always ahead of normal"
        return f"{self.rating:+.0f} vs normal"

    def detail(self) -> str:
        """The interval and the sample, e.g. ``95% interval +40 to +210, 48 games``."""
        if self.level == "normal":
            return f"rated 0 by definition, {self.games} games"
        if self.rating is None or self.low is None or self.high is None:
            return (
                f"ahead of a normal seat {self.ahead:g} times and behind one {self.behind:g} "
                f"times in {self.games} games: too one-sided for a figure"
            )
        return f"95% interval {self.low:+.0f} to {self.high:+.0f}, {self.games} games"

    def to_json(self) -> dict[str, Any]:
        """The rating as a JSON-safe dict, with the lobby's texts."""
        return {
            "rating": None if self.rating is None else round(self.rating),
            "low": None if self.low is None else round(self.low),
            "high": None if self.high is None else round(self.high),
            "games": self.games,
            "rated_as": self.rated_as,
            "text": self.text(),
            "detail": self.detail(),
        }


@cache
def _table() -> dict[str, Any]:
    text = resources.files("alea.agents").joinpath("data", "level_ratings.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def level_ratings(game: str) -> dict[str, LevelRating]:
    """The levels rated in ``game``, weakest first; empty if the game has not been rated."""
    entry = _table().get(game)
    if not entry:
        return {}
    rated = [
        LevelRating(
            level,
            r["rating"],
            r["low"],
            r["high"],
            r["games"],
            r.get("rated_as", level),
            r.get("ahead", 0.0),
            r.get("behind", 0.0),
        )
        for level, r in entry["levels"].items()
    ]
    return {r.level: r for r in sorted(rated, key=lambda r: r.order)}


def ladder_note(game: str) -> str:
    """How ``game``'s ratings were measured: the commands and when (empty if not rated)."""
    entry = _table().get(game)
    if not entry:
        return ""
    return f"{entry['games']} ladder games ({entry['date']}): " + "; ".join(entry["commands"])
