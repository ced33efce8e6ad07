"""What a seat may see (the hidden information table of RULES.md) and re-dealing the rest."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from alea.games.hotre import counters
from alea.games.hotre.cards import DECK, SETS
from alea.games.hotre.constants import DEAL, DRAW, HAND, KIND_NAMES, NATIONS, NL, ORDER, STAGE_NAMES
from alea.games.hotre.position import HotrePosition
from alea.games.hotre.recent import recent_events

P = TypeVar("P", bound=HotrePosition)


def seats_of(s: HotrePosition, player: int | None) -> set[int]:
    """The seats ``player`` decides for; none for a spectator."""
    if player is None:
        return set()
    return {seat for seat in range(s.seat_count) if s.seat_player(seat) == player}


def shown(s: HotrePosition, know: int, mask: int) -> bool:
    """Whether a counter known to the seats in ``know`` is shown to the seats in ``mask``.

    A counter known to every seat has been called (HRE-3.8) and is public: a spectator, who
    holds no seat, sees it too.
    """
    return bool(know & mask) or know == (1 << s.seat_count) - 1


def observation(s: HotrePosition, player: int | None) -> dict[str, Any]:
    """What ``player`` may see (HRE hidden information table); ``None``: a spectator."""
    mine = seats_of(s, player)
    mask = sum(1 << seat for seat in mine)
    hands = []
    for seat in range(s.seat_count):
        if seat in mine:
            hands.append(sorted(s.hands[seat]))
        else:
            hands.append(sorted(DECK[c - 1].set for c in s.hands[seat]))
    nation_of = {f: NATIONS[k] for k, f in enumerate(s.nation_force) if f >= 0}
    return {
        "game": "hotre",
        "player": player,
        "seats": sorted(mine),
        "period": s.period,
        "stage": STAGE_NAMES[s.stage],
        "to_move": s.current_player(),
        "active": s.active_seat,
        "half": s.half_turn,
        "order": list(s.draw_order),
        "lands": [
            {
                "force": s.force_in_land[i],
                "armies": s.armies_in_land[i],
                "fort": s.fort_level[i],
                "fort_owner": s.fort_owner[i],
                "city": s.city_state[i],
            }
            for i in range(NL)
        ],
        "forces": [
            {"kind": KIND_NAMES[k], "owner": o, "armies": a, "nation": nation_of.get(f)}
            for f, (k, o, a) in enumerate(
                zip(s.force_kind, s.force_owner, s.force_armies, strict=True)
            )
        ],
        "people_points": s.people_points.copy(),
        "faction_points": s.faction_points.copy(),
        "eliminated_legions": s.eliminated_legions.copy(),
        "dead": list(s.faction_dead),
        "start_lands": list(s.start_land),
        "hands": hands,
        "hand_is_sets": [seat not in mine for seat in range(s.seat_count)],
        "played_this_period": list(s.cards_played),
        "used_cards": list(s.used_cards),
        "people_counters": [
            s.people_counter[seat] if shown(s, s.people_counter_seen[seat], mask) else None
            for seat in range(s.seat_count)
        ],
        "emperor_counters": [
            s.emperor_counter[seat] if shown(s, s.emperor_counter_seen[seat], mask) else None
            for seat in range(s.seat_count)
        ],
        "has_people_counter": [bool(c) for c in s.people_counter],
        "has_emperor_counter": [bool(c) for c in s.emperor_counter],
        "drawn": s.drawn_counter if counters.drawn_seen_by(s, mine) else None,
        "to_place": s.armies_to_place,
        "battle_land": s.battle_land,
        "flags": s.turn_flags,
        "winners": list(s.winners),
        "optional_terrain": s.opts.optional_terrain,
        "recent": recent_events(s._hist),
        "players": s.n,
    }


def determinize(s: P, player: int, rng: random.Random) -> P:
    """A copy with the cards and counters ``player`` cannot see dealt afresh."""
    return redeal(s, player, rng)


def redeal(s: P, player: int, rng: random.Random | None) -> P:
    """A copy with what ``player`` cannot see dealt again: shuffled by ``rng``, or sorted.

    Without ``rng`` the deal is canonical: every hidden card and counter goes out in sorted
    order, so the copy depends on ``player``'s observation alone.
    """
    c = s.clone()
    mine = seats_of(s, player)
    mask = sum(1 << seat for seat in mine)
    others = [seat for seat in range(s.seat_count) if seat not in mine]
    for k in range(1, SETS + 1):
        slots: list[tuple[int, int]] = []
        pool: list[int] = []
        for seat in others:
            for j, cid in enumerate(c.hands[seat]):
                if DECK[cid - 1].set == k:
                    slots.append((seat, j))
                    pool.append(cid)
        box_idx = [j for j, cid in enumerate(c.card_box) if DECK[cid - 1].set == k]
        pool += [c.card_box[j] for j in box_idx]
        pool.sort()  # the re-deal depends on what the seat sees and on rng, nothing else
        if rng is not None:
            rng.shuffle(pool)
        for (seat, j), cid in zip(slots, pool, strict=False):
            c.hands[seat][j] = cid
        box = list(c.card_box)
        for j, cid in zip(box_idx, pool[len(slots) :], strict=True):
            box[j] = cid
        c.card_box = tuple(box)
    seen = counters.drawn_seen_by(s, mine)
    for emp in (False, True):
        held = list(c.emperor_counter if emp else c.people_counter)
        know = c.emperor_counter_seen if emp else c.people_counter_seen
        hidden = [seat for seat in range(s.seat_count) if held[seat] and not know[seat] & mask]
        known = {held[seat] for seat in range(s.seat_count) if held[seat] and know[seat] & mask}
        current_phase = bool(s.emperor_handout) == emp and s.stage in (DRAW, HAND)
        hide_drawn = current_phase and bool(s.drawn_counter) and not seen
        if current_phase and seen:
            known.add(s.drawn_counter)
        in_play = s.stage not in (DEAL, ORDER, DRAW, HAND)
        low = (s.next_emperor_call if emp else s.next_people_call) if in_play else 1
        top = 6 if emp else 5
        pool = [v for v in range(1, top + 1) if v not in known and v >= low]
        if rng is not None:
            rng.shuffle(pool)
        for seat, v in zip(hidden, pool, strict=False):
            held[seat] = v
        if emp:
            c.emperor_counter = tuple(held)
        else:
            c.people_counter = tuple(held)
        rest = pool[len(hidden) :]
        if hide_drawn and rest:
            c.drawn_counter = rest.pop(0)
        if current_phase:
            c.counter_pile = tuple(sorted(rest))
    c._legal = None
    return c
