"""How ``alea lab tune`` stops a trial early: confidence bounds on unfairness, and the pruners.

A trial plays its games in rounds. After each round it reports its unfairness so far to the
Optuna study (``trial.report``) with a 95% confidence interval kept beside it (the trial's user
attributes ``low`` and ``high``), and asks the study's pruner whether to go on. Three pruners:

- ``bound`` (the default), :class:`BoundPruner`: stop a trial once the lower end of its interval
  lies above the upper end of the fairest interval among the other trials, or above the target
  unfairness (``--target``, by default 0.10: a spread of ten points, every seat within about
  five of an equal share). Such a variant is, with 95% confidence, worse than one already
  measured or worse than fair enough, so more games would only narrow an interval that no
  longer matters; a variant that may still be the fairest, and may be fair, plays on.
- ``halving``: Optuna's successive halving (Hyperband's inner rule) over the games played, with
  a rung every round times three; it keeps the best third at each rung whatever the noise.
- ``none``: every trial plays all its games.

Every pruner here decides from the trials before it and the games of this one, which are the
same whatever the workers and timing, so a tune prunes the same trials on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import optuna
from optuna.pruners import BasePruner, NopPruner, SuccessiveHalvingPruner
from optuna.study import Study
from optuna.trial import FrozenTrial

from alea.lab.plan import LabError
from alea.lab.stats import Z95, wilson

PRUNERS = ("bound", "halving", "none")
LOW = "low"
HIGH = "high"
"""User attributes of a trial: the 95% bounds on its unfairness after its latest round."""


def unfairness_bounds(
    shares: Sequence[float], no_winner: float, games: int, no_winner_weight: float
) -> tuple[float, float]:
    """A 95% interval on the unfairness of a variant measured on ``games`` games.

    The spread part: each pair of seats' difference of shares has the multinomial variance
    ``(p_i + p_j - (p_i - p_j)^2) / n``. The lower end is the measured largest-minus-smallest
    pair's difference less ``Z95`` standard errors (the true spread is at least that pair's true
    difference); the upper end is the largest of every pair's difference plus ``Z95`` standard
    errors (the true spread is one of those pairs' differences). The share of games nobody won
    adds its Wilson interval, weighted. Both ends lie in ``[0, 1 + weight]``.

    Raises:
        LabError: no games, or fewer than two seats.

    """
    n = games
    if n < 1 or len(shares) < 2:
        raise LabError("an interval on unfairness needs games and at least two seats")

    def se(a: float, b: float) -> float:
        return math.sqrt(max(a + b - (a - b) ** 2, 0.0) / n)

    hi_seat = max(range(len(shares)), key=lambda i: shares[i])
    lo_seat = min(range(len(shares)), key=lambda i: shares[i])
    top, bottom = shares[hi_seat], shares[lo_seat]
    low = max(0.0, top - bottom - Z95 * se(top, bottom))
    high = max(
        a - b + Z95 * se(a, b) for i, a in enumerate(shares) for j, b in enumerate(shares) if i != j
    )
    nw_low, nw_high = wilson(no_winner * n, n)
    return low + no_winner_weight * nw_low, min(high, 1.0) + no_winner_weight * nw_high


class BoundPruner(BasePruner):
    """Prune a trial whose unfairness interval lies above another trial's, or above the target.

    Reads the ``low`` and ``high`` user attributes every trial sets before it reports.

    Args:
        target: unfairness that is fair enough; a trial surely above it stops.

    """

    def __init__(self, target: float = 0.10) -> None:
        self.target = target

    def prune(self, study: Study, trial: FrozenTrial) -> bool:
        """True when this trial's lower bound exceeds the target or another's upper bound."""
        low = trial.user_attrs.get(LOW)
        if low is None:
            return False
        highs = [
            float(t.user_attrs[HIGH])
            for t in study.get_trials(deepcopy=False)
            if t.number != trial.number and HIGH in t.user_attrs
        ]
        return float(low) > min([self.target, *highs])


def make_pruner(kind: str, round_games: int, target: float = 0.10) -> BasePruner:
    """The pruner named ``kind`` for trials reporting after every ``round_games`` games.

    Raises:
        LabError: an unknown pruner.

    """
    if kind == "bound":
        return BoundPruner(target)
    if kind == "halving":
        return SuccessiveHalvingPruner(
            min_resource=round_games, reduction_factor=3, min_early_stopping_rate=0
        )
    if kind == "none":
        return NopPruner()
    raise LabError(f"--pruner must be one of {', '.join(PRUNERS)}, not {kind!r}")


def is_pruned(trial: FrozenTrial) -> bool:
    """Whether a stored trial was stopped by the pruner."""
    return bool(trial.state == optuna.trial.TrialState.PRUNED)
