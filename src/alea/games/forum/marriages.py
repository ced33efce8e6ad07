"""Marriage alliances between families (FOR-4.6 to FOR-4.8): who is allied, weddings, divorces."""

from __future__ import annotations

from alea.games.forum import money
from alea.games.forum.position import ForumPosition


def spouses(s: ForumPosition, p: int) -> list[int]:
    """Players allied to ``p`` by marriage (FOR-4.6)."""
    out = []
    for a, b, _, _ in s.marriages:
        if a == p:
            out.append(b)
        elif b == p:
            out.append(a)
    return out


def married(s: ForumPosition, p: int, q: int) -> bool:
    """Whether ``p`` and ``q`` are allied by marriage."""
    lo, hi = (p, q) if p < q else (q, p)
    for a, b, _, _ in s.marriages:  # noqa: SIM110  # no generator: asked on most decisions
        if a == lo and b == hi:
            return True
    return False


def wed(s: ForumPosition, p: int, q: int, son: bool, price: int) -> None:
    """FOR-4.6: dowry paid, matching children given, +2 prestige to each."""
    money.pay(s, p, price)
    s.money[q] += price
    if son:
        s.sons[p] -= 1
        s.daughters[q] -= 1
    else:
        s.daughters[p] -= 1
        s.sons[q] -= 1
    lo, hi = (p, q) if p < q else (q, p)
    s.marriages.append((lo, hi, p, price))
    s.marriages.sort()
    money.gain(s, p, 2)
    money.gain(s, q, 2)


def divorce(s: ForumPosition, p: int, q: int, initiator: int) -> None:
    """FOR-4.7/4.8: end the alliance with the ruleset's penalty."""
    lo, hi = (p, q) if p < q else (q, p)
    for i, (a, b, payer, price) in enumerate(s.marriages):
        if a == lo and b == hi:
            del s.marriages[i]
            if s.opts.ruleset == "complete":
                money.gain(s, p, -2)
                money.gain(s, q, -2)
                receiver = hi if payer == lo else lo
                money.pay(s, receiver, price)
                s.money[payer] += price
            else:
                money.gain(s, initiator, -2)
            return
