"""FOR-3: moving agents — new agents, one step each, Rome, no sharing, moving onto a rival."""

from __future__ import annotations

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, lay, mk, refused, roll, stage

from alea.games.forum.actions import Decide, Move
from alea.games.forum.board import BOARD
from alea.games.forum.state import ForumState

ROME = BOARD.rome


def moves_of(state: ForumState) -> set[tuple[str, str]]:
    names = BOARD.markets
    return {
        (names[a.src].name, names[a.to].name) for a in state.legal_actions() if isinstance(a, Move)
    }


# -- FOR-3.1 new agents ------------------------------------------------------------------------


@pytest.mark.rule("FOR-3.1")
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_player_with_a_reserve_rolls_and_enters_rome_on_four_or_more(value: int) -> None:
    state = fb.new_state()
    assert (stage(state), state.actor) == ("enter", A)
    assert state.is_chance_node()  # rolled for the player: no decision is asked
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 6] * 6)
    roll(state, value)
    entered = value >= 4
    assert state.agents[A].count(ROME) == 1 + entered
    assert state.reserve(A) == 3 - entered
    assert (stage(state), state.current_player()) == ("move", A)


@pytest.mark.rule("FOR-3.1")
def test_the_new_agent_may_move_in_the_same_turn() -> None:
    state = fb.new_state()
    roll(state, 6)
    fb.walk(state, A, "Rome", "Luna")
    fb.walk(state, A, "Rome", "Carthage")
    assert sorted(m for m in state.agents[A] if m >= 0) == [mk("Carthage"), mk("Luna")]
    assert state.agents[A].count(ROME) == 0
    assert up(state) == ("enter", B)  # no agent of A is left to move


@pytest.mark.rule("FOR-3.1")
def test_a_player_without_a_reserve_does_not_roll() -> None:
    state = fb.new_state()
    for market in ("Luna", "Carthage", "Puteoli"):
        fb.put_agent(state, B, market)
    roll(state, 1)
    decide_done(state)
    assert (stage(state), state.current_player()) == ("move", B)
    assert not state.is_chance_node()


@pytest.mark.rule("FOR-3.1")
def test_the_entry_roll_follows_its_option() -> None:
    state = fb.new_state(enter_roll=6)
    roll(state, 5)
    assert state.reserve(A) == 3
    decide_done(state)
    roll(state, 6)
    assert state.reserve(B) == 2


def decide_done(state: ForumState) -> None:
    state.apply_action(Decide(state.current_player(), "done"))


def up(state: ForumState) -> tuple[str, int]:
    """The stage and the seat it waits for (the actor at a die)."""
    return stage(state), state.actor if state.is_chance_node() else state.current_player()


# -- FOR-3.2 one step per agent ----------------------------------------------------------------


@pytest.mark.rule("FOR-3.2")
def test_an_agent_steps_to_a_neighbour_once_a_turn() -> None:
    state = fb.new_state()
    roll(state, 1)
    assert moves_of(state) == {("Rome", BOARD.markets[n].name) for n in BOARD.neighbours[ROME]}
    refused(state, Move(A, ROME, mk("Marseille")), "FOR-3.2")  # two links away
    refused(state, Move(A, mk("Luna"), mk("Marseille")), "FOR-3.2")  # no agent there
    refused(state, Move(A, -1, mk("Serdica")), "FOR-3.2")  # a reserve agent is on no market
    fb.walk(state, A, "Rome", "Luna")
    # A's only agent has moved: A's movement is over without asking
    assert up(state) == ("enter", B)
    assert state.agents[A][0] == mk("Luna")
    fb.end_turn(state)
    for _ in range(3):  # turn 2 starts with B; A moves last
        roll(state, 1)
        decide_done(state)
    roll(state, 1)
    assert up(state) == ("move", A)
    assert moves_of(state) == {("Luna", "Rome"), ("Luna", "Marseille"), ("Luna", "Mediolano")}
    fb.walk(state, A, "Luna", "Marseille")
    assert state.agents[A][0] == mk("Marseille")


@pytest.mark.rule("FOR-3.2")
def test_a_moved_agent_cannot_move_again_while_another_may() -> None:
    state = fb.moving("A agent Carthage")
    fb.walk(state, A, "Rome", "Luna")
    assert state.current_player() == A
    refused(state, Move(A, mk("Luna"), mk("Marseille")), "FOR-3.2")
    assert moves_of(state) == {
        ("Carthage", "Rome"),
        ("Carthage", "Carthago Nova"),
        ("Carthage", "Iol Caesarea"),
        ("Carthage", "Lepcis Magna"),
    }
    fb.walk(state, A, "Carthage", "Iol Caesarea")
    assert up(state) == ("enter", B)


@pytest.mark.rule("FOR-3.2")
def test_agents_may_stay_and_the_player_ends_when_they_wish() -> None:
    state = fb.moving("A agent Carthage")
    fb.walk(state, A, "Carthage", "Lepcis Magna")
    assert Decide(A, "done") in state.legal_actions()
    decide_done(state)
    assert up(state) == ("enter", B)
    assert sorted(state.agents[A]) == [-1, -1, ROME, mk("Lepcis Magna")]


# -- FOR-3.3 Rome ------------------------------------------------------------------------------


@pytest.mark.rule("FOR-3.3")
def test_any_number_of_players_share_rome() -> None:
    state = fb.new_state()
    fb.clear_agents(state, B)
    fb.put_agent(state, B, "Luna")
    roll(state, 1)
    decide_done(state)
    roll(state, 1)
    assert ("Luna", "Rome") in moves_of(state)  # A, B, C and D all stand in Rome
    fb.walk(state, B, "Luna", "Rome")
    assert state.agents[B].count(ROME) == 1
    fb.skip_to(state, "social")
    assert state.contests == {}
    assert all(state.agents[p].count(ROME) == 1 for p in (A, C, D))


@pytest.mark.rule("FOR-3.3")
def test_a_player_never_has_two_agents_in_rome_after_moving() -> None:
    state = fb.moving("A agent Luna")
    refused(state, Move(A, mk("Luna"), ROME), "FOR-3.3")
    assert ("Luna", "Rome") not in moves_of(state)


@pytest.mark.rule("FOR-3.3")
def test_a_new_agent_beside_an_old_one_in_rome_makes_one_step_out() -> None:
    state = fb.new_state()
    roll(state, 4)
    assert state.agents[A].count(ROME) == 2
    assert Decide(A, "done") not in state.legal_actions()
    refused(state, Decide(A, "done"), "FOR-3.3")
    fb.walk(state, A, "Rome", "Luna")
    assert state.agents[A].count(ROME) == 1
    assert Decide(A, "done") in state.legal_actions()
    decide_done(state)
    assert sorted(state.agents[A]) == [-1, -1, ROME, mk("Luna")]


def boxed_in() -> ForumState:
    """A's neighbours of Rome are its own agents or rivals A cannot afford to oust."""
    state = fb.new_state()
    lay(state, "A agent Caralis; A agent Carthage; B agent Luna; B agent Puteoli; C agent Rimini")
    lay(state, "D agent Syracuse")
    fb.set_purse(state, A, 0, 0)
    return state


@pytest.mark.rule("FOR-3.3")
def test_when_neither_can_leave_rome_the_new_agent_goes_back_at_the_end() -> None:
    state = boxed_in()
    roll(state, 4)
    assert state.agents[A].count(ROME) == 2
    assert not any(a.src == ROME for a in state.legal_actions() if isinstance(a, Move))
    assert Decide(A, "done") in state.legal_actions()
    decide_done(state)
    assert state.agents[A].count(ROME) == 1
    assert state.reserve(A) == 1
    assert up(state) == ("enter", B)


@pytest.mark.rule("FOR-3.3")
def test_freeing_a_neighbour_obliges_the_second_agent_to_leave_rome() -> None:
    state = boxed_in()
    roll(state, 4)
    fb.walk(state, A, "Caralis", "Narbo")  # Caralis is free again
    assert ("Rome", "Caralis") in moves_of(state)
    refused(state, Decide(A, "done"), "FOR-3.3")
    fb.walk(state, A, "Rome", "Caralis")
    decide_done(state)
    assert state.reserve(A) == 0
    assert state.agents[A].count(ROME) == 1


# -- FOR-3.4 own agents never share ------------------------------------------------------------


@pytest.mark.rule("FOR-3.4")
def test_an_agent_cannot_step_onto_its_own_players_agent() -> None:
    state = fb.moving("A agent Luna; A agent Marseille")
    refused(state, Move(A, ROME, mk("Luna")), "FOR-3.4")
    refused(state, Move(A, mk("Marseille"), mk("Luna")), "FOR-3.4")
    refused(state, Move(A, mk("Luna"), mk("Marseille")), "FOR-3.4")
    assert ("Rome", "Luna") not in moves_of(state)
    fb.walk(state, A, "Luna", "Mediolano")  # Luna is free again
    fb.walk(state, A, "Rome", "Luna")
    assert sorted(state.agents[A]) == [-1, mk("Luna"), mk("Marseille"), mk("Mediolano")]


# -- FOR-3.5 moving onto a rival ---------------------------------------------------------------


@pytest.mark.rule("FOR-3.5")
def test_an_agent_may_step_onto_a_rival_and_must_then_oust_it() -> None:
    state = fb.moving("B agent Luna")
    fb.walk(state, A, "Rome", "Luna")
    assert state.contest_of(A) == mk("Luna")
    assert state.contest_of(B) == -1
    fb.skip_to(state, "oust")  # B, C and D move no further; the social phase opens with A's oust
    assert (stage(state), state.actor) == ("oust", A)
    assert state.money[A] == 0  # the $200 is paid as the contest starts


@pytest.mark.rule("FOR-3.5")
def test_one_contest_a_turn() -> None:
    state = fb.new_state()
    lay(state, "A agent Carthage; B agent Luna; C agent Lepcis Magna")
    fb.set_purse(state, A, 2000)
    roll(state, 1)
    fb.walk(state, A, "Rome", "Luna")
    refused(state, Move(A, mk("Carthage"), mk("Lepcis Magna")), "FOR-3.5")
    assert ("Carthage", "Lepcis Magna") not in moves_of(state)
    fb.walk(state, A, "Carthage", "Iol Caesarea")  # an empty market is still open


@pytest.mark.rule("FOR-3.5")
@pytest.mark.parametrize(
    ("money", "prestige", "allowed"),
    [(200, 0, True), (199, 0, False), (100, 1, True), (0, 1, False), (0, 2, True)],
)
def test_the_contest_must_be_affordable(money: int, prestige: int, allowed: bool) -> None:
    state = fb.new_state()
    fb.put_agent(state, B, "Luna")
    fb.set_purse(state, A, money, prestige)
    roll(state, 1)
    assert (("Rome", "Luna") in moves_of(state)) is allowed
    if allowed:
        fb.walk(state, A, "Rome", "Luna")
        assert state.contest_of(A) == mk("Luna")
    else:
        refused(state, Move(A, ROME, mk("Luna")), "FOR-3.5")
        assert ("Rome", "Puteoli") in moves_of(state)


@pytest.mark.rule("FOR-3.5")
def test_no_agent_joins_a_market_that_holds_two() -> None:
    state = fb.new_state(first=B)
    fb.put_agent(state, C, "Luna")
    roll(state, 1)
    fb.walk(state, B, "Rome", "Luna")  # B contests C's agent
    fb.skip_to(state, "move")
    assert state.current_player() == C
    decide_done(state)
    roll(state, 1)
    decide_done(state)
    roll(state, 1)
    assert state.current_player() == A
    assert ("Rome", "Luna") not in moves_of(state)
    refused(state, Move(A, ROME, mk("Luna")), "FOR-3.5")


@pytest.mark.rule("FOR-3.5")
def test_married_players_may_still_contest_each_other() -> None:
    state = fb.new_state()
    fb.put_agent(state, B, "Luna")
    fb.put_alliance(state, A, B, 100)
    roll(state, 1)
    assert ("Rome", "Luna") in moves_of(state)
    fb.walk(state, A, "Rome", "Luna")
    fb.skip_to(state, "oust")
    assert (stage(state), state.actor) == ("oust", A)
    assert state.pending is not None
    assert state.pending[:3] == (mk("Luna"), A, B)


@pytest.mark.rule("FOR-3.5")
def test_a_contest_only_arises_for_the_agent_that_arrived_second() -> None:
    state = fb.new_state(first=B)
    roll(state, 1)
    fb.walk(state, B, "Rome", "Luna")  # B arrives first in an empty market
    for _ in range(2):
        roll(state, 1)
        decide_done(state)
    roll(state, 1)
    assert state.current_player() == A
    fb.walk(state, A, "Rome", "Luna")  # A arrives second: A must oust
    assert state.contest_of(A) == mk("Luna")
    assert state.contest_of(B) == -1
    fb.skip_to(state, "oust")  # B, C and D take their intrigues first
    assert (stage(state), state.actor) == ("oust", A)
    assert state.pending is not None
    assert state.pending[:3] == (mk("Luna"), A, B)
