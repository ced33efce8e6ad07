"""Social intrigues (FOR-4): ousting, local marriages and marriage proposals."""

from __future__ import annotations

from alea.core.game import CHANCE, Action
from alea.games.forum import marriages, money, movement, trade
from alea.games.forum.actions import (
    PRICES,
    Counter,
    Divorce,
    MarryLocal,
    Propose,
)
from alea.games.forum.constants import (
    DECIDE_ACTIONS,
    MARRY_ACTIONS,
    OUST,
    PROPOSE_ACTIONS,
    REPLY,
    RESPOND,
    SOCIAL,
)
from alea.games.forum.position import ForumPosition


def children(s: ForumPosition, p: int) -> list[bool]:
    """The children ``p`` may marry off: ``True`` a son, ``False`` a daughter (FOR-4.3)."""
    out = []
    if s.sons[p]:
        out.append(True)
    if s.daughters[p]:
        out.append(False)
    return out


def local_marriages(s: ForumPosition, p: int) -> list[Action]:
    """FOR-4.3: where an agent stands, Rome included, no family married in yet."""
    kids = children(s, p)
    if not kids or not money.can_afford(s, p, s.opts.marry_cost):
        return []
    out: list[Action] = []
    for m in sorted(set(s.agents[p])):
        if m >= 0 and s.local[m] < 0:
            out.extend(MARRY_ACTIONS[p, m, son] for son in kids)
    return out


def intrigues(s: ForumPosition, p: int) -> list[Action]:
    """FOR-4.1: the intrigues open to ``p``: marry locally, propose, divorce, or pass."""
    out = local_marriages(s, p)
    kids = children(s, p)
    public = s.opts.ruleset == "complete"
    prices = money.affordable(s, p, PRICES) if kids else []
    for q in range(s.n):
        if q == p or marriages.married(s, p, q):
            continue
        for son in kids:
            if public and not (s.daughters[q] if son else s.sons[q]):
                continue
            out.extend([PROPOSE_ACTIONS[p, q, son, price] for price in prices])
    out.extend(Divorce(p, q) for q in sorted(marriages.spouses(s, p)))
    out.append(DECIDE_ACTIONS[p, "pass"])
    return out


def respond(s: ForumPosition, p: int) -> list[Action]:
    """FOR-4.5: the answers ``p`` may give to the proposal made to them."""
    prop = s.proposal
    assert prop is not None  # the respond stage always has a proposal
    proposer, _, _, price, _ = prop
    out: list[Action] = [DECIDE_ACTIONS[p, "accept"], DECIDE_ACTIONS[p, "decline"]]
    out.extend(
        Counter(p, x) for x in money.affordable(s, proposer, [x for x in PRICES if x > price])
    )
    return out


def begin_social(s: ForumPosition) -> None:
    """FOR-4.1: contests found now; each arriving player must oust as their intrigue."""
    s.contests = {}
    for p in range(s.n):
        m = movement.contest_of(s, p)
        if m >= 0:
            defender = next(q for q in range(s.n) if q != p and m in s.agents[q])
            s.contests[p] = (m, defender)
    s.pos = 0
    s.stage = SOCIAL
    social_next(s)


def social_next(s: ForumPosition) -> None:
    """Hand the social phase to the next player, or end it (FOR-4.1)."""
    while s.pos < s.n:
        p = s.order[s.pos]
        if p in s.contests:
            m, d = s.contests.pop(p)
            if m in s.agents[p] and m in s.agents[d]:
                start_oust(s, p, d, m)
                return
        choices = intrigues(s, p)
        if len(choices) > 1:
            s.stage = SOCIAL
            s.player = p
            s._legal = choices
            return
        s.pos += 1
    trade.trade_phase(s)
    s._begin_build()


def start_oust(s: ForumPosition, p: int, d: int, m: int) -> None:
    """FOR-4.2: the arriving player pays and rolls; an oust of a spouse ends the marriage."""
    money.pay(s, p, s.opts.oust_cost)
    if marriages.married(s, p, d):
        marriages.divorce(s, p, d, p)  # FOR-4.8
    s.pending = (m, p, d, movement.need(s, p, d, m))
    s.stage = OUST
    s.player = CHANCE
    s.actor = p


def resolve_oust(s: ForumPosition, value: int) -> None:
    """Settle an oust with the die rolled (FOR-4.2)."""
    assert s.pending is not None
    m, p, d, need = s.pending
    loser = d if value >= need else p
    mine = s.agents[loser]
    mine[mine.index(m)] = -1
    s.pending = None
    s.pos += 1
    social_next(s)


def do_social(s: ForumPosition, a: Action) -> None:
    """Give effect to an intrigue (FOR-4.1)."""
    p = s.player
    t = type(a)
    if t is MarryLocal:
        marry_local(s, a)  # type: ignore[arg-type]
    elif t is Propose:
        prop: Propose = a  # type: ignore[assignment]
        s.proposal = (p, prop.to, prop.son, prop.price, False)
        q = prop.to
        if s.daughters[q] if prop.son else s.sons[q]:
            s.stage = RESPOND
            s.player = q
            return
        s.proposal = None  # no matching child: the proposal falls through (FOR-4.5)
    elif t is Divorce:
        marriages.divorce(s, p, a.other, p)  # type: ignore[attr-defined]
    s.pos += 1
    social_next(s)


def marry_local(s: ForumPosition, a: MarryLocal) -> None:
    """FOR-4.3: pay, give up the child, take the market's aristocracy and +1 prestige."""
    p = a.seat
    money.pay(s, p, s.opts.marry_cost)
    if a.son:
        s.sons[p] -= 1
    else:
        s.daughters[p] -= 1
    s.local[a.market] = p
    money.gain(s, p, 1)


def do_answer(s: ForumPosition, a: Action) -> None:
    """Give effect to an answer to a proposal (FOR-4.5)."""
    prop = s.proposal
    assert prop is not None
    proposer, q, son, price, _ = prop
    t = type(a)
    if t is Counter:
        s.proposal = (proposer, q, son, a.price, True)  # type: ignore[attr-defined]
        s.stage = REPLY
        s.player = proposer
        return
    if a.verb == "accept":  # type: ignore[attr-defined]
        marriages.wed(s, proposer, q, son, price)
    s.proposal = None
    s.stage = SOCIAL
    s.pos += 1
    social_next(s)
