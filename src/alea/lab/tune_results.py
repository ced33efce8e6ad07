"""What ``alea lab tune`` measures and keeps.

A variant's unfairness, its trials and the confirmed best variants, as text and JSON.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alea.lab.data import RunData
from alea.lab.hooks import PlaceOrder, hooks_for
from alea.lab.plan import LabError
from alea.lab.stats import EqualShares
from alea.lab.tune_space import Param, value_text

# -- scoring ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """How unfair one variant's games were.

    Attributes:
        games: games played.
        shares: each seat's win share.
        no_winner: share of games nobody won.
        spread: largest minus smallest seat share.
        value: the objective, ``spread + weight * no_winner`` (smaller is fairer).

    """

    games: int
    shares: list[float]
    no_winner: float
    spread: float
    value: float


GROUPINGS = ("seat", "order")
"""What the shares are taken over for every game: each seat (faction or family), or each place
in the first round's order of play, counted from the first player ((seat - first) mod n). A game
may add orders of its own (``PLACES`` in ``alea.lab.extras.<game>``), such as ``choice``, the
order in which History of the Roman Empire's Factions choose their starting Areas."""


def groupings(game: str) -> tuple[str, ...]:
    """The groupings ``--by`` accepts for ``game``: the common ones, then the game's own."""
    return (*GROUPINGS, *hooks_for(game).places)


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def group_labels(game: str, by: str, seat_names: list[str]) -> list[str]:
    """The names of the groups: the seats, or the places of an order ("2nd in order")."""
    if by == "seat":
        return list(seat_names)
    if by == "order":
        return [f"{_ordinal(k + 1)} in order" for k in range(len(seat_names))]
    order = _place_order(game, by)
    return [f"{_ordinal(k + 1)} {order.noun}" for k in range(order.count(len(seat_names)))]


def _place_order(game: str, by: str) -> PlaceOrder:
    order = hooks_for(game).places.get(by)
    if by in GROUPINGS or order is None:
        raise LabError(f"--by must be one of {', '.join(groupings(game))} for {game}, not {by!r}")
    return order


def group_wins(data: RunData, by: str) -> tuple[list[float], int]:
    """Wins of each seat or place, and the games they are counted over.

    Grouping by an order, a game whose record does not show it counts for no place.
    """
    n = data.num_players
    if by == "seat":
        return [s.wins for s in data.seat_shares()], data.n()
    if by == "order":
        wins = [0.0] * n
        games = 0
        for g in data.games:
            if g.first_player is None:
                continue
            games += 1
            for seat, value in enumerate(g.returns):
                wins[(seat - g.first_player) % n] += value
        return wins, games
    order = _place_order(data.game, by)
    wins = [0.0] * order.count(n)
    games = 0
    for g in data.games:
        players = order.players(g.summary, n)
        if players is None or len(players) != len(wins):
            continue
        games += 1
        for k, p in enumerate(players):
            wins[k] += g.returns[p]
    return wins, games


def group_shares(data: RunData, by: str) -> list[float]:
    """Win share of each seat, or of each place in an order (``by="order"`` or a game's own)."""
    wins, games = group_wins(data, by)
    return [w / games if games else 0.0 for w in wins]


def score(data: RunData, no_winner_weight: float, by: str = "seat") -> Score:
    """The unfairness of a stored run, over seats or over places in the order of play."""
    n = data.n()
    shares = group_shares(data, by)
    nw = data.no_winner().share
    spread = max(shares) - min(shares)
    return Score(n, shares, nw, spread, spread + no_winner_weight * nw)


# -- results ----------------------------------------------------------------------------------


@dataclass
class TrialLine:
    """One finished trial.

    Attributes:
        number: the trial's number in the study.
        params: the searched options' values.
        score: unfairness on the games it played.
        refused: the game would not load the variant (no game played).
        pruned: the pruner stopped it before all its games.

    """

    number: int
    params: dict[str, Any]
    score: Score
    refused: bool = False
    pruned: bool = False


@dataclass
class Confirmed:
    """One of the best variants, played again on fresh seeds.

    Attributes:
        params: the searched options' values.
        trial: the trial that found it.
        trial_value: its objective in the trial.
        folder: the confirmation run.
        score: unfairness in the confirmation run.
        seats: (name, wins, share, low, high) per seat, with 95% Wilson intervals.
        no_winner: (games, share, low, high).
        test: chi-square test of the winners against equal seat shares.

    """

    params: dict[str, Any]
    trial: int
    trial_value: float
    folder: Path
    score: Score
    seats: list[tuple[str, float, float, float, float]]
    no_winner: tuple[float, float, float, float]
    test: EqualShares | None


@dataclass
class TuneResult:
    """A finished tune: every trial, and the best variants confirmed."""

    game: str
    seat_names: list[str]
    space: list[Param]
    base: dict[str, Any]
    trials: list[TrialLine]
    confirmed: list[Confirmed] = field(default_factory=list)
    folder: Path = Path()
    by: str = "seat"

    def best(self) -> Confirmed | None:
        """The fairest confirmed variant (lowest objective on the confirmation games)."""
        return min(self.confirmed, key=lambda c: c.score.value, default=None)

    def options_of(self, params: dict[str, Any]) -> str:
        """``--set`` arguments that reproduce a variant."""
        merged = {**self.base, **params}
        return " ".join(shlex.quote(f"--set={k}={value_text(v)}") for k, v in merged.items())

    def table(self) -> str:
        """The confirmed variants as plain text."""
        lines = [
            f"{self.game}: {len(self.trials)} trials; best variants played again on fresh seeds",
            "",
        ]
        for rank, c in enumerate(sorted(self.confirmed, key=lambda c: c.score.value), 1):
            lines.append(
                f"{rank}. trial {c.trial}: "
                + ", ".join(f"{k}={value_text(v)}" for k, v in c.params.items())
            )
            for name, wins, share, lo, hi in c.seats:
                lines.append(f"   {name:<12}{wins:>8.5g}{share:>8.1%}   {lo:.1%}–{hi:.1%}")
            g, nw, lo, hi = c.no_winner
            lines.append(f"   {'no winner':<12}{g:>8.5g}{nw:>8.1%}   {lo:.1%}–{hi:.1%}")
            if c.test is not None:
                lines.append(
                    f"   chi-square against equal shares: {c.test.chi2:.2f} "
                    f"(dof {c.test.dof}), p = {_p(c.test.p)}"
                )
            lines.append(
                f"   spread {c.score.spread:.1%}, objective {c.score.value:.3f} "
                f"(trial: {c.trial_value:.3f}, {c.score.games} games)"
            )
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The results as JSON."""
        return {
            "trials": [
                {
                    "number": t.number,
                    "params": t.params,
                    "games": t.score.games,
                    "shares": t.score.shares,
                    "no_winner": t.score.no_winner,
                    "spread": t.score.spread,
                    "value": t.score.value,
                    "refused": t.refused,
                    "pruned": t.pruned,
                }
                for t in self.trials
            ],
            "confirmed": [
                {
                    "params": c.params,
                    "trial": c.trial,
                    "trial_value": c.trial_value,
                    "folder": str(c.folder),
                    "games": c.score.games,
                    "value": c.score.value,
                    "spread": c.score.spread,
                    "seats": [
                        {"name": n, "wins": w, "share": s, "ci95": [lo, hi]}
                        for n, w, s, lo, hi in c.seats
                    ],
                    "no_winner": {"share": c.no_winner[1], "ci95": list(c.no_winner[2:])},
                    "equal_shares": None
                    if c.test is None
                    else {"chi2": c.test.chi2, "dof": c.test.dof, "p": c.test.p},
                }
                for c in self.confirmed
            ],
        }


def _p(p: float) -> str:
    return "<0.0001" if p < 1e-4 else f"{p:.4f}"
