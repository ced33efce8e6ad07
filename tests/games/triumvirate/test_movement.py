"""TRI-4: movement — the leader's die, one step per troop, stacking, ending, and water."""

from __future__ import annotations

import pytest
from builders import apply, check_invariants, end_turn, hx, position, refused
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

from alea.games.triumvirate.actions import Decide, March, Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import BATTLE, MOVE

# Open land north of the Alps (rows 0-3, columns 10-20 are all land).
A, B, C, D, E = hx("12,2"), hx("13,2"), hx("14,2"), hx("15,2"), hx("16,2")
NORTH_OF_B = hx("13,1")  # a neighbour of B and C


# -- TRI-4.1 the leader -----------------------------------------------------------------------


@pytest.mark.rule("TRI-4.1")
def test_the_leader_moves_up_to_the_die_one_neighbour_at_a_time() -> None:
    state = position(CAESAR, leaders={CAESAR: A})
    apply(state, Decide(CAESAR, "roll"))
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 6] * 6)
    apply(state, Roll(6, 3))
    assert state.moves_left == 3
    refused(state, March(CAESAR, C), "TRI-4.1")  # two hexes away
    apply(state, March(CAESAR, B))
    assert (state.leader[CAESAR], state.moves_left) == (B, 2)
    apply(state, March(CAESAR, C), March(CAESAR, D))
    assert (state.leader[CAESAR], state.moves_left) == (D, 0)
    assert not any(isinstance(a, March) for a in state.legal_actions())
    refused(state, March(CAESAR, E), "TRI-4.1")


@pytest.mark.rule("TRI-4.1")
def test_a_leader_may_use_fewer_steps_than_rolled_and_double_back() -> None:
    state = position(CAESAR, leaders={CAESAR: A})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 4), March(CAESAR, B), March(CAESAR, A))
    assert (state.leader[CAESAR], state.moves_left) == (A, 2)
    apply(state, Decide(CAESAR, "end"))
    assert state.leader[CAESAR] == A


@pytest.mark.rule("TRI-4.1")
def test_a_leader_who_does_not_roll_stays_but_his_troops_still_move() -> None:
    state = position(CAESAR, troops={B: (CAESAR, 1)}, leaders={CAESAR: A})
    apply(state, Decide(CAESAR, "stay"))
    assert state.stage == MOVE
    assert state.moves_left == 0
    refused(state, March(CAESAR, B), "TRI-4.1")
    apply(state, Move(CAESAR, B, C))
    assert state.leader[CAESAR] == A


@pytest.mark.rule("TRI-4.1")
def test_the_move_die_option_sets_the_die() -> None:
    state = position(CAESAR, leaders={CAESAR: A}, move_die=4)
    apply(state, Decide(CAESAR, "roll"))
    assert [a for a, _ in state.chance_outcomes()] == [Roll(4, v) for v in range(1, 5)]
    refused(state, Roll(6, 5), "TRI-3.3")
    apply(state, Roll(4, 4))
    assert state.moves_left == 4


# -- TRI-4.2 troops ---------------------------------------------------------------------------


@pytest.mark.rule("TRI-4.2")
def test_a_troop_moves_one_hex_into_a_neighbour() -> None:
    state = position(CAESAR, troops={A: (CAESAR, 1)})
    apply(state, Decide(CAESAR, "stay"))
    refused(state, Move(CAESAR, A, C), "TRI-4.2")
    assert {a for a in state.legal_actions() if isinstance(a, Move)} == {
        Move(CAESAR, A, n) for n in BOARD.neighbours[A]
    }
    apply(state, Move(CAESAR, A, B))
    assert (state.owner[A], state.owner[B], state.count[B]) == (-1, CAESAR, 1)
    check_invariants(state)


@pytest.mark.rule("TRI-4.2")
def test_a_troop_that_moved_cannot_move_again_this_turn() -> None:
    state = position(CAESAR, troops={A: (CAESAR, 1), B: (CAESAR, 1)})
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, A, B))
    assert state.count[B] == 2
    # One of the two on B has not moved yet and may go; the newcomer may not.
    apply(state, Move(CAESAR, B, C))
    refused(state, Move(CAESAR, B, C), "TRI-4.2")
    refused(state, Move(CAESAR, C, D), "TRI-4.2")
    assert not any(isinstance(a, Move) for a in state.legal_actions())
    # Next turn they are fresh again.
    apply(state, Decide(CAESAR, "end"))
    end_turn(state)  # Pompey
    end_turn(state)  # Crassus
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, C, D), Move(CAESAR, B, C))
    assert (state.count[B], state.count[C], state.count[D]) == (0, 1, 1)


@pytest.mark.rule("TRI-4.2")
def test_a_player_moves_only_his_own_troops() -> None:
    state = position(
        CAESAR, troops={A: (POMPEY, 1), B: (ROME, 1), C: (CAESAR, 1)}, leaders={POMPEY: E}
    )
    apply(state, Decide(CAESAR, "stay"))
    refused(state, Move(CAESAR, A, NORTH_OF_B), "TRI-4.2")
    refused(state, Move(CAESAR, B, NORTH_OF_B), "TRI-4.2")
    refused(state, Move(CAESAR, D, E), "TRI-4.2")  # an empty hex
    movers = {a.src for a in state.legal_actions() if isinstance(a, Move)}
    assert movers == {C}


# -- TRI-4.3 stacking -------------------------------------------------------------------------


@pytest.mark.rule("TRI-4.3")
def test_at_most_four_troops_of_one_force_in_a_hex() -> None:
    state = position(CAESAR, troops={A: (CAESAR, 3), B: (CAESAR, 2)})
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, B, A))
    assert state.count[A] == 4
    refused(state, Move(CAESAR, B, A), "TRI-4.3")
    assert Move(CAESAR, B, A) not in state.legal_actions()
    assert Move(CAESAR, B, C) in state.legal_actions()


@pytest.mark.rule("TRI-4.3")
def test_the_leader_does_not_count_towards_the_stack() -> None:
    state = position(CAESAR, troops={A: (CAESAR, 3), B: (CAESAR, 1)}, leaders={CAESAR: C})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 2), March(CAESAR, B), March(CAESAR, A))
    assert state.leader[CAESAR] == A
    apply(state, Move(CAESAR, B, A))
    assert state.count[A] == 4  # four troops and the leader


@pytest.mark.rule("TRI-4.3")
def test_four_attackers_may_enter_a_full_hex_but_not_five() -> None:
    state = position(
        CAESAR,
        troops={C: (POMPEY, 4), B: (CAESAR, 3), D: (CAESAR, 2)},
        leaders={POMPEY: hx("20,1")},
    )
    apply(state, Decide(CAESAR, "stay"))
    apply(state, Move(CAESAR, B, C), Move(CAESAR, B, C), Move(CAESAR, B, C), Move(CAESAR, D, C))
    assert state.attack == {C: 4}
    refused(state, Move(CAESAR, D, C), "TRI-4.3")
    assert Move(CAESAR, D, C) not in state.legal_actions()
    apply(state, Decide(CAESAR, "end"))
    assert state.stage == BATTLE
    assert state.battle is not None
    assert (state.battle[1], state.battle[4]) == (4, 4)


@pytest.mark.rule("TRI-4.3")
def test_the_stack_limit_option() -> None:
    state = position(
        CAESAR,
        troops={A: (CAESAR, 2), B: (CAESAR, 2), C: (ROME, 1), D: (CAESAR, 1)},
        stack_limit=2,
    )
    apply(state, Decide(CAESAR, "stay"))
    refused(state, Move(CAESAR, B, A), "TRI-4.3")
    apply(state, Move(CAESAR, B, C), Move(CAESAR, B, C))
    refused(state, Move(CAESAR, D, C), "TRI-4.3")


# -- TRI-4.4 ending movement ------------------------------------------------------------------


@pytest.mark.rule("TRI-4.4")
def test_only_movement_or_ending_it_during_movement() -> None:
    state = position(CAESAR, troops={A: (CAESAR, 1)}, leaders={CAESAR: hx("Bibracte")})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 2))
    for verb in ("roll", "stay", "collect", "parade", "woo", "pass"):
        refused(state, Decide(CAESAR, verb), "TRI-4.4")
    assert state.legal_actions()[-1] == Decide(CAESAR, "end")
    assert {type(a) for a in state.legal_actions()} == {March, Move, Decide}


@pytest.mark.rule("TRI-4.4")
def test_unused_moves_are_lost_when_the_player_ends() -> None:
    state = position(CAESAR, troops={A: (CAESAR, 1)}, leaders={CAESAR: B})
    apply(state, Decide(CAESAR, "roll"), Roll(6, 5), March(CAESAR, C), Decide(CAESAR, "end"))
    assert state.current_player() == POMPEY
    end_turn(state)
    end_turn(state)
    assert state.current_player() == CAESAR
    assert state.moves_left == 0
    apply(state, Decide(CAESAR, "stay"))
    refused(state, March(CAESAR, D), "TRI-4.1")  # the four steps left last turn are gone
    assert state.leader[CAESAR] == C


# -- TRI-4.5 water ----------------------------------------------------------------------------


MASSILIA, GULF, OPEN_SEA = hx("Massilia"), hx("8,6"), hx("9,6")


@pytest.mark.rule("TRI-4.5")
@pytest.mark.parametrize("seat", [CRASSUS, CAESAR])
def test_crassus_and_caesar_troops_stay_on_land(seat: int) -> None:
    state = position(seat, troops={MASSILIA: (seat, 2)})
    apply(state, Decide(seat, "stay"))
    refused(state, Move(seat, MASSILIA, GULF), "TRI-4.5")
    assert Move(seat, MASSILIA, GULF) not in state.legal_actions()
    apply(state, Move(seat, MASSILIA, hx("Lugdunum")))  # land is fine


@pytest.mark.rule("TRI-4.5")
def test_pompeys_troops_cross_water_and_may_stop_at_sea() -> None:
    state = position(POMPEY, troops={MASSILIA: (POMPEY, 1)})
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, MASSILIA, GULF), Decide(POMPEY, "end"))
    assert (state.owner[GULF], state.count[GULF]) == (POMPEY, 1)
    end_turn(state)  # Crassus
    end_turn(state)  # Caesar
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, GULF, OPEN_SEA), Decide(POMPEY, "end"))
    assert state.owner[OPEN_SEA] == POMPEY
    check_invariants(state)


@pytest.mark.rule("TRI-4.5")
@pytest.mark.parametrize("seat", [CRASSUS, CAESAR])
def test_crassus_and_caesar_leaders_stay_on_land(seat: int) -> None:
    state = position(seat, leaders={seat: MASSILIA})
    apply(state, Decide(seat, "roll"), Roll(6, 6))
    refused(state, March(seat, GULF), "TRI-4.5")
    assert March(seat, GULF) not in state.legal_actions()


@pytest.mark.rule("TRI-4.5")
def test_pompeys_leader_sails_with_his_fleet_by_default() -> None:
    state = position(POMPEY, leaders={POMPEY: MASSILIA})
    apply(state, Decide(POMPEY, "roll"), Roll(6, 2), March(POMPEY, GULF), March(POMPEY, OPEN_SEA))
    assert state.leader[POMPEY] == OPEN_SEA
    apply(state, Decide(POMPEY, "end"))
    assert state.alive[POMPEY]


@pytest.mark.rule("TRI-4.5")
def test_pompeys_leader_stays_ashore_when_the_option_is_off() -> None:
    state = position(POMPEY, leaders={POMPEY: MASSILIA}, pompey_leader_at_sea=False)
    apply(state, Decide(POMPEY, "roll"), Roll(6, 2))
    refused(state, March(POMPEY, GULF), "TRI-4.5")
    assert March(POMPEY, GULF) not in state.legal_actions()


@pytest.mark.rule("TRI-4.5")
@pytest.mark.rule("TRI-1.1")
def test_only_pompey_crosses_gibraltar() -> None:
    gades, strait, africa = hx("Gades"), hx("2,12"), hx("2,13")
    state = position(CAESAR, troops={gades: (CAESAR, 1)})
    apply(state, Decide(CAESAR, "stay"))
    refused(state, Move(CAESAR, gades, strait), "TRI-4.5")
    state = position(POMPEY, troops={gades: (POMPEY, 1)})
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, gades, strait), Decide(POMPEY, "end"))
    end_turn(state)
    end_turn(state)
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, strait, africa))
    assert state.owner[africa] == POMPEY
