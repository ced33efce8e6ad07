"""Exact dice distributions: sums of dice (HRE-1.4) and the outcome of a battle round (HRE-12.0.1).

A battle round is offered as chance over its decided result (who wins, whether a triple killed
the Emperor's or Leader's third die), with rerolled ties folded into the probabilities.
"""

from __future__ import annotations

import itertools
import math
from typing import Final

from alea.core.game import Action
from alea.games.hotre.constants import ROUNDS


def _sum_dist(k: int) -> list[tuple[int, float]]:
    """Exact distribution of the total of ``k`` dice."""
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=k):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    total = 6**k
    return [(v, c / total) for v, c in sorted(counts.items())]


SUM_DIST: Final = {k: _sum_dist(k) for k in (1, 2)}

_ROUND_CACHE: dict[tuple[int, int, bool, int, int, bool], list[tuple[Action, float]]] = {}


def _roll_dist(ad: int, am: int, at: bool, dd: int, dm: int, dt: bool) -> dict[str, float]:
    """One roll's chances: attacker win/defender win/reroll, each with triples or not."""
    out = dict.fromkeys(("a", "ad", "d", "dd", "r", "rd"), 0.0)
    dmax = [0.0] * 7
    for roll in itertools.product(range(1, 7), repeat=dd):
        dmax[max(roll)] += 1 / 6**dd
    for roll in itertools.product(range(1, 7), repeat=ad):
        pa = 1 / 6**ad
        triple = ad == 3 and roll[0] == roll[1] == roll[2]
        a = max(roll) + am
        for dv in range(1, 7):
            p = pa * dmax[dv]
            if not p:
                continue
            d = dv + dm
            if a > d:
                key = "a"
            elif a < d:
                key = "d"
            elif dt and at:
                key = "r"
            elif at:
                key = "a"
            elif dt:
                key = "d"
            else:
                key = "r"
            out[key + ("d" if triple else "")] += p
    return out


def round_outcomes(
    ad: int, am: int, at: bool, dd: int, dm: int, dt: bool
) -> list[tuple[Action, float]]:
    """Exact outcomes of a decided round (rerolls on ties folded in, HRE-12.0.1)."""
    key = (ad, am, at, dd, dm, dt)
    cached = _ROUND_CACHE.get(key)
    if cached is not None:
        return cached
    two = _roll_dist(2, am, at, dd, dm, dt)
    f2a = two["a"] / (1 - two["r"])
    if ad == 3:
        three = _roll_dist(3, am, at, dd, dm, dt)
        stay = 1 - three["r"]
        pa_alive = three["a"] / stay
        pd_alive = three["d"] / stay
        pa_died = (three["ad"] + three["rd"] * f2a) / stay
        pd_died = (three["dd"] + three["rd"] * (1 - f2a)) / stay
        res = [
            (ROUNDS[True, False], pa_alive),
            (ROUNDS[False, False], pd_alive),
            (ROUNDS[True, True], pa_died),
            (ROUNDS[False, True], pd_died),
        ]
        res = [(a, p) for a, p in res if p > 0]
        total = sum(p for _, p in res)
        res = [(a, p / total) for a, p in res]
    else:
        res = [(ROUNDS[True, False], f2a), (ROUNDS[False, False], 1 - f2a)]
    _ROUND_CACHE[key] = res
    return res


def binomial(k: int, p: float) -> list[tuple[int, float]]:
    """Exact distribution of the number of successes in ``k`` trials of chance ``p``."""
    return [(i, math.comb(k, i) * p**i * (1 - p) ** (k - i)) for i in range(k + 1)]
