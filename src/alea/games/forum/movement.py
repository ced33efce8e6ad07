"""Moving agents (FOR-3): steps, Rome, new agents and contests over a market."""

from __future__ import annotations

from collections import deque

from alea.core.game import CHANCE, Action
from alea.games.forum import money
from alea.games.forum.actions import Move
from alea.games.forum.constants import (
    DECIDE_ACTIONS,
    ENTER,
    MOVE,
    MOVE_STEPS,
    N_MARKETS,
    NB,
    ROME,
)
from alea.games.forum.position import ForumPosition


def contest_of(s: ForumPosition, p: int) -> int:
    """The market where ``p``'s agent arrived second onto another player's, or -1."""
    agents = s.agents
    arrival = s.arrival
    mine = agents[p]
    for slot, m in enumerate(mine):
        if m < 0 or m == ROME:
            continue
        came = arrival[p][slot]
        for q in range(s.n):
            if q != p:
                theirs = agents[q]
                if m in theirs and arrival[q][theirs.index(m)] < came:
                    return m
    return -1


def occupants(s: ForumPosition, m: int) -> list[int]:
    """The seats with an agent in market ``m``."""
    return [q for q in range(s.n) if m in s.agents[q]]


def need(s: ForumPosition, attacker: int, defender: int, m: int) -> int:
    """The roll an attack in ``m`` needs (FOR-4.2, FOR-4.4, FOR-6.4)."""
    o = s.opts
    if s.local[m] == attacker:
        return o.ally_roll
    if s.local[m] == defender:
        return o.shield_roll
    return o.contest_roll


def moves(s: ForumPosition, p: int) -> list[Action]:
    """FOR-3.2-3.5: one step per agent, never onto one's own, at most one contest."""
    agents = s.agents
    mine = agents[p]
    moved = s.moved[p]
    out: list[Action] = []
    # Agents of the other seats per market; the extra last entry takes those off the board (-1).
    occ = [0] * (N_MARKETS + 1)
    for q, theirs in enumerate(agents):
        if q != p:
            for m in theirs:
                occ[m] += 1
    contest_ok = -2
    steps = MOVE_STEPS[p]
    seen = []
    for slot, src in enumerate(mine):
        if src < 0 or moved >> slot & 1 or src in seen:
            continue
        seen.append(src)
        for to, step in steps[src]:
            if to in mine:
                continue
            k = occ[to]
            if k and to != ROME:
                if k > 1:
                    continue
                if contest_ok == -2:
                    contest_ok = int(
                        not _contested(s, p, occ) and money.can_afford(s, p, s.opts.oust_cost)
                    )
                if not contest_ok:
                    continue
            out.append(step)
    return out


def _contested(s: ForumPosition, p: int, occ: list[int]) -> bool:
    """Whether ``p`` is already in a contest (``contest_of``).

    ``occ`` counts the other seats' agents per market: only a market where an agent of ``p``
    meets one of them can hold a contest, so only those are looked at.
    """
    agents = s.agents
    arrival = s.arrival
    mine = agents[p]
    for slot, m in enumerate(mine):
        if m >= 0 and m != ROME and occ[m]:
            came = arrival[p][slot]
            for q, theirs in enumerate(agents):
                if q != p and m in theirs and arrival[q][theirs.index(m)] < came:
                    return True
    return False


def move_choices(s: ForumPosition, p: int, out: list[Action]) -> list[Action]:
    """The decisions of the movement stage: the steps ``out`` of ``moves``, then done.

    Done is offered unless a second agent in Rome has a step out of it (FOR-3.3).
    """
    if s.agents[p].count(ROME) <= 1 or not any(isinstance(a, Move) and a.src == ROME for a in out):
        out.append(DECIDE_ACTIONS[p, "done"])
    return out


def move_next(s: ForumPosition) -> None:
    """Hand the movement phase to the next player with a step to take (FOR-3)."""
    while s.pos < s.n:
        p = s.order[s.pos]
        if money.reserve(s, p):
            s.stage = ENTER
            s.player = CHANCE
            s.actor = p
            return
        steps = moves(s, p)
        if steps:
            s.stage = MOVE
            s.player = p
            s._legal = move_choices(s, p, steps)
            return
        s.pos += 1
    s._begin_social()


def resolve_enter(s: ForumPosition, value: int) -> None:
    """FOR-3.1: on the entry roll or better a reserve agent enters Rome."""
    p = s.actor
    if value >= s.opts.enter_roll:
        slot = s.agents[p].index(-1)
        s.agents[p][slot] = ROME
        s.arrival[p][slot] = s.seq
        s.seq += 1
    steps = moves(s, p)
    if steps:
        s.stage = MOVE
        s.player = p
        s._legal = move_choices(s, p, steps)
        return
    next_mover(s)


def do_move(s: ForumPosition, a: Move) -> None:
    """Move one agent one step (FOR-3.2)."""
    p = a.seat
    mine = s.agents[p]
    src = a.src
    moved = s.moved[p]
    slot = 0
    while mine[slot] != src or moved >> slot & 1:
        slot += 1
    mine[slot] = a.to
    s.moved[p] = moved | 1 << slot
    s.arrival[p][slot] = s.seq
    s.seq += 1
    steps = moves(s, p)
    if steps:
        s._legal = move_choices(s, p, steps)
    else:
        next_mover(s)


def next_mover(s: ForumPosition) -> None:
    """FOR-3.3: a second agent that cannot leave Rome goes back to the reserve."""
    p = s.order[s.pos]
    mine = s.agents[p]
    if mine.count(ROME) > 1:
        slots = [i for i, m in enumerate(mine) if m == ROME]
        mine[max(slots, key=lambda i: s.arrival[p][i])] = -1
    s.pos += 1
    move_next(s)


def hops_from(start: int) -> list[int]:
    """Links from ``start`` to every market (for bots and views)."""
    dist = [-1] * N_MARKETS
    dist[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nb in NB[here]:
            if dist[nb] < 0:
                dist[nb] = dist[here] + 1
                todo.append(nb)
    return dist
