"""The sequence of play (HRE-3.0, HRE-3.8) and the declaration of a half-turn (HRE-4.0, HRE-5.0).

Calling the counters in order, starting and ending People and Faction half-turns, dead
Factions (HRE-5.7) and the end of a period.
"""

from __future__ import annotations

from alea.games.hotre import build, counters, forces, movement, scoring
from alea.games.hotre.actions import Pick
from alea.games.hotre.charts import CHARTS, BonusKind
from alea.games.hotre.constants import (
    AREA_OF,
    BUILD,
    CHOICE,
    DECLARE,
    END_LANDS,
    EXPAND,
    F_EMP3,
    KINGDOM,
    NATION_OF,
    NL,
    PEOPLE,
)
from alea.games.hotre.position import HotrePosition, replaced


def next_half(s: HotrePosition) -> None:
    """HRE-3.8: People and Faction turns alternate in counter order."""
    S = s.seat_count
    if s.half_turn != 1:
        for k in range(s.next_people_call, 6):
            holder = s.people_counter.index(k) if k in s.people_counter else -1
            if holder >= 0:
                s.next_people_call = k + 1
                s.people_counter_seen = replaced(s.people_counter_seen, holder, (1 << S) - 1)
                begin_people(s, holder, k)
                return
        s.next_people_call = 6
    for k in range(s.next_emperor_call, 7):
        holder = s.emperor_counter.index(k) if k in s.emperor_counter else -1
        if holder >= 0:
            s.next_emperor_call = k + 1
            s.emperor_counter_seen = replaced(s.emperor_counter_seen, holder, (1 << S) - 1)
            begin_faction(s, holder)
            return
    s.next_emperor_call = 7
    if s.next_people_call <= 5 and any(
        s.people_counter[seat] >= s.next_people_call for seat in range(S)
    ):
        s.half_turn = 0
        next_half(s)
        return
    end_period(s)


def begin_half(s: HotrePosition, seat: int, half: int) -> None:
    """Start the half-turn ``half`` (1 People, 2 Faction) of ``seat`` at its declaration."""
    s.active_seat = seat
    s.half_turn = half
    s.turn_flags = 0
    s.armies_to_place = 0
    s.armies_placed = 0
    s.free_forts_left = 0
    s.sub_force_acting = 0
    s.battle_land = -1
    s.forts_built = ()
    s.stage = DECLARE
    s.player = seat


def begin_people(s: HotrePosition, seat: int, number: int) -> None:
    """HRE-4.0 to HRE-4.6: the People of the counter enters play for ``seat``."""
    begin_half(s, seat, 1)
    row = (s.period - 1) * 5 + number - 1
    nat = NATION_OF[row]
    f = s.nation_force[nat]
    if f < 0:
        f = forces.new_force(s, PEOPLE, seat, row << 8)
        s.nation_force = replaced(s.nation_force, nat, f)
    else:
        s.force_owner = replaced(s.force_owner, f, seat)  # HRE-4.6: it passes to its new master
        s.force_origin = replaced(s.force_origin, f, row << 8)
    s.turn_force = f
    s.acting_force = f


def begin_faction(s: HotrePosition, seat: int) -> None:
    """The Faction of ``seat`` begins its half-turn (HRE-5.0)."""
    begin_half(s, seat, 2)
    s.turn_force = seat
    s.acting_force = seat
    if counters.emperor_bonus(s, seat, BonusKind.DICE):
        s.turn_flags |= 1 << F_EMP3


def after_declaration(s: HotrePosition) -> None:
    """End the declaration: the People's build (HRE-4.1) or the Faction's (HRE-5.0)."""
    if s.half_turn == 1:
        f = s.turn_force
        row = s.force_origin[f] >> 8
        strength = CHARTS.peoples[row].strength
        cap = s.opts.force_army_cap
        s.armies_to_place += max(0, min(strength, cap) - s.force_armies[f])  # HRE-4.1, HRE-4.2
        s.armies_to_place = min(s.armies_to_place, cap - s.force_armies[f])
        movement.start_takeup(s)
        return
    seat = s.active_seat
    if s.period > 1 and s.force_armies[seat] == 0 and s.faction_points[seat] == 0:
        s.faction_dead = replaced(s.faction_dead, seat, 1)  # HRE-5.7
    if s.faction_dead[seat]:
        end_half(s)
        return
    build.take_legions(s, seat, counters.emperor_bonus(s, seat, BonusKind.LEGIONS))  # HRE-5.0
    if s.period == 1:
        build.take_legions(s, seat, s.opts.first_legions(s.seat_count))
        s.free_forts_left = s.opts.start_forts
        s.stage = EXPAND
        movement.expand_next(s)
        return
    s.stage = BUILD
    s.player = seat


def end_half(s: HotrePosition) -> None:
    """End the half-turn under way and call the next counter."""
    s.turn_flags = 0
    s.armies_to_place = 0
    s.acting_force = -1
    s.turn_force = -1
    next_half(s)


def choice_points(s: HotrePosition) -> None:
    """HRE-15.5: points for the early choosers of a starting Area, by ``choice_rvp_form``.

    ``linear``: the ``k``-th of ``n`` seats to choose scores ``(n - k) * choice_rvp``;
    ``flat``: every seat but the last to choose scores ``choice_rvp``. Scored with the
    end-of-game points, so they never weigh in a drawing order (HRE-3.1); the order of
    choosing is read from the history, where each choice is a ``start`` pick.
    """
    chosen = [a.seat for a in s.history() if type(a) is Pick and a.verb == "start"]
    last = s.seat_count - 1
    flat = s.opts.choice_rvp_form == "flat"
    for k, seat in enumerate(chosen):
        gain = (k < last if flat else last - k) * s.opts.choice_rvp
        if gain:
            s.faction_points[seat] += gain
            s.log_points(seat, True, [(CHOICE, -1, gain)])


def end_period(s: HotrePosition) -> None:
    """End the period: the next period's drawing order, or the game's end (HRE-14.3.1)."""
    S = s.seat_count
    s.prev_people_counter = s.people_counter
    if s.period >= s.opts.last_period:
        for seat in range(S):  # HRE-14.3.1
            if not s.faction_dead[seat]:
                s.faction_points[seat] += s.opts.end_land_bonus * forces.armies_lands(s, seat)
                bonus = s.opts.end_land_bonus
                s.log_points(
                    seat,
                    True,
                    [
                        (END_LANDS, AREA_OF[i], bonus)
                        for i in range(NL)
                        if s.force_in_land[i] == seat
                    ],
                )
        if s.opts.choice_rvp:
            choice_points(s)
        s.task_queue = [
            f for f in range(len(s.force_kind)) if s.force_kind[f] == KINGDOM and s.force_armies[f]
        ]
        scoring.end_rolls(s)
        return
    s.period += 1
    s.truces = ()
    s.cards_played = (0,) * S
    s.people_counter = (0,) * S
    s.emperor_counter = (0,) * S
    s.people_counter_seen = (0,) * S
    s.emperor_counter_seen = (0,) * S
    s.half_turn = 0
    totals = [s.people_points[seat] + s.faction_points[seat] for seat in range(S)]
    s.draw_order = tuple(
        sorted(range(S), key=lambda seat: (totals[seat], s.prev_people_counter[seat]))
    )  # HRE-3.1
    s.emperor_handout = 0
    counters.begin_handout(s)
