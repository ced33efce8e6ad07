"""Event cards (HRE-8): which may be played, where, and what each does."""

from __future__ import annotations

from alea.core.game import CHANCE
from alea.games.hotre import build, combat, forces, movement
from alea.games.hotre.actions import PlayCard
from alea.games.hotre.cards import DECK
from alea.games.hotre.charts import CHARTS
from alea.games.hotre.constants import (
    ADJ,
    AREA_LANDS,
    CONSTANTINOPLE,
    DECLARE,
    EPIDEMY,
    EXPAND,
    KINGDOM,
    LASTING,
    LOOTCHOICE,
    MINOR,
    REBELRETREAT,
    REBELROUND,
    RESOURCE,
    ROME,
)
from alea.games.hotre.position import HotrePosition, replaced


def play(s: HotrePosition, a: PlayCard) -> None:
    """Play the card of ``a`` and apply its effect (HRE-8.5)."""
    seat = s.active_seat
    c = DECK[a.card - 1]
    s.hands[seat].remove(a.card)
    s.used_cards += (a.card,)
    s.cards_played = replaced(s.cards_played, seat, s.cards_played[seat] + 1)
    kind = c.kind
    t = a.target
    if kind in LASTING:
        s.turn_flags |= 1 << LASTING[kind]
        return
    if kind == "elite_troops":  # HRE-8.5.5
        if s.half_turn == 1:
            cap = s.opts.force_army_cap - s.force_armies[s.turn_force]
            s.armies_to_place = max(0, min(s.armies_to_place + c.armies, cap))
        else:
            build.take_legions(s, seat, c.legions)
        if s.stage == EXPAND:
            movement.expand_next(s)
        return
    if kind in ("minor_people", "kingdom"):  # HRE-8.3
        k = KINGDOM if kind == "kingdom" else MINOR
        f = forces.new_force(s, k, seat, (c.id << 8) | c.loot_bonus)
        s.sub_force_acting = 1
        s.acting_force = f
        s.armies_placed = 0
        s.armies_to_place = min(c.armies, s.opts.force_army_cap)
        s.stage = EXPAND
        movement.expand_next(s)
        return
    if kind == "epidemy":  # HRE-8.5.8
        s.pending = [s.stage, 3, t]
        s.stage = EPIDEMY
        s.player = CHANCE
        return
    if kind == "plague":  # HRE-8.5.9
        calamity(s, t, s.armies_in_land[t])
        near = [n for n in ADJ[t] if s.armies_in_land[n]]
        if near:
            s.pending = [s.stage, 1, *near]
            s.stage = EPIDEMY
            s.player = CHANCE
            return
    elif kind == "people_revive":  # HRE-8.5.13
        f = s.nation_force[t]
        s.sub_force_acting = 1
        s.acting_force = f
        s.armies_placed = 0
        strength = CHARTS.peoples[s.force_origin[f] >> 8].strength
        cap = s.opts.force_army_cap - s.force_armies[f]
        s.armies_to_place = max(0, min((strength + 1) // 2, cap))
        s.stage = EXPAND
        movement.expand_next(s)
        return
    elif kind == "treachery":  # HRE-8.5.17
        g = s.force_in_land[t]
        forces.remove(s, t, 1)
        f = s.acting_force
        s.force_in_land[t] = f
        s.armies_in_land[t] = 1
        s.force_armies[f] += 1
        s.armies_to_place -= 1
        s.armies_placed += 1
        combat.conquered(s, t, g, s.fort_owner[t] if s.fort_level[t] else -1, auto=False)
        return
    elif kind == "revolt":  # HRE-8.5.6: up to the card's armies (two) from those to place
        s.rebels_to_fight = min(c.armies, s.armies_to_place) - 1
        s.armies_to_place -= 1
        s.armies_placed += 1
        s.battle_land = t
        s.battle_round = 0
        s.battle_defender = s.force_in_land[t]
        s.battle_difficult = s.battle_by_sea = 0
        s.battle_by_card = 1
        combat.next_round(s)
        return
    elif kind == "rebellion":  # HRE-8.5.15
        rebellion(s, t, c.armies)
        return
    if kind == "pestilence":  # HRE-8.5.10
        for i in AREA_LANDS[t]:
            if s.armies_in_land[i]:
                calamity(s, i, 1)
    elif kind == "wrath_of_god":  # HRE-8.5.11
        if s.armies_in_land[t]:
            forces.remove(s, t, s.armies_in_land[t])
        s.fort_level[t] = 0
        s.fort_owner[t] = -1
        if s.city_state[t]:
            s.city_state[t] = 2
    elif kind == "disaster":  # HRE-8.5.12
        s.city_state[t] = 2
        if s.armies_in_land[t]:
            calamity(s, t, 1)
    elif kind == "roman_fortify":  # HRE-8.5.14
        if s.fort_level[t]:
            s.fort_level[t] = 2
        else:
            s.fort_level[t] = 1
            s.fort_owner[t] = seat
    elif kind == "engineering":  # HRE-8.5.16
        if RESOURCE[t] and not s.city_state[t]:
            s.city_state[t] = 1
        else:
            s.fort_level[t] = 2
    after_card(s)


def after_card(s: HotrePosition) -> None:
    """Go back to the declaration or the expansion the card was played in."""
    if s.stage == DECLARE:
        s.player = s.active_seat
        return
    movement.resume(s)


def epidemy(s: HotrePosition, killed: int) -> None:
    """Remove the ``killed`` armies the dice chose in the next land of an Epidemy or Plague."""
    land = s.pending.pop(2)
    if killed:
        calamity(s, land, min(killed, s.armies_in_land[land]))  # HRE-8.4: the City stays
    if len(s.pending) > 2:
        return
    s.stage = s.pending[0]
    s.pending = []
    after_card(s)


def calamity(s: HotrePosition, land: int, k: int) -> None:
    """Remove ``k`` armies by Epidemy, Plague, Pestilence or Disaster (HRE-8.4)."""
    forces.remove(s, land, k)
    if not s.armies_in_land[land]:
        s.emptied_by_calamity = replaced(s.emptied_by_calamity, land, 1)


def rebellion(s: HotrePosition, land: int, most: int) -> None:
    """HRE-8.5.15: up to ``most`` (the card's two) Legions turn Rebel and fight the rest."""
    g = s.force_in_land[land]
    k = min(most, s.armies_in_land[land])
    forces.remove(s, land, k, eliminated=False)  # their counters go back unused (HRE-5.1)
    s.resume_stage = s.stage
    if s.armies_in_land[land]:
        s.rebels_to_fight = k
        s.pending = [land, g]
        s.stage = REBELROUND
        s.player = CHANCE
        return
    rebels_hold(s, land, k, g)


def rebel_params(s: HotrePosition) -> tuple[int, int, bool, int, int, bool]:
    """Dice of the Rebels and of the Legions they fight in a Rebellion round (HRE-8.5.15)."""
    land = s.pending[0]
    f = s.fort_level[land]
    return 2, 0, False, 1, 1 if f else 0, f == 2


def rebel_round(s: HotrePosition, rebels_win: bool) -> None:
    """Apply a Rebellion round; the defenders may retreat from the second round on."""
    land, g = s.pending
    if rebels_win:
        forces.remove(s, land, 1)
        if s.armies_in_land[land] == 0:
            rebels_hold(s, land, s.rebels_to_fight, g)
            return
    else:
        s.rebels_to_fight -= 1
        if s.rebels_to_fight == 0:
            s.pending = []
            movement.resume(s)
            return
    if forces.retreats(s, land, g):
        s.stage = REBELRETREAT  # HRE-9.3, HRE-9.4: from the second round on
        s.player = g


def rebels_hold(s: HotrePosition, land: int, k: int, g: int) -> None:
    """The Rebels hold ``land`` with ``k`` armies and may loot it (HRE-8.5.15)."""
    rebels = s.seat_count
    s.force_in_land[land] = rebels
    s.armies_in_land[land] = k
    s.force_armies[rebels] += k
    if s.fort_level[land]:
        s.fort_owner[land] = rebels
    lootable = s.half_turn == 1 and s.city_state[land] == 1
    dice = (
        2
        if land == ROME or (land == CONSTANTINOPLE and s.period >= s.opts.constantinople_from)
        else 1
    )
    s.pending = [land, int(lootable), dice, 0]
    s.rebels_to_fight = 0
    if lootable:
        s.stage = LOOTCHOICE
        s.player = s.active_seat
        return
    s.pending = []
    movement.resume(s)


def rebel_retreat(s: HotrePosition, to: int) -> None:
    """One Legion the Rebels fight retreats to ``to`` (HRE-9.3, HRE-9.4)."""
    land, g = s.pending
    if forces.retreat_one(s, land, to, g):
        rebels_hold(s, land, s.rebels_to_fight, g)


def rebels_fight_on(s: HotrePosition) -> None:
    """The Legions the Rebels fight stand: the next round is rolled (HRE-8.5.15)."""
    s.stage = REBELROUND
    s.player = CHANCE
