"""Fairness tables of a run: seats against equal shares, agents counted by game, paired variants.

Three things the plain share table got wrong are done here:

- every table of seat shares carries a chi-square goodness-of-fit test against equal shares,
  so an uneven seat is flagged even when every interval is narrow;
- an agent that fills several seats of a game is counted once per game (its seats' returns
  added), so its interval is computed from games, which are the independent draws: counting
  seats would pin an agent that fills every seat at its share by construction and make its
  interval look narrower than the data allow;
- runs that share their per-game seeds (the variants of a sweep) are compared game by game,
  with paired tests, rather than as independent samples.
"""

from __future__ import annotations

from dataclasses import dataclass

from alea.lab.data import RunData
from alea.lab.stats import EqualShares, Paired, equal_shares, holm, paired_test, wilson

FLAG_P = 0.05
"""Below this p-value a run's seats are flagged as uneven."""


def seat_test(run: RunData) -> EqualShares | None:
    """Chi-square test of the run's winners (decided games) against equal seat shares."""
    return equal_shares([s.wins for s in run.seat_shares()])


@dataclass(frozen=True)
class AgentLine:
    """An agent's results, counted by game.

    Attributes:
        agent: the agent spec.
        seats: seats it fills in each game (the same in every game of a run).
        games: games it played.
        wins: games it won (a shared win counts its share; two of its own seats winning
            together count once).
        share: ``wins / games``.
        low: lower end of the 95% Wilson interval over games.
        high: upper end.
        expected: the share it would have if every seat were equal, ``seats / players``.

    """

    agent: str
    seats: int
    games: int
    wins: float
    share: float
    low: float
    high: float
    expected: float


def agent_lines(run: RunData) -> list[AgentLine]:
    """Each agent of the line-up, counted by game (see the module's note)."""
    out = []
    n = run.num_players
    for agent in dict.fromkeys(run.lineup):
        seats = run.lineup.count(agent)
        games = 0
        wins = 0.0
        for g in run.games:
            mine = [r for a, r in zip(g.agents, g.returns, strict=True) if a == agent]
            if not mine:
                continue
            games += 1
            wins += min(1.0, sum(mine))
        lo, hi = wilson(wins, games)
        share = wins / games if games else 0.0
        out.append(AgentLine(agent, seats, games, wins, share, lo, hi, seats / n))
    return out


def share_table(run: RunData) -> str:
    """A plain-text table of win shares per seat, tested against equal shares, and per agent."""
    lines = [
        f"{run.game}: {run.n()} games, agents {','.join(run.lineup)}, seed {run.meta['seed']}",
        "",
        f"{'seat':<14}{'wins':>9}{'share':>9}   95% CI",
    ]
    for s in run.seat_shares():
        lines.append(f"{s.label:<14}{s.wins:>9.5g}{s.share:>9.1%}   {s.low:.1%}–{s.high:.1%}")
    nw = run.no_winner()
    if nw.wins:
        lines.append(f"{nw.label:<14}{nw.wins:>9.5g}{nw.share:>9.1%}   {nw.low:.1%}–{nw.high:.1%}")
    lines.append(equal_line(seat_test(run), run.num_players))
    if len(set(run.lineup)) > 1:
        lines += [
            "",
            f"{'agent':<24}{'seats':>6}{'games':>7}{'wins':>9}{'share':>9}   95% CI{'':>8}equal",
        ]
        for a in agent_lines(run):
            lines.append(
                f"{a.agent:<24}{a.seats:>6}{a.games:>7}{a.wins:>9.5g}{a.share:>9.1%}   "
                f"{a.low:.1%}–{a.high:.1%}{a.expected:>10.1%}"
            )
        lines.append("agents are counted by game: an agent in several seats wins a game once")
    return "\n".join(lines)


def equal_line(test: EqualShares | None, seats: int) -> str:
    """One line saying whether the seats' wins fit equal shares."""
    if test is None:
        return "chi-square against equal shares: not testable (no winner, or no scipy)"
    verdict = (
        f"UNEVEN (p < {FLAG_P:g}): some seat wins more often than 1/{seats}"
        if test.p < FLAG_P
        else "consistent with equal shares"
    )
    p = "<0.0001" if test.p < 1e-4 else f"{test.p:.4f}"
    return (
        f"chi-square against equal shares: {test.chi2:.2f} (dof {test.dof}, "
        f"{test.decided:.5g} decided games), p = {p}: {verdict}"
    )


def paired(base: RunData, other: RunData) -> bool:
    """Whether two runs played the same seeds game by game (same master seed and line-up)."""
    return base.meta.get("seed") == other.meta.get("seed") and base.lineup == other.lineup


@dataclass(frozen=True)
class PairedLine:
    """One seat (or "no winner") of a variant compared with the baseline on shared games."""

    label: str
    base_share: float
    share: float
    test: Paired
    holm_p: float


def paired_lines(base: RunData, other: RunData) -> list[PairedLine]:
    """Per seat (by name) and for "no winner", paired tests on the games both runs hold.

    Holm-adjusted over the lines of the comparison.
    """
    by_index = {g.index: g for g in base.games}
    shared = [(by_index[g.index], g) for g in other.games if g.index in by_index]
    rows: list[tuple[str, list[float], list[float]]] = []
    for name in base.seat_names:
        if name not in other.seat_names:
            continue
        a, b = base.seat_names.index(name), other.seat_names.index(name)
        rows.append((name, [x.returns[a] for x, _ in shared], [y.returns[b] for _, y in shared]))
    rows.append(
        (
            "no winner",
            [0.0 if any(r > 0 for r in x.returns) else 1.0 for x, _ in shared],
            [0.0 if any(r > 0 for r in y.returns) else 1.0 for _, y in shared],
        )
    )
    tests = [paired_test(xs, ys) for _, xs, ys in rows]
    adjusted = holm([t.p for t in tests])
    n = max(1, len(shared))
    return [
        PairedLine(label, sum(xs) / n, sum(ys) / n, t, p)
        for (label, xs, ys), t, p in zip(rows, tests, adjusted, strict=True)
    ]
