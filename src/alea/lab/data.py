"""A stored run read back for reports and tables, with the summaries every report shows."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alea.lab.stats import Spread, bootstrap_spread, wilson
from alea.lab.store import read_meta, read_rows


@dataclass(frozen=True)
class GameRow:
    """One stored game."""

    index: int
    seed: int
    agents: list[str]
    returns: list[float]
    scores: list[Any]
    length: int
    terminal: bool
    end_reason: str | None
    first_player: int | None
    summary: dict[str, Any]


@dataclass(frozen=True)
class ShareLine:
    """A win share with its 95% Wilson interval."""

    label: str
    games: int
    wins: float
    share: float
    low: float
    high: float


@dataclass
class RunData:
    """A run folder read back.

    Attributes:
        folder: where it is.
        label: its name in reports (the folder's name unless given).
        meta: the run's identity: game, options, lineup, seed, code_version, seat_names...
        games: every stored game, by index.

    """

    folder: Path
    label: str
    meta: dict[str, Any]
    games: list[GameRow] = field(default_factory=list)

    @property
    def game(self) -> str:
        """The game id."""
        return str(self.meta["game"])

    @property
    def seat_names(self) -> list[str]:
        """Seat names (factions or families)."""
        return [str(s) for s in self.meta["seat_names"]]

    @property
    def num_players(self) -> int:
        """Seats at the table."""
        return len(self.seat_names)

    @property
    def options(self) -> dict[str, Any]:
        """The game's complete options."""
        return dict(self.meta["options"])

    @property
    def lineup(self) -> list[str]:
        """The agents' line-up."""
        return [str(a) for a in self.meta["lineup"]]

    def n(self) -> int:
        """Games stored."""
        return len(self.games)

    def returns(self) -> list[list[float]]:
        """Returns per game and seat."""
        return [g.returns for g in self.games]

    def seat_shares(self) -> list[ShareLine]:
        """Each seat's win share with its 95% interval."""
        n = self.n()
        out = []
        for seat, name in enumerate(self.seat_names):
            wins = sum(g.returns[seat] for g in self.games)
            lo, hi = wilson(wins, n)
            out.append(ShareLine(name, n, wins, wins / n if n else 0.0, lo, hi))
        return out

    def no_winner(self) -> ShareLine:
        """Share of games that ended with no winner (all returns 0)."""
        n = self.n()
        k = sum(1 for g in self.games if not any(r > 0 for r in g.returns))
        lo, hi = wilson(k, n)
        return ShareLine("no winner", n, k, k / n if n else 0.0, lo, hi)

    def agent_shares(self) -> list[ShareLine]:
        """Each agent's win share over the seats it played (mixed line-ups)."""
        games: Counter[str] = Counter()
        wins: defaultdict[str, float] = defaultdict(float)
        for g in self.games:
            for seat, agent in enumerate(g.agents):
                games[agent] += 1
                wins[agent] += g.returns[seat]
        out = []
        for agent in dict.fromkeys(self.lineup):
            lo, hi = wilson(wins[agent], games[agent])
            share = wins[agent] / games[agent] if games[agent] else 0.0
            out.append(ShareLine(agent, games[agent], wins[agent], share, lo, hi))
        return out

    def end_reasons(self) -> Counter[str]:
        """How many games ended each way."""
        return Counter(g.end_reason or "(not given)" for g in self.games)

    def spread(self, resamples: int = 2000) -> Spread:
        """The fairness spread (max - min seat win share) with its bootstrap interval."""
        return bootstrap_spread(self.returns(), resamples=resamples)


def load_run(folder: str | Path, label: str | None = None) -> RunData:
    """Read a run folder written by ``alea lab run``.

    Raises:
        LabError: the folder holds no lab run.

    """
    path = Path(folder)
    meta = read_meta(path)
    names, rows = read_rows(path, "games")
    scores: dict[int, list[Any]] = {}
    _, seat_rows = read_rows(path, "results")
    for r in seat_rows:
        scores.setdefault(int(r[0]), []).append(json.loads(r[6]))
    col = {n: i for i, n in enumerate(names)}
    games = []
    for r in rows:
        index = int(r[col["game_index"]])
        fp = r[col["first_player"]]
        games.append(
            GameRow(
                index=index,
                seed=int(r[col["seed"]]),
                agents=json.loads(r[col["agents"]]),
                returns=[float(x) for x in json.loads(r[col["returns"]])],
                scores=scores.get(index, []),
                length=int(r[col["length"]]),
                terminal=bool(r[col["terminal"]]),
                end_reason=r[col["end_reason"]],
                first_player=None if fp is None else int(fp),
                summary=json.loads(r[col["summary"]]),
            )
        )
    return RunData(folder=path, label=label or path.resolve().name, meta=meta, games=games)
