"""Who sees which People and Emperor counter while they are handed out (HRE-3.2, HRE-3.6)."""

from __future__ import annotations

import random

import pytest
from hotre_builders import fresh

from alea.games.hotre.actions import DrawCounter, HandTo, Order
from alea.games.hotre.bot import canonical
from alea.games.hotre.constants import DRAW, HAND
from alea.games.hotre.state import HotreState


def at_handout(players: int = 4) -> HotreState:
    """Cards dealt, drawing order seat 0, 1, 2, ...; the first People counter is drawn next."""
    s = fresh(players)
    rng = random.Random(0)
    while s.stage != DRAW:
        if isinstance(s.chance_outcomes()[0][0], Order):
            s.apply_action(Order(tuple(range(s.seat_count))))
        else:
            s.apply_action(s.sample_chance(rng))
    return s


def blind_pass(second_draw: int) -> HotreState:
    """Seat 0 draws People 5 and hands it to seat 1; seat 1 then draws ``second_draw``."""
    s = at_handout()
    s.apply_action(DrawCounter(False, 5))
    s.apply_action(HandTo(0, 1))
    s.apply_action(DrawCounter(False, second_draw))
    return s


@pytest.mark.rule("HRE-3.2")
def test_a_seat_already_handed_a_counter_passes_its_draw_unseen() -> None:
    s = blind_pass(1)
    assert s.current_player() == 1
    assert s.legal_actions() == [HandTo(1, 0), HandTo(1, 2), HandTo(1, 3)]  # not to itself
    assert s.observation(1)["drawn"] is None  # "inspects it (if he hasn't already received...)"
    assert s.observation(0)["drawn"] is None
    s.apply_action(HandTo(1, 3))
    assert s.observation(1)["people_counters"][3] is None
    assert s.observation(0)["people_counters"][1] == 5  # seat 0 looked at what it handed on
    assert s.observation(0)["people_counters"][3] is None


@pytest.mark.rule("HRE-3.2")
def test_a_seat_holding_none_looks_at_its_draw() -> None:
    s = at_handout()
    s.apply_action(DrawCounter(False, 4))
    assert s.observation(0)["drawn"] == 4
    assert s.observation(1)["drawn"] is None
    s.apply_action(HandTo(0, 2))
    assert s.observation(0)["people_counters"][2] == 4


@pytest.mark.rule("HRE-3.2")
def test_the_seed_position_seat_two_no_longer_learns_what_it_passes() -> None:
    """4 players, seed 5: seat 2 holds People 5, draws People 1 and hands it to seat 4."""
    s = fresh(4)
    rng = random.Random(5)
    while True:
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
            continue
        a = rng.choice(s.legal_actions())
        blind = isinstance(a, HandTo) and s.people_counter[a.seat] and not s.emperor_handout
        drawn = s.drawn_counter
        s.apply_action(a)
        if blind:
            break
    assert isinstance(a, HandTo)
    assert (a.seat, a.to, drawn, s.people_counter[a.seat]) == (1, 3, 1, 5)
    assert s.observation(1)["people_counters"][3] is None


@pytest.mark.rule("HRE-3.2")
def test_search_and_bot_do_not_learn_the_unseen_draw() -> None:
    one, two = blind_pass(1), blind_pass(2)
    assert one.observation(1) == two.observation(1)
    assert canonical(one, 1).drawn_counter == canonical(two, 1).drawn_counter
    redrawn = {one.determinize(1, random.Random(k)).drawn_counter for k in range(40)}
    assert len(redrawn) > 1  # seat 1 cannot tell which counter it holds in its hand
    assert 5 in redrawn  # nor that its own (unseen) counter is the 5
    one.apply_action(HandTo(1, 3))
    two.apply_action(HandTo(1, 3))
    assert canonical(one, 1).people_counter == canonical(two, 1).people_counter
    assert {one.determinize(1, random.Random(k)).people_counter[3] for k in range(40)} != {1}


@pytest.mark.rule("HRE-3.6")
def test_the_receiver_sees_its_counter_only_after_both_handouts() -> None:
    s = blind_pass(3)
    s.apply_action(HandTo(1, 3))
    assert s.observation(3)["has_people_counter"][3]
    assert s.observation(3)["people_counters"][3] is None
    s.apply_action(DrawCounter(False, 1))
    s.apply_action(HandTo(2, 2))
    s.apply_action(DrawCounter(False, 2))  # seat 3 holds one: the 2 goes, unseen, to seat 0
    assert s.people_counter[0] == 2
    rng = random.Random(1)
    while s.stage in (DRAW, HAND):
        assert s.observation(3)["people_counters"][3] is None
        assert s.observation(0)["people_counters"][0] is None
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    assert s.observation(3)["people_counters"][3] == 3
    assert s.observation(0)["people_counters"][0] == 2
    assert s.observation(1)["people_counters"][1] == 5
    assert s.observation(1)["people_counters"][3] is None  # until it is called (HRE-3.8)
    assert s.observation(3)["people_counters"][0] is None
    assert s.observation(0)["people_counters"][2] == 1  # People 1 is called first


@pytest.mark.rule("HRE-3.8")
def test_a_called_counter_is_public_and_a_spectator_sees_it_too() -> None:
    s = blind_pass(3)
    rng = random.Random(2)
    while s.stage in (DRAW, HAND):
        assert s.observation(None)["people_counters"] == [None] * s.seat_count
        assert s.observation(None)["emperor_counters"] == [None] * s.seat_count
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else s.legal_actions()[0])
    first = min(c for c in s.people_counter if c)  # the lowest People is called first
    caller = s.people_counter.index(first)
    spectator = s.observation(None)
    assert spectator["people_counters"][caller] == first
    hidden = [p for p in range(s.seat_count) if p != caller]
    assert all(spectator["people_counters"][p] is None for p in hidden)
    assert all(n is None for n in spectator["emperor_counters"])
    for p in hidden:  # every seat sees the called counter
        assert s.observation(p)["people_counters"][caller] == first
