"""TRI-9: victory — last leader standing, holding Rome, the round cap, and nothing after."""

from __future__ import annotations

import pytest
from builders import apply, end_turn, hx, position, refused
from triumvirate_seats import CAESAR, CRASSUS, POMPEY, ROME

import alea
from alea.games.triumvirate.actions import Clash, Decide, FirstPlayer, March, Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import LEADER, TriumvirateState

ROMA = BOARD.rome
A, B, C = hx("13,2"), hx("14,2"), hx("15,2")


# -- TRI-9.1 last leader standing -------------------------------------------------------------


def duel(pompey_leader_attacks: bool) -> TriumvirateState:
    """Caesar is dead; Pompey's troop on A attacks Crassus and his leader on B."""
    return position(
        POMPEY,
        troops={A: (POMPEY, 1), B: (CRASSUS, 1), C: (CRASSUS, 2)},
        leaders={CRASSUS: B, POMPEY: A if pompey_leader_attacks else hx("12,2")},
        dead=[CAESAR],
    )


@pytest.mark.rule("TRI-9.1")
def test_the_last_leader_standing_wins_at_once() -> None:
    state = duel(pompey_leader_attacks=False)
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, A, B), Decide(POMPEY, "end"))
    apply(state, Clash(6, 7))
    assert not state.is_terminal()  # Crassus's d8 held this round and the troop fell
    state = duel(pompey_leader_attacks=False)
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, A, B), Decide(POMPEY, "end"))
    apply(state, Clash(6, 5))
    assert state.is_terminal()
    assert state.current_player() == alea.TERMINAL
    assert state.returns() == [0.0, 0.0, 1.0]
    assert state.winner == POMPEY
    assert state.end_reason == "last-standing"
    assert "Pompey" in state.outcome_text()


@pytest.mark.rule("TRI-9.1")
def test_a_player_who_dies_attacking_hands_the_game_to_the_last_rival() -> None:
    state = duel(pompey_leader_attacks=True)
    apply(state, Decide(POMPEY, "roll"), Roll(6, 1), Move(POMPEY, A, B))
    apply(state, March(POMPEY, B), Decide(POMPEY, "end"), Clash(8, 8))
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 0.0]


@pytest.mark.rule("TRI-9.1")
@pytest.mark.rule("TRI-7.5")
def test_catching_the_last_rival_alone_also_wins() -> None:
    state = position(
        POMPEY,
        troops={A: (POMPEY, 1)},
        leaders={CRASSUS: B, POMPEY: hx("12,2")},
        dead=[CAESAR],
    )
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, A, B))
    assert not state.is_terminal()
    apply(state, Decide(POMPEY, "end"))
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 1.0]


@pytest.mark.rule("TRI-9.1")
def test_one_death_among_three_does_not_end_the_game() -> None:
    state = position(POMPEY, troops={A: (POMPEY, 1)}, leaders={CRASSUS: B, POMPEY: hx("12,2")})
    apply(state, Decide(POMPEY, "stay"), Move(POMPEY, A, B), Decide(POMPEY, "end"))
    assert not state.alive[CRASSUS]
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.current_player() == CAESAR


# -- TRI-9.2 holding Rome ---------------------------------------------------------------------


def in_rome(streak: int, civil_war: bool = True, **options: object) -> TriumvirateState:
    return position(
        CAESAR,
        troops={"Luca": (CAESAR, 1)},
        leaders={CAESAR: ROMA},
        civil_war=civil_war,
        streak=[0, streak, 0],
        **options,
    )


@pytest.mark.rule("TRI-9.2")
def test_four_own_turns_ended_in_rome_win() -> None:
    state = in_rome(streak=0)
    for held in range(1, 4):
        apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
        assert state.rome_turns[CAESAR] == held
        assert not state.is_terminal()
        end_turn(state)  # Pompey
        end_turn(state)  # Crassus
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0, 0.0]
    assert state.end_reason == "rome"
    assert "Caesar" in state.outcome_text()


@pytest.mark.rule("TRI-9.2")
def test_a_turn_ended_outside_rome_resets_the_count() -> None:
    state = in_rome(streak=3)
    apply(state, Decide(CAESAR, "roll"), Roll(6, 1), March(CAESAR, hx("Capua")))
    apply(state, Decide(CAESAR, "end"))
    assert state.rome_turns[CAESAR] == 0
    assert not state.is_terminal()


@pytest.mark.rule("TRI-9.2")
def test_leaving_and_returning_within_a_turn_still_counts() -> None:
    state = in_rome(streak=3)
    apply(state, Decide(CAESAR, "roll"), Roll(6, 2), March(CAESAR, hx("Capua")))
    apply(state, March(CAESAR, ROMA), Decide(CAESAR, "end"))
    assert state.is_terminal()
    assert state.winner == CAESAR


@pytest.mark.rule("TRI-9.2")
def test_turns_in_rome_during_the_conquest_phase_do_not_count() -> None:
    state = in_rome(streak=0, civil_war=False)
    for _ in range(5):
        apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
        assert state.rome_turns[CAESAR] == 0
        end_turn(state)
        end_turn(state)
    assert not state.is_terminal()


@pytest.mark.rule("TRI-9.2")
@pytest.mark.rule("TRI-6.1")
def test_the_turn_in_which_the_civil_war_begins_counts() -> None:
    state = in_rome(streak=0, civil_war=False)
    apply(state, Decide(CAESAR, "stay"), Move(CAESAR, hx("Luca"), hx("Arretium")))
    apply(state, Decide(CAESAR, "end"))
    assert state.civil_war
    assert state.rome_turns[CAESAR] == 1


@pytest.mark.rule("TRI-9.2")
def test_only_the_players_own_turns_count() -> None:
    state = in_rome(streak=1)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.rome_turns == [0, 2, 0]
    end_turn(state)  # Pompey's and Crassus's turns neither add to nor reset Caesar's count
    end_turn(state)
    assert state.rome_turns == [0, 2, 0]
    assert state.current_player() == CAESAR


@pytest.mark.rule("TRI-9.2")
def test_rome_turns_to_win_option() -> None:
    state = in_rome(streak=0, rome_turns_to_win=2)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert not state.is_terminal()
    end_turn(state)
    end_turn(state)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.is_terminal()
    assert state.winner == CAESAR


# -- TRI-9.3 round cap ------------------------------------------------------------------------


@pytest.mark.rule("TRI-9.3")
def test_the_game_ends_without_a_winner_at_the_end_of_the_last_round() -> None:
    state = position(CAESAR, max_rounds=2)
    for turn in range(5):
        assert state.round == 1 + turn // 3
        end_turn(state)
        assert not state.is_terminal()
    assert state.current_player() == CRASSUS  # the last turn of round 2: Caesar, Pompey, Crassus
    end_turn(state)
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.winner == -1
    assert state.end_reason == "round-cap"
    assert "no winner" in state.outcome_text()


@pytest.mark.rule("TRI-9.3")
def test_the_default_cap_is_120_rounds() -> None:
    state = position(CAESAR)
    assert state.game.opts.max_rounds == 120
    state.round = 120
    end_turn(state)
    end_turn(state)
    assert not state.is_terminal()
    end_turn(state)
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]


@pytest.mark.rule("TRI-9.3")
def test_a_round_ends_when_play_passes_a_dead_first_player() -> None:
    # Pompey plays first and dies in his own attack; the round still ends after Caesar.
    state = position(
        POMPEY,
        troops={A: (POMPEY, 1), B: (ROME, 1)},
        leaders={POMPEY: A},
        max_rounds=1,
    )
    apply(state, Decide(POMPEY, "roll"), Roll(6, 1), Move(POMPEY, A, B), March(POMPEY, B))
    apply(state, Decide(POMPEY, "end"), Clash(6, 6))
    assert not state.alive[POMPEY]
    end_turn(state)  # Crassus
    assert not state.is_terminal()
    end_turn(state)  # Caesar
    assert state.is_terminal()
    assert state.end_reason == "round-cap"


@pytest.mark.rule("TRI-9.3")
@pytest.mark.rule("TRI-9.2")
def test_a_rome_win_in_the_last_turn_beats_the_cap() -> None:
    state = position(
        CAESAR, leaders={CRASSUS: ROMA}, civil_war=True, streak=[3, 0, 0], max_rounds=1
    )
    end_turn(state)
    end_turn(state)
    end_turn(state)  # Crassus ends his fourth turn in Rome, in the last turn of the last round
    assert state.is_terminal()
    assert state.winner == CRASSUS
    assert state.end_reason == "rome"


# -- TRI-9.4 after the end --------------------------------------------------------------------


@pytest.mark.rule("TRI-9.4")
def test_no_action_is_possible_once_the_game_is_over() -> None:
    state = in_rome(streak=3)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []
    for action in (
        Decide(CAESAR, "roll"),
        Decide(POMPEY, "stay"),
        March(CAESAR, hx("Capua")),
        Move(CAESAR, hx("Luca"), hx("Ravenna")),
        Roll(6, 3),
        Roll(20, 1),
        Clash(6, 1),
        FirstPlayer(CRASSUS),
    ):
        refused(state, action, "TRI-9.4")


@pytest.mark.rule("TRI-9.4")
def test_a_game_cut_by_the_cap_is_over_too() -> None:
    state = position(CAESAR, max_rounds=1)
    for _ in range(3):
        end_turn(state)
    assert state.is_terminal()
    assert state.stage != LEADER
    refused(state, Decide(CRASSUS, "roll"), "TRI-9.4")
    refused(state, Roll(6, 1), "TRI-9.4")
    assert state.current_player() == alea.TERMINAL
