"""FOR-8: money into prestige at the end of the turn, debt and its prestige, the floor at 0."""

from __future__ import annotations

import random

import forum_builders as fb
import pytest
from forum_builders import A, B, C, lay, stage

from alea.games.forum.actions import Build, Divorce, Draw, Propose

# --- FOR-8.1 converting money -----------------------------------------------------------------


@pytest.mark.rule("FOR-8.1")
def test_money_rising_past_several_marks_gains_one_point_a_mark() -> None:
    state = fb.at_fate()
    state.money[A] = 3400  # rose from $200 since the last conversion
    state.money[B] = 999
    state.money[C] = 1000
    state.prestige[A] = 2
    fb.quiet_draw(state)
    assert state.prestige == [5, 0, 1, 0]
    assert state.banked == [3, 0, 1, 0]


@pytest.mark.rule("FOR-8.1")
def test_money_falling_back_below_marks_loses_one_point_a_mark() -> None:
    state = fb.at_fate()
    fb.set_money(state, A, 3400)
    fb.set_money(state, B, 2500)
    fb.set_money(state, C, 1000)
    state.prestige[:] = [5, 5, 5, 5]
    fb.pass_until(state, "fate")
    fb.quiet_draw(state)
    assert state.prestige == [5, 5, 5, 5]  # nothing moved: nothing converted
    fb.pass_until(state, "fate")
    state.money[A] = 1200  # two marks lost
    state.money[B] = 1999  # one mark lost
    state.money[C] = -300  # in debt: the mark is lost, debt itself is FOR-8.2's business
    fb.quiet_draw(state)
    assert state.prestige == [3, 4, 4, 5]
    assert state.banked == [1, 1, 0, 0]
    fb.pass_until(state, "fate")
    state.money[A] = 4000  # and back up past three marks
    fb.quiet_draw(state)
    assert state.prestige[A] == 6
    assert state.banked[A] == 4


@pytest.mark.rule("FOR-8.1")
def test_conversion_waits_for_the_end_of_the_turn() -> None:
    state = fb.at_fate(players=2)
    fb.put_horreum(state, A, "Rome")  # earns $300 at each trade
    fb.set_money(state, A, 800)
    fb.quiet_draw(state)
    fb.next_trade(state)
    assert state.money[A] == 1100
    assert state.prestige[A] == 0  # not yet: the trade is phase 3
    fb.pass_until(state, "fate")
    fb.quiet_draw(state)
    assert state.prestige[A] == 1


@pytest.mark.rule("FOR-8.1")
def test_a_rise_and_fall_within_one_turn_converts_nothing() -> None:
    state = fb.at_fate(players=2)
    fb.put_horreum(state, A, "Rome")
    fb.set_money(state, A, 800)
    fb.quiet_draw(state)
    fb.next_trade(state)
    assert state.money[A] == 1100
    fb.pass_until(state, "fate")
    for m in ("Carthage", "Alexandria"):
        fb.put_horreum(state, A, m)
    state.apply_action(Draw(14))  # cargo lost: $400, back to $700
    assert state.money[A] == 700
    assert state.prestige[A] == 0
    assert state.banked[A] == 0


# --- FOR-8.2 debt -----------------------------------------------------------------------------


@pytest.mark.rule("FOR-8.2")
def test_each_new_hundred_of_debt_costs_a_point_and_repaying_gives_none_back() -> None:
    state = fb.at_fate(players=3)
    # Three horrea in Carnuntum and in Cordoba: each horreum loses $50 at every trade.
    for p in (A, B, C):
        fb.put_horreum(state, p, "Carnuntum")
        fb.put_horreum(state, p, "Cordoba")
    fb.set_purse(state, A, 100, 4)
    for purse in [(0, 4), (-100, 3), (-200, 2)]:
        fb.to_next_trade(state)
        assert (state.money[A], state.prestige[A]) == purse
    # A horreum in Rome (+$300) turns the loss into a gain: the debt is repaid, nothing back.
    fb.pass_until(state, "fate")
    fb.put_horreum(state, A, "Rome")
    fb.quiet_draw(state)
    fb.next_trade(state)
    assert (state.money[A], state.prestige[A]) == (0, 2)
    fb.to_next_trade(state)
    assert (state.money[A], state.prestige[A]) == (200, 2)
    # Borrowing again is new debt and costs again.
    fb.pass_until(state, "fate")
    lay(state, "A horreum Carthage; A horreum Alexandria")
    state.apply_action(Draw(14))  # $400 for the lost cargo
    assert (state.money[A], state.prestige[A]) == (-200, 0)


@pytest.mark.rule("FOR-8.2")
def test_can_afford_borrows_only_against_prestige() -> None:
    state = fb.new_state()
    state.money[A], state.prestige[A] = 100, 2
    assert state.can_afford(A, 100)
    assert state.can_afford(A, 300)  # $200 of debt for 2 prestige
    assert not state.can_afford(A, 400)
    state.money[A], state.prestige[A] = -100, 0
    assert state.can_afford(A, 0)
    assert not state.can_afford(A, 100)
    state.prestige[A] = 1
    assert state.can_afford(A, 100)
    assert not state.can_afford(A, 200)


@pytest.mark.rule("FOR-8.2")
def test_building_into_debt_needs_the_prestige_for_it() -> None:
    state = fb.build_phase(players=2)
    assert state.current_player() == A
    fb.set_purse(state, A, 50, prestige=0)
    assert Build(A, 0) not in state.legal_actions()
    fb.set_purse(state, A, 50, prestige=1)
    assert Build(A, 0) in state.legal_actions()
    fb.act(state, Build(A, 0))
    assert (state.money[A], state.prestige[A]) == (-50, 0)


@pytest.mark.rule("FOR-8.2")
def test_a_player_who_cannot_borrow_is_not_offered_the_build() -> None:
    state = fb.new_state(players=2)
    fb.skip_to(state, "social")
    fb.set_purse(state, A, 50, 0)
    fb.set_money(state, B, 300)
    fb.pass_until(state, "build", "give", "fate")
    assert stage(state) == "build"
    assert state.current_player() == B  # the Aemilii, with no choice, are passed over


@pytest.mark.rule("FOR-8.2")
def test_dowries_offered_stop_where_the_prestige_to_borrow_ends() -> None:
    state = fb.new_state(players=2)
    fb.skip_to(state, "social")
    assert state.current_player() == A
    fb.set_purse(state, A, 150, 1)
    prices = sorted({a.price for a in state.legal_actions() if isinstance(a, Propose) and a.son})
    assert prices == [0, 100, 200]


@pytest.mark.rule("FOR-8.2")
def test_forced_payments_are_made_whatever_the_prestige() -> None:
    state = fb.at_fate(players=3)
    fb.put_horreum(state, A, "Carthage")
    fb.set_purse(state, A, 0, 0)
    lay(state, "B horreum Alexandria; B horreum Rhodes")
    fb.set_purse(state, B, 100, 1)
    state.apply_action(Draw(14))
    assert (state.money[A], state.prestige[A]) == (-200, 0)
    assert (state.money[B], state.prestige[B]) == (-300, 0)


@pytest.mark.rule("FOR-8.2")
def test_a_repaid_dowry_is_forced_on_the_receiver() -> None:
    state = fb.new_state(players=2, ruleset="complete")
    fb.skip_to(state, "social")
    assert state.current_player() == A
    state.marriages = [(A, B, A, 300)]
    fb.set_purse(state, A, 0, 6)
    fb.set_purse(state, B, 0, 4)
    fb.act(state, Divorce(A, B))
    assert (state.money[B], state.prestige[B]) == (-300, 0)  # 4 - 2 - 3, stopped at 0
    assert (state.money[A], state.prestige[A]) == (300, 4)


# --- FOR-8.3 the floor ------------------------------------------------------------------------


@pytest.mark.rule("FOR-8.3")
def test_prestige_stops_at_zero_and_the_excess_is_not_carried() -> None:
    state = fb.at_fate(players=2)
    fb.set_purse(state, A, 0, 2)
    state.apply_action(Draw(29))  # the patron's campaign
    assert state.current_player() == A
    fb.decide(state, "pay")  # $500 of debt against 2 prestige
    assert (state.money[A], state.prestige[A]) == (-500, 0)
    assert state.current_player() == B
    fb.decide(state, "pay")
    assert (state.money[B], state.prestige[B]) == (-300, 0)
    fb.pass_until(state, "fate")
    fb.set_money(state, A, 1000)
    state.apply_action(Draw(9))  # the census: +1 from 0, not from -3
    assert state.prestige == [1, 0]
    fb.pass_until(state, "fate")
    state.apply_action(Draw(22))  # the wrong claimant: everyone loses a point
    assert state.prestige == [0, 0]


@pytest.mark.rule("FOR-8.3")
def test_prestige_is_never_negative_in_random_games() -> None:
    lowest = 0
    debts = 0
    for seed in range(8):
        rng = random.Random(100 + seed)
        state = fb.new_state(players=3 + seed % 2)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            lowest = min(lowest, *state.prestige)
            debts += sum(m < 0 for m in state.money)
    assert lowest == 0
    assert debts > 0  # the games did run into debt
