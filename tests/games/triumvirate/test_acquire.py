"""TRI-8: winning Roman troops over with a popularity roll."""

from __future__ import annotations

import pytest
from builders import (
    CAESAR,
    CRASSUS,
    POMPEY,
    ROME,
    apply,
    check_invariants,
    hx,
    position,
    refused,
)

from alea.games.triumvirate.actions import Clash, Decide, March, Move, Roll
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.state import LEADER, WOO, WOO_ROLL, TriumvirateState

R, NEXT_TO_R = hx("14,2"), hx("13,2")


def wooing(
    popularity: int,
    romans: int = 2,
    troops: dict[str | int, tuple[int, int]] | None = None,
    civil_war: bool = False,
) -> TriumvirateState:
    """Caesar's turn, his leader standing alone among ``romans`` Roman troops on R."""
    return position(
        CAESAR,
        troops={R: (ROME, romans), **(troops or {})},
        leaders={CAESAR: R},
        popularity=[0, popularity, 0],
        civil_war=civil_war,
    )


@pytest.mark.rule("TRI-8.1")
def test_a_roll_at_most_his_popularity_wins_the_romans_over() -> None:
    state = wooing(popularity=3)
    before = list(state.troops)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.stage == WOO
    assert state.legal_actions() == [Decide(CAESAR, "woo"), Decide(CAESAR, "pass")]
    apply(state, Decide(CAESAR, "woo"))
    assert state.stage == WOO_ROLL
    assert [a for a, _ in state.chance_outcomes()] == [Roll(20, v) for v in range(1, 21)]
    apply(state, Roll(20, 3))
    assert (state.owner[R], state.count[R]) == (CAESAR, 2)
    assert R in state.holdings[CAESAR]
    assert state.troops[CAESAR] == before[CAESAR] + 2
    assert state.troops[ROME] == before[ROME] - 2
    assert (state.current_player(), state.stage) == (POMPEY, LEADER)
    check_invariants(state)


@pytest.mark.rule("TRI-8.1")
def test_a_roll_above_his_popularity_fails() -> None:
    state = wooing(popularity=3)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    apply(state, Roll(20, 4))
    assert (state.owner[R], state.count[R]) == (ROME, 2)
    assert state.current_player() == POMPEY


@pytest.mark.rule("TRI-8.1")
def test_the_player_may_leave_the_romans_alone() -> None:
    state = wooing(popularity=20)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "pass"))
    assert state.owner[R] == ROME
    assert state.current_player() == POMPEY


@pytest.mark.rule("TRI-8.1")
def test_the_woo_step_accepts_only_woo_or_pass() -> None:
    state = wooing(popularity=3)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    for verb in ("roll", "stay", "collect", "parade", "end"):
        refused(state, Decide(CAESAR, verb), "TRI-8.1")


@pytest.mark.rule("TRI-8.1")
def test_no_roll_is_offered_without_popularity() -> None:
    state = wooing(popularity=0)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert (state.current_player(), state.stage) == (POMPEY, LEADER)
    assert state.owner[R] == ROME


@pytest.mark.rule("TRI-8.1")
def test_no_roll_is_offered_away_from_roman_troops() -> None:
    state = position(
        CAESAR, troops={R: (ROME, 2)}, leaders={CAESAR: NEXT_TO_R}, popularity=[0, 9, 0]
    )
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.current_player() == POMPEY


@pytest.mark.rule("TRI-8.1")
def test_a_leader_who_marched_onto_romans_may_roll_at_the_end_of_the_turn() -> None:
    state = position(
        CAESAR, troops={R: (ROME, 2)}, leaders={CAESAR: NEXT_TO_R}, popularity=[0, 9, 0]
    )
    apply(state, Decide(CAESAR, "roll"), Roll(6, 2), March(CAESAR, R))
    assert state.stage != WOO  # not before he ends his movement
    apply(state, Decide(CAESAR, "end"))
    assert state.stage == WOO


@pytest.mark.rule("TRI-8.1")
def test_the_roll_is_allowed_in_the_civil_war_too() -> None:
    state = wooing(popularity=3, civil_war=True)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.stage == WOO
    apply(state, Decide(CAESAR, "woo"), Roll(20, 1))
    assert state.owner[R] == CAESAR


@pytest.mark.rule("TRI-8.1")
@pytest.mark.rule("TRI-7.4")
def test_a_fallen_leaders_troops_can_be_won_over() -> None:
    state = position(
        CRASSUS,
        troops={hx("18,2"): (CRASSUS, 2), hx("19,2"): (POMPEY, 1), R: (POMPEY, 3)},
        leaders={CRASSUS: hx("17,2"), POMPEY: hx("19,2"), CAESAR: NEXT_TO_R},
        popularity=[0, 4, 0],
    )
    apply(state, Decide(CRASSUS, "stay"), Move(CRASSUS, hx("18,2"), hx("19,2")))
    apply(state, Decide(CRASSUS, "end"), Clash(6, 1))
    assert not state.alive[POMPEY]
    assert (state.owner[R], state.count[R]) == (ROME, 3)
    # Caesar walks in among the former Pompeians and wins them over.
    apply(state, Decide(CAESAR, "roll"), Roll(6, 1), March(CAESAR, R), Decide(CAESAR, "end"))
    apply(state, Decide(CAESAR, "woo"), Roll(20, 4))
    assert (state.owner[R], state.count[R]) == (CAESAR, 3)
    check_invariants(state)


# -- TRI-8.2 in Italy -------------------------------------------------------------------------


@pytest.mark.rule("TRI-8.2")
@pytest.mark.rule("TRI-6.1")
@pytest.mark.parametrize(("roll", "won"), [(5, True), (6, False)])
def test_winning_romans_over_in_italy_starts_the_civil_war(roll: int, won: bool) -> None:
    capua = hx("Capua")
    assert capua in BOARD.italy
    state = position(
        CAESAR, troops={capua: (ROME, 1)}, leaders={CAESAR: capua}, popularity=[0, 5, 0]
    )
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    assert not state.civil_war
    apply(state, Roll(20, roll))
    assert (state.owner[capua] == CAESAR) is won
    assert state.civil_war is won


@pytest.mark.rule("TRI-8.2")
def test_winning_romans_over_outside_italy_does_not() -> None:
    messana = hx("Messana")
    state = position(
        CAESAR, troops={messana: (ROME, 1)}, leaders={CAESAR: messana}, popularity=[0, 5, 0]
    )
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"), Decide(CAESAR, "woo"))
    apply(state, Roll(20, 1))
    assert state.owner[messana] == CAESAR
    assert not state.civil_war


# -- TRI-8.3 counters run out -----------------------------------------------------------------


def caesar_with(on_board: int, romans: int) -> TriumvirateState:
    """Caesar (25 counters) with ``on_board`` troops in stacks of four, wooing ``romans``."""
    troops: dict[str | int, tuple[int, int]] = {}
    for i, col in enumerate(range(16, 24)):
        n = min(4, on_board - 4 * i)
        if n > 0:
            troops[hx(f"{col},0")] = (CAESAR, n)
    return wooing(popularity=20, romans=romans, troops=troops)


@pytest.mark.rule("TRI-8.3")
def test_no_roll_when_he_lacks_counters_for_the_whole_stack() -> None:
    state = caesar_with(on_board=23, romans=3)
    assert state.troops[CAESAR] == 23
    assert state.observation(None)["players"][CAESAR]["supply"] == 2
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.current_player() == POMPEY  # not offered: two counters for three Romans
    assert (state.owner[R], state.count[R]) == (ROME, 3)


@pytest.mark.rule("TRI-8.3")
def test_the_roll_is_offered_when_the_counters_just_suffice() -> None:
    state = caesar_with(on_board=23, romans=2)
    apply(state, Decide(CAESAR, "stay"), Decide(CAESAR, "end"))
    assert state.stage == WOO
    apply(state, Decide(CAESAR, "woo"), Roll(20, 20))
    assert state.troops[CAESAR] == BOARD.counters[CAESAR] == 25
    assert state.observation(None)["players"][CAESAR]["supply"] == 0
    check_invariants(state)


@pytest.mark.rule("TRI-8.3")
def test_fifteen_romans_always_fit_in_a_players_counters() -> None:
    # Each player's counters hold his own garrisons plus all fifteen Roman troops (TRI-1.4).
    for seat in (CRASSUS, CAESAR, POMPEY):
        own = sum(1 for _, f in BOARD.garrisons if f == seat)
        assert BOARD.counters[seat] - own == BOARD.counters[ROME]
