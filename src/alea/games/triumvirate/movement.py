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
    march = MARCH[p]
    out: list[Action] = [march[n] for n in leader_steps(s, p)]
    kept = s._troop_steps
    if kept is None or kept[0] != s._hlen:
        kept = s._troop_steps = troop_steps(s, p)
    out += kept[2]
    out.append(DECIDE[p, "end"])
    return out


def fresh_move_actions(s: TriumviratePosition, p: int) -> list[Action]:
    """``move_actions`` worked out from the board alone, whatever ``move`` kept."""
    march = MARCH[p]
    out: list[Action] = [march[n] for n in leader_steps(s, p)]
    out += troop_steps(s, p)[2]
    out.append(DECIDE[p, "end"])
    return out


def troop_steps(s: TriumviratePosition, p: int) -> TroopSteps:
    """Each troop's steps (TRI-4.2 to 4.5), from the hexes of troops yet to move, in order.

    Returns the steps as ``move`` keeps them from one step to the next (``TroopSteps``).
    """
    owner = s.owner
    count = s.count
    moved = s.moved
    attack = s.attack
    limit = s.game.opts.stack_limit
    steps = STEPS[p]
    by_hex: dict[int, tuple[Move, ...]] = {}
    flat: list[Move] = []
    for h in sorted(s.holdings[p]):
        if count[h] <= moved.get(h, 0):
            continue
        mine: list[Move] = []
        for n, mv in steps[h]:  # a loop, not a comprehension: cheaper on this hot path
            o = owner[n]
            if o == p:
                if count[n] < limit:
                    mine.append(mv)
            elif o == -1 or attack.get(n, 0) < limit:
                mine.append(mv)
        by_hex[h] = tuple(mine)
        flat += mine
    return s._hlen, by_hex, flat


def march(s: TriumviratePosition, a: March) -> None:
    """TRI-4.1: the leader steps one hex; into a battle he stops there (TRI-7.1)."""
    p = s.player
    if a.to not in leader_steps(s, p):
        why, rule = _no_step(s, p, a.to)
        raise IllegalActionError(f"{a}: {why}", rule)
    kept = s._troop_steps
    if kept is not None and kept[0] == s._hlen:
        s._troop_steps = (s._hlen + 1, kept[1], kept[2])  # troops' steps stay as they were
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
    # Legal: carry it out. The troops' steps kept for the position before hold after it
    # unless ``src`` opens (it was full) or ``to`` fills up: see ``_after_step``.
    kept = s._troop_steps
    if kept is not None and (kept[0] != s._hlen or count[src] == limit or filled == limit):
        kept = None
    count[src] -= 1
    if count[src] == 0:
        owner[src] = -1
        s.holdings[p].discard(src)
    if o == p or o == -1:
        owner[to] = p
        count[to] = filled
        s.moved[to] = s.moved.get(to, 0) + 1
        s.holdings[p].add(to)
    else:
        attack[to] = filled  # TRI-7.1: battle when movement ends
    if to in ITALY and not s.civil_war:
        s.civil_war = True  # TRI-6.1
    s._troop_steps = None if kept is None else _after_step(s, src, kept)


def _after_step(s: TriumviratePosition, src: int, kept: TroopSteps) -> TroopSteps:
    """The troops' steps after a step out of ``src``, from those ``kept`` before it.

    A step changes only its two hexes: the troops left to move in ``src``, and whether each of
    the two may still be entered (TRI-4.3). ``move`` keeps nothing when either changed, so
    here every other hex keeps its steps and ``src`` keeps or loses its own.
    """
    hlen = s._hlen + 1  # the history's length once this step is recorded
    if s.count[src] > s.moved.get(src, 0):
        return hlen, kept[1], kept[2]
    by_hex = kept[1]
    at = 0  # where the steps out of ``src`` begin in the one list
    for h, steps in by_hex.items():
        if h == src:
            break
        at += len(steps)
    by_hex = by_hex.copy()  # shared with clones: replaced, never changed in place
    gone = len(by_hex.pop(src))
    flat = kept[2]
    if gone:
        flat = flat[:at] + flat[at + gone :]
    return hlen, by_hex, flat
