"""Founding free Cities after a Faction's expansion (HRE-13.1, HRE-13.2)."""

from __future__ import annotations

from alea.games.hotre import scoring
from alea.games.hotre.constants import AREA_OF, FOUND, RESOURCE
from alea.games.hotre.position import HotrePosition, held_by


def found_sites(s: HotrePosition) -> tuple[list[int], int]:
    """The lands where a City may be founded now, and how many of them (HRE-13.2)."""
    seat = s.active_seat
    sites = [i for i in held_by(s.force_in_land, seat) if RESOURCE[i] and not s.city_state[i]]
    start = s.start_land[seat]
    home = [i for i in sites if start >= 0 and AREA_OF[i] == AREA_OF[start]]
    if home:
        return home, len(home)
    return sites, len(sites)


def begin_founding(s: HotrePosition) -> None:
    """Count the free Cities the active Faction founds after its expansion (HRE-13.1)."""
    seat = s.active_seat
    held = held_by(s.force_in_land, seat)
    resources = sum(1 for i in held if RESOURCE[i])
    new = resources // 2  # HRE-13.1
    if s.opts.city_limit == "total":
        have = sum(1 for i in held if s.city_state[i])
        new = max(0, new - have)
    s.cities_to_found = new
    found_next(s, held)


def found_next(s: HotrePosition, held: list[int] | None = None) -> None:
    """Found Cities where there is no choice; ask where when there is; then score.

    ``held``: the lands the Faction holds, if known (founding never changes them).
    """
    while s.cities_to_found > 0:
        sites, k = found_sites(s)
        if not sites:
            break
        if s.cities_to_found >= k:
            for i in sites:
                s.city_state[i] = 1
            s.cities_to_found -= k
            continue
        s.stage = FOUND
        s.player = s.active_seat
        return
    s.cities_to_found = 0
    scoring.score_half_turn(s, held)
    s._end_half()


def found(s: HotrePosition, land: int) -> None:
    """Found the City the Faction chose at ``land`` (HRE-13.2), then the rest."""
    s.city_state[land] = 1
    s.cities_to_found -= 1
    found_next(s)
