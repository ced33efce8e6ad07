"""Combat (TRI-7.1 to TRI-7.3, TRI-7.6): the battles of a turn and their exact odds.

A leader's death and lone leaders (TRI-7.4, TRI-7.5) are in ``leaders``. Each round every troop
rolls a d6 and a leader adds a d8; only each side's highest die matters, so a round's chance
outcome is the pair of highest dice, with its exact probability. The defender wins ties.
Battles go on until one side has no troops left.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import accumulate

from alea.core.errors import IllegalActionError
from alea.core.game import CHANCE
from alea.games.triumvirate.acquire import offer_woo
from alea.games.triumvirate.actions import ROMAN, Clash
from alea.games.triumvirate.constants import BATTLE, OVER
from alea.games.triumvirate.leaders import catch_leaders_among_enemies, kill
from alea.games.triumvirate.position import TriumviratePosition
from alea.games.triumvirate.turn import end_turn

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


def battle_table(s: TriumviratePosition) -> ClashTable:
    """The clash table of the round now being fought."""
    b = s.battle
    if b is None:
        raise IllegalActionError("no battle is being fought now", "TRI-7.2")
    return clash_table(b[1], bool(b[2]), b[4], bool(b[5]))


def start_battles(s: TriumviratePosition) -> None:
    """TRI-7.1: as movement ends, each hex attacked is fought out, the leader's own battle last."""
    if s.attack:
        lead = s.leader[s.turn]
        s.battle_queue = sorted(s.attack, key=lambda h: (h == lead, h))
        next_battle(s)
    else:
        after_battles(s)


def next_battle(s: TriumviratePosition) -> None:
    """Set up the next battle of the queue, or go on past the battles when none is left."""
    while s.battle_queue:
        h = s.battle_queue.pop(0)
        att = s.attack[h]
        d = s.owner[h]
        if d == -1 or d == s.turn:
            # The defenders are gone (their leader fell and they were taken over by no one).
            del s.attack[h]
            occupy(s, h, att)
            continue
        p = s.turn
        att_leader = int(s.leader[p] == h)
        def_leader = int(d < ROMAN and s.leader[d] == h)
        s.battle = [h, att, att_leader, d, s.count[h], def_leader, att, s.count[h]]
        s.pass_to(CHANCE, BATTLE)
        return
    s.battle = None
    after_battles(s)


def occupy(s: TriumviratePosition, h: int, n: int) -> None:
    """The player to move's ``n`` troops take hex ``h`` and stand there, moved, this turn."""
    p = s.turn
    s.owner[h] = p
    s.count[h] = n
    s.moved[h] = n
    s.holdings[p].add(h)


def clash(s: TriumviratePosition, a: Clash) -> None:
    """TRI-7.2: one round's highest dice; the side with the lower loses a troop, ties to defence."""
    b = s.battle
    if b is None or a not in battle_table(s)[0]:
        raise IllegalActionError(f"{a} cannot come from the dice in this battle", "TRI-7.2")
    if a.attacker > a.defender:
        b[4] -= 1
    else:
        b[1] -= 1
    if b[1] and b[4]:
        return  # TRI-7.3: roll again until one side is annihilated
    h, att, att_leader, d, dfn, def_leader, att0, dfn0 = b
    p = s.turn
    del s.attack[h]
    s.battle = None
    s.troops[p] -= att0 - att
    s.troops[d] -= dfn0 - dfn
    if dfn == 0:
        if d < ROMAN:
            s.holdings[d].discard(h)
        occupy(s, h, att)
        if def_leader:
            kill(s, d)  # TRI-7.4
    else:
        s.count[h] = dfn
        if att_leader:
            kill(s, p)  # TRI-7.4
    if s.stage == OVER:
        return
    if not s.alive[p]:
        end_turn(s)
        return
    next_battle(s)


def after_battles(s: TriumviratePosition) -> None:
    """TRI-7.5, then TRI-8.1: lone leaders caught by enemy troops die; then the woo."""
    catch_leaders_among_enemies(s)
    if s.stage == OVER:
        return
    if not s.alive[s.turn]:
        end_turn(s)
        return
    offer_woo(s)
