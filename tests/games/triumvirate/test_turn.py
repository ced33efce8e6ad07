"""TRI-3: the turn — one player at a time, the order of its steps, and dice as chance events."""

from __future__ import annotations

import random

import pytest
from builders import apply, hx, position, refused
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

import alea
from alea.games.triumvirate.actions import Clash, Decide, FirstPlayer, March, Move, Roll
from alea.games.triumvirate.state import (
    BATTLE,
    LEADER,
    MOVE,
    MOVE_ROLL,
    WOO,
    WOO_ROLL,
    TriumvirateState,
)

# A stretch of open land north of the Alps: every hex below is land and named by col,row.
R, Q, C, P, P2 = hx("14,2"), hx("17,2"), hx("16,2"), hx("12,1"), hx("11,1")


def full_turn_position() -> TriumvirateState:
    """Caesar to play: his leader shares R with a Roman troop; his troop on C faces Romans on Q."""
    return position(
        CAESAR,
        troops={R: (ROME, 1), Q: (ROME, 1), C: (CAESAR, 1), P: (POMPEY, 1)},
        leaders={CAESAR: R, POMPEY: P2},
        popularity=[0, 3, 0],
    )


@pytest.mark.rule("TRI-3.2")
def test_a_turn_runs_choice_movement_battles_popularity_then_next_player() -> None:
    state = full_turn_position()
    # (1) the leader's choice
    assert state.stage == LEADER
    assert set(state.legal_actions()) == {Decide(CAESAR, "roll"), Decide(CAESAR, "stay")}
    apply(state, Decide(CAESAR, "stay"))
    # (2) movement: the attack is only declared, nobody fights yet
    assert state.stage == MOVE
    apply(state, Move(CAESAR, C, Q))
    assert state.stage == MOVE
    assert state.current_player() == CAESAR
    assert state.owner[Q] == ROME
    assert state.attack == {Q: 1}
    # (3) the battle comes after the player ends his movement
    apply(state, Decide(CAESAR, "end"))
    assert state.stage == BATTLE
    assert state.is_chance_node()
    apply(state, Clash(6, 1))
    assert (state.owner[Q], state.count[Q]) == (CAESAR, 1)
    # (4) the popularity roll at the end of the turn
    assert state.stage == WOO
    assert state.current_player() == CAESAR
    assert state.legal_actions() == [Decide(CAESAR, "woo"), Decide(CAESAR, "pass")]
    apply(state, Decide(CAESAR, "woo"))
    assert state.stage == WOO_ROLL
    apply(state, Roll(20, 3))
    assert (state.owner[R], state.count[R]) == (CAESAR, 1)
    # then the next player's turn
    assert state.current_player() == POMPEY
    assert state.stage == LEADER


@pytest.mark.rule("TRI-3.2")
def test_nothing_moves_before_the_leaders_choice() -> None:
    state = full_turn_position()
    refused(state, Move(CAESAR, C, Q), "TRI-3.2")
    refused(state, March(CAESAR, C), "TRI-3.2")
    refused(state, Decide(CAESAR, "end"), "TRI-3.2")
    refused(state, Decide(CAESAR, "woo"), "TRI-3.2")
    refused(state, Decide(CAESAR, "pass"), "TRI-3.2")


@pytest.mark.rule("TRI-3.2")
def test_after_movement_ends_nothing_moves_any_more() -> None:
    state = full_turn_position()
    apply(state, Decide(CAESAR, "roll"), Roll(6, 2), Decide(CAESAR, "end"))
    assert state.stage == WOO  # no battle to fight, the leader is on Roman troops
    refused(state, Move(CAESAR, C, Q), "TRI-3.2")
    refused(state, March(CAESAR, C), "TRI-3.2")
    refused(state, Decide(CAESAR, "roll"), "TRI-8.1")
    refused(state, Decide(CAESAR, "end"), "TRI-8.1")


@pytest.mark.rule("TRI-3.2")
def test_troops_from_several_hexes_and_the_leader_make_one_attack() -> None:
    north = hx("16,1")  # a neighbour of Q, as C is
    state = position(
        CAESAR,
        troops={Q: (POMPEY, 2), C: (CAESAR, 1), north: (CAESAR, 2)},
        leaders={CAESAR: C, POMPEY: P2},
    )
    apply(state, Decide(CAESAR, "roll"), Roll(6, 1))
    apply(state, Move(CAESAR, C, Q), Move(CAESAR, north, Q), Move(CAESAR, north, Q))
    apply(state, March(CAESAR, Q), Decide(CAESAR, "end"))
    assert state.battle is not None
    assert state.battle[:6] == [Q, 3, 1, POMPEY, 2, 0]


@pytest.mark.rule("TRI-3.1")
def test_only_the_player_whose_turn_it_is_acts() -> None:
    state = full_turn_position()
    # the leader's choice
    refused(state, Decide(POMPEY, "roll"), "TRI-3.1")
    refused(state, Decide(CRASSUS, "stay"), "TRI-3.1")
    refused(state, Move(POMPEY, P, P2), "TRI-3.1")
    refused(state, March(POMPEY, P), "TRI-3.1")
    # movement
    apply(state, Decide(CAESAR, "roll"), Roll(6, 3))
    refused(state, Move(POMPEY, P, P2), "TRI-3.1")
    refused(state, March(POMPEY, P), "TRI-3.1")
    refused(state, Decide(POMPEY, "end"), "TRI-3.1")
    apply(state, Move(CAESAR, C, hx("15,2")))  # the right seat may
    # the popularity roll
    apply(state, Decide(CAESAR, "end"))
    assert state.stage == WOO
    refused(state, Decide(POMPEY, "woo"), "TRI-3.1")
    refused(state, Decide(CRASSUS, "pass"), "TRI-3.1")
    apply(state, Decide(CAESAR, "pass"))
    # and now the tables turn
    assert state.current_player() == POMPEY
    refused(state, Decide(CAESAR, "roll"), "TRI-3.1")
    apply(state, Decide(POMPEY, "roll"))


@pytest.mark.rule("TRI-3.3")
def test_every_roll_is_a_chance_event_with_exact_odds() -> None:
    state = full_turn_position()
    apply(state, Decide(CAESAR, "roll"))
    assert state.stage == MOVE_ROLL
    assert state.current_player() == alea.CHANCE
    assert state.legal_actions() == []
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [Roll(6, v) for v in range(1, 7)]
    assert sum(p for _, p in outcomes) == pytest.approx(1)

    apply(state, Roll(6, 1), Move(CAESAR, C, Q), Decide(CAESAR, "end"))
    assert state.stage == BATTLE
    assert state.current_player() == alea.CHANCE  # Rome's dice are rolled, by nobody
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36
    assert sum(p for _, p in outcomes) == pytest.approx(1)

    apply(state, Clash(6, 2), Decide(CAESAR, "woo"))
    assert state.stage == WOO_ROLL
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [Roll(20, v) for v in range(1, 21)]
    assert all(p == pytest.approx(1 / 20) for _, p in outcomes)


@pytest.mark.rule("TRI-3.3")
def test_no_player_chooses_a_roll_and_only_the_pending_roll_is_accepted() -> None:
    state = full_turn_position()
    # a decision is pending: no dice
    refused(state, Roll(6, 6), "TRI-3.3")
    refused(state, Clash(6, 1), "TRI-3.3")
    refused(state, FirstPlayer(CAESAR), "TRI-3.3")
    with pytest.raises(alea.IllegalActionError) as info:
        state.sample_chance(random.Random(1))
    assert info.value.rule == "TRI-3.3"
    # the movement die is pending
    apply(state, Decide(CAESAR, "roll"))
    refused(state, Decide(CAESAR, "stay"), "TRI-3.3")
    refused(state, Roll(20, 6), "TRI-3.3")
    refused(state, Roll(6, 7), "TRI-3.3")
    refused(state, Roll(6, 0), "TRI-3.3")
    refused(state, Clash(6, 1), "TRI-3.3")
    refused(state, FirstPlayer(CAESAR), "TRI-3.3")
    # a battle round is pending
    apply(state, Roll(6, 1), Move(CAESAR, C, Q), Decide(CAESAR, "end"))
    refused(state, Decide(CAESAR, "end"), "TRI-3.3")
    refused(state, Roll(6, 6), "TRI-3.3")
    refused(state, Move(CAESAR, Q, C), "TRI-3.3")
    # the popularity die is pending
    apply(state, Clash(6, 2), Decide(CAESAR, "woo"))
    refused(state, Roll(6, 1), "TRI-3.3")
    refused(state, Roll(20, 21), "TRI-3.3")
    refused(state, Decide(CAESAR, "pass"), "TRI-3.3")
    refused(state, Clash(1, 1), "TRI-3.3")
    apply(state, Roll(20, 20))
    assert state.current_player() == POMPEY
