"""The levels' ratings of one game, fitted from ladders and written for the lobby and terminal.

``fit_levels`` pools the games of one or more ladders of the same game whose agents are levels
(``easy``, ``normal``, ``hard``, ``expert``, with or without parameters), fits Bradley–Terry
ratings to who finished ahead of whom, and puts ``normal`` at 0. Each level's 95% interval comes
from refitting on the ladders' games drawn again with replacement (a seeded bootstrap, so the
same ladders always give the same file). ``python scripts/rate_levels.py LADDER.json ...``
writes the result into ``alea/agents/data/level_ratings.json``, which
``alea.agents.level_ratings`` reads.
"""

from __future__ import annotations

import datetime
import random
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from alea.agents.levels import LEVELS
from alea.ladder import ahead_pairs, bradley_terry, elo

BOOTSTRAP = 400
"""Resamples behind each interval."""


def level_of(spec: str) -> str:
    """The level a ladder's agent spec plays (``expert:iterations=2000`` → ``expert``)."""
    name = spec.split(":", 1)[0]
    if name not in LEVELS:
        raise ValueError(f"{spec!r} is not a level: the levels are {', '.join(LEVELS)}")
    return name


def _pairwise(games: Sequence[tuple[Sequence[str], Sequence[float]]], levels: list[str]) -> Any:
    k = len(levels)
    index = {lv: i for i, lv in enumerate(levels)}
    pair = [[0.0] * k for _ in range(k)]
    for seats, returns in games:
        for a, b in ahead_pairs(returns):
            if seats[a] != seats[b]:
                pair[index[seats[a]]][index[seats[b]]] += 1
    return pair


def _relative(pair: Any, levels: list[str]) -> list[float]:
    strengths = bradley_terry(pair)
    ratings = [elo(s) for s in strengths]
    base = ratings[levels.index("normal")]
    assert base is not None  # the prior keeps every strength positive
    return [(r if r is not None else float("-inf")) - base for r in ratings]


def keep_levels(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """``new`` with the levels only ``old`` rates carried over, with their ladders' commands.

    Each level is played alone against ``normal`` in its own ladder, so a level's rating does not
    depend on the other levels' games: re-rating one level need not replay the others.
    """
    kept = [lv for lv in old.get("levels", {}) if lv not in new["levels"]]
    if not kept:
        return dict(new)
    levels = {**new["levels"], **{lv: old["levels"][lv] for lv in kept}}
    more = sum(old["levels"][lv]["games"] for lv in kept)
    if "normal" in levels:
        levels["normal"] = {**levels["normal"], "games": levels["normal"]["games"] + more}
    commands = list(new["commands"])
    for command in old.get("commands", []):
        words = shlex.split(command)
        lone = words[words.index("--lone") + 1] if "--lone" in words else None
        if lone is not None and level_of(lone) in kept and command not in commands:
            commands.append(command)
    return {
        **new,
        "levels": {lv: levels[lv] for lv in LEVELS if lv in levels},
        "games": new["games"] + more,
        "commands": commands,
    }


def _command(ladder: Mapping[str, Any]) -> str:
    words = ["alea", "ladder", ladder["game"], "--agents", ",".join(ladder["agents"])]
    if ladder.get("lone"):
        words += ["--lone", ladder["lone"]]
    words += ["--games", str(ladder["rounds"]), "--seed", str(ladder["seed"])]
    return shlex.join(words)


def fit_levels(ladders: Sequence[Mapping[str, Any]], seed: int = 0) -> dict[str, Any]:
    """The game's entry of the ratings file, from the JSON of its ladders (``alea ladder --out``).

    Raises ``ValueError`` if the ladders are of different games, name an agent that is not a
    level, play one level under two specs, or never seat ``normal``.
    """
    if not ladders:
        raise ValueError("no ladder given")
    game = ladders[0]["game"]
    specs: dict[str, str] = {}
    games: list[tuple[list[str], list[float]]] = []
    for ladder in ladders:
        if ladder["game"] != game:
            raise ValueError(f"the ladders are of {game} and {ladder['game']}: rate one game")
        for spec in ladder["agents"]:
            level = level_of(spec)
            if specs.setdefault(level, spec) != spec:
                raise ValueError(f"{level} is played as {specs[level]} and as {spec}: pick one")
        for g in ladder["games"]:
            games.append(([level_of(s) for s in g["seats"]], list(g["returns"])))
    if "normal" not in specs:
        raise ValueError("no ladder seats normal, the level every rating is measured against")
    levels: list[str] = [lv for lv in LEVELS if lv in specs]
    pair = _pairwise(games, levels)
    rating = _relative(pair, levels)
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in levels]
    for _ in range(BOOTSTRAP):
        sample = [games[rng.randrange(len(games))] for _ in games]
        for i, r in enumerate(_relative(_pairwise(sample, levels), levels)):
            draws[i].append(r)
    base = levels.index("normal")
    out: dict[str, Any] = {}
    for i, level in enumerate(levels):
        ordered = sorted(draws[i])
        played = sum(1 for seats, _ in games if level in seats)
        ahead, behind = pair[i][base], pair[base][i]
        entry: dict[str, Any] = {
            "rating": round(rating[i], 1),
            "low": round(ordered[int(0.025 * BOOTSTRAP)], 1),
            "high": round(ordered[int(0.975 * BOOTSTRAP) - 1], 1),
            "games": played,
            "rated_as": specs[level],
            "ahead": ahead,
            "behind": behind,
        }
        if level != "normal" and (ahead == 0 or behind == 0) and ahead + behind > 0:
            # Never (or always) ahead of normal: the rating is only the fit's prior, so it is
            # given as a bound, not a figure.
            entry.update(rating=None, low=None, high=None)
        out[level] = entry
    return {
        "levels": out,
        "games": len(games),
        "date": datetime.date.today().isoformat(),
        "commands": [_command(ladder) for ladder in ladders],
    }
