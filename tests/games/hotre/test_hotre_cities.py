"""Free Cities: how many a Faction founds (HRE-13.1) and where (HRE-13.2)."""

from __future__ import annotations

import pytest
from hotre_builders import faction_turn, fresh, put

from alea.games.hotre import cities, turns
from alea.games.hotre.board import BOARD
from alea.games.hotre.constants import FOUND
from alea.games.hotre.state import HotreState

RESOURCE_LANDS = [i for i, x in enumerate(BOARD.lands) if x.resource]


def holding(sites: int, city_limit: str | None = None) -> tuple[HotreState, list[int]]:
    """Seat 0's period-2 Faction turn holding ``sites`` Resource lands outside its start Area."""
    if city_limit is None:
        s = faction_turn(seat=0, emperor=5, period=2)
    else:
        s = fresh(4, city_limit=city_limit)
        s.period = 2
        s.emperor_counter = (5, *s.emperor_counter[1:])
        turns.begin_faction(s, 0)
    s.start_land = (BOARD.index("Syria"), *s.start_land[1:])
    syria_area = BOARD.lands[BOARD.index("Syria")].area
    lands = [i for i in RESOURCE_LANDS if BOARD.lands[i].area != syria_area][:sites]
    for i in lands:
        put(s, BOARD.lands[i].name, 0, 1)
    return s, lands


def found(s: HotreState) -> None:
    """Run the founding step at the end of seat 0's Faction expansion (HRE-6.0)."""
    turns.begin_faction(s, 0)
    cities.begin_founding(s)
    while s.stage == FOUND:
        s.apply_action(s.legal_actions()[0])


@pytest.mark.rule("HRE-13.2")
def test_four_resource_sites_give_two_cities_and_no_more() -> None:
    """Seed 13.2: "if a player controls four resource sites he may only put two new cities"."""
    s, lands = holding(4)
    found(s)
    assert sum(1 for i in lands if s.city_state[i]) == 2
    found(s)  # the next Faction turn, holding the same four sites
    assert sum(1 for i in lands if s.city_state[i]) == 2


@pytest.mark.rule("HRE-13.1")
def test_cities_already_held_count_against_the_half() -> None:
    s, lands = holding(6)
    s.city_state[lands[0]] = 1
    s.city_state[lands[1]] = 2  # a looted City is still a City in play
    found(s)
    assert sum(1 for i in lands if s.city_state[i]) == 3


@pytest.mark.rule("HRE-13.1")
def test_a_new_site_lets_the_count_grow_again() -> None:
    s, lands = holding(4)
    found(s)
    put(s, BOARD.lands[RESOURCE_LANDS[-1]].name, 0, 1)
    put(s, BOARD.lands[RESOURCE_LANDS[-2]].name, 0, 1)
    assert {RESOURCE_LANDS[-1], RESOURCE_LANDS[-2]}.isdisjoint(lands)
    found(s)
    held = [i for i in RESOURCE_LANDS if s.force_in_land[i] == 0]
    assert sum(1 for i in held if s.city_state[i]) == 3


@pytest.mark.rule("HRE-13.1")
def test_per_turn_option_founds_the_half_again_each_turn() -> None:
    """The other reading, kept as ``city_limit="per_turn"``: every held site ends with a City."""
    s, lands = holding(4, city_limit="per_turn")
    found(s)
    assert sum(1 for i in lands if s.city_state[i]) == 2
    found(s)
    assert all(s.city_state[i] for i in lands)
