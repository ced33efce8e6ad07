"""FOR-7: the fate phase, card by card. Each test prepares a position at the fate draw, applies
``Draw(card)`` and compares every player's money, prestige, agents, horrea, children, Senate
seat, fate bonus and flooded market with what the rule says; cards that act "next turn" are
followed to the next trade."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, lay, mk, roll, stage

from alea.core.errors import IllegalActionError
from alea.games.forum.actions import Decide, Dismiss, Draw, Family, MarryLocal, Roll
from alea.games.forum.board import BOARD
from alea.games.forum.cards import FATE
from alea.games.forum.state import ForumState

CARDS_BY_KIND: dict[str, tuple[int, ...]] = {
    "fire": (1,),
    "sponsor": (2,),
    "flood": (3,),
    "chain_bonus": (4,),
    "agents_lost": (5, 6, 7, 8, 16, 21),
    "census": (9, 25, 30),
    "harvest": (10, 11, 12, 13, 19),
    "shipwreck": (14,),
    "governor": (15,),
    "mores": (17,),
    "divorce": (18,),
    "dispatch": (20,),
    "wrong_candidate": (22,),
    "birth": (23,),
    "snub": (24,),
    "elections": (26,),
    "praefect": (27,),
    "vow": (28,),
    "patron": (29,),
}
"""Every fate card, by the effect it has; each group is tested below."""

UPRISINGS = {
    5: ("Rhodes", "Damascus"),
    6: ("Carthage", "Alexandria"),
    7: ("Hispalis", "Marseille"),
    8: ("Ephesus", "Lugdunum"),
    16: ("Athens", "Delos", "Rhodes", "Constantinople", "Thessalonica"),
    21: ("Athens", "Delos", "Rhodes", "Constantinople", "Thessalonica"),
}
HARVESTS = {
    10: ("Narbo", "Marseille"),
    11: ("Hispalis", "Toletum"),
    12: ("Ephesus", "Perge"),
    13: ("Alexandria", "Memphis"),
    19: ("Narbo", "Marseille"),
}
QUIET = 5
"""A card with no effect when no agent stands in Rhodes or Damascus."""


def name(m: int) -> str:
    return BOARD.markets[m].name


def facts(state: ForumState) -> list[dict[str, Any]]:
    """Everything a fate card may change, per seat."""
    out = []
    for p in range(state.n):
        out.append(
            {
                "money": state.money[p],
                "prestige": state.prestige[p],
                "agents": sorted(name(m) for m in state.agents[p] if m >= 0),
                "horrea": sorted(
                    name(m) for m in range(len(BOARD.markets)) if state.horrea[m] >> p & 1
                ),
                "horrea_count": state.horrea_count[p],
                "sons": state.sons[p],
                "daughters": state.daughters[p],
                "senator": state.senator[p],
                "bonus": state.bonus[p],
                "blocked": None if state.blocked[p] < 0 else name(state.blocked[p]),
            }
        )
    return out


def draw(state: ForumState, card: int) -> None:
    assert stage(state) == "fate"
    assert state.is_chance_node()
    state.apply_action(Draw(card))


def drawn(state: ForumState, card: int, changes: dict[int, dict[str, Any]], *answers: str) -> None:
    """Draw ``card`` and give the ``answers`` it asks for; every seat's facts must stay as they
    were but for ``changes`` (seat -> the facts that changed, with their new values)."""
    expected = facts(state)
    draw(state, card)
    for verb in answers:
        fb.decide(state, verb)
    for seat, new in changes.items():
        expected[seat].update(new)
    assert facts(state) == expected


def base_income(state: ForumState, p: int) -> int:
    """What ``p``'s horrea earn at a trade now, without fate bonuses."""
    return sum(state.trade_income(p).values())


def finish_turn_quietly(state: ForumState) -> None:
    """Pass through the rest of a turn and draw a card that changes nothing here."""
    fb.pass_until(state, "fate")
    assert not any(name(m) in ("Rhodes", "Damascus") for a in state.agents for m in a if m >= 0)
    if QUIET not in state.fate_deck:
        state.fate_deck.append(QUIET)
    draw(state, QUIET)


# --- the deck ---------------------------------------------------------------------------------


def test_every_card_of_the_deck_is_tested_by_its_kind() -> None:
    assert len(FATE) == 30
    assert {c.id: c.kind for c in FATE} == {
        i: kind for kind, ids in CARDS_BY_KIND.items() for i in ids
    }
    assert len(CARDS_BY_KIND) == 19
    assert {c.id: tuple(name(m) for m in c.markets) for c in FATE if c.kind == "agents_lost"} == (
        UPRISINGS
    )
    assert {c.id: tuple(name(m) for m in c.markets) for c in FATE if c.kind == "harvest"} == (
        HARVESTS
    )


@pytest.mark.rule("FOR-7.1")
def test_the_start_player_draws_from_the_cards_left() -> None:
    state = fb.at_fate(first=C)
    assert state.is_chance_node()
    assert state.actor == C == state.order[0]
    outcomes = state.chance_outcomes()
    assert sorted(a.card for a, _ in outcomes) == list(range(1, 31))  # type: ignore[attr-defined]
    assert all(pr == pytest.approx(1 / 30) for _, pr in outcomes)
    draw(state, 22)
    assert 22 not in state.fate_deck
    assert len(state.fate_deck) == 29
    fb.pass_until(state, "fate")
    assert state.actor == D == state.order[0]  # turn 2: the next seat starts and draws
    outcomes = state.chance_outcomes()
    assert Draw(22) not in [a for a, _ in outcomes]
    assert len(outcomes) == 29
    assert all(pr == pytest.approx(1 / 29) for _, pr in outcomes)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="not in the deck") as err:
        state.apply_action(Draw(22))
    assert err.value.rule == "FOR-7.1"
    assert state.to_json() == before


@pytest.mark.rule("FOR-7.1")
def test_a_sampled_draw_is_a_card_still_in_the_deck() -> None:
    state = fb.at_fate()
    state.fate_deck = [4, 17, 29]
    rng = random.Random(5)
    seen = {state.sample_chance(rng).card for _ in range(200)}  # type: ignore[attr-defined]
    assert seen == {4, 17, 29}


@pytest.mark.rule("FOR-7.1")
def test_the_drawn_card_is_discarded_and_an_empty_deck_is_reshuffled() -> None:
    state = fb.at_fate()
    state.fate_deck = [QUIET]
    draw(state, QUIET)
    assert state.fate_deck == []
    fb.pass_until(state, "fate")
    assert sorted(state.fate_deck) == list(range(1, 31))


@pytest.mark.rule("FOR-7.1")
def test_players_answer_in_turn_order_from_the_start_player() -> None:
    state = fb.at_fate(first=B)
    for p in range(4):
        fb.put_horreum(state, p, ("Luna", "Caralis", "Puteoli", "Rimini")[p])
        fb.set_money(state, p, 600)
    draw(state, 2)
    answered = []
    while stage(state) == "fate_choice":
        answered.append(state.current_player())
        fb.decide(state, "refuse")
    assert answered == [B, C, D, A]


# --- one card at a time -----------------------------------------------------------------------


@pytest.mark.rule("FOR-7.2")
def test_rome_burns() -> None:
    state = fb.at_fate()
    lay(state, "A horreum Rome; A horreum Luna; B horreum Rome; C horreum Carthage")
    state.prestige[:] = [2, 1, 1, 0]
    # Rome is in no region: no prestige is lost
    drawn(
        state, 1, {A: {"horrea": ["Luna"], "horrea_count": 1}, B: {"horrea": [], "horrea_count": 0}}
    )
    assert state.horrea[mk("Rome")] == 0
    assert stage(state) != "fate_choice"


@pytest.mark.rule("FOR-7.3")
def test_beasts_for_the_arena_asks_those_with_horrea_who_can_pay() -> None:
    state = fb.at_fate(first=B)
    fb.put_horreum(state, A, "Luna")
    fb.set_money(state, A, 600)
    fb.put_horreum(state, B, "Caralis")
    fb.set_money(state, B, 300)  # cannot borrow: no prestige
    fb.set_money(state, C, 900)  # no horreum
    fb.put_horreum(state, D, "Puteoli")
    fb.set_purse(state, D, 0, 5)  # may borrow the whole $500
    expected = facts(state)
    draw(state, 2)
    assert stage(state) == "fate_choice"
    assert state.current_player() == D
    assert state.legal_actions() == [Decide(D, "pay"), Decide(D, "refuse")]
    fb.decide(state, "pay")
    assert state.current_player() == A
    assert state.legal_actions() == [Decide(A, "pay"), Decide(A, "refuse")]
    fb.decide(state, "refuse")
    expected[D]["money"] = -500
    expected[D]["prestige"] = 1  # 5 - 5 for the debt + 1 for the games
    assert facts(state) == expected
    assert stage(state) != "fate_choice"


@pytest.mark.rule("FOR-7.3")
def test_beasts_for_the_arena_paid_from_the_purse() -> None:
    state = fb.at_fate(players=2)
    fb.put_horreum(state, A, "Luna")
    fb.set_purse(state, A, 700, 3)
    drawn(state, 2, {A: {"money": 200, "prestige": 4}}, "pay")


@pytest.mark.rule("FOR-7.4")
@pytest.mark.rule("FOR-5.5")
def test_floods_block_each_players_best_market_at_the_next_trade_only() -> None:
    state = fb.at_fate()
    # A: Marseille with an agent there and in Rome earns 150 + 50, Luna 75.
    lay(state, "A horreum Marseille; A horreum Luna; A agent Marseille")
    # B: only Toletum, shared with D (-50 each): the best of one market is that market.
    fb.put_horreum(state, B, "Toletum")
    # C: Puteoli 75 + 25 and Delos 50 + 50 tie at 100; the nearer, Puteoli, is flooded.
    lay(state, "C horreum Puteoli; C horreum Delos; C agent Puteoli; C agent Delos")
    # D: Rome 300 beats Toletum -50.
    lay(state, "D horreum Rome; D horreum Toletum")
    assert [base_income(state, p) for p in range(4)] == [275, -50, 200, 250]
    drawn(
        state,
        3,
        {
            A: {"blocked": "Marseille"},
            B: {"blocked": "Toletum"},
            C: {"blocked": "Puteoli"},
            D: {"blocked": "Rome"},
        },
    )
    money = state.money.copy()
    fb.next_trade(state)
    assert state.income == [75, 0, 100, -50]
    assert [state.money[p] - money[p] for p in range(4)] == [75, 0, 100, -50]
    assert state.blocked == [-1] * 4
    finish_turn_quietly(state)
    fb.next_trade(state)
    assert state.income == [275, -50, 200, 250]


@pytest.mark.rule("FOR-7.5")
def test_grain_for_the_frontier_pays_an_unbroken_chain_at_once() -> None:
    state = fb.at_fate()
    route = ("Rome", "Carthage", "Iol Caesarea", "Tingi", "Volubilis", "Garamantes")
    for m in route:
        fb.put_horreum(state, A, m)
    for m in route:
        if m != "Tingi":
            fb.put_horreum(state, B, m)  # broken at Tingi
    for m in route[1:]:
        fb.put_horreum(state, C, m)  # no horreum in Rome
    for m in ("Rome", "Carthage", "Carthago Nova", "Cordoba", "Hispalis", "Pax Iulia"):
        fb.put_horreum(state, D, m)  # another path counts as well
    expected = facts(state)
    draw(state, 4)
    expected[A]["money"] += 500
    expected[D]["money"] += 500
    assert facts(state) == expected


@pytest.mark.rule("FOR-7.6")
@pytest.mark.parametrize("card", sorted(UPRISINGS))
def test_uprisings_and_plague_kill_every_agent_in_the_named_markets(card: int) -> None:
    state = fb.at_fate()
    named = UPRISINGS[card]
    for i, m in enumerate(named):
        fb.put_agent(state, i % 4, m)
    fb.put_agent(state, C, named[0])  # two players' agents in one named market
    safe = next(
        name(nb) for nb in BOARD.neighbours[mk(named[0])] if name(nb) not in named and nb != 0
    )
    fb.put_agent(state, D, safe)
    fb.put_horreum(state, A, named[0])
    expected = facts(state)
    draw(state, card)
    for row in expected:
        row["agents"] = [m for m in row["agents"] if m not in named]
    assert facts(state) == expected
    assert all("Rome" in row["agents"] for row in expected)
    assert safe in expected[D]["agents"]
    assert expected[A]["horrea"] == [named[0]]  # horrea stay


@pytest.mark.rule("FOR-7.7")
@pytest.mark.parametrize("card", CARDS_BY_KIND["census"])
def test_census_seats_the_rich_and_unseats_the_poor(card: int) -> None:
    state = fb.at_fate()
    fb.set_purse(state, A, 1000, 2)
    fb.set_purse(state, B, 999, 2)
    fb.set_money(state, C, 5000)
    state.senator[C] = True
    state.prestige[C] = 7
    fb.set_money(state, D, 500)
    state.senator[D] = True
    state.prestige[D] = 4
    # C stays a senator and gains nothing again
    drawn(state, card, {A: {"senator": True, "prestige": 3}, D: {"senator": False, "prestige": 3}})


@pytest.mark.rule("FOR-7.8")
@pytest.mark.rule("FOR-5.5")
@pytest.mark.parametrize("card", sorted(HARVESTS))
def test_harvests_pay_500_once_at_the_next_trade(card: int) -> None:
    first, second = HARVESTS[card]
    state = fb.at_fate()
    fb.put_horreum(state, A, first)
    fb.put_horreum(state, A, second)  # both markets: still $500 once
    fb.put_horreum(state, B, second)
    fb.put_horreum(state, C, "Luna")
    drawn(state, card, {A: {"bonus": 500}, B: {"bonus": 500}})
    base = [base_income(state, p) for p in range(4)]
    fb.next_trade(state)
    assert state.income == [base[0] + 500, base[1] + 500, base[2], base[3]]
    assert state.bonus == [0] * 4
    finish_turn_quietly(state)
    fb.next_trade(state)
    assert state.income == base


@pytest.mark.rule("FOR-7.9")
def test_cargo_lost_at_sea_costs_200_a_horreum_into_debt_if_need_be() -> None:
    state = fb.at_fate()
    for m in ("Carthage", "Alexandria", "Rhodes"):
        fb.put_horreum(state, A, m)
    fb.set_purse(state, A, 100, 3)
    fb.put_horreum(state, B, "Alexandria")
    fb.set_money(state, B, 900)
    lay(state, "C horreum Luna; D horreum Carthage; D horreum Rhodes")
    fb.set_purse(state, D, 400, 2)
    # A: five hundreds of debt against 3 prestige
    drawn(state, 14, {A: {"money": -500, "prestige": 0}, B: {"money": 700}, D: {"money": 0}})


@pytest.mark.rule("FOR-7.10")
def test_a_grasping_governor_takes_the_farthest_horreums_earnings() -> None:
    state = fb.at_fate()
    # A: Rome, Luna and Athens (agent: 50 + 50); Athens is the farthest.
    for m in ("Rome", "Luna", "Athens"):
        fb.put_horreum(state, A, m)
    fb.put_agent(state, A, "Athens")
    fb.set_money(state, A, 500)
    # B: Damascus (100) and Edessa (25) are both four links out: the more valuable counts.
    lay(state, "B horreum Damascus; B horreum Edessa")
    fb.set_purse(state, B, 50, 2)
    # C: Rome pays well, but its farthest, Toletum shared with D, would lose 50: nothing.
    lay(state, "C horreum Rome; C horreum Toletum; D horreum Toletum")
    # B: a forced payment into debt
    drawn(state, 15, {A: {"money": 400}, B: {"money": -50, "prestige": 1}})


@pytest.mark.rule("FOR-7.11")
@pytest.mark.rule("FOR-5.5")
def test_the_prefect_of_the_grain_supply_earns_at_the_next_two_trades() -> None:
    state = fb.at_fate()
    lay(state, "A horreum Rome; A horreum Alexandria")
    state.prestige[A] = 3
    lay(state, "B horreum Rome; B horreum Hispalis")
    state.prestige[B] = 5
    fb.put_horreum(state, C, "Alexandria")  # no horreum in Rome
    state.prestige[C] = 9
    fb.put_horreum(state, D, "Rome")  # neither port
    state.prestige[D] = 9
    drawn(state, 27, {})
    assert (state.praefect, state.praefect_turns) == (B, 2)
    assert state.observation(None)["players"][B]["praefect_turns"] == 2
    for _ in range(2):
        base = [base_income(state, p) for p in range(4)]
        fb.next_trade(state)
        assert state.income == [base[0], base[1] + 500, base[2], base[3]]
        finish_turn_quietly(state)
    base = [base_income(state, p) for p in range(4)]
    fb.next_trade(state)
    assert state.income == base
    assert state.praefect == -1


@pytest.mark.rule("FOR-7.11")
@pytest.mark.parametrize(
    ("money_a", "money_b", "praefect"), [(400, 300, A), (300, 400, B), (300, 300, -1)]
)
def test_the_prefect_ties_go_to_the_richer_else_to_nobody(
    money_a: int, money_b: int, praefect: int
) -> None:
    state = fb.at_fate(players=3)
    for p, port in ((A, "Alexandria"), (B, "Hispalis")):
        fb.put_horreum(state, p, "Rome")
        fb.put_horreum(state, p, port)
        state.prestige[p] = 5
        fb.set_money(state, p, (money_a, money_b)[p])
    drawn(state, 27, {})
    assert state.praefect == praefect
    assert state.praefect_turns == (0 if praefect < 0 else 2)
    base = [base_income(state, p) for p in range(3)]
    fb.next_trade(state)
    assert state.income == [base[p] + (500 if p == praefect else 0) for p in range(3)]


@pytest.mark.rule("FOR-7.12")
def test_old_roman_virtue_marry_locally_or_lose_a_point() -> None:
    state = fb.at_fate()
    athens, luna = mk("Athens"), mk("Luna")
    for p in range(4):
        fb.clear_agents(state, p)  # no one in Rome, whose aristocracy is open too (FOR-4.3)
    lay(state, "A agent Athens; B agent Athens; C agent Luna; D agent Puteoli")
    for p in range(4):
        fb.set_money(state, p, 500)
    state.prestige[:] = [1, 2, 3, 2]
    state.sons[D] = state.daughters[D] = 0  # no unmarried child: untouched
    expected = facts(state)
    draw(state, 17)
    assert state.current_player() == A
    assert state.legal_actions() == [
        MarryLocal(A, athens, True),
        MarryLocal(A, athens, False),
        Decide(A, "refuse"),
    ]
    fb.act(state, MarryLocal(A, athens, True))
    # Athens is taken: the Cornelii cannot marry anywhere and lose the point unasked.
    assert state.current_player() == C
    assert state.legal_actions() == [
        MarryLocal(C, luna, True),
        MarryLocal(C, luna, False),
        Decide(C, "refuse"),
    ]
    fb.decide(state, "refuse")
    expected[A].update(money=300, prestige=2, sons=0)
    expected[B]["prestige"] = 1
    expected[C]["prestige"] = 2
    assert facts(state) == expected
    assert state.local[athens] == A
    assert state.local[luna] == -1
    assert stage(state) != "fate_choice"


@pytest.mark.rule("FOR-7.12")
def test_old_roman_virtue_a_player_who_cannot_pay_loses_the_point() -> None:
    state = fb.at_fate(players=2)
    fb.put_agent(state, A, "Athens")
    fb.set_money(state, A, 100)  # $200 to marry, no prestige to borrow against
    state.prestige[A] = 0
    fb.set_purse(state, B, 300, 1)
    fb.put_agent(state, B, "Luna")
    expected = facts(state)
    draw(state, 17)
    assert state.current_player() == B
    fb.act(state, MarryLocal(B, mk("Luna"), False))
    expected[B].update(money=100, prestige=2, daughters=1)
    assert facts(state) == expected  # A stays at 0: prestige never goes below zero
    assert state.local[mk("Athens")] == -1


@pytest.mark.rule("FOR-7.13")
@pytest.mark.parametrize("ruleset", ["short", "complete"])
def test_the_emperor_parts_the_couples(ruleset: str) -> None:
    state = fb.at_fate(ruleset=ruleset)
    state.marriages = [(A, B, A, 300), (C, D, D, 100)]
    state.local[mk("Athens")] = A
    state.prestige[:] = [4, 2, 0, 3]
    # no dowry comes back, even in the complete rules
    drawn(state, 18, {A: {"prestige": 3}, B: {"prestige": 1}, D: {"prestige": 2}})
    assert state.marriages == []
    assert state.local[mk("Athens")] == -1  # A loses one point for both of its marriages


@pytest.mark.rule("FOR-7.13")
def test_the_emperor_parts_local_aristocracy_marriages_too() -> None:
    state = fb.at_fate(players=3)
    for p in range(3):
        fb.clear_agents(state, p)
    lay(state, "A local Athens; A local Luna; C local Rome")
    state.prestige[:] = [5, 5, 5]
    children = [(state.sons[p], state.daughters[p]) for p in range(3)]
    draw(state, 18)
    assert state.prestige == [4, 5, 4]  # a point a family, however many of its ties end
    assert all(owner == -1 for owner in state.local)
    assert [(state.sons[p], state.daughters[p]) for p in range(3)] == children  # none back
    # Athens is free again: the Cornelii, first to act next turn, may marry into it.
    fb.put_agent(state, B, "Athens")
    fb.set_money(state, B, 500)
    fb.pass_until(state, "social")
    assert state.current_player() == B
    assert MarryLocal(B, mk("Athens"), True) in state.legal_actions()


@pytest.mark.rule("FOR-7.14")
@pytest.mark.rule("FOR-5.5")
def test_supplies_for_the_legions_pay_those_present_as_the_card_is_drawn() -> None:
    state = fb.at_fate()
    lay(state, "A agent Ephesus; B agent Lugdunum; C agent Ephesus")
    fb.put_agent(state, C, "Lugdunum")  # both: still $500 once
    lay(state, "D agent Marseille; D horreum Luna")
    drawn(state, 20, {A: {"bonus": 500}, B: {"bonus": 500}, C: {"bonus": 500}})
    state.agents[A][state.agents[A].index(mk("Ephesus"))] = -1  # gone before the trade
    fb.next_trade(state)
    assert state.income == [500, 500, 500, 75]
    assert state.bonus == [0] * 4


@pytest.mark.rule("FOR-7.15")
def test_a_grandchild_is_drawn_from_the_family_deck_in_turn_order() -> None:
    state = fb.at_fate(first=B)  # every hand is a son and two daughters
    assert (state.deck_sons, state.deck_daughters) == (8, 4)
    expected = facts(state)
    draw(state, 23)
    assert stage(state) == "birth"
    assert state.actor == B
    assert state.chance_outcomes() == [
        (Family(B, True), pytest.approx(8 / 12)),
        (Family(B, False), pytest.approx(4 / 12)),
    ]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="draw now"):
        state.apply_action(Family(C, True))
    assert state.to_json() == before
    state.apply_action(Family(B, True))
    assert state.actor == C
    assert state.chance_outcomes() == [
        (Family(C, True), pytest.approx(7 / 11)),
        (Family(C, False), pytest.approx(4 / 11)),
    ]
    state.apply_action(Family(C, False))
    state.apply_action(Family(D, False))
    assert state.actor == A
    state.apply_action(Family(A, True))
    assert stage(state) != "birth"
    expected[B]["sons"] += 1
    expected[C]["daughters"] += 1
    expected[D]["daughters"] += 1
    expected[A]["sons"] += 1
    assert facts(state) == expected
    assert (state.deck_sons, state.deck_daughters) == (6, 2)


@pytest.mark.rule("FOR-7.15")
def test_a_grandchild_only_while_the_family_deck_lasts() -> None:
    state = fb.at_fate(first=B)
    state.deck_sons, state.deck_daughters = 0, 2
    expected = facts(state)
    draw(state, 23)
    assert state.chance_outcomes() == [(Family(B, False), 1.0)]
    with pytest.raises(IllegalActionError, match="no such card"):
        state.apply_action(Family(B, True))
    state.apply_action(Family(B, False))
    state.apply_action(Family(C, False))
    assert stage(state) != "birth"  # D and A find the deck empty
    expected[B]["daughters"] += 1
    expected[C]["daughters"] += 1
    assert facts(state) == expected


@pytest.mark.rule("FOR-7.15")
def test_a_grandchild_in_the_complete_rules_is_a_son_or_daughter_at_even_odds() -> None:
    state = fb.at_fate(players=3, first=C, ruleset="complete")
    expected = facts(state)
    deck = (state.deck_sons, state.deck_daughters)
    draw(state, 23)
    for seat, son in ((C, True), (A, False), (B, True)):
        assert state.actor == seat
        assert state.chance_outcomes() == [(Family(seat, True), 0.5), (Family(seat, False), 0.5)]
        state.apply_action(Family(seat, son))
    expected[C]["sons"] = expected[B]["sons"] = 2
    expected[A]["daughters"] = 2
    assert facts(state) == expected
    assert (state.deck_sons, state.deck_daughters) == deck


@pytest.mark.rule("FOR-7.16")
def test_the_wrong_claimant_costs_everyone_a_point() -> None:
    state = fb.at_fate()
    state.prestige[:] = [3, 1, 0, 7]
    expected = facts(state)
    draw(state, 22)
    for row, after in zip(expected, (2, 0, 0, 6), strict=True):
        row["prestige"] = after
    assert facts(state) == expected


@pytest.mark.rule("FOR-7.17")
def test_merely_a_trader_all_the_richest_lose_a_point() -> None:
    state = fb.at_fate()
    for p, money in enumerate((800, 800, 300, -200)):
        fb.set_money(state, p, money)
    state.prestige[:] = [2, 2, 2, 2]
    drawn(state, 24, {A: {"prestige": 1}, B: {"prestige": 1}})


@pytest.mark.rule("FOR-7.18")
def test_local_elections_one_roll_for_each_family_married_locally() -> None:
    state = fb.at_fate(first=B)
    state.local[mk("Athens")] = A
    state.local[mk("Luna")] = A  # two ties: still one roll
    state.local[mk("Delos")] = C
    state.local[mk("Rimini")] = D
    state.prestige[:] = [1, 1, 1, 1]
    expected = facts(state)
    draw(state, 26)
    assert stage(state) == "fate_roll"
    assert state.actor == C
    assert state.chance_outcomes() == [(Roll(v), pytest.approx(1 / 6)) for v in range(1, 7)]
    roll(state, 3)
    assert state.actor == D
    roll(state, 4)
    assert state.actor == A
    roll(state, 6)
    assert stage(state) != "fate_roll"
    expected[D]["prestige"] = 2
    expected[A]["prestige"] = 2
    assert facts(state) == expected
    assert sum(type(a) is Roll for a in state.history()[-4:]) == 3


@pytest.mark.rule("FOR-7.19")
def test_a_vow_fulfilled_asks_those_in_exotic_markets() -> None:
    state = fb.at_fate()
    fb.put_agent(state, A, "Garamantes")
    fb.set_money(state, A, 700)
    fb.put_agent(state, B, "Eburacum")
    fb.set_purse(state, B, 300, 1)  # would need 2 to borrow $200
    fb.put_agent(state, C, "Volubilis")  # not exotic
    fb.set_money(state, C, 900)
    fb.put_agent(state, D, "Parthia")
    fb.set_money(state, D, 600)
    expected = facts(state)
    draw(state, 28)
    assert state.current_player() == A
    assert state.legal_actions() == [Decide(A, "pay"), Decide(A, "refuse")]
    fb.decide(state, "pay")
    assert state.current_player() == D
    fb.decide(state, "refuse")
    expected[A].update(money=200, prestige=1)
    assert facts(state) == expected
    assert stage(state) != "fate_choice"


@pytest.mark.rule("FOR-7.20")
def test_the_patrons_campaign_pay_or_give_up_an_agent() -> None:
    state = fb.at_fate()
    athens, luna = mk("Athens"), mk("Luna")
    fb.put_agent(state, A, "Athens")
    fb.set_purse(state, A, 0, 2)
    fb.put_agent(state, B, "Luna")
    fb.clear_agents(state, C)
    fb.set_purse(state, C, 100, 5)
    fb.set_money(state, D, 900)
    expected = facts(state)
    draw(state, 29)
    assert state.current_player() == A
    assert state.legal_actions() == [Decide(A, "pay"), Dismiss(A, 0), Dismiss(A, athens)]
    fb.decide(state, "pay")  # into debt: a forced payment, whatever the prestige
    assert state.current_player() == B
    assert state.legal_actions() == [Decide(B, "pay"), Dismiss(B, 0), Dismiss(B, luna)]
    fb.act(state, Dismiss(B, luna))
    assert state.current_player() == D  # C has no agent on the board and pays unasked
    fb.decide(state, "pay")
    expected[A].update(money=-500, prestige=0)
    expected[B]["agents"] = ["Rome"]
    expected[C].update(money=-400, prestige=1)
    expected[D]["money"] = 400
    assert facts(state) == expected
    assert state.reserve(B) == 3


def test_random_draws_keep_the_position_sound() -> None:
    counts: Counter[int] = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        state = fb.at_fate(players=2 + seed % 3, ruleset=("short", "complete")[seed % 2])
        for _ in range(3000):
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = state.sample_chance(rng)
                if isinstance(action, Draw):
                    counts[action.card] += 1
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            assert min(state.prestige) >= 0
            assert min(state.sons) >= 0
            assert min(state.daughters) >= 0
            assert state.deck_sons >= 0
            assert state.deck_daughters >= 0
            assert state.horrea_count == [
                sum(h >> p & 1 for h in state.horrea) for p in range(state.n)
            ]
    assert len(counts) >= 25
