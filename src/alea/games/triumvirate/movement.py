"""Movement (TRI-4.1 to TRI-4.5): the leader's steps, the troops' steps, stacking and water.

A troop entering Italy begins the civil war (TRI-6.1); one entering a hex of other troops
waits there for the battle at the end of movement (TRI-7.1, fought in ``combat``).
"""

from __future__ import annotations

from alea.core.errors import IllegalActionError
from alea.core.game import Action
from alea.games.triumvirate.actions import ROMAN, March, Move
from alea.games.triumvirate.constants import ALL_NB, DECIDE, ITALY, LAND, LAND_NB, MARCH, STEPS
from alea.games.triumvirate.position import TriumviratePosition


def leader_steps(s: TriumviratePosition, p: int) -> list[int]:
    """Hexes the leader may step into now (TRI-4.1, 4.5, 7.1)."""
    pos = s.leader[p]
    attack = s.attack
    if s.moves_left <= 0 or pos in attack:
        return []
    nbs = ALL_NB[pos] if (p == 2 and s.game.setup.leader_at_sea) else LAND_NB[pos]
    owner = s.owner
    out = []
    for n in nbs:
        o = owner[n]
        if o in (-1, p, ROMAN) or n in attack:
            out.append(n)
    return out


def move_actions(s: TriumviratePosition, p: int) -> list[Action]:
    """The leader's steps, then each troop's (from hexes in order), then 'end' (TRI-4.4)."""
    out: list[Action] = []
    march = MARCH[p]
    for n in leader_steps(s, p):  # a loop, not a comprehension: cheaper on this hot path
        out.append(march[n])
    owner = s.owner
    count = s.count
    moved = s.moved
    attack = s.attack
    limit = s.game.opts.stack_limit
    steps = STEPS[p]
    for h in sorted(s.holdings[p]):
        if count[h] <= moved.get(h, 0):
            continue
        for n, mv in steps[h]:
            o = owner[n]
            if o == p:
                if count[n] < limit:
                    out.append(mv)
            elif o == -1 or attack.get(n, 0) < limit:
                out.append(mv)
    out.append(DECIDE[p, "end"])
    return out


def march(s: TriumviratePosition, a: March) -> None:
    """TRI-4.1: the leader steps one hex; into a battle he stops there (TRI-7.1)."""
    p = s.player
    if a.to not in leader_steps(s, p):
        why, rule = _no_step(s, p, a.to)
        raise IllegalActionError(f"{a}: {why}", rule)
    s.leader[p] = a.to
    s.moves_left -= 1
    if a.to in s.attack:
        s.moves_left = 0  # TRI-7.1: he joins the battle there and stops


def _no_step(s: TriumviratePosition, p: int, to: int) -> tuple[str, str]:
    """Why the leader of ``p`` may not step into ``to``, and the rule that says so."""
    pos = s.leader[p]
    if pos in s.attack:
        return "the leader has joined a battle and cannot leave it", "TRI-7.1"
    if s.moves_left <= 0:
        return "the leader has no movement left (roll the die to move him)", "TRI-4.1"
    if to not in ALL_NB[pos]:
        return "the leader moves one hex at a time, into a neighbouring hex", "TRI-4.1"
    if not LAND[to]:
        return "only Pompey may cross water", "TRI-4.5"
    return "a leader without troops cannot enter a hex held by enemy troops", "TRI-7.1"


def move(s: TriumviratePosition, a: Move) -> None:
    """TRI-4.2 to 4.5: one troop that has not moved steps into a neighbouring hex."""
    p = s.player
    src, to = a.src, a.to
    owner = s.owner
    count = s.count
    if owner[src] != p or count[src] - s.moved.get(src, 0) <= 0:
        raise IllegalActionError(f"{a}: no troop of his there that has not moved yet", "TRI-4.2")
    if to not in ALL_NB[src]:
        raise IllegalActionError(f"{a}: troops move one hex, into a neighbouring hex", "TRI-4.2")
    if not LAND[to] and p != 2:
        raise IllegalActionError(f"{a}: only Pompey's troops may cross water", "TRI-4.5")
    limit = s.game.opts.stack_limit
    o = owner[to]
    if o == p:
        if count[to] >= limit:
            raise IllegalActionError(f"{a}: at most {limit} troops may stand in a hex", "TRI-4.3")
    elif o != -1 and s.attack.get(to, 0) >= limit:
        raise IllegalActionError(f"{a}: at most {limit} troops may attack a hex", "TRI-4.3")
    # Legal: carry it out.
    count[src] -= 1
    if count[src] == 0:
        owner[src] = -1
        s.holdings[p].discard(src)
    if o == p or o == -1:
        owner[to] = p
        count[to] += 1
        s.moved[to] = s.moved.get(to, 0) + 1
        s.holdings[p].add(to)
    else:
        s.attack[to] = s.attack.get(to, 0) + 1  # TRI-7.1: battle when movement ends
    if to in ITALY and not s.civil_war:
        s.civil_war = True  # TRI-6.1
