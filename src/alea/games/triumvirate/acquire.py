"""Winning Roman troops over (TRI-8.1 to TRI-8.3): the offer, the d20 and what it changes."""

from __future__ import annotations

from alea.games.triumvirate.actions import ROMAN
from alea.games.triumvirate.constants import ITALY, OVER, WOO
from alea.games.triumvirate.leaders import catch_lone_leaders
from alea.games.triumvirate.position import TriumviratePosition
from alea.games.triumvirate.turn import end_turn


def supply(s: TriumviratePosition, p: int) -> int:
    """Counters of ``p``'s colour not on the board (TRI-8.3)."""
    return s.game.setup.counters[p] - s.troops[p]


def offer_woo(s: TriumviratePosition) -> None:
    """TRI-8.1: a leader on Roman troops, with popularity, may try to win them; else the turn ends.

    TRI-8.3: only when his supply holds a counter for each of them.
    """
    p = s.turn
    pos = s.leader[p]
    if s.owner[pos] == ROMAN and s.popularity[p] > 0 and supply(s, p) >= s.count[pos]:
        s.pass_to(p, WOO)
        return
    end_turn(s)


def resolve_woo(s: TriumviratePosition, value: int) -> None:
    """TRI-8.1/8.2: d20 at most his popularity wins the Roman troops on his hex."""
    p = s.turn
    h = s.leader[p]
    if value <= s.popularity[p]:
        n = s.count[h]
        s.troops[ROMAN] -= n
        s.troops[p] += n
        s.owner[h] = p
        s.holdings[p].add(h)
        if h in ITALY:
            s.civil_war = True  # TRI-8.2
        catch_lone_leaders(s, h)  # TRI-7.5
        if s.stage == OVER:
            return
    end_turn(s)
