"""Where event cards may be played (HRE-4.0, HRE-8.1): the card plays open to the active seat.

What each card does once played is in ``events``; the expansion asks here for the plays it
offers beside its placements.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import Final

from alea.core.game import Action
from alea.games.hotre import build
from alea.games.hotre.actions import PlayCard
from alea.games.hotre.board import PERIODS
from alea.games.hotre.constants import (
    AREA_OF,
    CARD_INFO,
    CONSTANTINOPLE,
    EXPAND,
    FACTION,
    LANDS,
    LASTING,
    PEOPLE,
    RESOURCE,
    ROME,
)
from alea.games.hotre.landsets import ADJ_MASK, LAND_TABLE, spread
from alea.games.hotre.position import HotrePosition, held_by

_PLAYS: dict[tuple[int, int], dict[int, PlayCard]] = {}
"""Card plays made so far, by (seat, card), then target: each is built once and handed out again."""


def _open_bits(cid: int) -> int:
    """Bit ``(period * 3 + half) * 2 + declaring`` is set where card ``cid``'s timing opens it."""
    _, first, last, before, only, _ = CARD_INFO[cid]
    bits = 0
    for period in range(PERIODS + 1):
        for half in range(3):
            for declaring in (0, 1):
                if not first <= period <= last or (before and not declaring):
                    continue
                if only and only != half:
                    continue
                bits |= 1 << (period * 3 + half) * 2 + declaring
    return bits


_OPEN_AT: Final = tuple(_open_bits(cid) for cid in range(len(CARD_INFO)))
"""Per card id: when HRE-8.1 lets it be played, as bits (``_open_bits``): in its periods,
before the half-turn only at the declaration, in the half-turn its kind is limited to."""
_EFFECT: Final = tuple((info[0], info[5]) for info in CARD_INFO)
"""Per card id: its effect, (kind, key); two cards of the same effect offer it once."""


def card_plays(s: HotrePosition, declaring: bool) -> list[Action]:
    """The card plays open to the active seat now (HRE-4.0, HRE-8.1)."""
    seat = s.active_seat
    hand = s.hands[seat]
    if not hand or s.cards_played[seat] >= 2 or s.period > PERIODS:  # HRE-4.0
        return []
    out: list[Action] = []
    seen: list[tuple[str, int]] = []
    when = (s.period * 3 + s.half_turn) * 2 + declaring
    for cid in hand:
        if not _OPEN_AT[cid] >> when & 1:
            continue
        effect = _EFFECT[cid]
        if effect in seen:
            continue
        seen.append(effect)
        kind = effect[0]
        targets = _TARGETS.get(kind, _nowhere)(s, kind)
        if not targets:
            continue
        plays = _PLAYS.get((seat, cid))
        if plays is None:
            plays = _PLAYS[seat, cid] = {}
        for t in targets:
            play = plays.get(t)
            if play is None:
                play = plays[t] = PlayCard(seat, cid, t)
            out.append(play)
    return out


def card_targets(s: HotrePosition, kind: str) -> list[int]:
    """Where a card of ``kind`` may be played now: lands, Areas, nations, or [-1] for none."""
    return _TARGETS.get(kind, _nowhere)(s, kind)


def _nowhere(s: HotrePosition, kind: str) -> list[int]:
    return []


def _no_target(s: HotrePosition, kind: str) -> list[int]:
    return [-1]


def _lasting(s: HotrePosition, kind: str) -> list[int]:
    if s.turn_flags >> LASTING[kind] & 1:
        return []  # HRE-8.1: the same lasting effect does not add up
    if kind == "leader" and s.turn_force < 0:
        return []
    return [-1]


def _elite_troops(s: HotrePosition, kind: str) -> list[int]:
    seat = s.active_seat
    if s.half_turn == 2 and (
        s.faction_dead[seat] or build.legions_unused(s, seat) + s.eliminated_legions[seat] <= 0
    ):
        return []
    return [-1]


def _armied_lands(s: HotrePosition, kind: str) -> list[int]:
    return list(compress(LANDS, s.armies_in_land))


def _pestilence(s: HotrePosition, kind: str) -> list[int]:
    return sorted({AREA_OF[i] for i in compress(LANDS, s.armies_in_land)})


def _wrath_of_god(s: HotrePosition, kind: str) -> list[int]:
    armies_at, fort_level, city_state = s.armies_in_land, s.fort_level, s.city_state
    out = [i for i in LANDS if armies_at[i] or fort_level[i] or city_state[i] == 1]
    if ROME in out:
        out.remove(ROME)
    if s.period >= s.opts.constantinople_from and CONSTANTINOPLE in out:
        out.remove(CONSTANTINOPLE)
    return out


def _disaster(s: HotrePosition, kind: str) -> list[int]:
    return held_by(s.city_state, 1)


def _people_revive(s: HotrePosition, kind: str) -> list[int]:
    seat = s.active_seat
    kind_of, owner_of, nation_force = s.force_kind, s.force_owner, s.nation_force
    turn_force = s.turn_force
    return [
        k
        for k, f in enumerate(nation_force)
        if f >= 0 and kind_of[f] == PEOPLE and owner_of[f] == seat and f != turn_force
    ]


def _strike(s: HotrePosition, kind: str) -> list[int]:
    if s.stage != EXPAND or s.armies_to_place <= 0 or s.sub_force_acting:
        return []
    return strike_targets(s, kind == "revolt")


def _rebellion(s: HotrePosition, kind: str) -> list[int]:
    seat = s.active_seat
    kind_of = s.force_kind
    return [
        i for i, g in enumerate(s.force_in_land) if g >= 0 and g != seat and kind_of[g] == FACTION
    ]


def _roman_fortify(s: HotrePosition, kind: str) -> list[int]:
    if s.faction_dead[s.active_seat]:
        return []
    # a free upgrade needs a Fort (level 1) there, so only those lands are asked
    upgrades = (i for i in held_by(s.fort_level, 1) if build.free_upgrade(s, i))
    return sorted({*build.fort_sites(s), *upgrades})


def _engineering(s: HotrePosition, kind: str) -> list[int]:
    seat = s.active_seat
    if s.faction_dead[seat]:
        return []
    city_state = s.city_state
    return [
        i
        for i in held_by(s.force_in_land, seat)
        if (RESOURCE[i] and not city_state[i]) or build.free_upgrade(s, i)
    ]


_TARGETS: Final[dict[str, Callable[[HotrePosition, str], list[int]]]] = {
    **dict.fromkeys(LASTING, _lasting),
    "minor_people": _no_target,
    "kingdom": _no_target,
    "elite_troops": _elite_troops,
    "epidemy": _armied_lands,
    "pestilence": _pestilence,
    "wrath_of_god": _wrath_of_god,
    "disaster": _disaster,
    "plague": _armied_lands,
    "people_revive": _people_revive,
    "treachery": _strike,
    "revolt": _strike,
    "rebellion": _rebellion,
    "roman_fortify": _roman_fortify,
    "engineering": _engineering,
}
"""Per card kind: where a card of that kind may be played now (HRE-8.5)."""


def strike_targets(s: HotrePosition, revolt: bool) -> list[int]:
    """Lands a Revolt (HRE-8.5.6) or Treachery (HRE-8.5.17) may strike."""
    seat = s.active_seat
    f = s.acting_force
    force_at, owner_of = s.force_in_land, s.force_owner
    near = 0  # lands next to the seat's (Revolt) or the acting force's (Treachery)
    if revolt:
        for i, g in enumerate(force_at):
            if g >= 0 and owner_of[g] == seat:
                near |= ADJ_MASK[i]
    else:
        for i, g in enumerate(force_at):
            if g == f:
                near |= ADJ_MASK[i]
    armies_at, fort_level = s.armies_in_land, s.fort_level
    out = []
    for t in spread(near, LAND_TABLE):
        g = force_at[t]
        if g < 0 or owner_of[g] == seat:
            continue
        if revolt:
            if owner_of[g] < 0:
                continue
        elif armies_at[t] != 1 or fort_level[t] == 2:
            continue
        out.append(t)
    return out
