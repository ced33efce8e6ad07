"""The order of play (TRI-3.1): a turn's start, its end and the next living seat clockwise.

The checks made as each turn ends, holding Rome (TRI-9.2) and the round cap (TRI-9.3), are in
``victory``.
"""

from __future__ import annotations

from alea.games.triumvirate.constants import LEADER
from alea.games.triumvirate.position import TriumviratePosition
from alea.games.triumvirate.victory import held_rome, past_round_cap


def start_turn(s: TriumviratePosition, seat: int) -> None:
    """``seat`` begins his turn by choosing what his leader does (TRI-3.2)."""
    s.turn = seat
    s.pass_to(seat, LEADER)
    s.moves_left = 0
    if s.moved:
        s.moved = {}


def end_turn(s: TriumviratePosition) -> None:
    """TRI-9.2 for the seat whose turn ends, then the next living seat clockwise (TRI-3.1)."""
    p = s.turn
    if s.alive[p] and held_rome(s, p):
        return
    nxt = p
    for _ in range(3):
        nxt = (nxt + 1) % 3
        if s.alive[nxt]:
            break
    if (nxt - s.first) % 3 <= (p - s.first) % 3 and past_round_cap(s):
        return
    start_turn(s, nxt)
