"""Battles (HRE-12), retreats in battle (HRE-9.4) and bribes of barbarians (HRE-15.4).

The dice and modifiers of a round, conquest, captured Forts and loot. When a battle is over,
play goes back to the expansion through the position's ``_resume``.
"""

from __future__ import annotations

from typing import Final

from alea.core.game import CHANCE
from alea.games.hotre import counters, forces
from alea.games.hotre.charts import BonusKind
from alea.games.hotre.constants import (
    ADJ,
    ANSWER,
    AREA_OF,
    BRIBES,
    CONSTANTINOPLE,
    DIFFICULT,
    DIFFICULT_OPTIONAL,
    F_EMP3,
    FACTION,
    FORTCHOICE,
    KINGDOM,
    LASTING,
    LOOT,
    LOOTCHOICE,
    LOOTROLL,
    MINOR,
    PEOPLE,
    RETREAT,
    ROME,
    ROUND,
)
from alea.games.hotre.position import HotrePosition

_LEADER: Final = 1 << LASTING["leader"] | 1 << F_EMP3
"""Bits of ``turn_flags`` that give the attacker a third die (HRE-3.5, HRE-8.5.2)."""
_GODS: Final = LASTING["gods_favor"]
_WINS_TIES: Final = 1 << LASTING["fury"] | 1 << LASTING["gods_favor"]
"""Bits of ``turn_flags`` that let the attacker win ties (HRE-8.5.3, HRE-15.3)."""
_SURPRISE: Final = 1 << LASTING["surprise_attack"]
_SIEGE: Final = 1 << LASTING["siegecraft"]


def round_params(s: HotrePosition) -> tuple[int, int, bool, int, int, bool]:
    """Dice, modifier and tie rule of attacker and defender in the round to come (HRE-12.0.2)."""
    f = s.acting_force
    fl = s.turn_flags
    main = f == s.turn_force and not s.sub_force_acting and not s.battle_by_card
    ad, am, at = 2, 0, False
    surprise = siege = False
    if main:
        if fl & _LEADER:
            ad = 3
        am = (fl & 1) + (fl >> _GODS & 1)
        at = bool(fl & _WINS_TIES)
        if s.half_turn == 2 and s.emperor_counter[s.active_seat]:
            am += counters.emperor_bonus(s, s.active_seat, BonusKind.ATTACK)
            at = at or bool(counters.emperor_bonus(s, s.active_seat, BonusKind.TIE))
        surprise = bool(fl & _SURPRISE)
        siege = bool(fl & _SIEGE)
    land = s.battle_land
    dd = (
        2
        if (s.battle_difficult or s.battle_by_sea) and not surprise and not s.battle_by_card
        else 1
    )
    dm = 0
    dt = False
    level = s.fort_level[land]
    if level and not siege:
        dm += 1
        dt = level == 2
    if s.battle_by_sea and not surprise and s.force_kind[s.battle_defender] in (PEOPLE, MINOR):
        dm += 1
    return ad, am, at, dd, dm, dt


def entry(s: HotrePosition, land: int) -> tuple[int, int]:
    """(difficult, by sea) of the best way in for the acting force (HRE-12.4)."""
    f = s.acting_force
    diff = 2
    hard = (DIFFICULT_OPTIONAL if s.opts.optional_terrain else DIFFICULT)[land]
    for n in ADJ[land]:
        if s.force_in_land[n] == f:
            if n not in hard:
                return 0, 0
            diff = 1
    if diff == 1:
        return 1, 0
    return 0, 1


def bribed(s: HotrePosition) -> None:
    """HRE-15.4: the bribe is paid, the army waits, and the People spares that Faction."""
    amount = s.pending[0]
    g = s.battle_defender
    s.pending = []
    s.faction_points[g] -= amount
    s.people_points[s.active_seat] += amount
    area = AREA_OF[s.battle_land] if s.battle_land >= 0 else -1
    s.log_points(g, True, [(BRIBES, area, -amount)])
    s.log_points(s.active_seat, False, [(BRIBES, area, amount)])
    s.armies_to_place += 1
    s.armies_placed -= 1
    s.truces += (s.acting_force * 8 + g,)
    s.battle_land = -1
    s._resume()


def next_round(s: HotrePosition) -> None:
    """Offer the defending Faction its retreat (HRE-9.4), else roll the next round."""
    g = s.battle_defender
    land = s.battle_land
    if s.battle_round >= 1 and s.force_kind[g] == FACTION and forces.retreats(s, land, g):
        s.stage = RETREAT  # HRE-9.4
        s.player = g
        return
    s.stage = ROUND
    s.player = CHANCE


def retreat_legion(s: HotrePosition, to: int) -> None:
    """Move one defending Legion out of the battle to ``to`` (HRE-9.4)."""
    land = s.battle_land
    g = s.battle_defender
    if forces.retreat_one(s, land, to, g):
        win_battle(s, land, g)
        return
    next_round(s)


def resolve_round(s: HotrePosition, attacker_wins: bool, died: bool) -> None:
    """Apply a round's result: a defender or attacker falls (HRE-12.0.1)."""
    if died:
        s.turn_flags &= ~(1 << F_EMP3) & ~(1 << LASTING["leader"])  # HRE-3.5, HRE-8.5.2
    s.battle_round += 1
    land = s.battle_land
    g = s.battle_defender
    f = s.acting_force
    if attacker_wins:
        forces.remove(s, land, 1)
        if s.armies_in_land[land] == 0:
            win_battle(s, land, g)
            return
        next_round(s)
        return
    if s.force_kind[f] == FACTION:
        s.eliminated_legions[f] += 1  # the attacking Legion falls
    if s.battle_by_card and s.rebels_to_fight > 0 and s.armies_to_place > 0:
        s.rebels_to_fight -= 1  # HRE-8.5.6: the second committed army goes in
        s.armies_to_place -= 1
        s.armies_placed += 1
        next_round(s)
        return
    s.battle_by_card = 0
    s.rebels_to_fight = 0
    s._resume()


def win_battle(s: HotrePosition, land: int, g: int) -> None:
    """The attacker enters the land it emptied (HRE-12.7)."""
    f = s.acting_force
    s.battle_by_card = 0
    s.rebels_to_fight = 0
    s.force_in_land[land] = f
    s.armies_in_land[land] = 1
    s.force_armies[f] += 1
    s.battle_land = -1
    fort_owner = s.fort_owner[land] if s.fort_level[land] else -1
    conquered(s, land, g, fort_owner, auto=False)


def conquered(s: HotrePosition, land: int, prev: int, fort_owner: int, auto: bool) -> None:
    """HRE-12.7: the Fort, then the loot of a conquered land."""
    f = s.acting_force
    prev_kind = s.force_kind[prev] if prev >= 0 else FACTION
    lootable = (
        not auto
        and s.city_state[land] == 1
        and (s.force_kind[f] != FACTION or prev_kind in (PEOPLE, MINOR, KINGDOM))
        and (prev >= 0 or s.force_kind[f] != FACTION)
    )
    dice = 1
    if s.force_kind[f] != FACTION and (
        land == ROME or (land == CONSTANTINOPLE and s.period >= s.opts.constantinople_from)
    ):
        dice = 2
    bonus = 0
    if s.force_kind[f] == KINGDOM:
        bonus = s.force_origin[f] & 0xFF
    elif prev >= 0 and prev_kind == KINGDOM:
        bonus = s.force_origin[prev] & 0xFF
    s.pending = [land, int(lootable), dice, bonus]
    if fort_owner >= 0 and fort_owner != f:
        if s.force_kind[f] == FACTION:
            s.stage = FORTCHOICE  # HRE-12.2
            s.player = s.active_seat
            return
        s.fort_level[land] = 0
        s.fort_owner[land] = -1
    after_fort(s)


def after_fort(s: HotrePosition) -> None:
    """Offer the loot of the conquered land (HRE-12.8), or go back to the expansion."""
    if s.pending and s.pending[1]:
        s.stage = LOOTCHOICE  # HRE-12.8
        s.player = s.active_seat
        return
    s.pending = []
    s._resume()


def loot_scored(s: HotrePosition, value: int) -> None:
    """Score the loot roll ``value`` and leave the City looted (HRE-12.8)."""
    land, _, _, bonus = s.pending
    seat = s.active_seat
    faction = s.force_kind[s.acting_force] == FACTION
    if faction:
        s.faction_points[seat] += value + bonus
    else:
        s.people_points[seat] += value + bonus
    s.log_points(seat, faction, [(LOOT, AREA_OF[land], value + bonus)])
    s.city_state[land] = 2
    s.pending = []
    s._resume()


def stand(s: HotrePosition) -> None:
    """The defending Faction stands: the next round is rolled (HRE-9.4)."""
    s.player = CHANCE
    s.stage = ROUND


def choose_fort(s: HotrePosition, take: bool) -> None:
    """The conquering Faction takes the Fort it found (``take``) or destroys it (HRE-12.2)."""
    land = s.pending[0]
    if take:
        s.fort_owner[land] = s.acting_force
    else:
        s.fort_level[land] = 0
        s.fort_owner[land] = -1
    after_fort(s)


def choose_loot(s: HotrePosition, loot: bool) -> None:
    """The conqueror loots the City (the dice come next) or spares it (HRE-12.8)."""
    if loot:
        s.stage = LOOTROLL
        s.player = CHANCE
    else:
        s.pending = []
        s._resume()


def offer_bribe(s: HotrePosition, amount: int) -> None:
    """The attacked Faction offers ``amount`` RVP to the People, or nothing (HRE-15.4)."""
    if amount:
        s.pending = [amount]
        s.stage = ANSWER
        s.player = s.active_seat
    else:
        s.stage = ROUND
        s.player = CHANCE


def answer_bribe(s: HotrePosition, accept: bool) -> None:
    """The People's master takes the bribe offered, or refuses it and fights (HRE-15.4)."""
    if accept:
        bribed(s)
    else:
        s.pending = []
        s.stage = ROUND
        s.player = CHANCE
