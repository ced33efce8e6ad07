"""The lab's statistics: intervals, tests between variants, and the fairness spread.

Win counts may be fractional (a shared win counts ``1/k`` to each of ``k`` winners); every
formula here takes them as they are.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from alea.ladder import Z95, wilson

__all__ = [
    "Z95",
    "EqualShares",
    "Paired",
    "Spread",
    "bootstrap_spread",
    "chi_square",
    "equal_shares",
    "holm",
    "normal_two_sided_p",
    "one_proportion_z",
    "paired_test",
    "two_proportion_z",
    "wilson",
]


def normal_two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def two_proportion_z(k1: float, n1: int, k2: float, n2: int) -> tuple[float, float]:
    """The pooled two-proportion z-test of ``k1/n1`` against ``k2/n2``: ``(z, p)``.

    Two samples with no variance at all (both 0% or both 100%) give ``(0.0, 1.0)``.
    """
    if n1 <= 0 or n2 <= 0:
        return 0.0, 1.0
    pooled = (k1 + k2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 0.0, 1.0
    z = (k1 / n1 - k2 / n2) / math.sqrt(var)
    return z, normal_two_sided_p(z)


def one_proportion_z(k: float, n: int, p0: float) -> tuple[float, float]:
    """The z-test of ``k/n`` against a fixed proportion ``p0``: ``(z, p)``."""
    if n <= 0 or not 0 < p0 < 1:
        return 0.0, 1.0
    z = (k / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return z, normal_two_sided_p(z)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (same order as given), for several tests at once."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def chi_square(table: Sequence[Sequence[float]]) -> tuple[float, int, float] | None:
    """Pearson's chi-square test of independence of a contingency table: ``(chi2, dof, p)``.

    Rows and columns that are all zero are dropped first. ``None`` when fewer than two rows or
    columns remain, or when scipy (the ``lab`` extra) is missing.
    """
    rows = [list(r) for r in table if sum(r) > 0]
    if len(rows) < 2:
        return None
    keep = [j for j in range(len(rows[0])) if sum(r[j] for r in rows) > 0]
    if len(keep) < 2:
        return None
    rows = [[r[j] for j in keep] for r in rows]
    try:
        scipy_stats: Any = importlib.import_module("scipy.stats")
    except ImportError:
        return None
    res = scipy_stats.chi2_contingency(rows, correction=False)
    return float(res[0]), int(res[2]), float(res[1])


@dataclass(frozen=True)
class Spread:
    """The fairness spread of a run: largest minus smallest per-seat win share.

    Attributes:
        value: the spread of the observed shares.
        low: lower end of its 95% bootstrap percentile interval.
        high: upper end.
        shares: each seat's win share.

    """

    value: float
    low: float
    high: float
    shares: list[float]


def bootstrap_spread(
    returns: Sequence[Sequence[float]], *, resamples: int = 2000, seed: int = 0
) -> Spread:
    """The spread of per-seat win shares with a 95% bootstrap interval (games resampled).

    Args:
        returns: one row per game, one return per seat.
        resamples: bootstrap resamples.
        seed: the resampling seed (the interval is reproducible).

    """
    import numpy as np

    data = np.asarray(returns, dtype=float)
    if data.ndim != 2 or data.shape[0] == 0:
        raise ValueError("the spread needs at least one game")
    shares = data.mean(axis=0)
    value = float(shares.max() - shares.min())
    rng = np.random.default_rng(seed)
    n = data.shape[0]
    spreads = np.empty(resamples)
    step = max(1, 2_000_000 // max(n * data.shape[1], 1))
    for start in range(0, resamples, step):
        count = min(step, resamples - start)
        idx = rng.integers(0, n, size=(count, n))
        means = data[idx].mean(axis=1)
        spreads[start : start + count] = means.max(axis=1) - means.min(axis=1)
    low, high = np.quantile(spreads, [0.025, 0.975])
    return Spread(value, float(low), float(high), [float(s) for s in shares])


@dataclass(frozen=True)
class EqualShares:
    """A goodness-of-fit test of the winners against equal shares.

    Attributes:
        chi2: Pearson's statistic.
        dof: degrees of freedom (categories less one).
        p: its p-value.
        decided: games with a winner (the sample tested).

    """

    chi2: float
    dof: int
    p: float
    decided: float


def equal_shares(
    wins: Sequence[float], weights: Sequence[float] | None = None
) -> EqualShares | None:
    """Pearson's chi-square test of wins per category against shares proportional to ``weights``.

    Only games with a winner count: the expected wins of category ``i`` are the decided games
    times ``weights[i] / sum(weights)`` (equal weights by default, so every seat expects the
    same). Fractional wins (shared victories) are taken as they are. ``None`` with fewer than
    two categories, no win at all, or no scipy.
    """
    if len(wins) < 2:
        return None
    total = float(sum(wins))
    if total <= 0:
        return None
    w = [1.0] * len(wins) if weights is None else [float(x) for x in weights]
    if len(w) != len(wins) or any(x <= 0 for x in w):
        raise ValueError("one positive weight per category is needed")
    try:
        scipy_stats: Any = importlib.import_module("scipy.stats")
    except ImportError:
        return None
    expected = [total * x / sum(w) for x in w]
    res = scipy_stats.chisquare([float(x) for x in wins], expected)
    return EqualShares(float(res.statistic), len(wins) - 1, float(res.pvalue), total)


@dataclass(frozen=True)
class Paired:
    """A paired comparison of one seat's results in two variants played on the same seeds.

    Attributes:
        method: ``"McNemar"`` (exact, on the games only one variant won) or ``"paired t"``
            (on per-game differences, when shared wins make results fractional).
        pairs: games present in both variants.
        difference: mean per-game difference, variant minus baseline.
        p: two-sided p-value.
        only_variant: games won in the variant only (McNemar), else 0.
        only_base: games won in the baseline only (McNemar), else 0.

    """

    method: str
    pairs: int
    difference: float
    p: float
    only_variant: int = 0
    only_base: int = 0


def paired_test(base: Sequence[float], variant: Sequence[float]) -> Paired:
    """Compare two per-game result series on the same seeds (game ``i`` of each shares a seed).

    With results of 0 and 1 only, McNemar's exact test: under no effect, each game won in just
    one of the two variants is equally likely to be either (a binomial test on those games).
    Otherwise a paired t-test on the per-game differences. Identical series give ``p = 1``.
    """
    if len(base) != len(variant):
        raise ValueError("paired series must have one value per shared game")
    n = len(base)
    if n == 0:
        return Paired("McNemar", 0, 0.0, 1.0)
    diff = [v - b for b, v in zip(base, variant, strict=True)]
    mean = sum(diff) / n
    binary = all(x in (0.0, 1.0) for x in (*base, *variant))
    scipy_stats: Any = importlib.import_module("scipy.stats")
    if binary:
        only_v = sum(1 for d in diff if d > 0)
        only_b = sum(1 for d in diff if d < 0)
        if only_v + only_b == 0:
            return Paired("McNemar", n, mean, 1.0)
        p = float(scipy_stats.binomtest(only_v, only_v + only_b, 0.5).pvalue)
        return Paired("McNemar", n, mean, p, only_v, only_b)
    if all(d == diff[0] for d in diff):
        return Paired("paired t", n, mean, 1.0 if mean == 0 else 0.0)
    p = float(scipy_stats.ttest_rel(variant, base).pvalue)
    return Paired("paired t", n, mean, p)
