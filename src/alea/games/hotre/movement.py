"""Expansion: taking armies up and placing them (HRE-4.4 to HRE-4.8, HRE-5.5 to HRE-5.9, HRE-11).

Also entering a Start land and displacing its occupants (HRE-9.1), and the end of an
expansion, which hands over to the founding of Cities and the end of the half-turn.
"""

from __future__ import annotations

from typing import Final

from alea.core.game import Action
from alea.games.hotre import build, cities, combat, forces, scoring, targets
from alea.games.hotre.constants import (
    ADJ,
    DECIDE,
    DECLARE,
    DISPLACE,
    EXPAND,
    FACTION,
    MINOR,
    NL,
    OFFER,
    PEOPLE,
    PICKS,
    STARTS,
    TAKEUP,
)
from alea.games.hotre.landsets import (
    BIT,
    LAND_TABLE,
    REACH,
    REACH_BY_SEA,
    ByteTable,
    byte_table,
    spread,
)
from alea.games.hotre.position import HotrePosition, held_by, replaced


def takeup_lands(s: HotrePosition) -> list[int]:
    """Lands the acting force may take an army up from (HRE-11.1, HRE-11.2)."""
    f = s.acting_force
    if s.force_kind[f] == FACTION:  # HRE-11.2: never leave a held land vacant
        armies_at, fort_level, fort_owner = s.armies_in_land, s.fort_level, s.fort_owner
        return [
            i
            for i, g in enumerate(s.force_in_land)
            if g == f and (armies_at[i] >= 2 or (fort_level[i] and fort_owner[i] == f))
        ]
    return held_by(s.force_in_land, f)


def start_takeup(s: HotrePosition) -> None:
    """Begin the expansion with the take-up, or skip it when nothing may be taken up."""
    f = s.acting_force
    lands = takeup_lands(s) if s.force_armies[f] else None
    if lands:
        s.stage = TAKEUP
        seat = s.player = s.active_seat
        picks = PICKS["take_up"][seat]
        out: list[Action] = [picks[land] for land in lands]
        out.append(DECIDE[seat, "done_takeup"])
        s._legal = out  # the choices worked out on the way, as legal_actions gives them
    else:
        s.stage = EXPAND
        expand_next(s)


_PLACE_TABLES: Final[tuple[ByteTable[Action], ...]] = tuple(
    byte_table(PICKS["place"][seat]) for seat in range(4)
)
"""Per seat: its ``place`` decisions, read by land mask (``landsets.spread``)."""


def _reach(s: HotrePosition, f: int, faction: bool) -> tuple[int, int]:
    """The lands ``f`` reaches from those it holds (HRE-4.8, HRE-5.9), and those it has full."""
    armies_at = s.armies_in_land
    reach = REACH_BY_SEA if faction else REACH
    marked = 0
    full = 0  # lands of its own holding three armies already (HRE-10.1)
    for h, g in enumerate(s.force_in_land):
        if g == f:
            marked |= reach[h]
            if armies_at[h] >= 3:
                full |= BIT[h]
    return marked, full


def _placement(
    s: HotrePosition, kept: tuple[int, int] | None = None
) -> tuple[str, list[int] | None, int, int, int]:
    """The verb of the acting force's placements and their lands, as a list or as a mask.

    The common case, a force placing around the lands it holds, comes as a mask (the list is
    then ``None``) with the reach and full lands it was made from (``_reach``, or ``kept`` when
    given); the first placements of a force with no army on the map come as a list.
    """
    if s.armies_to_place <= 0:
        return "place", [], 0, -1, -1
    f = s.acting_force
    kind = s.force_kind[f]
    faction = kind == FACTION
    if faction and s.force_armies[f] == 0 and not s.armies_placed:
        if s.period == 1:
            taken = s.start_land
            return "start", [land for land in STARTS if land not in taken], 0, -1, -1  # HRE-5.5
        return "place", reentry(s)[0], 0, -1, -1
    placed = s.armies_placed
    if not faction and not placed:
        start = forces.start_of(s, f)
        if s.force_armies[f] == 0:
            return "place", [start], 0, -1, -1  # HRE-4.4
    reach, full = _reach(s, f, faction) if kept is None else kept
    marked = reach
    if not faction and not placed:
        marked |= BIT[start]
    marked &= ~full
    if s.truces:
        spared = {t & 7 for t in s.truces if t >> 3 == f}
        if spared:
            for h, g in enumerate(s.force_in_land):
                if g in spared:
                    marked &= ~BIT[h]
    return "place", None, marked, reach, full


def placements(s: HotrePosition) -> tuple[str, list[int]]:
    """Legal placements of the acting force: the verb ("start" or "place") and the lands."""
    verb, lands, marked, _, _ = _placement(s)
    return verb, spread(marked, LAND_TABLE) if lands is None else lands


def placement_picks(
    s: HotrePosition, seat: int, kept: tuple[int, int] | None = None
) -> list[Action]:
    """The decisions of ``placements``, made by ``seat`` (``kept``: as for ``_placement``).

    A list made from the acting force's reach is noted in the position's ``_reach`` with the
    masks it came from, for the next placement (``place``).
    """
    verb, lands, marked, reach, full = _placement(s, kept)
    if lands is None:
        out = spread(marked, _PLACE_TABLES[seat])
        s._reach = (out, s.acting_force, reach, full)
        return out
    picks = PICKS[verb][seat]
    return [picks[land] for land in lands]


def reentry(s: HotrePosition) -> tuple[list[int], bool]:
    """HRE-5.6: where a Faction with no Legion places its first one (and if by fallback)."""
    seat = s.acting_force
    force_at, fort_at = s.force_in_land, s.fort_level
    lvl1 = [i for i in range(NL) if force_at[i] < 0 and fort_at[i]]
    if lvl1:
        return lvl1, False
    roman = [i for i in range(NL) if force_at[i] >= 0 and s.force_kind[force_at[i]] == FACTION]
    lvl2 = sorted({n for r in roman for n in ADJ[r] if force_at[n] < 0 and not fort_at[n]})
    if lvl2:
        return lvl2, False
    lvl3 = [i for i in roman if force_at[i] != seat]
    if lvl3:
        return lvl3, False
    return ([s.start_land[seat]] if s.start_land[seat] >= 0 else [STARTS[0]]), True


def take_up(s: HotrePosition, land: int, choices: list[Action] | None = None) -> None:
    """Take one army of the acting force up from ``land``, to place again (HRE-11.1, HRE-11.2).

    ``choices``: the take-up's choices this one was made from. Only ``land`` changes, so the
    next choices are those, less ``land`` if no army may be taken up there any more.
    """
    forces.remove(s, land, 1, eliminated=False)
    s.armies_to_place += 1
    if choices is None:
        return
    f = s.acting_force
    if s.force_in_land[land] == f and (
        s.force_kind[f] != FACTION
        or s.armies_in_land[land] >= 2
        or (s.fort_level[land] and s.fort_owner[land] == f)
    ):
        s._legal = choices
    else:
        gone = PICKS["take_up"][s.active_seat][land]
        s._legal = [a for a in choices if a is not gone]


def end_takeup(s: HotrePosition) -> None:
    """End the take-up and go on to the expansion."""
    s.stage = EXPAND
    expand_next(s)


def free_fort(s: HotrePosition, land: int) -> None:
    """Build one of the first period's free Forts at ``land`` (HRE-5.5)."""
    s.fort_level[land] = 1
    s.fort_owner[land] = s.active_seat
    s.free_forts_left -= 1
    expand_next(s)


def expand_next(s: HotrePosition, kept: tuple[int, int] | None = None) -> None:
    """Return to the expansion decision, or end the expansion when nothing is left.

    The choices it works out on the way, to see whether any is left, are left in ``_legal``.
    ``kept``: the acting force's reach and full lands, if the caller knows them (``place``).
    """
    s.stage = EXPAND
    seat = s.player = s.active_seat
    forts = s.half_turn == 2 and not s.sub_force_acting and s.free_forts_left
    if s.armies_to_place <= 0 and not forts:
        end_expansion(s)
        return
    out = placement_picks(s, seat, kept)
    if forts:
        picks = PICKS["free_fort"][seat]
        out += [picks[land] for land in build.fort_sites(s)]
    if not out and s.armies_to_place > 0:
        end_expansion(s)
        return
    s._legal = _with_cards(s, out)


def expand_choices(s: HotrePosition) -> list[Action]:
    """The expansion's decisions: placements, free Forts, card plays, then ending it."""
    seat = s.player
    out = placement_picks(s, seat)
    if s.half_turn == 2 and not s.sub_force_acting and s.free_forts_left:
        picks = PICKS["free_fort"][seat]
        out += [picks[land] for land in build.fort_sites(s)]
    return _with_cards(s, out)


def _with_cards(s: HotrePosition, out: list[Action]) -> list[Action]:
    """``out`` followed by the card plays open now and ending the expansion."""
    if not s.sub_force_acting:
        out += targets.card_plays(s, False)
    out.append(DECIDE[s.player, "end_expansion"])
    return out


def resume(s: HotrePosition) -> None:
    """Go back to the declaration or the expansion a battle or an event interrupted."""
    back = s.resume_stage
    s.resume_stage = 0
    if back == DECLARE:
        s.stage = DECLARE
        s.player = s.active_seat
        return
    s.stage = EXPAND
    expand_next(s)


def place(s: HotrePosition, land: int, start: bool, choices: list[Action] | None = None) -> None:
    """Place one army of the acting force at ``land``, fighting if it is held (HRE-4.8).

    ``choices``: the list this placement was chosen from; if the expansion made it from the
    acting force's reach (noted in ``_reach``), the next placements update that reach.
    """
    f = s.acting_force
    seat = s.active_seat
    kind = s.force_kind[f]
    first = not s.armies_placed
    s.armies_placed += 1
    s.armies_to_place -= 1
    if start:  # HRE-5.5
        s.start_land = replaced(s.start_land, seat, land)
        s.city_state[land] = 1
        enter_start(s, land)
        return
    if first and kind != FACTION and land == forces.start_of(s, f) and s.force_in_land[land] != f:
        enter_start(s, land)  # HRE-4.4, HRE-9.1
        return
    if first and kind == FACTION and s.force_armies[f] == 0 and reentry(s)[1]:
        enter_start(s, land)  # HRE-5.6 ruling: home as the last resort
        return
    if s.battle_land != land:
        s.battle_land = -1
    g = s.force_in_land[land]
    made = s._reach
    kept = made if made is not None and made[0] is choices and made[1] == f else None
    if g == f:
        s.armies_in_land[land] += 1
        s.force_armies[f] += 1
        if kept is None:
            expand_next(s)
        elif s.armies_in_land[land] >= 3:
            expand_next(s, (kept[2], kept[3] | BIT[land]))
        else:
            expand_next(s, (kept[2], kept[3]))
        return
    if g < 0:
        calm = s.emptied_by_calamity[land]
        if calm:
            s.emptied_by_calamity = replaced(s.emptied_by_calamity, land, 0)
        fort_owner = s.fort_owner[land] if s.fort_level[land] else -1
        s.force_in_land[land] = f
        s.armies_in_land[land] = 1
        s.force_armies[f] += 1
        if fort_owner < 0 or fort_owner == f:
            if kept is None:
                expand_next(s)
            else:
                reach = REACH_BY_SEA if kind == FACTION else REACH
                expand_next(s, (kept[2] | reach[land], kept[3]))
            return
        # HRE-12.2; HRE-8.4: a land a calamity emptied is taken without conquest
        combat.conquered(
            s, land, -1, fort_owner, auto=s.force_owner[fort_owner] == seat or bool(calm)
        )
        return
    if s.force_owner[g] == seat:  # HRE-12.6: automatic victory over one's own force
        k = s.armies_in_land[land]
        forces.remove(s, land, k)
        s.force_in_land[land] = f
        s.armies_in_land[land] = 1
        s.force_armies[f] += 1
        combat.conquered(s, land, g, s.fort_owner[land] if s.fort_level[land] else -1, auto=True)
        return
    if s.battle_land != land:
        s.battle_land = land
        s.battle_round = 0
    s.battle_defender = g
    s.battle_difficult, s.battle_by_sea = combat.entry(s, land)
    if (
        s.opts.bribe_barbarians
        and s.battle_round == 0
        and kind in (PEOPLE, MINOR)
        and s.force_kind[g] == FACTION
        and s.faction_points[g] > 0
    ):
        s.stage = OFFER  # HRE-15.4
        s.player = g
        return
    combat.next_round(s)


def enter_start(s: HotrePosition, land: int) -> None:
    """HRE-4.4, HRE-9.1: enter a Start land; its occupants retreat or are eliminated."""
    f = s.acting_force
    if s.emptied_by_calamity[land]:
        s.emptied_by_calamity = replaced(s.emptied_by_calamity, land, 0)
    g = s.force_in_land[land]
    k = s.armies_in_land[land]
    if s.fort_level[land] and s.fort_owner[land] != f:
        s.fort_level[land] = 0
        s.fort_owner[land] = -1
    s.force_in_land[land] = f
    s.armies_in_land[land] = 1
    s.force_armies[f] += 1
    if g >= 0 and g != f:
        s.force_armies[g] -= k
        s.task_queue = [land, g, k]
        displace_next(s)
        return
    if g == f:
        s.armies_in_land[land] += k
    expand_next(s)


def displace_next(s: HotrePosition) -> None:
    """Ask the displaced force where its next army retreats, or eliminate the rest."""
    land, g, k = s.task_queue
    while k > 0:
        options = forces.retreats(s, land, g, True)
        if s.force_owner[g] < 0 or not options:
            if s.force_kind[g] == FACTION:
                s.eliminated_legions[g] += k
            k = 0
            break
        s.task_queue[2] = k
        s.stage = DISPLACE
        s.player = s.force_owner[g]
        return
    s.task_queue = []
    expand_next(s)


def displace(s: HotrePosition, to: int) -> None:
    """One displaced army retreats to ``to``, or is eliminated if ``to`` is -1 (HRE-9.1)."""
    g, k = s.task_queue[1], s.task_queue[2]
    if to >= 0:
        s.armies_in_land[to] += 1
        s.force_armies[g] += 1
    elif s.force_kind[g] == FACTION:
        s.eliminated_legions[g] += 1
    s.task_queue[2] = k - 1
    displace_next(s)


def end_expansion(s: HotrePosition) -> None:
    """End the expansion: back to the declaration, on to the Cities, or end the turn."""
    s.armies_to_place = 0
    s.battle_land = -1
    if s.sub_force_acting:  # a Minor People or Kingdom has finished; back to the declaration
        s.sub_force_acting = 0
        s.acting_force = s.turn_force
        s.armies_placed = 0
        s.stage = DECLARE
        s.player = s.active_seat
        return
    if s.half_turn == 2:
        s.free_forts_left = 0
        cities.begin_founding(s)
        return
    scoring.score_half_turn(s)
    s._end_half()
