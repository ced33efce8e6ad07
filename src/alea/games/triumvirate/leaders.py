"""The fall of a leader: death in battle (TRI-7.4) and lone leaders caught (TRI-7.5).

A fallen leader's player is out, and when one leader is left he has won (TRI-9.1).
"""

from __future__ import annotations

from alea.games.triumvirate.actions import ROMAN
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.constants import END_LAST, OVER, ROME
from alea.games.triumvirate.position import TriumviratePosition
from alea.games.triumvirate.victory import finish


def kill(s: TriumviratePosition, seat: int) -> None:
    """TRI-7.4: the leader of ``seat`` dies, his player is out, his troops turn Roman.

    TRI-1.4, TRI-2.4: only the grey counters of the box (or of the setup, when it places more
    Roman troops than the box holds) can become Roman troops. They replace his stacks nearest
    Rome first (then in board order); troops left without a grey counter are taken off the
    board.
    """
    s.alive[seat] = False
    s.leader[seat] = -1
    s.rome_turns[seat] = 0
    s.conquests[seat] = 0
    owner, count, troops = s.owner, s.count, s.troops
    grey = s.game.setup.counters[ROMAN] - troops[ROMAN]
    for h in sorted(s.holdings[seat], key=lambda h: (BOARD.distance(h, ROME), h)):
        n = count[h] if count[h] <= grey else grey
        grey -= n
        troops[ROMAN] += n
        if n:
            owner[h] = ROMAN
            count[h] = n
        else:
            owner[h] = -1
            count[h] = 0
    troops[seat] = 0
    s.holdings[seat] = set()
    if sum(s.alive) == 1:  # TRI-9.1
        finish(s, s.alive.index(True), END_LAST)


def catch_lone_leaders(s: TriumviratePosition, h: int) -> None:
    """TRI-7.5: rival leaders alone on hex ``h``, which the player to move now holds, fall.

    Called the moment a hex changes hands outside battle (winning Roman troops over), so that
    the rule does not wait for the end of someone's movement.
    """
    p = s.turn
    for seat in range(3):
        if seat != p and s.leader[seat] == h:
            kill(s, seat)
            if s.stage == OVER:
                return


def catch_leaders_among_enemies(s: TriumviratePosition) -> None:
    """TRI-7.5 after the battles: each leader standing on another seat's troops falls."""
    owner = s.owner
    for seat in range(3):
        pos = s.leader[seat]
        if pos >= 0:
            o = owner[pos]
            if o != seat and o != -1 and o != ROMAN:
                kill(s, seat)
                if s.stage == OVER:
                    return
