"""Points and the end of the game (HRE-4.9, HRE-7.0, HRE-14).

Scoring a half-turn's holdings, the last rolls for Kingdoms, the winner, returns and scores.
"""

from __future__ import annotations

from typing import Any, Final

from alea.core.game import CHANCE, TERMINAL
from alea.core.positions import win_shares
from alea.games.hotre import counters
from alea.games.hotre.board import BOARD
from alea.games.hotre.charts import BonusKind
from alea.games.hotre.constants import (
    AREA_LANDS,
    AREA_OF,
    CITIES,
    CONSTANTINOPLE,
    CONTROL,
    DOMINATION,
    EMPEROR,
    ENDROLL,
    KINGDOMS,
    OVER,
    PRESENCE,
    ROME,
)
from alea.games.hotre.position import HotrePosition

AREA_VP: Final = tuple(
    tuple(area.vp[p] for area in BOARD.areas) for p in range(len(BOARD.areas[0].vp))
)
"""Per period (from 0), then Area: the Area's basic Victory Points (HRE-14.2)."""


def score_half(
    s: HotrePosition,
    seat: int,
    faction: bool,
    parts: list[tuple[int, int, int]] | None = None,
    held: list[int] | None = None,
) -> int:
    """Points ``seat`` scores now for one kind of holding (HRE-14.2 to HRE-14.5).

    Args:
        s: the position.
        seat: the seat scoring.
        faction: its Faction (HRE-14.3) if true, else its People holdings (HRE-14.2).
        parts: if given, receives ``(source, area, points)`` for each item scored, with the
            source's index in :data:`POINT_SOURCES`.
        held: the lands the Faction holds, in order, if the caller has them (``faction`` only).

    """
    force_at, owner_of = s.force_in_land, s.force_owner
    if faction:
        lands = held if held is not None else [i for i, g in enumerate(force_at) if g == seat]
    else:
        # the forces the seat masters, less its Faction: forces 0 to S-1 are the Factions,
        # force ``seat`` its own; an entry for -1 last, which an empty land reads
        mine = [o == seat for o in owner_of]
        mine[seat] = False
        mine.append(False)
        lands = [i for i, g in enumerate(force_at) if mine[g]]
    if not lands:
        return 0
    pts = 0
    special = 3 if faction else 2
    city_state = s.city_state
    have_in = [0] * len(AREA_LANDS)  # per Area: the lands held
    for i in lands:
        have_in[AREA_OF[i]] += 1
        if city_state[i] == 1:
            if i == ROME or (i == CONSTANTINOPLE and s.period >= s.opts.constantinople_from):
                v = special
            else:
                v = 2 if faction else 1
            pts += v
            if parts is not None:
                parts.append((CITIES, AREA_OF[i], v))
    seats = s.seat_count
    values = AREA_VP[s.period - 1]
    fort_level, fort_owner = s.fort_level, s.fort_owner
    min_lands = s.opts.domination_min_lands
    for a, have in enumerate(have_in):
        if not have:
            continue
        value = values[a]
        control = have  # lands held, and for a Faction its empty lands with a Fort
        weighed = have < 3 and have >= min_lands  # whether another seat's lands decide it
        others = [0] * seats if weighed else None  # each seat's lands in the Area
        if faction or weighed:
            for i in AREA_LANDS[a]:
                g = force_at[i]
                if g < 0:
                    if faction and fort_level[i] and fort_owner[i] == seat:
                        control += 1
                elif others is not None:
                    o = owner_of[g]
                    if o >= 0:
                        others[o] += 1
        if control >= 5:
            pts += 3 * value
            if parts is not None:
                parts.append((CONTROL, a, 3 * value))
            continue
        if others is not None:
            others[seat] = 0
            dominates = have > max(others)
        else:
            dominates = have >= 3
        if dominates:
            pts += 2 * value
            if parts is not None:
                parts.append((DOMINATION, a, 2 * value))
        else:
            pts += value
            if parts is not None:
                parts.append((PRESENCE, a, value))
    if faction:
        bonus = counters.emperor_bonus(s, seat, BonusKind.VP)
        pts += bonus * len(lands)
        if parts is not None and bonus:
            parts.extend((EMPEROR, AREA_OF[i], bonus) for i in lands)
    return pts


def score_half_turn(s: HotrePosition, held: list[int] | None = None) -> None:
    """Score the active seat's half-turn: its People (HRE-4.9) or Faction (HRE-7.0).

    ``held``: the lands the Faction holds, if the caller has them.
    """
    seat = s.active_seat
    parts: list[tuple[int, int, int]] = []
    if s.half_turn == 1:
        s.people_points[seat] += score_half(s, seat, False, parts)  # HRE-4.9
        s.log_points(seat, False, parts)
    elif not s.faction_dead[seat]:
        s.faction_points[seat] += score_half(s, seat, True, parts, held)  # HRE-7.0
        s.log_points(seat, True, parts)


def player_totals(s: HotrePosition) -> list[int]:
    """Each player's total (two seats added with two players, HRE-15.1)."""
    totals = [0] * s.n
    for seat in range(s.seat_count):
        totals[s.seat_player(seat)] += s.people_points[seat] + s.faction_points[seat]
    return totals


def end_rolls(s: HotrePosition) -> None:
    """Roll for the next Kingdom still on the map, or finish the game."""
    if s.task_queue:
        s.stage = ENDROLL
        s.player = CHANCE
        return
    finish(s)


def end_roll(s: HotrePosition, value: int) -> None:
    """Score a Kingdom's end roll ``value`` for its master (HRE-14.3.1)."""
    f = s.task_queue.pop(0)
    s.people_points[s.force_owner[f]] += value + (s.force_origin[f] & 0xFF)
    s.log_points(s.force_owner[f], False, [(KINGDOMS, -1, value + (s.force_origin[f] & 0xFF))])
    end_rolls(s)


def finish(s: HotrePosition) -> None:
    """HRE-14.1: highest total wins; ties go to the highest Emperor number."""
    s.stage = OVER
    s.player = TERMINAL
    totals = player_totals(s)
    best = max(totals)
    tied = [p for p in range(s.n) if totals[p] == best]
    if len(tied) > 1:
        emp = [0] * s.n
        for seat in range(s.seat_count):
            p = s.seat_player(seat)
            emp[p] = max(emp[p], s.emperor_counter[seat])
        top = max(emp[p] for p in tied)
        tied = [p for p in tied if emp[p] == top]
    s.winners = tuple(tied)


def returns(s: HotrePosition) -> list[float]:
    """Winners share 1.0 at the end; 0.0 before."""
    return win_shares(s.winners if s.stage == OVER else [], s.n)


def scores(s: HotrePosition) -> list[Any]:
    """Per player: People and Faction points of each of its seats, and the total."""
    out = []
    for p in range(s.n):
        seats = [seat for seat in range(s.seat_count) if s.seat_player(seat) == p]
        out.append(
            {
                "people": sum(s.people_points[seat] for seat in seats),
                "faction": sum(s.faction_points[seat] for seat in seats),
                "total": sum(s.people_points[seat] + s.faction_points[seat] for seat in seats),
            }
        )
    return out


def outcome_text(s: HotrePosition) -> str:
    """How the game ended, in a sentence."""
    if s.stage != OVER:
        return f"period {s.period} is being played"
    names = " and ".join(s.game.player_names[p] for p in s.winners)
    return f"{names} won with {max(player_totals(s))} points"
