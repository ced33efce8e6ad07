"""Movement (TRI-4.1 to TRI-4.5): the leader's steps, the troops' steps, stacking and water.

A troop entering Italy begins the civil war (TRI-6.1); one entering a hex of other troops
waits there for the battle at the end of movement (TRI-7.1, fought in ``combat``).
"""

from __future__ import annotations

from alea.core.errors import IllegalActionError
from alea.core.game import Action
from alea.games.triumvirate.actions import ROMAN, March, Move
from alea.games.triumvirate.constants import ALL_NB, DECIDE, ITALY, LAND, LAND_NB, MARCH, STEPS
from alea.games.triumvirate.position import TriumviratePosition, TroopSteps


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
    kept = s._troop_steps
    if kept is None or kept[0] != s._hlen:
        kept = s._troop_steps = troop_steps(s, p)
    marches = kept[4]
    if marches is None:
        march = MARCH[p]
        marches = [march[n] for n in leader_steps(s, p)]
        s._troop_steps = (kept[0], kept[1], kept[2], kept[3], marches)
    if marches:
        return marches + kept[3]
    return kept[3].copy()


def fresh_move_actions(s: TriumviratePosition, p: int) -> list[Action]:
    """``move_actions`` worked out from the board alone, whatever ``move`` kept."""
    march = MARCH[p]
    out: list[Action] = [march[n] for n in leader_steps(s, p)]
    out += troop_steps(s, p)[3]
    return out


def troop_steps(s: TriumviratePosition, p: int) -> TroopSteps:
    """Each troop's steps (TRI-4.2 to 4.5), from the hexes of troops yet to move, then 'end'.

    Returns them as ``move`` keeps them from one step to the next (``TroopSteps``).
    """
    owner = s.owner
    count = s.count
    moved = s.moved
    attack = s.attack
    limit = s.game.opts.stack_limit
    steps = STEPS[p]
    hexes: list[int] = []
    sizes: list[int] = []
    flat: list[Action] = []
    for h in sorted(s.holdings[p]):
        if count[h] <= moved.get(h, 0):
            continue
        before = len(flat)
        for n, mv in steps[h]:  # a loop, not a comprehension: cheaper on this hot path
            o = owner[n]
            if o == p:
                if count[n] < limit:
                    flat.append(mv)
            elif o == -1 or attack.get(n, 0) < limit:
                flat.append(mv)
        hexes.append(h)
        sizes.append(len(flat) - before)
    flat.append(DECIDE[p, "end"])
    return s._hlen, tuple(hexes), tuple(sizes), flat, None


def march(s: TriumviratePosition, a: March) -> None:
    """TRI-4.1: the leader steps one hex; into a battle he stops there (TRI-7.1)."""
    p = s.player
    if a.to not in leader_steps(s, p):
        why, rule = _no_step(s, p, a.to)
        raise IllegalActionError(f"{a}: {why}", rule)
    kept = s._troop_steps
    if kept is not None and kept[0] == s._hlen:
        s._troop_steps = (s._hlen + 1, kept[1], kept[2], kept[3], None)  # the leader's are new
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
    attack = s.attack
    o = owner[to]
    if o == p or o == -1:
        filled = count[to] + 1  # an empty hex has a count of 0
        if filled > limit:
            raise IllegalActionError(f"{a}: at most {limit} troops may stand in a hex", "TRI-4.3")
    else:
        filled = attack.get(to, 0) + 1
        if filled > limit:
            raise IllegalActionError(f"{a}: at most {limit} troops may attack a hex", "TRI-4.3")
    # Legal: carry it out.
    c = count[src] - 1
    count[src] = c
    if c == 0:
        owner[src] = -1
        s.holdings[p].discard(src)
    moved = s.moved
    if o == p or o == -1:
        owner[to] = p
        count[to] = filled
        moved[to] = moved.get(to, 0) + 1
        s.holdings[p].add(to)
    else:
        attack[to] = filled  # TRI-7.1: battle when movement ends
    if to in ITALY and not s.civil_war:
        s.civil_war = True  # TRI-6.1
    # The troops' steps kept for the position before hold after it but for ``src``'s own,
    # unless ``src`` opened (it was full) or ``to`` filled up (TRI-4.3). The leader's hold
    # unless a hex came under attack, which he may now enter (TRI-7.1).
    kept = s._troop_steps
    hlen = s._hlen
    if kept is None or kept[0] != hlen or c + 1 == limit or filled == limit:
        s._troop_steps = None
        return
    marches = None if o != p and o != -1 and filled == 1 else kept[4]
    if c > moved.get(src, 0):
        s._troop_steps = (hlen + 1, kept[1], kept[2], kept[3], marches)
    else:
        s._troop_steps = _without(kept, src, hlen + 1, marches)


def _without(kept: TroopSteps, src: int, hlen: int, marches: list[Action] | None) -> TroopSteps:
    """The troops' steps ``kept``, less those out of ``src``, to hold at history length ``hlen``.

    They are shared with clones, so each part is replaced, never changed in place.
    """
    _, hexes, sizes, flat, _ = kept
    i = hexes.index(src)
    gone = sizes[i]
    if gone:
        at = sum(sizes[:i])  # where the steps out of ``src`` begin in the one list
        flat = flat.copy()
        del flat[at : at + gone]
    return hlen, hexes[:i] + hexes[i + 1 :], sizes[:i] + sizes[i + 1 :], flat, marches
