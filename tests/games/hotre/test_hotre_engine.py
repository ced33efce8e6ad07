"""The HOTRE rules engine: setup, counters, People and Faction turns, combat, scoring, events."""

from __future__ import annotations

import itertools
import random

import pytest
from hotre_builders import (
    attacked,
    attacking,
    building,
    dealt,
    end_declaration,
    expanding,
    faction_turn,
    fresh,
    fresh_with,
    give,
    holds,
    land,
    lay,
    marching,
    people_turn,
    place,
    play,
    play_random,
    play_while,
    played,
    put,
)

from alea.core.errors import IllegalActionError, RecordError
from alea.games.hotre import cities, combat, events, forces, scoring, turns
from alea.games.hotre import constants as stage
from alea.games.hotre.actions import (
    Decide,
    Dice,
    DrawCounter,
    HandTo,
    Offer,
    Pick,
    PlayCard,
    Round,
    action_from_json,
)
from alea.games.hotre.board import BOARD
from alea.games.hotre.cards import DECK
from alea.games.hotre.dice import round_outcomes
from alea.games.hotre.game import HotreGame
from alea.games.hotre.state import HotreState
from sampled_positions import steps

# -- options and game ---------------------------------------------------------------------------


@pytest.mark.rule("HRE-1.7")
def test_players_two_to_four_default_four() -> None:
    assert HotreGame().num_players == 4
    assert HotreGame().options["players"] == 4
    for bad in (1, 5):
        with pytest.raises(ValueError, match=r"HRE-1\.7"):
            HotreGame(players=bad)
    with pytest.raises(ValueError, match="no option"):
        HotreGame(nonsense=1)


# -- setup ---------------------------------------------------------------------------------------


@pytest.mark.rule("HRE-2.4")
def test_deal_gives_one_card_of_each_set() -> None:
    s, _ = dealt(seed=1, chances=36)
    for hand in s.hands:
        assert sorted(DECK[c - 1].set for c in hand) == list(range(1, 10))
    assert len(s.card_box) == 54 - 36
    obs = s.observation(1)
    assert obs["hands"][1] == sorted(s.hands[1])
    assert obs["hands"][0] == list(range(1, 10))  # only the sets of another seat's hand


@pytest.mark.rule("HRE-3.1")
def test_first_order_is_uniform_chance() -> None:
    s, _ = dealt(seed=2, chances=36)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 24
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9


@pytest.mark.rule("HRE-3.2")
def test_counter_handout_every_seat_one_and_must_pass_on() -> None:
    s, rng = dealt(seed=3, chances=37)
    assert s.stage == stage.DRAW
    s.apply_action(DrawCounter(False, 3))
    first = s.draw_order[0]
    assert s.current_player() == first
    legal = s.legal_actions()
    assert HandTo(first, first) in legal
    assert len(legal) == 4
    other = s.draw_order[1]
    s.apply_action(HandTo(first, other))
    # the next drawer already holds a counter: he must hand it on
    s.apply_action(s.sample_chance(rng))
    legal = s.legal_actions()
    assert HandTo(other, other) not in legal
    assert all(isinstance(a, HandTo) and a.to != other for a in legal)
    assert HandTo(other, first) in legal
    while s.stage in (stage.DRAW, stage.HAND):
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        else:
            s.apply_action(s.legal_actions()[0])
    assert all(c for c in s.people_counter)
    assert len(set(s.people_counter)) == 4
    assert all(c for c in s.emperor_counter)
    assert len(set(s.emperor_counter)) == 4


@pytest.mark.rule("HRE-3.6")
def test_handed_counter_is_hidden_from_others() -> None:
    s, _ = dealt(seed=4, chances=37)
    s.apply_action(DrawCounter(False, 2))
    drawer = s.draw_order[0]
    outsider = s.draw_order[2]
    assert s.observation(drawer)["drawn"] == 2
    assert s.observation(outsider)["drawn"] is None
    receiver = s.draw_order[1]
    s.apply_action(HandTo(drawer, receiver))
    assert s.observation(drawer)["people_counters"][receiver] == 2
    assert s.observation(outsider)["people_counters"][receiver] is None
    assert s.observation(receiver)["people_counters"][receiver] is None  # HRE-3.6
    d = s.determinize(outsider, random.Random(0))
    assert d.people_counter[receiver] in (1, 2, 3, 4, 5)


@pytest.mark.rule("HRE-3.8")
def test_people_turn_comes_first_lowest_counter() -> None:
    s = fresh()
    play_while(s, random.Random(5), lambda s: s.stage in (0, 1, 2, 3))
    assert s.half_turn == 1
    lowest = min(s.people_counter)
    assert s.people_counter[s.active_seat] == lowest


@pytest.mark.rule("HRE-3.7")
def test_three_players_leave_counters_undrawn() -> None:
    s = fresh(3)
    play_while(s, random.Random(6), lambda s: s.half_turn == 0)
    assert s.half_turn != 0
    assert sum(1 for c in s.people_counter if c) == 3
    assert sum(1 for c in s.emperor_counter if c) == 3


# -- People turn ----------------------------------------------------------------------------------


@pytest.mark.rule("HRE-4.1")
def test_people_builds_its_strength() -> None:
    s = expanding(number=1)  # Galli, Strength 6
    assert s.armies_to_place == 6
    assert s.stage == stage.EXPAND


@pytest.mark.rule("HRE-4.7")
def test_people_builds_only_up_to_strength() -> None:
    s = expanding(pieces="Lugdunensis: tx3; Belgica: tx2")
    assert s.armies_to_place == 1


@pytest.mark.rule("HRE-4.4")
def test_new_people_enters_through_start_land() -> None:
    s = expanding()
    places = [a for a in s.legal_actions() if isinstance(a, Pick)]
    assert places == [Pick(0, "place", land("Lugdunensis"))]


@pytest.mark.rule("HRE-9.1")
def test_start_land_occupants_retreat_or_fall() -> None:
    s = expanding(pieces="Lugdunensis: 1x2; Belgica: 1x1")  # seat 1's Legions
    place(s, "Lugdunensis")
    assert s.current_player() == 1
    legal = s.legal_actions()
    assert Pick(1, "retreat", land("Belgica")) in legal
    assert Decide(1, "eliminate") in legal
    s.apply_action(Pick(1, "retreat", land("Belgica")))
    s.apply_action(Decide(1, "eliminate"))
    assert s.armies_in_land[land("Belgica")] == 2
    assert s.eliminated_legions[1] == 1
    assert s.force_in_land[land("Lugdunensis")] == s.turn_force


@pytest.mark.rule("HRE-4.8")
def test_people_expand_next_to_held_lands_not_over_sea() -> None:
    s = expanding()
    place(s, "Lugdunensis")
    targets = {a.land for a in s.legal_actions() if isinstance(a, Pick)}
    start = land("Lugdunensis")
    assert targets == {start, *BOARD.adjacent(start)}


@pytest.mark.rule("HRE-10.1")
def test_three_armies_per_land() -> None:
    s = expanding()
    for _ in range(3):
        place(s, "Lugdunensis")
    assert Pick(0, "place", land("Lugdunensis")) not in s.legal_actions()
    with pytest.raises(IllegalActionError) as exc:
        place(s, "Lugdunensis")
    assert exc.value.rule == "HRE-4.8"


@pytest.mark.rule("HRE-11.1")
def test_people_may_take_armies_up() -> None:
    s = expanding(pieces="Lugdunensis: tx3; Belgica: tx3")
    assert s.armies_to_place == 0
    s.apply_action(Pick(0, "take_up", land("Belgica")))
    assert s.armies_to_place == 1
    assert s.armies_in_land[land("Belgica")] == 2


@pytest.mark.rule("HRE-4.6")
def test_people_drawn_again_passes_to_new_master() -> None:
    s = people_turn(seat=0, number=1, period=3)  # Alamanni in period 3
    f = s.turn_force
    put(s, "Germania Superior", f, 2)
    s._end_half()
    s.period = 4
    turns.begin_people(s, 2, 5)  # Alamanni again in period 4
    assert s.turn_force == f
    assert s.force_owner[f] == 2


# -- combat ---------------------------------------------------------------------------------------


def _brute(ad: int, am: int, at: bool, dd: int, dm: int, dt: bool) -> float:
    win = tie = 0.0
    for a in itertools.product(range(1, 7), repeat=ad):
        for d in itertools.product(range(1, 7), repeat=dd):
            p = 1 / 6 ** (ad + dd)
            x, y = max(a) + am, max(d) + dm
            if x > y or (x == y and at and not dt):
                win += p
            elif x == y and at == dt:
                tie += p
    return win / (1 - tie)


@pytest.mark.rule("HRE-12.0.1")
def test_round_odds_are_exact() -> None:
    for params in (
        (2, 0, False, 1, 0, False),
        (2, 1, False, 2, 1, False),
        (2, 0, True, 1, 1, True),
    ):
        out = dict(round_outcomes(*params))
        assert abs(sum(out.values()) - 1) < 1e-12
        assert abs(out[Round(True, False)] - _brute(*params)) < 1e-12


@pytest.mark.rule("HRE-3.5")
def test_three_dice_and_triples_kill() -> None:
    out = dict(round_outcomes(3, 0, False, 1, 0, False))
    died = out[Round(True, True)] + out[Round(False, True)]
    assert 1 / 36 < died < 1 / 30  # triples on the decisive roll or on a tied roll before it
    s = faction_turn(seat=0, emperor=3)  # Caesar +3D6
    assert combat.round_params(s)[0] == 3
    s.battle_land = land("Italia")
    s.battle_defender = 1
    lay(s, "Italia: 1x2")
    combat.resolve_round(s, True, True)
    assert combat.round_params(s)[0] == 2


@pytest.mark.rule("HRE-12.0.2")
def test_emperor_attack_and_tie_bonuses() -> None:
    s = faction_turn(seat=0, emperor=2)  # Pompeius +TIE
    s.battle_land = land("Italia")
    assert combat.round_params(s)[2] is True
    s.turn_flags |= 1  # Weaponry
    assert combat.round_params(s)[1] == 1


@pytest.mark.rule("HRE-12.1")
def test_fort_adds_one() -> None:
    s = faction_turn(seat=0, emperor=5)
    s.battle_land = land("Italia")
    lay(s, "Italia: fort")
    s.battle_defender = 5
    assert combat.round_params(s)[4:] == (1, False)


@pytest.mark.rule("HRE-12.3")
def test_fortress_wins_ties_unless_attacker_does() -> None:
    s = faction_turn(seat=0, emperor=2)
    s.battle_land = land("Italia")
    lay(s, "Italia: fortress")
    _ad, _am, at, _dd, dm, dt = combat.round_params(s)
    assert (dm, dt, at) == (1, True, True)
    # both win ties: ties are rolled again, so the odds equal a no-tie-win contest
    a = dict(round_outcomes(2, 0, True, 1, 1, True))[Round(True, False)]
    b = dict(round_outcomes(2, 0, False, 1, 1, False))[Round(True, False)]
    assert abs(a - b) < 1e-12


@pytest.mark.rule("HRE-12.4")
def test_difficult_terrain_gives_two_dice() -> None:
    s = expanding(number=2, pieces="Germania Magna: tx1; Germania Superior: 1x1")  # Germani
    for a in list(s.legal_actions()):
        if isinstance(a, Decide) and a.verb == "done_takeup":
            s.apply_action(a)
    place(s, "Germania Superior")
    assert s.stage == stage.ROUND
    assert combat.round_params(s)[3] == 2


@pytest.mark.rule("HRE-12.5")
def test_strait_counts_as_border_and_difficult() -> None:
    s = faction_turn(seat=0, emperor=5)
    put(s, "Italia", 0, 1)
    s.battle_land = -1
    s.acting_force = 0
    assert combat.entry(s, land("Sicilia")) == (1, 0)


@pytest.mark.rule("HRE-12.0")
def test_battle_to_the_end_then_conquest_and_loot_choice() -> None:
    s = attacked("Belgica: 1x2 city")
    assert s.stage == stage.ROUND
    assert s.is_chance_node()
    s.apply_action(Round(True, False))
    assert s.stage == stage.ROUND  # the attacker fights on
    s.apply_action(Round(True, False))
    assert s.force_in_land[land("Belgica")] == s.turn_force
    assert s.stage == stage.LOOTCHOICE


@pytest.mark.rule("HRE-12.8")
def test_loot_scores_dice_of_people_points() -> None:
    s = attacked("Belgica: 1x1 city")
    s.apply_action(Round(True, False))
    s.apply_action(Decide(0, "loot"))
    assert s.stage == stage.LOOTROLL
    assert len(s.chance_outcomes()) == 6
    s.apply_action(Dice(5))
    assert s.people_points[0] == 5
    assert s.city_state[land("Belgica")] == 2


@pytest.mark.rule("HRE-12.7")
def test_entering_empty_land_is_no_conquest() -> None:
    s = attacked("Belgica: city")
    assert s.stage == stage.EXPAND
    assert s.city_state[land("Belgica")] == 1


@pytest.mark.rule("HRE-12.6")
def test_automatic_victory_over_own_force() -> None:
    s = attacked("Belgica: 0x2 city")  # seat 0's own Faction
    assert s.stage == stage.EXPAND  # no dice, no loot
    assert s.force_in_land[land("Belgica")] == s.turn_force
    assert s.city_state[land("Belgica")] == 1
    assert s.eliminated_legions[0] == 2


@pytest.mark.rule("HRE-12.2")
def test_legion_takes_or_destroys_a_lone_fort() -> None:
    s = marching(pieces="Italia: 0x3; Gallia Cisalpina: fort@1")
    place(s, "Gallia Cisalpina")
    assert s.stage == stage.FORTCHOICE
    s.apply_action(Decide(0, "take_fort"))
    assert s.fort_owner[land("Gallia Cisalpina")] == 0


@pytest.mark.rule("HRE-9.4")
def test_defending_faction_may_retreat_from_second_round() -> None:
    s = attacked("Belgica: 1x3; Germania Inferior: 1x1")
    assert s.stage == stage.ROUND
    s.apply_action(Round(True, False))
    assert s.stage == stage.RETREAT
    assert s.current_player() == 1
    s.apply_action(Pick(1, "retreat", land("Germania Inferior")))
    s.apply_action(Decide(1, "stand"))
    assert s.stage == stage.ROUND
    assert s.armies_in_land[land("Belgica")] == 1


# -- Faction turn ---------------------------------------------------------------------------------


@pytest.mark.rule("HRE-5.5")
def test_faction_starts_in_a_free_start_land_with_a_city() -> None:
    s = faction_turn(seat=0, emperor=1)  # Crassus +2 LEGION
    end_declaration(s)
    assert s.armies_to_place == 9
    assert s.free_forts_left == 3
    starts = {a.land for a in s.legal_actions() if isinstance(a, Pick)}
    assert starts == {land(n) for n in ("Aquitania", "Italia", "Macedonia", "Syria")}
    s.apply_action(Pick(0, "start", land("Italia")))
    assert s.city_state[land("Italia")] == 1
    assert s.start_land[0] == land("Italia")
    assert Pick(0, "free_fort", land("Italia")) in s.legal_actions()


def _ruled(*values: object, rule: str) -> pytest.ParameterSet:
    return pytest.param(*values, marks=pytest.mark.rule(rule), id=rule)


# Legions to place as a Faction turn begins: players, Emperor, period, Legions standing, count.
LEGION_ALLOTMENTS = [
    _ruled(3, 5, 1, "", 9, rule="HRE-15.2"),  # three players start with nine
    _ruled(4, 1, 2, "Italia: 0x1", 1, rule="HRE-5.0"),  # Vespasianus +1 LEGION each turn
    _ruled(4, 1, 1, "Italia: 0x3", 7, rule="HRE-4.2"),  # Crassus: 7 + 2 wanted, 10 counters
    # +1 LEGION fits the tenth counter
    _ruled(4, 1, 2, "Italia: 0x3; Sicilia: 0x3; Gallia Cisalpina: 0x3", 1, rule="HRE-1.3"),
]


@pytest.mark.parametrize(("players", "emperor", "period", "pieces", "count"), LEGION_ALLOTMENTS)
def test_legions_to_place_at_the_start_of_a_faction_turn(
    players: int, emperor: int, period: int, pieces: str, count: int
) -> None:
    s = faction_turn(seat=0, emperor=emperor, period=period, players=players)
    lay(s, pieces)
    end_declaration(s)
    assert s.armies_to_place == count


# A Faction's build step under Emperor 5 (no bonus) in period 2: the lands and RVP before, the
# purchase, the land it is made in as it stands after, and the RVP left (HRE-2.2: spent down to
# nothing, never below). Force 4 is the Rebels of a four-player game.
BUILDS = [
    _ruled("Italia: 0x1", 1, "fort", "Italia: 0x1 fort@0", 0, rule="HRE-2.2"),
    _ruled("Sicilia: 0x1 looted", 1, "rebuild", "Sicilia: 0x1 city", 0, rule="HRE-5.4"),
    _ruled("Italia: 0x1; Sicilia: 4x2", 4, "bribe", "Sicilia: 0x2", 0, rule="HRE-5.2"),
]


@pytest.mark.parametrize(("pieces", "rvp", "verb", "after", "left"), BUILDS)
def test_a_build_is_paid_in_rvp(pieces: str, rvp: int, verb: str, after: str, left: int) -> None:
    s = building(pieces=pieces, rvp=rvp)
    s.apply_action(Pick(0, verb, land(after.split(":")[0])))
    holds(s, after)
    assert s.faction_points[0] == left
    assert all(not (isinstance(a, Pick) and a.verb == verb) for a in s.legal_actions())


@pytest.mark.rule("HRE-5.3")
def test_fort_then_fortress_only_next_build_and_with_city() -> None:
    s = building(emperor=3, pieces="Italia: 0x1 city", rvp=5)
    s.apply_action(Pick(0, "fort", land("Italia")))
    assert Pick(0, "fortress", land("Italia")) not in s.legal_actions()


@pytest.mark.rule("HRE-5.1")
def test_recruit_costs_rvp() -> None:
    s = faction_turn(seat=0, emperor=3, period=4)
    lay(s, "Italia: 0x1")
    s.eliminated_legions[0] = 2
    s.faction_points[0] = 4
    end_declaration(s)
    s.apply_action(Decide(0, "recruit"))
    assert s.faction_points[0] == 1
    assert s.eliminated_legions[0] == 1
    assert s.armies_to_place == 1
    assert Decide(0, "recruit") not in s.legal_actions()


@pytest.mark.rule("HRE-5.7")
def test_faction_with_nothing_is_dead() -> None:
    s = faction_turn(seat=0, emperor=3, period=2)
    end_declaration(s)
    assert s.faction_dead[0] == 1


@pytest.mark.rule("HRE-5.9")
def test_legions_cross_the_sea() -> None:
    s = marching(pieces="Italia: 0x2")
    targets = {a.land for a in s.legal_actions() if isinstance(a, Pick) and a.verb == "place"}
    assert set(BOARD.overseas[land("Italia")]) <= targets


@pytest.mark.rule("HRE-13.1")
def test_a_city_for_two_resources() -> None:
    s = faction_turn(seat=0, emperor=5, period=2)
    s.start_land = (land("Syria"), *s.start_land[1:])
    res = [i for i, x in enumerate(BOARD.lands) if x.resource][:5]
    for i in res:
        put(s, BOARD.lands[i].name, 0, 1)
    cities.begin_founding(s)
    while s.stage == stage.FOUND:
        s.apply_action(s.legal_actions()[0])
    assert sum(1 for i in res if s.city_state[i]) == 2


@pytest.mark.rule("HRE-13.2")
def test_start_area_sites_first() -> None:
    s = faction_turn(seat=0, emperor=5, period=2)
    s.start_land = (land("Italia"), *s.start_land[1:])
    lay(s, "Italia: 0x1 city; Sicilia: 0x1")
    others = [i for i, x in enumerate(BOARD.lands) if x.resource and x.area not in ("italia",)][:3]
    for i in others:
        put(s, BOARD.lands[i].name, 0, 1)
    cities.begin_founding(s)
    assert s.city_state[land("Sicilia")] == 1  # the start Area's free site first


@pytest.mark.rule("HRE-6.0")
def test_people_never_found_cities() -> None:
    s = expanding()
    res = [i for i, x in enumerate(BOARD.lands) if x.resource][:4]
    for i in res:
        put(s, BOARD.lands[i].name, s.turn_force, 1)
    s.apply_action(Decide(0, "end_expansion"))
    assert all(not s.city_state[i] for i in res)


# What a Faction in period 2 is offered once its build step is over: Emperor, RVP, lands held,
# and the one land it may pick, for what.
AFTER_BUILDING = [
    # with no Legion standing, one comes back at the lone fort (Emperor 1: +1 LEGION)
    _ruled(1, 1, "Sicilia: fort@0", "place", "Sicilia", rule="HRE-5.6"),
    # a Legion may be taken up only where another stays behind
    _ruled(5, 0, "Italia: 0x1; Sicilia: 0x2", "take_up", "Sicilia", rule="HRE-11.2"),
]


@pytest.mark.parametrize(("emperor", "rvp", "pieces", "verb", "where"), AFTER_BUILDING)
def test_what_a_faction_may_pick_after_building(
    emperor: int, rvp: int, pieces: str, verb: str, where: str
) -> None:
    s = building(emperor=emperor, pieces=pieces, rvp=rvp)
    s.apply_action(Decide(0, "end_build"))
    picks = [(a.verb, a.land) for a in s.legal_actions() if isinstance(a, Pick)]
    assert picks == [(verb, land(where))]


@pytest.mark.rule("HRE-4.9")
def test_people_score_at_end_of_turn() -> None:
    s = expanding()
    place(s, "Lugdunensis")
    s.apply_action(Decide(0, "end_expansion"))
    assert s.people_points[0] == 2 * BOARD.areas[BOARD.area_of[land("Lugdunensis")]].vp[0]


@pytest.mark.rule("HRE-7.0")
def test_faction_scores_after_founding() -> None:
    s = faction_turn(seat=0, emperor=4)  # Augustus +VP
    end_declaration(s)
    s.apply_action(Pick(0, "start", land("Italia")))
    s.apply_action(Decide(0, "end_expansion"))
    assert s.faction_points[0] == 3 + 2 * 4 + 1


@pytest.mark.rule("HRE-14.3.1")
def test_end_of_game_land_bonus() -> None:
    s = fresh()
    s.period = 7
    lay(s, "Italia: 0x1; Sicilia: 0x1")
    turns.end_period(s)
    assert s.faction_points[0] == 4
    assert s.stage == stage.OVER


# -- scoring --------------------------------------------------------------------------------------


@pytest.mark.rule("HRE-14.4")
def test_area_presence_domination_control() -> None:
    s = faction_turn(seat=0, emperor=5)
    italia = [BOARD.lands[i].name for i in BOARD.area_lands("italia")]
    put(s, italia[0], 0, 1)
    put(s, italia[1], 1, 1)
    put(s, italia[2], 1, 1)
    assert s.score_half(0, True) == 4  # presence
    assert s.score_half(1, True) == 8  # domination: more lands than anyone
    for name in italia:
        put(s, name, 0, 1)
    assert s.score_half(0, True) == 12  # control


@pytest.mark.rule("HRE-14.3")
def test_faction_city_points() -> None:
    s = faction_turn(seat=0, emperor=5)
    lay(s, "Italia: 0x1 city")
    assert s.score_half(0, True) == 3 + 4 * 2  # Rome 3, Italia dominated
    s.city_state[land("Italia")] = 2
    assert s.score_half(0, True) == 8


@pytest.mark.rule("HRE-14.2")
def test_people_city_points_and_combined_holdings() -> None:
    s = people_turn(seat=0, number=1)
    lay(s, "Italia: tx1 city")
    assert s.score_half(0, False) == 2 + 8


@pytest.mark.rule("HRE-14.1")
def test_tie_broken_by_highest_emperor() -> None:
    s = fresh_with(people_points=[5, 5, 1, 0], emperor_counter=[2, 6, 1, 3])
    scoring.finish(s)
    assert s.winners == (1,)
    assert s.returns() == [0.0, 1.0, 0.0, 0.0]


@pytest.mark.rule("HRE-15.1")
def test_two_players_play_two_seats() -> None:
    s = fresh(2)
    assert s.seat_count == 4
    s.people_points = [5, 1, 5, 0]
    scoring.finish(s)
    assert s.scores()[0]["total"] == 10
    assert s.returns() == [1.0, 0.0]


# -- events ---------------------------------------------------------------------------------------


@pytest.mark.rule("HRE-8.1")
def test_identical_lasting_effects_do_not_add_up() -> None:
    s = people_turn(seat=0, number=1)
    a = give(s, "weaponry")
    s.hands[0].append(11)
    s.apply_action(PlayCard(0, a))
    assert all(not isinstance(x, PlayCard) for x in s.legal_actions())


@pytest.mark.rule("HRE-4.0")
def test_two_cards_per_period() -> None:
    s = people_turn(seat=0, number=1)
    for kind in ("weaponry", "fury", "siegecraft"):
        give(s, kind)
    plays = [a for a in s.legal_actions() if isinstance(a, PlayCard)]
    s.apply_action(plays[0])
    s.apply_action(next(a for a in s.legal_actions() if isinstance(a, PlayCard)))
    assert not any(isinstance(a, PlayCard) for a in s.legal_actions())


ITALIA_AREA = BOARD.area_of[land("Italia")]
"""The Area of Italia and Sicilia, a target of Pestilence."""

# A card played on a laid position: whose turn (the Galli's in period 1, or a Faction's under
# Emperor 5 in period 2), the lands before, the card and its target, the lands after.
CARD_EVENTS = [
    _ruled(
        "people",
        "Italia: 1x2; Sicilia: 1x1",
        "pestilence",
        ITALIA_AREA,
        "Italia: 1x1; Sicilia: empty",
        rule="HRE-8.5.10",
    ),
    _ruled(
        "people",
        "Sicilia: 2x1 city",
        "pestilence",
        ITALIA_AREA,
        "Sicilia: empty city",
        rule="HRE-8.4",
    ),  # a calamity leaves the City standing
    _ruled(
        "people",
        "Sicilia: 2x2 city",
        "disaster",
        "Sicilia",
        "Sicilia: 2x1 looted",
        rule="HRE-8.5.12",
    ),
    _ruled(
        "faction", "Italia: 0x1", "roman_fortify", "Italia", "Italia: 0x1 fort@0", rule="HRE-8.5.14"
    ),
    _ruled(
        "faction", "Sicilia: 0x1", "engineering", "Sicilia", "Sicilia: 0x1 city", rule="HRE-8.5.16"
    ),
]


@pytest.mark.parametrize(("turn", "pieces", "kind", "target", "after"), CARD_EVENTS)
def test_a_card_changes_the_lands(
    turn: str, pieces: str, kind: str, target: str | int, after: str
) -> None:
    s = people_turn() if turn == "people" else faction_turn(emperor=5, period=2)
    holds(played(s, pieces, kind, target), after)


@pytest.mark.rule("HRE-8.5.11")
def test_wrath_of_god_spares_rome() -> None:
    s = people_turn(seat=0, number=1)
    cid = give(s, "wrath_of_god")
    lay(s, "Italia: 1x2; Sicilia: 1x1 city")
    targets = {a.target for a in s.legal_actions() if isinstance(a, PlayCard)}
    assert land("Italia") not in targets
    s.apply_action(PlayCard(0, cid, land("Sicilia")))
    assert s.armies_in_land[land("Sicilia")] == 0
    assert s.city_state[land("Sicilia")] == 2


@pytest.mark.rule("HRE-8.5.7")
def test_kingdom_enters_and_expands_before_the_people() -> None:
    s = people_turn(seat=0, number=1)
    start = DECK[play(s, "kingdom") - 1].land
    assert s.stage == stage.EXPAND
    assert s.sub_force_acting == 1
    assert [a for a in s.legal_actions() if isinstance(a, Pick)] == [Pick(0, "place", start)]
    s.apply_action(Pick(0, "place", start))
    s.apply_action(Decide(0, "end_expansion"))
    assert s.sub_force_acting == 0
    assert s.acting_force == s.turn_force


# -- errors, records, whole games ---------------------------------------------------------------


@pytest.mark.rule("HRE-1.4")
def test_illegal_action_leaves_state_unchanged() -> None:
    s = expanding()
    before = s.to_json()
    with pytest.raises(IllegalActionError) as exc:
        place(s, "Syria")
    assert exc.value.rule
    assert s.to_json() == before
    with pytest.raises(IllegalActionError):
        s.apply_action(Round(True, False))


def test_bad_action_json_is_a_record_error() -> None:
    for bad in ({"type": "pick", "seat": 0, "verb": "place", "land": "Atlantis"}, {"x": 1}, 3):
        with pytest.raises(RecordError):
            action_from_json(bad)
    with pytest.raises(RecordError):
        HotreGame().state_from_json({"game": "forum"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_round_trip_and_replay(players: int) -> None:
    game = HotreGame(players=players)
    for seed in range(20):
        s, _ = play_random(players, seed)
        assert s.is_terminal()
        assert sum(s.returns()) in (0.0, 1.0)
        data = s.to_json()
        back = game.state_from_json(data)
        assert back == s
        assert back.to_json() == data
        replay = game.new_initial_state()
        for a in s.history():
            replay.apply_action(game.action_from_json(a.to_json()))
        assert replay == s


def test_mid_game_round_trip_and_determinize() -> None:
    game = HotreGame()
    s = game.new_initial_state()
    for step, _ in enumerate(steps(s, random.Random(9), 3000)):
        if step % 250 == 0:
            assert game.state_from_json(s.to_json()) == s
            p = max(0, s.current_player())
            d = s.determinize(p, random.Random(step))
            assert d.observation(p) == s.observation(p)


# -- more events ----------------------------------------------------------------------------------


@pytest.mark.rule("HRE-8.5.8")
def test_epidemy_kills_on_four_to_six() -> None:
    s = played(people_turn(), "Italia: 1x3", "epidemy", "Italia")
    out = dict(s.chance_outcomes())
    assert abs(out[Dice(3)] - 1 / 8) < 1e-12
    s.apply_action(Dice(2))
    assert s.armies_in_land[land("Italia")] == 1
    assert s.current_player() == 0


@pytest.mark.rule("HRE-8.5.9")
def test_plague_clears_land_and_strikes_neighbours_on_six() -> None:
    s = played(people_turn(), "Italia: 1x3; Sicilia: 2x2", "plague", "Italia")
    assert s.armies_in_land[land("Italia")] == 0
    out = dict(s.chance_outcomes())
    assert abs(out[Dice(0)] - (5 / 6) ** 2) < 1e-12
    s.apply_action(Dice(1))
    assert s.armies_in_land[land("Sicilia")] == 1


@pytest.mark.rule("HRE-8.5.3")
def test_weaponry_adds_to_attack_dice() -> None:
    s = faction_turn(seat=0, emperor=2, period=2)  # Titus +1 ATTACK
    s.battle_land = land("Italia")
    play(s, "weaponry")
    assert combat.round_params(s)[1] == 2


# The round's terms, as combat.round_params gives them: attack dice, attack bonus, attacker
# wins ties, defence dice, defence bonus, defender wins ties. PLAIN: the Galli with no card.
PLAIN = (2, 0, False, 1, 0, False)


Terms = tuple[int, int, bool, int, int, bool]


BATTLE_CARDS = [
    _ruled("fury", "", PLAIN, (2, 0, True, 1, 0, False), rule="HRE-8.5.4"),
    _ruled("surprise_attack", "difficult", (2, 0, False, 2, 0, False), PLAIN, rule="HRE-8.5.18"),
    _ruled("siegecraft", "fortress", (2, 0, False, 1, 1, True), PLAIN, rule="HRE-8.5.19"),
    _ruled("leader", "", PLAIN, (3, 0, False, 1, 0, False), rule="HRE-8.5.2"),
    _ruled("gods_favor", "", PLAIN, (2, 1, True, 1, 0, False), rule="HRE-8.5.20"),
]


@pytest.mark.parametrize(("kind", "ground", "before", "after"), BATTLE_CARDS)
def test_battle_card_changes_the_round(kind: str, ground: str, before: Terms, after: Terms) -> None:
    s = people_turn(seat=0, number=1)  # the Galli attack Italia
    s.battle_land = land("Italia")
    if ground == "difficult":
        s.battle_difficult = 1
    elif ground:
        lay(s, f"Italia: {ground}")
    assert combat.round_params(s) == before
    play(s, kind)
    assert combat.round_params(s) == after


@pytest.mark.rule("HRE-8.5.2")
def test_leader_is_for_the_people_only() -> None:
    s = played(people_turn(), "", "leader")
    s.battle_land = land("Italia")
    s.sub_force_acting = 1
    assert combat.round_params(s)[0] == 2  # HRE-8.1: not for a force another card brings


@pytest.mark.rule("HRE-8.5.5")
def test_elite_troops_add_armies() -> None:
    s = people_turn(seat=0, number=1)
    play(s, "elite_troops")
    end_declaration(s)
    assert s.armies_to_place == 8


@pytest.mark.rule("HRE-8.5.1")
def test_minor_people_is_a_separate_force_of_the_seat() -> None:
    s = people_turn(seat=0, number=1)
    cid = play(s, "minor_people")
    f = s.acting_force
    assert s.force_owner[f] == 0
    assert f != s.turn_force
    assert s.armies_to_place == DECK[cid - 1].armies


def _kingdom_entered() -> tuple[HotreState, int]:
    """Seat 0's Galli turn in which a Kingdom card's force has entered its land (returned)."""
    s = people_turn(seat=0, number=1)
    start = DECK[play(s, "kingdom") - 1].land
    assert start is not None
    s.apply_action(Pick(0, "place", start))
    return s, start


@pytest.mark.rule("HRE-8.3")
def test_kingdom_scores_with_people_holdings() -> None:
    s, _ = _kingdom_entered()
    assert s.score_half(0, False) > 0


@pytest.mark.rule("HRE-8.5.17")
def test_treachery_turns_a_lone_army() -> None:
    s = attacking("Belgica: 2x1")
    play(s, "treachery", "Belgica")
    assert s.force_in_land[land("Belgica")] == s.turn_force
    assert s.armies_to_place == 4


@pytest.mark.rule("HRE-8.5.6")
def test_revolt_attacks_without_terrain() -> None:
    s = expanding(number=3, period=2)  # Daci, Dacia
    place(s, "Dacia")
    target = next(n for n in BOARD.adjacent(land("Dacia")) if land("Dacia") in BOARD.difficult[n])
    lay(s, f"{BOARD.lands[target].name}: 1x2")
    play(s, "revolt", target)
    assert s.stage == stage.ROUND
    assert combat.round_params(s)[3] == 1
    before = s.armies_to_place
    s.apply_action(Round(False, False))
    assert s.stage == stage.ROUND  # the second committed army goes in
    assert s.armies_to_place == before - 1


@pytest.mark.rule("HRE-9.3")
def test_revolt_battle_gets_no_bonus_but_fort_helps() -> None:
    s = expanding(number=3, period=2)
    place(s, "Dacia")
    s.turn_flags |= 1  # Weaponry played earlier
    target = BOARD.adjacent(land("Dacia"))[0]
    lay(s, f"{BOARD.lands[target].name}: 1x1 fort@1")
    play(s, "revolt", target)
    assert combat.round_params(s) == (2, 0, False, 1, 1, False)


@pytest.mark.rule("HRE-8.5.15")
def test_rebellion_turns_legions_rebel() -> None:
    s = played(people_turn(period=2), "Italia: 1x3 fort@1", "rebellion", "Italia")
    assert s.armies_in_land[land("Italia")] == 1
    assert s.stage == 18
    assert s.eliminated_legions[1] == 0
    s.apply_action(Round(True, False))
    assert s.force_in_land[land("Italia")] == s.seat_count
    assert s.fort_owner[land("Italia")] == s.seat_count


@pytest.mark.rule("HRE-8.5.13")
def test_people_revive_half_strength() -> None:
    s = people_turn(seat=0, number=1, period=1)  # Galli, Strength 6
    galli = s.turn_force
    s._end_half()
    s.period = 2
    turns.begin_people(s, 0, 1)
    cid = give(s, "people_revive")
    plays = [a for a in s.legal_actions() if isinstance(a, PlayCard) and a.card == cid]
    assert len(plays) == 1
    s.apply_action(plays[0])
    assert s.acting_force == galli
    assert s.armies_to_place == 3


@pytest.mark.rule("HRE-15.3")
def test_gods_favor_replaces_a_wrath() -> None:
    s = fresh(gods_favor=True)
    kinds = [DECK[c - 1].kind for c in s.card_box]
    assert kinds.count("gods_favor") == 1
    assert kinds.count("wrath_of_god") == 1


@pytest.mark.rule("HRE-3.0")
def test_last_period_option_shortens_the_game() -> None:
    s = fresh(last_period=2)
    play_while(s, random.Random(11))
    assert s.period == 2
    assert s.stage == stage.OVER


@pytest.mark.rule("HRE-3.1")
def test_later_order_lowest_score_first() -> None:
    s = fresh_with(people_points=[9, 1, 5, 1], people_counter=[1, 4, 2, 3])
    turns.end_period(s)
    assert s.draw_order == (3, 1, 2, 0)  # ties: lower People number of the period before first


@pytest.mark.rule("HRE-3.9")
def test_unheld_entries_are_skipped() -> None:
    s = fresh(3)
    seen: list[int] = []

    def first_period(s: HotreState) -> bool:
        if s.period != 1:
            return False
        if s.half_turn == 1 and s.stage == 4 and s.turn_force not in seen:
            seen.append(s.turn_force)
        return True

    play_while(s, random.Random(12), first_period)
    assert len(seen) == 3  # three Peoples of five entered play


@pytest.mark.rule("HRE-1.1")
def test_optional_terrain_is_off_by_default() -> None:
    for opt, want in ((False, 0), (True, 1)):
        s = faction_turn(seat=0, emperor=5, optional_terrain=opt)
        lay(s, "Moesia Superior: 0x1")
        assert combat.entry(s, land("Tracia")) == (want, 0)


@pytest.mark.rule("HRE-15.4")
def test_bribing_barbarians_spares_the_faction() -> None:
    s = attacking("Belgica: 1x1", bribe_barbarians=True)
    s.faction_points[1] = 3
    place(s, "Belgica")
    assert s.current_player() == 1
    assert [a.amount for a in s.legal_actions() if isinstance(a, Offer)] == [0, 1, 2, 3]
    s.apply_action(Offer(1, 2))
    assert s.current_player() == 0
    before = s.armies_to_place
    s.apply_action(Decide(0, "accept"))
    assert s.faction_points[1] == 1
    assert s.people_points[0] == 2
    assert s.armies_to_place == before + 1
    assert Pick(0, "place", land("Belgica")) not in s.legal_actions()


# -- components, words and bookkeeping ----------------------------------------------------------


@pytest.mark.rule("HRE-1.2")
def test_area_value_follows_the_period() -> None:
    s = faction_turn(seat=0, emperor=5, period=6)
    lay(s, "Italia: 0x1; Sicilia: 1x1")
    assert s.score_half(0, True) == 3  # Italia is worth 3 from period 6


@pytest.mark.rule("HRE-1.5")
def test_deck_of_fifty_four_in_play() -> None:
    s = fresh()
    assert len(s.card_box) == 54
    assert 55 not in s.card_box


@pytest.mark.rule("HRE-1.6")
def test_five_people_and_six_emperor_counters() -> None:
    s = fresh()
    rng = random.Random(13)
    for _ in range(37):
        s.apply_action(s.sample_chance(rng))
    assert len(s.chance_outcomes()) == 5
    while s.emperor_handout == 0:
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    assert len(s.chance_outcomes()) == 6


@pytest.mark.rule("HRE-2.1")
def test_map_starts_empty() -> None:
    s = fresh()
    assert not any(s.armies_in_land)
    assert not any(s.fort_level)
    assert not any(s.city_state)


@pytest.mark.rule("HRE-2.3")
def test_deal_goes_set_by_set() -> None:
    s = fresh()
    assert {DECK[a.card - 1].set for a, _ in s.chance_outcomes()} == {1}  # type: ignore[attr-defined]


@pytest.mark.rule("HRE-2.5")
def test_called_counters_are_public() -> None:
    s = people_turn(seat=2, number=1)
    s.people_counter_seen = (*s.people_counter_seen[:2], 0b1111, *s.people_counter_seen[3:])
    assert s.observation(0)["people_counters"][2] == 1


@pytest.mark.rule("HRE-2.6")
def test_each_seat_has_a_faction() -> None:
    s = fresh(3)
    assert s.force_kind[:3] == (0, 0, 0)
    assert s.force_owner[:3] == (0, 1, 2)


@pytest.mark.rule("HRE-2.7")
def test_forts_do_not_hold_a_land() -> None:
    s = faction_turn(seat=0, emperor=5)
    lay(s, "Sicilia: fort@0")
    assert s.score_half(0, True) == 0


@pytest.mark.rule("HRE-3.3")
def test_people_entry_gives_start_and_strength() -> None:
    s = people_turn(seat=0, number=4, period=2)  # Parthi, Mesopotamia, 7
    assert forces.start_of(s, s.turn_force) == land("Mesopotamia")
    end_declaration(s)
    assert s.armies_to_place == 7


@pytest.mark.rule("HRE-3.4")
def test_emperor_bonus_read_from_chart() -> None:
    s = faction_turn(seat=0, emperor=4, period=1)  # Augustus +VP
    lay(s, "Sicilia: 0x1")
    assert s.score_half(0, True) == 8 + 1


@pytest.mark.rule("HRE-4.3")
def test_each_army_costs_one_strength() -> None:
    s = expanding(number=3, pieces="Tripolitania: tx1")  # Garamantes, 3
    s.apply_action(Decide(0, "done_takeup"))
    assert s.armies_to_place == 2


@pytest.mark.rule("HRE-4.5")
@pytest.mark.rule("HRE-10.2")
def test_armies_are_tagged_with_their_force() -> None:
    s = expanding()
    place(s, "Lugdunensis")
    lands = s.observation(None)["lands"]
    assert lands[land("Lugdunensis")]["force"] == s.turn_force
    assert s.observation(None)["forces"][s.turn_force]["kind"] == "People"


@pytest.mark.rule("HRE-5.8")
def test_unplaced_legions_go_back_unused() -> None:
    s = faction_turn(seat=0, emperor=5)
    end_declaration(s)
    s.apply_action(Pick(0, "start", land("Italia")))
    s.apply_action(Decide(0, "end_expansion"))
    assert s.force_armies[0] == 1
    assert s.legions_unused(0) == 9


@pytest.mark.rule("HRE-8.2")
def test_event_armies_belong_to_the_card_force() -> None:
    s, start = _kingdom_entered()
    assert s.force_kind[s.force_in_land[start]] == 3
    assert s.force_in_land[start] != s.turn_force


@pytest.mark.rule("HRE-11.0")
def test_no_expansion_from_another_force_of_the_seat() -> None:
    s = people_turn(seat=0, number=1)
    k = forces.new_force(s, 3, 0, (19 << 8) | 2)
    put(s, "Aquitania", k, 1)
    end_declaration(s)
    place(s, "Lugdunensis")
    targets = {a.land for a in s.legal_actions() if isinstance(a, Pick)}
    assert land("Tarraconensis") not in targets  # next to the Kingdom's Aquitania only


@pytest.mark.rule("HRE-14.5")
def test_people_holdings_add_up() -> None:
    s = people_turn(seat=0, number=1)
    k = forces.new_force(s, 3, 0, (19 << 8) | 2)
    italia = [BOARD.lands[i].name for i in BOARD.area_lands("italia")]
    for name in italia[:3]:
        put(s, name, s.turn_force, 1)
    for name in italia[3:]:
        put(s, name, k, 1)
    assert s.score_half(0, False) == 3 * 4  # control (no City stands in Italia yet)


@pytest.mark.rule("HRE-8.5")
def test_every_deck_kind_is_played() -> None:
    from alea.games.hotre.cards import KINDS
    from alea.games.hotre.constants import IMPLEMENTED_CARDS

    assert set(KINDS) == set(IMPLEMENTED_CARDS)


@pytest.mark.rule("HRE-9.2")
def test_no_retreat_over_the_sea() -> None:
    s = people_turn(seat=0, number=1)
    lay(s, "Sicilia: 1x2; Sardinia et Corsica: 1x1")
    assert forces.retreats(s, land("Sicilia"), 1) == []


@pytest.mark.rule("HRE-8.4")
def test_fort_left_by_a_calamity_falls_without_loot() -> None:
    s = attacking("Belgica: 1x1 fort@1 city")
    events.calamity(s, land("Belgica"), 1)
    place(s, "Belgica")
    assert s.fort_level[land("Belgica")] == 0
    assert s.stage == stage.EXPAND
    assert s.city_state[land("Belgica")] == 1


def test_core_driver_plays_hotre_with_random_agents() -> None:
    from alea.agents import make
    from alea.core.record import play

    game = HotreGame(players=3)
    record = play(game, [make("random") for _ in range(3)], seed=7)
    assert record.to_json()["game"] == "hotre"


@pytest.mark.rule("HRE-9.3")
def test_rebellion_defender_may_retreat_after_first_round() -> None:
    s = played(people_turn(period=2), "Italia: 1x3; Gallia Cisalpina: 1x1", "rebellion", "Italia")
    assert s.is_chance_node()  # no retreat before the first round
    s.apply_action(Round(False, False))
    assert s.current_player() == 1
    s.apply_action(Pick(1, "retreat", land("Gallia Cisalpina")))
    assert s.force_in_land[land("Italia")] == s.seat_count  # the last Rebel holds the land
    assert s.armies_in_land[land("Gallia Cisalpina")] == 2
