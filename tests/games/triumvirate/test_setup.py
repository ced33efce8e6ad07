"""TRI-2: setup — garrisons, leaders, and the roll for first player."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from builders import CAESAR, CRASSUS, POMPEY, ROME, end_turn, hx, new_state, position, refused

import alea
from alea.games.triumvirate.actions import Decide, FirstPlayer, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import TriumvirateState


def fresh() -> TriumvirateState:
    state = alea.load("triumvirate").new_initial_state()
    assert isinstance(state, TriumvirateState)
    return state


@pytest.mark.rule("TRI-2.1")
def test_every_t_hex_starts_with_one_troop_of_its_force() -> None:
    state = fresh()
    garrison = dict(BOARD.garrisons)
    for h in range(BOARD.size):
        if h in garrison:
            assert (state.owner[h], state.count[h]) == (garrison[h], 1), BOARD.label(h)
        else:
            assert (state.owner[h], state.count[h]) == (-1, 0), BOARD.label(h)
    assert state.troops == [18, 10, 11, 15]
    for seat in (CRASSUS, CAESAR, POMPEY):
        assert state.holdings[seat] == {h for h, f in BOARD.garrisons if f == seat}
    assert state.owner[BOARD.rome] == -1  # no T on Rome itself


@pytest.mark.rule("TRI-2.2")
def test_leaders_start_on_their_named_hexes() -> None:
    state = fresh()
    assert state.leader == [hx("Antiochia"), hx("Bibracte"), hx("Carthago Nova")]
    assert state.alive == [True, True, True]
    for seat in (CRASSUS, CAESAR, POMPEY):
        assert state.owner[state.leader[seat]] == seat  # each starts with his escort
    assert state.conquests == state.popularity == state.streak == [0, 0, 0]
    assert not state.civil_war


@pytest.mark.rule("TRI-2.3")
def test_the_first_player_is_a_fair_three_way_chance_event() -> None:
    state = fresh()
    assert state.current_player() == alea.CHANCE
    assert state.is_chance_node()
    assert state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [FirstPlayer(0), FirstPlayer(1), FirstPlayer(2)]
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    rng = random.Random(7)
    drawn = Counter(state.sample_chance(rng) for _ in range(3000))
    assert set(drawn) == {FirstPlayer(0), FirstPlayer(1), FirstPlayer(2)}
    assert all(800 < n < 1200 for n in drawn.values())


@pytest.mark.rule("TRI-2.3")
@pytest.mark.parametrize("seat", [CRASSUS, CAESAR, POMPEY])
def test_the_winner_of_the_roll_plays_first(seat: int) -> None:
    state = fresh()
    state.apply_action(FirstPlayer(seat))
    assert state.current_player() == seat
    assert state.turn == seat
    assert state.first == seat
    assert state.round == 1
    assert Decide(seat, "roll") in state.legal_actions()


@pytest.mark.rule("TRI-2.3")
def test_nobody_decides_before_the_roll_for_first_player() -> None:
    state = fresh()
    refused(state, Decide(CRASSUS, "roll"), "TRI-3.3")
    refused(state, Roll(6, 1), "TRI-3.3")


@pytest.mark.rule("TRI-2.3")
@pytest.mark.parametrize("first", [CRASSUS, CAESAR, POMPEY])
def test_play_goes_clockwise_crassus_caesar_pompey(first: int) -> None:
    state = new_state(first)
    order = [state.current_player()]
    for _ in range(6):
        end_turn(state)
        order.append(state.current_player())
    expected = [(first + i) % 3 for i in range(7)]
    assert order == expected


@pytest.mark.rule("TRI-2.3")
def test_a_seat_whose_leader_is_dead_is_skipped() -> None:
    state = position(CRASSUS, dead=[CAESAR])
    order = [state.current_player()]
    for _ in range(4):
        end_turn(state)
        order.append(state.current_player())
    assert order == [CRASSUS, POMPEY, CRASSUS, POMPEY, CRASSUS]
    assert ROME not in order
