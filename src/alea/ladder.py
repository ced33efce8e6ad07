"""A round-robin ladder of agents on one game, with win shares and Bradley–Terry ratings.

Every match seats ``num_players`` agents drawn from the list (repeats allowed, at least two
different agents), in every distinct seat order, so no agent profits from a seat. With three
seats and two agents A and B that is A A B and A B B, each in its three orders. A ladder of
``games`` rounds plays every such seating ``games`` times, each with its own seed.

With a *lone* agent the ladder plays only the seatings where that agent sits alone: it takes
each seat in turn and every other seat holds one of the other agents (with two agents E and N,
that is E N N, N E N and N N E). This measures one agent against the others in every seat
position; in the round robin, an A A B seating puts two copies of A at one table, so A's share
per seat there is at most one half whatever its strength.

Pairwise counts come from each game's result: every winner beats every loser of another agent
in the same game. A game with no winner adds a game to each seat and a win to nobody.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from alea.agents import parse_spec
from alea.core.record import play
from alea.core.registry import load
from alea.core.rng import derive_seed

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    # At k = 0 (or n) the bound is exactly 0 (or 1); rounding would leave a speck beside it.
    low = 0.0 if k <= 0 else max(0.0, centre - half)
    high = 1.0 if k >= n else min(1.0, centre + half)
    return low, high


def bradley_terry(
    wins: Sequence[Sequence[float]],
    *,
    prior: float = 0.5,
    tol: float = 1e-10,
    max_iter: int = 10_000,
) -> list[float]:
    """Fit Bradley–Terry strengths to pairwise win counts with the MM iteration (Hunter 2004).

    Args:
        wins: ``wins[i][j]`` is how often agent i beat agent j.
        prior: virtual wins added each way to every pair that met, so an agent that never
            won still gets a finite strength; 0 fits the counts as they are.
        tol: stop when no strength moves by more than this (relative).
        max_iter: the most MM steps.

    Returns:
        One strength per agent, scaled so that their geometric mean is 1.

    """
    k = len(wins)
    w = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                met = wins[i][j] + wins[j][i] > 0
                w[i][j] = wins[i][j] + (prior if met else 0.0)
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    total = [sum(row) for row in w]
    p = [1.0] * k
    for _ in range(max_iter):
        new = []
        for i in range(k):
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(k) if j != i and games[i][j])
            new.append(total[i] / denom if denom > 0 else p[i])
        positive = [x for x in new if x > 0]
        scale = math.exp(sum(math.log(x) for x in positive) / len(positive)) if positive else 1.0
        new = [x / scale for x in new]
        moved = max(abs(a - b) / max(b, 1e-300) for a, b in zip(new, p, strict=True))
        p = new
        if moved < tol:
            break
    return p


def ahead_pairs(returns: Sequence[float]) -> Iterator[tuple[int, int]]:
    """The seats ``(a, b)`` of one game where ``a`` finished ahead of ``b``.

    ``a`` won a share of the game and ``b`` none: the pairwise wins the ratings are fitted to.
    """
    for a, b in itertools.permutations(range(len(returns)), 2):
        if returns[a] > 0 and returns[b] == 0:
            yield a, b


def elo(strength: float) -> float | None:
    """A Bradley–Terry strength on the Elo scale (400·log10); ``None`` for strength 0."""
    return 400.0 * math.log10(strength) if strength > 0 else None


def seatings(num_agents: int, num_players: int, lone: int | None = None) -> list[tuple[int, ...]]:
    """Every seat order of every draw of ``num_players`` agents with two or more different ones.

    Each tuple gives, seat by seat, the index of the agent sitting there. With ``lone``, only
    the seatings where agent ``lone`` holds exactly one seat: that seat in turn, and every draw
    of the other agents in every order around it.
    """
    out: list[tuple[int, ...]] = []
    if lone is not None:
        others = [i for i in range(num_agents) if i != lone]
        for seat in range(num_players):
            for rest in itertools.product(others, repeat=num_players - 1):
                out.append((*rest[:seat], lone, *rest[seat:]))
        return out
    for combo in itertools.combinations_with_replacement(range(num_agents), num_players):
        if len(set(combo)) < 2:
            continue
        out.extend(sorted(set(itertools.permutations(combo))))
    return out


@dataclass(frozen=True)
class Match:
    """One game of the ladder: which agent sits where, and the game's seed."""

    seats: tuple[int, ...]
    seed: int


def schedule(
    num_agents: int, num_players: int, rounds: int, seed: int, lone: int | None = None
) -> list[Match]:
    """The ladder's games: every seating ``rounds`` times, each seed derived from ``seed``.

    ``lone`` keeps only the seatings where that agent sits alone (see :func:`seatings`).
    """
    orders = seatings(num_agents, num_players, lone)
    out = []
    for r in range(rounds):
        for s, order in enumerate(orders):
            out.append(Match(order, derive_seed(seed, f"ladder/{r}/{s}")))
    return out


SeatEffort = tuple[int, int]
"""A search agent's (decisions searched, iterations) in one game; (0, 0) for other agents."""


def play_match(
    game_id: str, options: dict[str, Any], specs: list[str], seed: int
) -> tuple[list[float], list[SeatEffort]]:
    """Play one game with the agents of ``specs`` seat by seat.

    Returns:
        The game's returns, and per seat what its search agent spent (see ``SeatEffort``).

    """
    game = load(game_id, **options)
    agents = [parse_spec(s) for s in specs]
    record = play(game, agents, seed=seed)
    result = record.result or {}
    returns = [float(x) for x in result.get("returns", [0.0] * len(specs))]
    effort = [
        (int(getattr(a, "searches", 0)), int(getattr(a, "total_iterations", 0))) for a in agents
    ]
    return returns, effort


def _play_job(
    job: tuple[str, dict[str, Any], list[str], int],
) -> tuple[list[float], list[SeatEffort]]:
    return play_match(*job)


@dataclass
class Standing:
    """One agent's line of the ladder table."""

    agent: str
    games: int
    wins: float
    share: float
    low: float
    high: float
    relative: float
    rating: float | None

    def to_json(self) -> dict[str, Any]:
        """The line as a JSON-safe dict."""
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": self.wins,
            "win_share": self.share,
            "ci95": [self.low, self.high],
            "relative_to_fair": self.relative,
            "rating": self.rating,
        }


@dataclass
class LadderResult:
    """The games played and what they say about each agent."""

    game: str
    options: dict[str, Any]
    agents: list[str]
    num_players: int
    seed: int
    rounds: int
    matches: list[Match]
    returns: list[list[float]]
    effort: list[list[SeatEffort]] = field(default_factory=list)
    """Per game and seat: decisions searched and iterations spent (search agents only)."""
    lone: str | None = None
    """The agent that sat alone at every table, or ``None`` for the round robin."""

    def search_effort(self) -> dict[str, tuple[int, int]]:
        """Per search agent: decisions it searched and iterations in all, over every game."""
        out: dict[str, tuple[int, int]] = {}
        if not self.effort:
            return out
        for match, seats in zip(self.matches, self.effort, strict=True):
            for agent, (decisions, iterations) in zip(match.seats, seats, strict=True):
                if decisions:
                    name = self.agents[agent]
                    d, it = out.get(name, (0, 0))
                    out[name] = (d + decisions, it + iterations)
        return out

    def tally(self) -> tuple[list[int], list[float], list[list[float]]]:
        """Seats played and wins per agent, and ``pair[i][j]``: wins of agent i over agent j."""
        k = len(self.agents)
        games = [0] * k
        wins = [0.0] * k
        pair = [[0.0] * k for _ in range(k)]
        for match, ret in zip(self.matches, self.returns, strict=True):
            for seat, agent in enumerate(match.seats):
                games[agent] += 1
                wins[agent] += ret[seat]
            for a, b in ahead_pairs(ret):
                i, j = match.seats[a], match.seats[b]
                if i != j:
                    pair[i][j] += 1
        return games, wins, pair

    def standings(self) -> list[Standing]:
        """Per agent: games, wins, win share with its 95% Wilson interval, share/fair, rating."""
        games, wins, pair = self.tally()
        strengths = bradley_terry(pair)
        fair = 1.0 / self.num_players
        out = []
        for i, name in enumerate(self.agents):
            share = wins[i] / games[i] if games[i] else 0.0
            low, high = wilson(wins[i], games[i])
            out.append(
                Standing(name, games[i], wins[i], share, low, high, share / fair, elo(strengths[i]))
            )
        return out

    def to_json(self) -> dict[str, Any]:
        """Everything, JSON-safe: setup, every game, the standings and the pairwise table."""
        _, _, pair = self.tally()
        return {
            "game": self.game,
            "options": self.options,
            "agents": self.agents,
            "num_players": self.num_players,
            "seed": self.seed,
            "rounds": self.rounds,
            "lone": self.lone,
            "games": [
                {"seats": [self.agents[i] for i in m.seats], "seed": m.seed, "returns": r}
                for m, r in zip(self.matches, self.returns, strict=True)
            ],
            "standings": [s.to_json() for s in self.standings()],
            "pairwise": {
                a: {b: pair[i][j] for j, b in enumerate(self.agents) if j != i}
                for i, a in enumerate(self.agents)
            },
            "search": {
                a: {"decisions": d, "iterations": it, "per_decision": it / d}
                for a, (d, it) in self.search_effort().items()
            },
        }

    def table(self) -> str:
        """The standings and the pairwise wins as plain text."""
        _, _, pair = self.tally()
        width = max(len(a) for a in self.agents) + 2
        head = (
            f"{self.game}: {len(self.matches)} games, {len(self.agents)} agents, seed {self.seed}"
        )
        if self.lone is not None:
            head += f", {self.lone} alone at every table"
        lines = [
            head,
            "",
            f"{'agent':<{width}}{'games':>6}{'wins':>8}{'share':>8}   {'95% CI':<13}"
            f"{'vs fair':>8}{'rating':>8}",
        ]
        for s in self.standings():
            rating = "-" if s.rating is None else f"{s.rating:+.0f}"
            lines.append(
                f"{s.agent:<{width}}{s.games:>6}{s.wins:>8.4g}{s.share:>8.1%}   "
                f"{s.low:>5.1%}–{s.high:<6.1%}{s.relative:>8.2f}{rating:>8}"
            )
        lines += ["", "pairwise wins (row beat column):"]
        col = max(width, 10)
        lines.append(" " * width + "".join(f"{a:>{col}}" for a in self.agents))
        for i, a in enumerate(self.agents):
            cells = "".join(
                f"{'-':>{col}}" if i == j else f"{pair[i][j]:>{col}.4g}"
                for j in range(len(self.agents))
            )
            lines.append(f"{a:<{width}}{cells}")
        effort = self.search_effort()
        if effort:
            lines += ["", "search effort (iterations a searched decision):"]
            for a, (d, it) in effort.items():
                lines.append(f"{a:<{width}}{it / d:>10,.0f}   over {d:,} decisions")
        return "\n".join(lines)


Progress = Callable[[int, int], None]


def run_ladder(
    game_id: str,
    specs: Sequence[str],
    *,
    rounds: int = 1,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    progress: Progress | None = None,
    lone: str | None = None,
) -> LadderResult:
    """Play the ladder and return its games.

    Args:
        game_id: a registered game.
        specs: agent specs such as ``"random"`` or ``"mcts:time=0.1"``; at least two, distinct.
        rounds: how often every seating is played.
        seed: the ladder's seed; each game's seed is derived from it.
        jobs: games played at once, in separate processes when more than 1.
        options: the game's options.
        progress: called with (games done, games in all) after each game.
        lone: one of ``specs``: play only the seatings where it sits alone, in each seat in
            turn, the other seats held by the other agents.

    Raises:
        ValueError: an unknown game, option or agent, or bad counts.

    """
    opts = dict(options or {})
    game = load(game_id, **opts)
    names = [s.strip() for s in specs]
    if len(names) < 2:
        raise ValueError("a ladder needs at least two agents")
    if len(set(names)) != len(names):
        raise ValueError("each agent may appear only once in the list")
    for name in names:
        parse_spec(name)
    if rounds < 1:
        raise ValueError("a ladder needs at least one game per seating")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    alone = None
    if lone is not None:
        if lone.strip() not in names:
            raise ValueError(
                f"the lone agent {lone.strip()!r} must be one of the agents ({', '.join(names)})"
            )
        alone = names.index(lone.strip())
    matches = schedule(len(names), game.num_players, rounds, seed, alone)
    work = [(game.name, dict(game.options), [names[i] for i in m.seats], m.seed) for m in matches]
    returns: list[list[float]] = []
    effort: list[list[SeatEffort]] = []
    if jobs == 1:
        for job in work:
            ret, eff = _play_job(job)
            returns.append(ret)
            effort.append(eff)
            if progress is not None:
                progress(len(returns), len(work))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for ret, eff in pool.map(_play_job, work):
                returns.append(ret)
                effort.append(eff)
                if progress is not None:
                    progress(len(returns), len(work))
    return LadderResult(
        game=game.name,
        options=dict(game.options),
        agents=names,
        num_players=game.num_players,
        seed=seed,
        rounds=rounds,
        matches=matches,
        returns=returns,
        effort=effort,
        lone=None if alone is None else names[alone],
    )
