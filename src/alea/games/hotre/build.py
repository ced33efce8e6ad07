"""The Roman Faction's build (HRE-5.0 to HRE-5.4).

Legion counters and recruiting, bribing Rebel Legions, Forts and Fortresses, and rebuilding
looted Cities.
"""

from __future__ import annotations

from alea.core.game import Action
from alea.games.hotre import forces
from alea.games.hotre.actions import Decide, Pick
from alea.games.hotre.constants import AREA_OF, DECIDE, PICKS, SPENT
from alea.games.hotre.landsets import ADJ_MASK, BIT, LAND_TABLE, spread
from alea.games.hotre.position import HotrePosition, held_by


def legions_unused(s: HotrePosition, seat: int) -> int:
    """Legion counters neither on the map, eliminated nor waiting to be placed (HRE-5.1)."""
    pending = s.armies_to_place if s.acting_force == seat and s.half_turn == 2 else 0
    legions = s.opts.legion_set(s.seat_count)
    return legions - s.force_armies[seat] - s.eliminated_legions[seat] - pending


def take_legions(s: HotrePosition, seat: int, k: int) -> int:
    """Add up to ``k`` Legions to place, unused counters first, then eliminated (HRE-5.0)."""
    got = 0
    for _ in range(k):
        if legions_unused(s, seat) > 0:
            s.armies_to_place += 1
        elif s.eliminated_legions[seat] > 0:
            s.eliminated_legions[seat] -= 1
            s.armies_to_place += 1
        else:
            break
        got += 1
    return got


def recruit_cost(s: HotrePosition) -> int:
    """RVP to bring back one eliminated Legion in the period under way (HRE-5.1)."""
    o = s.opts
    return o.recruit_cost_late if s.period >= o.recruit_cost_late_from else o.recruit_cost_early


def fort_sites(s: HotrePosition) -> list[int]:
    """Lands the active Faction holds without a Fort, where it may build one (HRE-5.3, HRE-5.5)."""
    seat = s.active_seat
    fort_level = s.fort_level
    return [i for i in held_by(s.force_in_land, seat) if not fort_level[i]]


def free_upgrade(s: HotrePosition, land: int) -> bool:
    """Whether an event may raise the active seat's Fort at ``land`` to a Fortress (HRE-8.5.14)."""
    seat = s.active_seat
    return (
        s.fort_level[land] == 1
        and s.fort_owner[land] == seat
        and s.city_state[land] > 0
        and s.force_in_land[land] in (seat, -1)
    )


def build_options(s: HotrePosition) -> list[Action]:
    """The purchases open to the active Faction now, then ending the build (HRE-5.0)."""
    seat = s.active_seat
    o = s.opts
    rvp = s.faction_points[seat]
    out: list[Action] = []
    cost = recruit_cost(s)
    if s.eliminated_legions[seat] > 0 and rvp >= cost:
        out.append(DECIDE[seat, "recruit"])
    force_at, fort_level, fort_owner, city_state = (
        s.force_in_land,
        s.fort_level,
        s.fort_owner,
        s.city_state,
    )
    rebels = s.seat_count
    built = s.forts_built
    near = 0  # the lands next to those the Faction holds
    rebel_held = 0  # the lands the Rebels hold
    forts: list[int] = []  # held lands without a Fort (HRE-5.3)
    fortresses: list[int] = []  # its Forts with a City, held or empty, not built this turn
    rebuilds: list[int] = []  # held lands with a looted City (HRE-5.4)
    for i, g in enumerate(force_at):
        if g == seat:
            near |= ADJ_MASK[i]
            level = fort_level[i]
            if not level:
                forts.append(i)
            elif level == 1 and fort_owner[i] == seat and city_state[i] and i not in built:
                fortresses.append(i)
            if city_state[i] == 2:
                rebuilds.append(i)
        elif g < 0:
            if fort_level[i] == 1 and fort_owner[i] == seat and city_state[i] and i not in built:
                fortresses.append(i)
        elif g == rebels:
            rebel_held |= BIT[i]
    bribable = near & rebel_held
    if bribable:
        armies_at = s.armies_in_land
        picks = PICKS["bribe"][seat]
        for i in spread(bribable, LAND_TABLE):
            k = armies_at[i]
            if (
                rvp >= k * o.rebel_bribe_cost
                and legions_unused(s, seat) + s.eliminated_legions[seat] >= k
                and s.force_armies[seat] + s.armies_to_place + k <= o.legion_set(s.seat_count)
            ):
                out.append(picks[i])
    if rvp >= o.fort_cost and forts:
        picks = PICKS["fort"][seat]
        out += [picks[i] for i in forts]
    if rvp >= o.fortress_cost and fortresses:
        picks = PICKS["fortress"][seat]
        out += [picks[i] for i in fortresses]
    if rvp >= o.rebuild_cost and rebuilds:
        picks = PICKS["rebuild"][seat]
        out += [picks[i] for i in rebuilds]
    out.append(DECIDE[seat, "end_build"])
    return out


def buy(s: HotrePosition, a: Action, choices: list[Action] | None = None) -> None:
    """Make the purchase ``a`` (recruit, or a Pick to bribe, fortify or rebuild), paying its RVP.

    ``choices``: the build's choices ``a`` was one of. A purchase other than a bribe only
    takes away (RVP, and the land it was made in), so the next choices are those still open.
    """
    seat = s.active_seat
    o = s.opts
    if type(a) is Decide:
        cost = recruit_cost(s)
        s.faction_points[seat] -= cost  # HRE-5.1
        s.log_points(seat, True, [(SPENT, -1, -cost)])
        s.eliminated_legions[seat] -= 1
        s.armies_to_place += 1
        if choices is not None:
            s._legal = still_open(s, choices)
        return
    assert isinstance(a, Pick)
    land = a.land
    if a.verb == "bribe":  # HRE-5.2
        k = s.armies_in_land[land]
        s.faction_points[seat] -= k * o.rebel_bribe_cost
        s.log_points(seat, True, [(SPENT, AREA_OF[land], -k * o.rebel_bribe_cost)])
        forces.remove(s, land, k, eliminated=False)
        s.eliminated_legions[seat] -= max(0, k - legions_unused(s, seat))
        s.force_in_land[land] = seat
        s.armies_in_land[land] = k
        s.force_armies[seat] += k
        if s.fort_level[land]:
            s.fort_owner[land] = seat
    elif a.verb == "fort":  # HRE-5.3
        s.faction_points[seat] -= o.fort_cost
        s.log_points(seat, True, [(SPENT, AREA_OF[land], -o.fort_cost)])
        s.fort_level[land] = 1
        s.fort_owner[land] = seat
        s.forts_built += (land,)
    elif a.verb == "fortress":
        s.faction_points[seat] -= o.fortress_cost
        s.log_points(seat, True, [(SPENT, AREA_OF[land], -o.fortress_cost)])
        s.fort_level[land] = 2
    elif a.verb == "rebuild":  # HRE-5.4
        s.faction_points[seat] -= o.rebuild_cost
        s.log_points(seat, True, [(SPENT, AREA_OF[land], -o.rebuild_cost)])
        s.city_state[land] = 1
    if choices is not None and a.verb != "bribe":  # a bribe brings new neighbours: work out afresh
        s._legal = still_open(s, choices)


def still_open(s: HotrePosition, choices: list[Action]) -> list[Action]:
    """Those of the build's ``choices`` still open after a purchase other than a bribe.

    Each is checked as ``build_options`` checks it, but for holding the land, which such a
    purchase does not change.
    """
    seat = s.active_seat
    o = s.opts
    rvp = s.faction_points[seat]
    out: list[Action] = []
    for a in choices:
        if type(a) is Decide:
            if a.verb != "recruit" or (s.eliminated_legions[seat] > 0 and rvp >= recruit_cost(s)):
                out.append(a)
            continue
        assert isinstance(a, Pick)
        verb, land = a.verb, a.land
        if verb == "fort":
            ok = rvp >= o.fort_cost and not s.fort_level[land]
        elif verb == "fortress":
            ok = rvp >= o.fortress_cost and s.fort_level[land] == 1 and land not in s.forts_built
        elif verb == "rebuild":
            ok = rvp >= o.rebuild_cost and s.city_state[land] == 2
        else:  # a bribe
            k = s.armies_in_land[land]
            ok = (
                rvp >= k * o.rebel_bribe_cost
                and legions_unused(s, seat) + s.eliminated_legions[seat] >= k
                and s.force_armies[seat] + s.armies_to_place + k <= o.legion_set(s.seat_count)
            )
        if ok:
            out.append(a)
    return out
