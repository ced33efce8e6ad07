"""FOR-5: trade — printed profits, the information boost, allies' agents, the exotic chain,
and the fate cards settled at the trade."""

from __future__ import annotations

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, lay, mk, stage

from alea.games.forum.actions import Decide, Divorce
from alea.games.forum.board import BOARD
from alea.games.forum.state import ForumState

GERMANY_ROUTE = ("Rome", "Luna", "Mediolano", "Tridentum", "Lugdunum Cananefatium", "Germany")
"""A shortest route from Rome to the exotic market of Germany (distance 5)."""
BERENICE_LONG_WAY = ("Rome", "Carthage", "Lepcis Magna", "Cyrene", "Alexandria", "Coptos")
"""Six links to Berenice (distance 5): a route that is not the shortest."""


def traded(state: ForumState) -> list[int]:
    """Pass to the trade; what each seat earned there."""
    fb.past_trade(state)
    assert stage(state) in ("build", "give", "fate")
    return state.income.copy()


# -- FOR-5.1 profit per market -----------------------------------------------------------------


@pytest.mark.rule("FOR-5.1")
@pytest.mark.parametrize(("holders", "each"), [(1, 175), (2, 75), (3, 50), (4, 25)])
def test_each_holder_earns_the_profit_printed_for_the_number_of_horrea(
    holders: int, each: int
) -> None:
    state = fb.new_state()
    for seat in range(holders):
        fb.put_horreum(state, seat, "Carthage")
    income = traded(state)
    assert income == [each] * holders + [0] * (4 - holders)
    assert state.money == [200 + each] * holders + [200] * (4 - holders)


@pytest.mark.rule("FOR-5.1")
def test_profits_of_several_markets_add_up() -> None:
    state = fb.new_state()
    for market in ("Rome", "Luna", "Marseille", "Alexandria"):
        fb.put_horreum(state, A, market)
    fb.put_horreum(state, B, "Marseille")
    income = traded(state)
    assert income[A] == 300 + 75 + 50 + 125
    assert income[B] == 50
    assert state.money[A] == 200 + 550


@pytest.mark.rule("FOR-5.1")
def test_an_overcrowded_far_market_costs_money() -> None:
    state = fb.new_state()
    for seat in (A, B, C):
        fb.put_horreum(state, seat, "Athens")  # (50, 0, -25, -25)
    fb.put_horreum(state, D, "Hispalis")
    fb.set_purse(state, B, 0, 2)
    fb.set_purse(state, C, 10, 2)
    income = traded(state)
    assert income == [-25, -25, -25, 100]
    assert state.money == [175, -25, -15, 300]
    assert state.prestige[B] == 1  # $25 of new debt costs 1 prestige (FOR-8.2)
    assert state.prestige[C] == 1


@pytest.mark.rule("FOR-5.1")
def test_two_players_share_the_two_horreum_profit() -> None:
    state = fb.new_state(players=2)
    lay(state, "A horreum Rome; B horreum Rome")
    assert traded(state) == [150, 150]


# -- FOR-5.2 the information boost -------------------------------------------------------------


@pytest.mark.rule("FOR-5.2")
@pytest.mark.parametrize(
    ("market", "distance", "boost"),
    [
        ("Carthage", 1, 25),
        ("Marseille", 2, 50),
        ("Alexandria", 3, 75),
        ("Damascus", 4, 100),
        ("Berenice", 5, 125),
    ],
)
def test_an_agent_in_rome_and_in_the_market_earns_the_boost(
    market: str, distance: int, boost: int
) -> None:
    assert BOARD.market(market).distance == distance
    state = fb.new_state()
    fb.put_horreum(state, A, market)
    fb.put_agent(state, A, market)  # A's first agent stands in Rome
    profit = BOARD.market(market).profit[0]
    assert traded(state)[A] == profit + boost


@pytest.mark.rule("FOR-5.2")
def test_without_either_agent_there_is_no_boost() -> None:
    state = fb.new_state()
    fb.put_horreum(state, A, "Carthage")  # agent in Rome only
    fb.put_horreum(state, B, "Luna")
    fb.clear_agents(state, B)
    fb.put_agent(state, B, "Luna")  # agent in the market only
    income = traded(state)
    assert income[A] == 175
    assert income[B] == 75


@pytest.mark.rule("FOR-5.2")
def test_rome_itself_earns_no_boost() -> None:
    state = fb.new_state()
    fb.put_horreum(state, A, "Rome")
    assert traded(state)[A] == 300


@pytest.mark.rule("FOR-5.2")
def test_short_rules_need_no_horreum_in_rome() -> None:
    state = fb.new_state(ruleset="short")
    lay(state, "A horreum Carthage; A agent Carthage; B horreum Carthage; B horreum Rome")
    lay(state, "B agent Carthage")
    income = traded(state)
    assert income[A] == 75 + 25
    assert income[B] == 75 + 25 + 300


@pytest.mark.rule("FOR-5.2")
def test_complete_rules_need_a_horreum_in_rome_too() -> None:
    state = fb.new_state(ruleset="complete")
    lay(state, "A horreum Luna; A agent Luna; B horreum Puteoli; B horreum Rome; B agent Puteoli")
    income = traded(state)
    assert income[A] == 75  # agents in both cities, but no horreum in Rome
    assert income[B] == 75 + 25 + 300


# -- FOR-5.3 allies' agents --------------------------------------------------------------------


ALLIES_AGENTS = [
    # A's agent in Rome is lifted (second case) so that only B's stands there.
    pytest.param(
        "A horreum Carthage; B agent Carthage; A+B",
        False,
        175 + 25,
        marks=pytest.mark.rule("FOR-4.6"),
        id="an ally's agent in the market",
    ),
    pytest.param("A agent Carthage; A horreum Carthage; B+A", True, 175 + 25, id="in Rome"),
    # C is not A's ally, and B, the ally, has no agent there
    pytest.param("A horreum Carthage; C agent Carthage; A+B", False, 175, id="a stranger's agent"),
]


@pytest.mark.rule("FOR-5.3")
@pytest.mark.parametrize(("pieces", "not_in_rome", "income"), ALLIES_AGENTS)
def test_an_allys_agent_counts_as_ones_own_and_no_one_elses(
    pieces: str, not_in_rome: bool, income: int
) -> None:
    state = fb.new_state()
    if not_in_rome:
        fb.clear_agents(state, A)
    lay(state, pieces)
    assert traded(state)[A] == income


@pytest.mark.rule("FOR-5.3")
def test_a_former_spouses_agents_no_longer_count() -> None:
    state = fb.new_state()
    lay(state, "A horreum Carthage; B agent Carthage; A+B")
    assert traded(state)[A] == 175 + 25
    fb.end_turn(state)
    fb.skip_to(state, "social")  # turn 2 runs B, C, D, A; B's agent stays in Carthage
    while state.current_player() != A:
        state.apply_action(Decide(state.current_player(), "pass"))
    state.apply_action(Divorce(A, B))
    assert traded(state)[A] == 175


@pytest.mark.rule("FOR-5.3")
def test_complete_rules_an_ally_lends_agents_not_a_horreum_in_rome() -> None:
    state = fb.new_state(ruleset="complete")
    lay(state, "A horreum Carthage; B agent Carthage; B horreum Rome; A+B")
    assert traded(state)[A] == 175
    state = fb.new_state(ruleset="complete")
    lay(state, "A horreum Carthage; A horreum Rome; B agent Carthage; A+B")
    assert traded(state)[A] == 175 + 25 + 300


# -- FOR-5.4 the exotic chain ------------------------------------------------------------------


def chained(route: tuple[str, ...], ruleset: str = "short") -> ForumState:
    state = fb.new_state(ruleset=ruleset)
    fb.clear_agents(state, A)
    for market in route:
        fb.put_horreum(state, A, market)
    return state


@pytest.mark.rule("FOR-5.4")
@pytest.mark.parametrize("ruleset", ["short", "complete"])
def test_an_unbroken_route_of_horrea_earns_the_exotic_boost_without_agents(ruleset: str) -> None:
    state = chained(GERMANY_ROUTE, ruleset)
    income = traded(state)
    # Rome 300, Luna 75, Mediolano 50, Tridentum 25, Lugdunum Cananefatium 25: no boosts;
    # Germany 175 and its boost of 125
    assert income[A] == 300 + 75 + 50 + 25 + 25 + 175 + 125
    assert state.trade_income(A)[mk("Germany")] == 300


@pytest.mark.rule("FOR-5.4")
def test_a_broken_route_earns_no_boost() -> None:
    state = chained(tuple(m for m in GERMANY_ROUTE if m != "Tridentum"))
    assert traded(state)[A] == 300 + 75 + 50 + 25 + 175


@pytest.mark.rule("FOR-5.4")
def test_the_route_must_start_in_rome() -> None:
    state = chained(GERMANY_ROUTE[1:])
    assert traded(state)[A] == 75 + 50 + 25 + 25 + 175


@pytest.mark.rule("FOR-5.4")
def test_any_route_counts_not_only_the_shortest() -> None:
    state = chained((*BERENICE_LONG_WAY, "Berenice"))
    assert state.trade_income(A)[mk("Berenice")] == 175 + 125
    assert state.trade_income(A)[mk("Coptos")] == 25  # not exotic: no boost from the chain


@pytest.mark.rule("FOR-5.4")
def test_the_chain_and_agents_do_not_add_up() -> None:
    state = chained(GERMANY_ROUTE)
    lay(state, "A agent Rome; A agent Germany")
    assert state.trade_income(A)[mk("Germany")] == 300


@pytest.mark.rule("FOR-5.4")
def test_an_allys_horrea_do_not_complete_a_chain() -> None:
    state = fb.new_state()
    fb.clear_agents(state, A)
    for market in GERMANY_ROUTE:
        fb.put_horreum(state, A if market != "Tridentum" else B, market)
    fb.put_alliance(state, A, B)
    fb.clear_agents(state, B)
    assert state.trade_income(A)[mk("Germany")] == 175


# -- FOR-5.5 fate at the trade -----------------------------------------------------------------


@pytest.mark.rule("FOR-5.5")
def test_a_harvest_pays_at_the_next_trade_only() -> None:
    state = fb.new_state()
    fb.put_horreum(state, A, "Narbo")
    assert traded(state)[A] == 50
    fb.end_turn(state, card=10)  # Gallic vintage: Narbo and Marseille
    assert state.bonus[A] == 500
    assert traded(state)[A] == 550
    assert state.bonus[A] == 0
    fb.end_turn(state, card=6)
    assert traded(state)[A] == 50


@pytest.mark.rule("FOR-5.5")
def test_a_flooded_market_earns_nothing_at_the_next_trade_only() -> None:
    state = fb.new_state()
    lay(state, "A horreum Carthage; A horreum Luna")
    assert traded(state)[A] == 250
    fb.end_turn(state, card=3)  # floods: A's best market is Carthage
    assert state.blocked[A] == mk("Carthage")
    assert traded(state)[A] == 75
    assert state.blocked[A] == -1
    fb.end_turn(state, card=6)
    assert traded(state)[A] == 250


@pytest.mark.rule("FOR-5.5")
def test_supplies_for_the_legions_pay_at_the_next_trade() -> None:
    state = fb.new_state()
    fb.put_agent(state, B, "Lugdunum")
    assert traded(state) == [0, 0, 0, 0]
    fb.end_turn(state, card=20)
    assert state.money[B] == 200  # nothing yet
    assert traded(state) == [0, 500, 0, 0]
    fb.end_turn(state, card=6)
    assert traded(state) == [0, 0, 0, 0]


@pytest.mark.rule("FOR-5.5")
def test_the_prefect_of_the_grain_supply_earns_at_two_trades() -> None:
    state = fb.new_state()
    lay(state, "A horreum Rome; A horreum Alexandria")
    assert traded(state)[A] == 425
    fb.end_turn(state, card=27)
    assert traded(state)[A] == 925
    fb.end_turn(state, card=6)
    assert traded(state)[A] == 925
    fb.end_turn(state, card=7)
    assert traded(state)[A] == 425
