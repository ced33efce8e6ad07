"""Forces and their armies on the map (HRE-1.3, HRE-4.4, HRE-8.3, HRE-9.2).

Raising a force, where a People or an event's force enters, taking armies off the map and the
lands armies may retreat to. Every other rule module builds on these.
"""

from __future__ import annotations

from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS
from alea.games.hotre.constants import ADJ, FACTION, PEOPLE
from alea.games.hotre.position import HotrePosition, replaced


def new_force(s: HotrePosition, kind: int, owner: int, extra: int) -> int:
    """Add a force of ``kind`` for seat ``owner`` and return its number."""
    s.force_kind += (kind,)
    s.force_owner += (owner,)
    s.force_origin += (extra,)
    s.force_armies.append(0)
    return len(s.force_kind) - 1


def start_of(s: HotrePosition, force: int) -> int:
    """The Start land of a People or an event's force (HRE-4.4, HRE-8.3)."""
    kind = s.force_kind[force]
    if kind == PEOPLE:
        return CHARTS.peoples[s.force_origin[force] >> 8].start
    card = DECK[(s.force_origin[force] >> 8) - 1]
    assert card.land is not None
    return card.land


def remove(s: HotrePosition, land: int, k: int, eliminated: bool = True) -> None:
    """Take ``k`` armies out of ``land``; a Faction's count as eliminated if ``eliminated``."""
    f = s.force_in_land[land]
    s.armies_in_land[land] -= k
    s.force_armies[f] -= k
    if eliminated and s.force_kind[f] == FACTION:
        s.eliminated_legions[f] += k
    if s.armies_in_land[land] == 0:
        s.force_in_land[land] = -1


def retreat_one(s: HotrePosition, land: int, to: int, force: int) -> bool:
    """Move one army of ``force`` from ``land`` to ``to``; whether ``land`` is left empty."""
    s.armies_in_land[land] -= 1
    if s.force_in_land[to] == force:
        s.armies_in_land[to] += 1
    else:
        s.force_in_land[to] = force
        s.armies_in_land[to] = 1
        if s.emptied_by_calamity[to]:
            s.emptied_by_calamity = replaced(s.emptied_by_calamity, to, 0)
    if s.armies_in_land[land] == 0:
        s.force_in_land[land] = -1
        return True
    return False


def retreats(s: HotrePosition, src: int, force: int, displaced: bool = False) -> list[int]:
    """The lands an army of ``force`` may retreat to from ``src`` (HRE-9.2)."""
    out = []
    for n in ADJ[src]:  # HRE-9.2: border or strait, never the sea
        if (s.force_in_land[n] == force and s.armies_in_land[n] < 3) or (
            not displaced
            and s.force_in_land[n] < 0
            and s.fort_level[n]
            and s.fort_owner[n] == force
        ):
            out.append(n)
    return out


def armies_lands(s: HotrePosition, seat: int) -> int:
    """Lands held by ``seat``'s Legions."""
    return s.force_in_land.count(seat)
