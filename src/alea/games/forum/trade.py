"""Trade (FOR-5): what each market pays each family, the information boost and the exotic chain."""

from __future__ import annotations

from alea.games.forum import marriages, money
from alea.games.forum.constants import (
    BOOST,
    CARDS,
    IS_EXOTIC,
    N_MARKETS,
    NB,
    PROFIT,
    ROME,
    SEATS_OF,
)
from alea.games.forum.position import ForumPosition


def present(s: ForumPosition, p: int, m: int) -> bool:
    """Whether an agent of ``p`` or of a spouse stands in ``m`` (FOR-5.3)."""
    if m in s.agents[p]:
        return True
    return any(m in s.agents[q] for q in marriages.spouses(s, p)) if s.marriages else False


def exotic_chain(s: ForumPosition, p: int) -> set[int]:
    """Markets linked to Rome by an unbroken run of ``p``'s horrea (FOR-5.4)."""
    bit = 1 << p
    h = s.horrea
    if not h[ROME] & bit:
        return set()
    seen = {ROME}
    todo = [ROME]
    while todo:
        here = todo.pop()
        for nb in NB[here]:
            if nb not in seen and h[nb] & bit:
                seen.add(nb)
                todo.append(nb)
    return seen


def market_income(s: ForumPosition, p: int, m: int, chain: set[int] | None = None) -> int:
    """What ``p``'s horreum in ``m`` earns at trade now (FOR-5.1-5.4), blocks aside."""
    h = s.horrea[m]
    value = PROFIT[m][h.bit_count() - 1]
    if m == ROME:
        return value
    if IS_EXOTIC[m]:
        if chain is None:
            chain = exotic_chain(s, p)
        if m in chain:
            return value + BOOST[m]
    if present(s, p, m) and present(s, p, ROME):
        if s.opts.ruleset == "complete" and not s.horrea[ROME] & (1 << p):
            return value
        return value + BOOST[m]
    return value


def trade_income(s: ForumPosition, p: int) -> dict[int, int]:
    """Each market's contribution to ``p``'s next trade, blocked markets at 0 (FOR-5)."""
    bit = 1 << p
    chain = exotic_chain(s, p)
    out = {}
    for m in range(N_MARKETS):
        if s.horrea[m] & bit:
            out[m] = 0 if s.blocked[p] == m else market_income(s, p, m, chain)
    return out


def trade_total(s: ForumPosition, p: int) -> int:
    """All ``p`` would earn at a trade now, fate bonuses included."""
    return trade_totals(s)[p]


def trade_totals(s: ForumPosition) -> list[int]:
    """What every player would earn at a trade now (FOR-5), in one pass over the board.

    The same sums as ``trade_income`` with the fate bonuses, computed once for all players:
    the trade phase and every observation need them.
    """
    n = s.n
    own = [set(a) for a in s.agents]
    if s.marriages:
        seen = [own[p].union(*(own[q] for q in marriages.spouses(s, p))) for p in range(n)]
    else:
        seen = own
    horrea = s.horrea
    complete = s.opts.ruleset == "complete"
    rome_ok = [ROME in seen[p] and (not complete or bool(horrea[ROME] >> p & 1)) for p in range(n)]
    totals = s.bonus.copy()
    if s.praefect >= 0 and s.praefect_turns > 0:
        totals[s.praefect] += CARDS[27].amount
    chains: list[set[int] | None] = [None] * n
    blocked = s.blocked
    for m, h in enumerate(horrea):
        if not h:
            continue
        base = PROFIT[m][h.bit_count() - 1]
        for p in SEATS_OF[h]:
            if blocked[p] == m:
                continue
            value = base
            if m != ROME:
                boosted = rome_ok[p] and m in seen[p]
                if not boosted and IS_EXOTIC[m]:
                    chain = chains[p]
                    if chain is None:
                        chain = chains[p] = exotic_chain(s, p)
                    boosted = m in chain
                if boosted:
                    value += BOOST[m]
            totals[p] += value
    return totals


def trade_phase(s: ForumPosition) -> None:
    """FOR-5: every player's horrea pay out; fate bonuses and blocks are used up."""
    for p, total in enumerate(trade_totals(s)):
        s.income[p] = total
        money.earn(s, p, total)
    s.bonus = [0] * s.n
    s.blocked = [-1] * s.n
    if s.praefect_turns > 0:
        s.praefect_turns -= 1
        if not s.praefect_turns:
            s.praefect = -1
