"""Exact battle odds (TRI-7).

Each round every troop rolls a d6 and a leader adds a d8; only each side's highest die matters,
so a round's chance outcome is the pair of highest dice, with its exact probability. The
defender wins ties. Battles go on until one side has no troops left.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import accumulate

from alea.games.triumvirate.actions import Clash

MAX_TROOPS = 4


@cache
def highest_die(troops: int, leader: bool) -> tuple[Fraction, ...]:
    """Distribution of a side's highest die: index k holds P(highest == k), k = 0..8."""

    def cdf(k: int) -> Fraction:
        p = Fraction(min(k, 6), 6) ** troops
        if leader:
            p *= Fraction(min(k, 8), 8)
        return p

    top = 8 if leader else 6
    return tuple(cdf(k) - cdf(k - 1) if 1 <= k <= top else Fraction(0) for k in range(9))


@cache
def round_odds(att: int, att_leader: bool, dfn: int, dfn_leader: bool) -> Fraction:
    """Probability that the attacker wins one round (his highest die beats the defender's)."""
    a = highest_die(att, att_leader)
    d = highest_die(dfn, dfn_leader)
    return sum((a[i] * d[j] for i in range(9) for j in range(9) if i > j), Fraction(0))


@cache
def battle_odds(att: int, att_leader: bool, dfn: int, dfn_leader: bool) -> Fraction:
    """Probability that the attacker annihilates the defender (TRI-7.3)."""
    if dfn == 0:
        return Fraction(1)
    if att == 0:
        return Fraction(0)
    p = round_odds(att, att_leader, dfn, dfn_leader)
    return p * battle_odds(att, att_leader, dfn - 1, dfn_leader) + (1 - p) * battle_odds(
        att - 1, att_leader, dfn, dfn_leader
    )


@cache
def expected_survivors(att: int, att_leader: bool, dfn: int, dfn_leader: bool) -> Fraction:
    """Expected attacker troops left (0 when he loses)."""
    if dfn == 0:
        return Fraction(att)
    if att == 0:
        return Fraction(0)
    p = round_odds(att, att_leader, dfn, dfn_leader)
    return p * expected_survivors(att, att_leader, dfn - 1, dfn_leader) + (
        1 - p
    ) * expected_survivors(att - 1, att_leader, dfn, dfn_leader)


ClashTable = tuple[tuple[Clash, ...], tuple[float, ...], tuple[float, ...]]


@cache
def clash_table(att: int, att_leader: bool, dfn: int, dfn_leader: bool) -> ClashTable:
    """Outcomes of one round, their exact probabilities and the running sums for sampling."""
    a = highest_die(att, att_leader)
    d = highest_die(dfn, dfn_leader)
    outcomes: list[Clash] = []
    probs: list[float] = []
    for i in range(1, 9):
        for j in range(1, 9):
            p = a[i] * d[j]
            if p:
                outcomes.append(Clash(i, j))
                probs.append(float(p))
    cum = list(accumulate(probs))
    cum[-1] = 1.0
    return tuple(outcomes), tuple(probs), tuple(cum)
