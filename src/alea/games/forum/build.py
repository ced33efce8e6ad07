"""Building (FOR-6): horrea built and destroyed, prestige from regions, benefactions."""

from __future__ import annotations

from alea.core.game import CHANCE, Action
from alea.games.forum import marriages, money, movement
from alea.games.forum.actions import (
    Build,
    Destroy,
)
from alea.games.forum.board import BOARD
from alea.games.forum.constants import (
    BUILD,
    BUILD_ACTIONS,
    DECIDE_ACTIONS,
    DESTROY,
    DESTROY_ACTIONS,
    GIVE,
    GIVE_ACTIONS,
    GIVING_BANDS,
    N_KINDS,
    REGION,
    REGION_SIZE,
    SEATS_OF,
    band_of,
    region_prestige,
)
from alea.games.forum.position import ForumPosition


def builds(s: ForumPosition, p: int) -> list[Action]:
    """FOR-6.2, FOR-6.4: build or destroy where an agent stands."""
    out: list[Action] = []
    o = s.opts
    bit = 1 << p
    may_build = s.horrea_count[p] < o.horrea and money.can_afford(s, p, o.build_cost)
    may_destroy = money.can_afford(s, p, o.destroy_cost)
    for m in sorted(set(s.agents[p])):
        if m < 0:  # off the board
            continue
        h = s.horrea[m]
        if may_build and not h & bit:
            out.append(BUILD_ACTIONS[p, m])
        theirs = h & ~bit
        if may_destroy and theirs:
            out.extend([DESTROY_ACTIONS[p, m, q] for q in SEATS_OF[theirs]])
    return out


def gifts(s: ForumPosition, p: int) -> list[Action]:
    """FOR-6.5: the free spaces of the player's current band, if affordable."""
    band = band_of(s.prestige[p])
    if band < 0:
        return []
    cost = GIVING_BANDS[band].cost
    assert cost is not None
    if not money.can_afford(s, p, cost):
        return []
    first = band * N_KINDS
    return [GIVE_ACTIONS[p, k] for k in range(first, first + N_KINDS) if s.benefactions[k] < 0]


def with_pass(out: list[Action], p: int) -> list[Action]:
    """``out`` with the pass that closes the list of a build or a benefaction (FOR-6.1)."""
    out.append(DECIDE_ACTIONS[p, "pass"])
    return out


def begin_build(s: ForumPosition) -> None:
    """Start the build phase (FOR-6.1)."""
    s.pos = 0
    build_next(s)


def build_next(s: ForumPosition) -> None:
    """Hand the build phase to the next player, or end it (FOR-6.1).

    Under the FOR-1.8 variant the last ``late_first_build`` families of the first turn's
    order skip its build phase; under the FOR-1.9 variant the families who build in the first
    turn do so from the last in its order to the first.
    """
    first = s.turn == 1
    last = s.n - s.opts.late_first_build if first else s.n  # FOR-1.8
    backward = first and s.opts.first_build == "reverse"  # FOR-1.9
    while s.pos < last:
        p = s.order[last - 1 - s.pos] if backward else s.order[s.pos]
        choices = builds(s, p)
        if choices:
            s.stage = BUILD
            s.player = p
            s._legal = with_pass(choices, p)
            return
        choices = gifts(s, p)
        if choices:
            s.stage = GIVE
            s.player = p
            s._legal = with_pass(choices, p)
            return
        s.pos += 1
    s._begin_fate()


def after_build(s: ForumPosition, p: int) -> None:
    """FOR-6.6: a benefaction may follow the build or destruction."""
    choices = gifts(s, p)
    if choices:
        s.stage = GIVE
        s.player = p
        s._legal = with_pass(choices, p)
        return
    s.pos += 1
    build_next(s)


def do_build(s: ForumPosition, a: Action) -> None:
    """Give effect to a build, a destroy or a pass (FOR-6.1)."""
    p = s.player
    t = type(a)
    if t is Build:
        money.pay(s, p, s.opts.build_cost)
        add_horreum(s, p, a.market)  # type: ignore[attr-defined]
    elif t is Destroy:
        d: Destroy = a  # type: ignore[assignment]
        money.pay(s, p, s.opts.destroy_cost)
        if marriages.married(s, p, d.victim):
            marriages.divorce(s, p, d.victim, p)  # FOR-4.8
        s.pending = (d.market, p, d.victim, movement.need(s, p, d.victim, d.market))
        s.stage = DESTROY
        s.player = CHANCE
        s.actor = p
        return
    after_build(s, p)


def resolve_destroy(s: ForumPosition, value: int) -> None:
    """Settle a destroy attempt with the die rolled (FOR-6.4)."""
    assert s.pending is not None
    m, p, victim, need = s.pending
    s.pending = None
    if value >= need and s.horrea[m] >> victim & 1:
        remove_horreum(s, victim, m)
    after_build(s, p)


def add_horreum(s: ForumPosition, p: int, m: int) -> None:
    """Put ``p``'s horreum in ``m``, keeping the counts per player and region."""
    s.horrea[m] |= 1 << p
    s.horrea_count[p] += 1
    r = REGION[m]
    if r >= 0:
        old = s.region_horrea[p][r]
        s.region_horrea[p][r] = old + 1
        size = REGION_SIZE[r]
        money.gain(s, p, region_prestige(old + 1, size) - region_prestige(old, size))


def remove_horreum(s: ForumPosition, p: int, m: int) -> None:
    """Take ``p``'s horreum out of ``m``, keeping the counts per player and region."""
    s.horrea[m] &= ~(1 << p)
    s.horrea_count[p] -= 1
    r = REGION[m]
    if r >= 0:
        old = s.region_horrea[p][r]
        s.region_horrea[p][r] = old - 1
        size = REGION_SIZE[r]
        money.gain(s, p, region_prestige(old - 1, size) - region_prestige(old, size))


def give(s: ForumPosition, p: int, space: int) -> None:
    """FOR-6.5: pay the band's price, mark the space, +1 prestige."""
    cost = GIVING_BANDS[space // N_KINDS].cost
    assert cost is not None
    money.pay(s, p, cost)
    s.benefactions[space] = p
    s.gifts[p] += 1
    money.gain(s, p, BOARD.benefaction_prestige)
