"""The conquest phase (TRI-5.1 to TRI-5.3) and how the civil war closes it (TRI-6.1).

A troop entering Italy begins the civil war: in ``movement`` (TRI-6.1) and ``acquire``
(TRI-8.2). From then on the two choices here are refused.
"""

from __future__ import annotations

from alea.core.errors import IllegalActionError
from alea.games.triumvirate.actions import Decide
from alea.games.triumvirate.constants import MOVE, ROME
from alea.games.triumvirate.position import TriumviratePosition


def may_collect(s: TriumviratePosition, p: int) -> bool:
    """TRI-5.1/5.2: in his military zone, below the cap of conquest tokens."""
    return s.leader[p] in s.game.zones[p] and s.conquests[p] < s.game.opts.max_conquests


def collect(s: TriumviratePosition, a: Decide) -> None:
    """TRI-5.1: instead of moving his leader, he takes a conquest token (Crassus two)."""
    p = s.player
    if s.civil_war:
        raise IllegalActionError(f"{a}: conquests are only collected before civil war", "TRI-6.1")
    if s.leader[p] not in s.game.zones[p]:
        zone = s.game.zone_names[p]
        raise IllegalActionError(f"{a}: the leader must stand in his zone ({zone})", "TRI-5.1")
    o = s.game.opts
    if s.conquests[p] >= o.max_conquests:
        raise IllegalActionError(f"{a}: he already holds {o.max_conquests} conquests", "TRI-5.2")
    gain = o.crassus_conquests if p == 0 else 1
    s.conquests[p] = min(o.max_conquests, s.conquests[p] + gain)
    s.stage = MOVE
    s.moves_left = 0


def parade(s: TriumviratePosition, a: Decide) -> None:
    """TRI-5.3: in Rome, his conquest tokens all become popularity."""
    p = s.player
    if s.civil_war:
        raise IllegalActionError(f"{a}: there are no triumphs once civil war has begun", "TRI-6.1")
    if s.leader[p] != ROME:
        raise IllegalActionError(f"{a}: a triumph is held in Rome only", "TRI-5.3")
    if s.conquests[p] == 0:
        raise IllegalActionError(f"{a}: he has no conquests to parade", "TRI-5.3")
    s.popularity[p] += s.conquests[p]
    s.conquests[p] = 0
    s.stage = MOVE
    s.moves_left = 0
