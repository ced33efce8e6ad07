"""FOR-4: social intrigues — ousting, local aristocracies, marriage alliances, divorce."""

from __future__ import annotations

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, lay, mk, refused, roll, stage

from alea.games.forum.actions import (
    Counter,
    Decide,
    Destroy,
    Divorce,
    MarryLocal,
    Propose,
)
from alea.games.forum.board import BOARD
from alea.games.forum.state import ForumState

ROME = BOARD.rome
LUNA = mk("Luna")


def at_oust(ruleset: str = "short", **options: object) -> ForumState:
    """A's agent has stepped onto B's agent in Luna; A's oust is about to be rolled."""
    state = fb.new_state(ruleset=ruleset, **options)
    fb.put_agent(state, B, "Luna")
    roll(state, 1)
    fb.walk(state, A, "Rome", "Luna")
    fb.skip_to(state, "oust")
    assert state.actor == A
    return state


def at_social(players: int = 4, ruleset: str = "short", **kw: object) -> ForumState:
    """The first turn's social phase, A to choose."""
    state = fb.new_state(players, ruleset=ruleset, **kw)  # type: ignore[arg-type]
    fb.skip_to(state, "social")
    assert state.current_player() == A
    return state


def at_destroy(ruleset: str = "short") -> ForumState:
    """A stands in Luna at the build phase, where B has a horreum."""
    state = fb.build_phase("A agent Luna; B horreum Luna", ruleset=ruleset)
    assert state.current_player() == A
    return state


# -- FOR-4.1 one intrigue each -----------------------------------------------------------------


@pytest.mark.rule("FOR-4.1")
def test_the_four_intrigues_are_offered() -> None:
    state = fb.new_state()
    lay(state, "A agent Luna; A+C")
    fb.skip_to(state, "social")
    legal = state.legal_actions()
    assert {type(a) for a in legal} == {MarryLocal, Propose, Divorce, Decide}
    assert Divorce(A, C) in legal
    assert {a.to for a in legal if isinstance(a, Propose)} == {B, D}
    assert {a for a in legal if isinstance(a, MarryLocal)} == {
        MarryLocal(A, ROME, True),
        MarryLocal(A, ROME, False),
        MarryLocal(A, LUNA, True),
        MarryLocal(A, LUNA, False),
    }
    assert Decide(A, "pass") in legal


@pytest.mark.rule("FOR-4.1")
def test_one_intrigue_then_the_next_player() -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    fb.set_purse(state, A, 1000)
    fb.skip_to(state, "social")
    state.apply_action(MarryLocal(A, LUNA, True))
    assert (stage(state), state.current_player()) == ("social", B)
    refused(state, MarryLocal(A, LUNA, False), "FOR-2.2")
    refused(state, Propose(A, C, False, 0), "FOR-2.2")
    fb.skip_to(state, "build")
    assert state.prestige[A] == 1
    assert state.daughters[A] == 2  # the second intrigue never happened


@pytest.mark.rule("FOR-4.1")
def test_the_arriving_player_ousts_at_their_place_and_does_nothing_else() -> None:
    state = fb.new_state()
    lay(state, "C agent Luna; B agent Carthage")
    roll(state, 1)
    state.apply_action(Decide(A, "done"))
    roll(state, 1)
    fb.walk(state, B, "Rome", "Luna")
    fb.skip_to(state, "social")
    assert state.current_player() == A
    assert state.money[B] == 200  # nothing paid before B's place in the order
    state.apply_action(Decide(A, "pass"))
    assert (stage(state), state.actor) == ("oust", B)
    assert state.money[B] == 0
    assert state.pending == (LUNA, B, C, 4)
    refused(state, MarryLocal(B, mk("Carthage"), True), "FOR-2.2")
    roll(state, 5)
    assert LUNA not in state.agents[C]
    deciders = []
    while stage(state) == "social":
        deciders.append(state.current_player())
        state.apply_action(Decide(state.current_player(), "pass"))
    assert deciders == [C, D]  # B's intrigue was the oust
    assert state.local[mk("Carthage")] == -1


@pytest.mark.rule("FOR-4.1")
def test_a_player_with_no_intrigue_is_passed_over() -> None:
    state = fb.new_state()
    fb.set_children(state, B, 0, 0)
    fb.skip_to(state, "social")
    state.apply_action(Decide(A, "pass"))
    assert state.current_player() == C
    state = fb.new_state()  # had B an ally, divorce would be an intrigue for B
    fb.set_children(state, B, 0, 0)
    fb.put_alliance(state, B, D)
    fb.skip_to(state, "social")
    state.apply_action(Decide(A, "pass"))
    assert state.current_player() == B
    assert [a for a in state.legal_actions() if not isinstance(a, Decide)] == [Divorce(B, D)]


# -- FOR-4.2 ousting ---------------------------------------------------------------------------


@pytest.mark.rule("FOR-4.2")
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_the_oust_costs_200_and_four_or_more_removes_the_defender(value: int) -> None:
    state = fb.new_state()
    lay(state, "B agent Luna; A horreum Luna; B horreum Luna")
    fb.put_local(state, C, "Luna")  # a third family's tie: no modifier for A or B
    roll(state, 1)
    fb.walk(state, A, "Rome", "Luna")
    fb.skip_to(state, "oust")
    assert state.money[A] == 0
    assert state.pending == (LUNA, A, B, 4)
    reserves = (state.reserve(A), state.reserve(B))
    roll(state, value)
    won = value >= 4
    assert (LUNA in state.agents[A]) is won
    assert (LUNA in state.agents[B]) is not won
    assert (state.reserve(A), state.reserve(B)) == (reserves[0] + (not won), reserves[1] + won)
    assert state.horrea[LUNA] == 0b11  # horrea are not affected
    assert state.local[LUNA] == C  # nor the local aristocracy
    assert state.money[A] == 0
    assert (stage(state), state.current_player()) == ("social", B)


@pytest.mark.rule("FOR-4.2")
def test_an_ousted_agent_reenters_through_rome() -> None:
    state = fb.new_state()
    for market in ("Luna", "Carthage", "Puteoli"):
        fb.put_agent(state, B, market)
    assert state.reserve(B) == 0
    roll(state, 1)
    fb.walk(state, A, "Rome", "Luna")
    fb.skip_to(state, "oust")
    roll(state, 4)
    assert state.reserve(B) == 1
    fb.end_turn(state)
    assert (stage(state), state.actor) == ("enter", B)  # turn 2 starts with B
    roll(state, 4)
    assert state.reserve(B) == 0
    assert state.agents[B].count(ROME) == 2


@pytest.mark.rule("FOR-4.2")
def test_the_contest_roll_is_an_option() -> None:
    state = at_oust(contest_roll=5)
    assert state.pending == (LUNA, A, B, 5)
    roll(state, 4)
    assert LUNA in state.agents[B]
    assert LUNA not in state.agents[A]


# -- FOR-4.3 marrying into a local aristocracy -------------------------------------------------


@pytest.mark.rule("FOR-4.3")
@pytest.mark.parametrize("son", [True, False])
def test_marrying_locally_costs_200_a_child_and_gains_1_prestige(son: bool) -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    fb.skip_to(state, "social")
    state.apply_action(MarryLocal(A, LUNA, son))
    assert state.money[A] == 0
    assert state.prestige[A] == 1
    assert (state.sons[A], state.daughters[A]) == ((0, 2) if son else (1, 1))
    assert state.local[LUNA] == A
    assert state.observation(B)["markets"][LUNA]["local"] == A


@pytest.mark.rule("FOR-4.3")
def test_only_one_family_marries_into_a_market() -> None:
    state = fb.new_state(first=D)  # turn 2 starts with A, so A leaves Luna before B enters
    fb.put_agent(state, A, "Luna")
    fb.skip_to(state, "social")
    skip_to_player(state, A)
    state.apply_action(MarryLocal(A, LUNA, False))
    fb.end_turn(state)
    roll(state, 1)
    fb.walk(state, A, "Luna", "Marseille")
    state.apply_action(Decide(A, "done"))
    roll(state, 1)
    fb.walk(state, B, "Rome", "Luna")
    fb.skip_to(state, "social")
    skip_to_player(state, B)
    assert state.local[LUNA] == A  # the tie stays when the agent leaves
    assert not any(isinstance(a, MarryLocal) for a in state.legal_actions())
    refused(state, MarryLocal(B, LUNA, True), "FOR-4.3")


def skip_to_player(state: ForumState, seat: int) -> None:
    while state.current_player() != seat:
        state.apply_action(Decide(state.current_player(), "pass"))


@pytest.mark.rule("FOR-4.3")
def test_no_local_marriage_where_no_agent_stands() -> None:
    state = at_social()
    marriages = {a for a in state.legal_actions() if isinstance(a, MarryLocal)}
    assert marriages == {MarryLocal(A, ROME, True), MarryLocal(A, ROME, False)}
    error = refused(state, MarryLocal(A, LUNA, True), "FOR-4.3")
    assert "agent there" in str(error)


@pytest.mark.rule("FOR-4.3")
def test_rome_has_a_local_aristocracy_to_marry_into() -> None:
    # Neither text of the rules leaves Rome out: it is a market like the others (FOR-4.3).
    state = at_social()
    state.apply_action(MarryLocal(A, ROME, False))
    assert state.local[ROME] == A
    assert state.prestige[A] == 1
    assert state.money[A] == 0
    assert state.current_player() == B
    # One family a market, Rome included.
    assert not any(isinstance(a, MarryLocal) for a in state.legal_actions())
    refused(state, MarryLocal(B, ROME, True), "FOR-4.3")


@pytest.mark.rule("FOR-4.4")
def test_a_tie_in_rome_shields_horrea_there() -> None:
    state = fb.build_phase("B local Rome; B horreum Rome")
    assert state.current_player() == A
    state.apply_action(Destroy(A, ROME, B))
    roll(state, 5)  # 4+ would do elsewhere; against the Cornelii' tie in Rome it takes a 6
    assert state.horrea[ROME] >> B & 1


@pytest.mark.rule("FOR-4.3")
def test_a_local_marriage_needs_a_child_of_that_sex() -> None:
    state = fb.new_state(hands=["ddd", "sdd", "sdd", "sdd"])
    fb.put_agent(state, A, "Luna")
    fb.skip_to(state, "social")
    refused(state, MarryLocal(A, LUNA, True), "FOR-4.3")
    state.apply_action(MarryLocal(A, LUNA, False))
    assert state.daughters[A] == 2


@pytest.mark.rule("FOR-4.3")
@pytest.mark.parametrize(
    ("money", "prestige", "allowed"), [(100, 0, False), (199, 0, False), (100, 1, True)]
)
def test_a_local_marriage_must_be_affordable(money: int, prestige: int, allowed: bool) -> None:
    state = fb.new_state()
    fb.put_agent(state, A, "Luna")
    fb.set_purse(state, A, money, prestige)
    fb.skip_to(state, "social")
    if not allowed:
        assert not any(isinstance(a, MarryLocal) for a in state.legal_actions())
        refused(state, MarryLocal(A, LUNA, True), "FOR-4.3")
        return
    state.apply_action(MarryLocal(A, LUNA, True))
    assert state.money[A] == money - 200
    assert state.prestige[A] == prestige - 1 + 1  # the debt's prestige, then the marriage's


# -- FOR-4.4 local ties in contests ------------------------------------------------------------


@pytest.mark.rule("FOR-4.4")
@pytest.mark.parametrize(("tie", "need"), [(B, 6), (A, 2), (C, 4)])
def test_a_local_tie_changes_the_oust_roll(tie: int, need: int) -> None:
    for value, won in ((need - 1, False), (need, True)):
        state = fb.new_state()
        fb.put_agent(state, B, "Luna")
        fb.put_local(state, tie, "Luna")
        roll(state, 1)
        fb.walk(state, A, "Rome", "Luna")
        fb.skip_to(state, "oust")
        assert state.pending == (LUNA, A, B, need)
        roll(state, value)
        assert (LUNA in state.agents[B]) is not won
        assert (LUNA in state.agents[A]) is won
        assert state.local[LUNA] == tie


@pytest.mark.rule("FOR-4.4")
@pytest.mark.parametrize(("tie", "need"), [(B, 6), (A, 2)])
def test_a_local_tie_changes_the_destroy_roll(tie: int, need: int) -> None:
    for value, won in ((need - 1, False), (need, True)):
        state = at_destroy()
        fb.put_local(state, tie, "Luna")
        state.apply_action(Destroy(A, LUNA, B))
        assert state.pending == (LUNA, A, B, need)
        roll(state, value)
        assert bool(state.horrea[LUNA] >> B & 1) is not won


# -- FOR-4.5 proposing a marriage alliance -----------------------------------------------------


@pytest.mark.rule("FOR-4.5")
@pytest.mark.parametrize(
    ("prestige", "prices"), [(0, [0, 100, 200]), (3, [0, 100, 200, 300, 400, 500])]
)
def test_a_proposal_offers_a_child_for_a_dowry_within_means(
    prestige: int, prices: list[int]
) -> None:
    state = fb.new_state()
    fb.set_purse(state, A, 200, prestige)
    fb.skip_to(state, "social")
    offers = {(a.to, a.son, a.price) for a in state.legal_actions() if isinstance(a, Propose)}
    assert offers == {(q, son, x) for q in (B, C, D) for son in (True, False) for x in prices}


@pytest.mark.rule("FOR-4.5")
def test_improper_proposals_are_refused() -> None:
    state = fb.new_state(hands=["ddd", "sdd", "sdd", "sdd"])
    fb.put_alliance(state, A, D)
    fb.skip_to(state, "social")
    refused(state, Propose(A, B, False, 150), "FOR-4.5")  # not a dowry on the list
    refused(state, Propose(A, B, False, 300), "FOR-4.5")  # beyond A's means
    refused(state, Propose(A, A, False, 0), "FOR-4.5")  # to oneself
    refused(state, Propose(A, B, True, 0), "FOR-4.5")  # A has no son
    refused(state, Propose(A, D, False, 0), "FOR-4.5")  # already allied
    assert not any(isinstance(a, Propose) and a.to == D for a in state.legal_actions())
    state.apply_action(Propose(A, B, False, 0))
    assert (stage(state), state.current_player()) == ("respond", B)


@pytest.mark.rule("FOR-4.5")
def test_no_proposal_to_a_seat_not_at_the_table() -> None:
    state = at_social(players=3)
    refused(state, Propose(A, D, True, 0), "FOR-4.5")


@pytest.mark.rule("FOR-4.5")
def test_the_other_player_accepts_declines_or_asks_more() -> None:
    state = at_social()
    state.apply_action(Propose(A, B, True, 100))
    assert (stage(state), state.current_player()) == ("respond", B)
    assert state.proposal == (A, B, True, 100, False)
    # A has $200 and no prestige: a counter may ask $200, no more
    assert set(state.legal_actions()) == {
        Decide(B, "accept"),
        Decide(B, "decline"),
        Counter(B, 200),
    }
    refused(state, Counter(B, 100), "FOR-4.5")  # not more
    refused(state, Counter(B, 0), "FOR-4.5")  # less is just an acceptance
    refused(state, Counter(B, 300), "FOR-4.5")  # beyond the proposer's means
    refused(state, Counter(B, 150), "FOR-4.5")
    refused(state, Decide(A, "accept"), "FOR-2.2")  # only B answers


@pytest.mark.rule("FOR-4.5")
def test_a_declined_proposal_changes_nothing_and_spends_the_intrigue() -> None:
    state = at_social()
    before = (state.money.copy(), state.prestige.copy(), state.sons.copy(), state.daughters.copy())
    state.apply_action(Propose(A, B, True, 100))
    state.apply_action(Decide(B, "decline"))
    assert (state.money, state.prestige, state.sons, state.daughters) == before
    assert state.proposal is None
    assert state.marriages == []
    assert (stage(state), state.current_player()) == ("social", B)  # B's own intrigue
    refused(state, Propose(A, C, True, 0), "FOR-2.2")


@pytest.mark.rule("FOR-4.5")
def test_one_counter_offer_which_the_proposer_accepts_or_declines() -> None:
    state = fb.new_state()
    fb.set_purse(state, A, 1000)
    fb.skip_to(state, "social")
    state.apply_action(Propose(A, B, False, 0))
    state.apply_action(Counter(B, 300))
    assert (stage(state), state.current_player()) == ("reply", A)
    assert state.proposal == (A, B, False, 300, True)
    assert set(state.legal_actions()) == {Decide(A, "accept"), Decide(A, "decline")}
    refused(state, Counter(A, 400), "FOR-4.5")  # no counter to a counter
    refused(state, Counter(B, 400), "FOR-2.2")
    state.apply_action(Decide(A, "decline"))
    assert state.marriages == []
    assert state.money[A] == 1000
    assert (stage(state), state.current_player()) == ("social", B)


@pytest.mark.rule("FOR-4.5")
def test_short_rules_a_proposal_to_a_family_without_the_match_fails() -> None:
    state = fb.new_state(hands=["sdd", "sss", "sdd", "sdd"])
    fb.skip_to(state, "social")
    assert Propose(A, B, True, 200) in state.legal_actions()  # A cannot see B's hand
    state.apply_action(Propose(A, B, True, 200))
    assert state.proposal is None
    assert (stage(state), state.current_player()) == ("social", B)
    assert state.money[A] == 200
    assert (state.sons[A], state.daughters[A]) == (1, 2)
    assert state.marriages == []


@pytest.mark.rule("FOR-4.5")
def test_complete_rules_only_matching_proposals_are_offered() -> None:
    state = fb.new_state(ruleset="complete")
    fb.set_children(state, B, 1, 0)  # B's daughter has married into an aristocracy
    fb.skip_to(state, "social")
    legal = state.legal_actions()
    assert not any(isinstance(a, Propose) and a.to == B and a.son for a in legal)
    assert Propose(A, B, False, 0) in legal
    refused(state, Propose(A, B, True, 0), "FOR-4.5")


@pytest.mark.rule("FOR-4.5")
def test_allies_cannot_propose_again_until_divorced() -> None:
    state = fb.new_state(first=B)
    fb.put_alliance(state, A, B)
    fb.skip_to(state, "social")
    assert state.current_player() == B
    assert not any(isinstance(a, Propose) and a.to == A for a in state.legal_actions())
    refused(state, Propose(B, A, True, 0), "FOR-4.5")
    state.apply_action(Divorce(B, A))
    skip_to_player(state, A)
    assert Propose(A, B, True, 0) in state.legal_actions()


# -- FOR-4.6 the marriage alliance -------------------------------------------------------------


@pytest.mark.rule("FOR-4.6")
def test_an_accepted_proposal_pays_the_dowry_and_gives_2_prestige_each() -> None:
    state = at_social()
    state.apply_action(Propose(A, B, True, 100))
    state.apply_action(Decide(B, "accept"))
    assert state.money[:2] == [100, 300]
    assert state.prestige[:2] == [2, 2]
    assert (state.sons[A], state.daughters[A]) == (0, 2)
    assert (state.sons[B], state.daughters[B]) == (1, 1)
    assert state.marriages == [(A, B, A, 100)]
    assert state.married(A, B)
    assert state.married(B, A)
    assert state.spouses(B) == [A]
    assert (stage(state), state.current_player()) == ("social", B)


@pytest.mark.rule("FOR-4.6")
def test_an_accepted_counter_offer_pays_the_higher_dowry() -> None:
    state = fb.new_state(first=C)
    fb.set_purse(state, C, 600)
    fb.skip_to(state, "social")
    state.apply_action(Propose(C, A, False, 100))
    state.apply_action(Counter(A, 500))
    state.apply_action(Decide(C, "accept"))
    assert (state.money[C], state.money[A]) == (100, 700)
    assert (state.prestige[C], state.prestige[A]) == (2, 2)
    assert (state.daughters[C], state.sons[A]) == (1, 0)
    assert state.marriages == [(A, C, C, 500)]


@pytest.mark.rule("FOR-4.6")
def test_a_dowry_paid_by_borrowing_costs_its_prestige() -> None:
    state = fb.new_state()
    fb.set_purse(state, A, 200, 3)
    fb.skip_to(state, "social")
    state.apply_action(Propose(A, B, True, 500))
    state.apply_action(Decide(B, "accept"))
    assert state.money[:2] == [-300, 700]
    assert state.prestige[:2] == [3 - 3 + 2, 2]


# -- FOR-4.7 divorce on request ----------------------------------------------------------------


def divorced(ruleset: str, initiator: int, money: tuple[int, int] = (200, 500)) -> ForumState:
    """A paid B a dowry of $300; both hold 4 prestige; ``initiator`` asks for the divorce."""
    state = fb.new_state(first=initiator, ruleset=ruleset)
    fb.put_alliance(state, A, B, 300)
    fb.set_purse(state, A, money[0], 4)
    fb.set_purse(state, B, money[1], 4)
    fb.set_children(state, A, 0, 1)
    fb.set_children(state, B, 1, 0)
    fb.skip_to(state, "social")
    assert state.current_player() == initiator
    assert Divorce(initiator, B - initiator) in state.legal_actions()
    state.apply_action(Divorce(initiator, B - initiator))
    assert state.marriages == []
    assert (state.sons[:2], state.daughters[:2]) == ([0, 1], [1, 0])  # no child comes back
    return state


@pytest.mark.rule("FOR-4.7")
@pytest.mark.parametrize("initiator", [A, B])
def test_short_rules_the_initiator_loses_2_prestige(initiator: int) -> None:
    state = divorced("short", initiator)
    assert state.prestige[initiator] == 2
    assert state.prestige[B - initiator] == 4
    assert state.money[:2] == [200, 500]


@pytest.mark.rule("FOR-4.7")
@pytest.mark.parametrize("initiator", [A, B])
def test_complete_rules_both_lose_2_and_the_dowry_is_repaid(initiator: int) -> None:
    state = divorced("complete", initiator)
    assert state.prestige[:2] == [2, 2]
    assert state.money[:2] == [500, 200]  # B returns A's $300


@pytest.mark.rule("FOR-4.7")
def test_complete_rules_a_repaid_dowry_may_force_debt() -> None:
    state = divorced("complete", A, money=(200, 100))
    assert state.money[:2] == [500, -200]
    assert state.prestige[:2] == [2, 0]  # B: -2, then -2 for $200 of new debt


@pytest.mark.rule("FOR-4.7")
def test_divorce_never_takes_prestige_below_zero() -> None:
    state = fb.new_state()
    fb.put_alliance(state, A, B)
    fb.set_purse(state, A, 200, 1)
    fb.skip_to(state, "social")
    state.apply_action(Divorce(A, B))
    assert state.prestige[A] == 0


@pytest.mark.rule("FOR-4.7")
def test_only_a_spouse_can_be_divorced() -> None:
    state = fb.new_state()
    fb.put_alliance(state, A, B)
    fb.skip_to(state, "social")
    refused(state, Divorce(A, C), "FOR-4.7")
    refused(state, Divorce(A, A), "FOR-4.7")
    assert [a for a in state.legal_actions() if isinstance(a, Divorce)] == [Divorce(A, B)]


# -- FOR-4.8 divorce by aggression -------------------------------------------------------------


def spouses_at_oust(
    ruleset: str = "short",
    aggressor: int = A,
    dowry: int = 200,
    purses: tuple[tuple[int, int], tuple[int, int]] = ((400, 5), (200, 5)),
) -> ForumState:
    """The ``aggressor`` (A or B, first to play), who received the other's ``dowry``, steps onto
    the other's agent in Luna; its oust is next. ``purses``: (money, prestige) of A and of B."""
    victim = B if aggressor == A else A
    state = fb.new_state(ruleset=ruleset, first=aggressor)
    fb.put_agent(state, victim, "Luna")
    fb.put_alliance(state, victim, aggressor, dowry)
    for seat, (money, prestige) in zip((A, B), purses, strict=True):
        fb.set_purse(state, seat, money, prestige)
    roll(state, 1)
    fb.walk(state, aggressor, "Rome", "Luna")
    fb.skip_to(state, "oust")
    return state


@pytest.mark.rule("FOR-4.8")
@pytest.mark.parametrize("value", [1, 6])
def test_short_rules_ousting_a_spouse_ends_the_alliance_before_the_roll(value: int) -> None:
    state = spouses_at_oust("short")
    assert state.is_chance_node()
    assert state.marriages == []
    assert state.prestige[:2] == [3, 5]  # the aggressor initiates the divorce
    assert state.money[:2] == [200, 200]  # the oust's $200, no dowry back
    roll(state, value)
    assert state.marriages == []
    assert state.prestige[:2] == [3, 5]


@pytest.mark.rule("FOR-4.8")
def test_complete_rules_ousting_a_spouse_costs_both_and_repays_the_dowry() -> None:
    state = spouses_at_oust("complete")
    assert state.marriages == []
    assert state.prestige[:2] == [3, 3]
    assert state.money[:2] == [0, 400]  # A paid the oust and returned B's $200


@pytest.mark.rule("FOR-4.8")
@pytest.mark.parametrize(
    ("ruleset", "prestige", "money"),
    # B's agent in Rome and its ally's in Luna earn B the boost in the short rules (FOR-5.3);
    # in the complete rules A repays the dowry into debt, at 1 prestige per $100 (FOR-8.2)
    [("short", [3, 5], [0, 300]), ("complete", [1, 3], [-200, 475])],
)
def test_trying_to_destroy_a_spouses_horreum_ends_the_alliance(
    ruleset: str, prestige: list[int], money: list[int]
) -> None:
    state = fb.new_state(ruleset=ruleset)
    lay(state, "A agent Luna; B horreum Luna")
    fb.put_alliance(state, B, A, 200)
    fb.set_purse(state, A, 200, 5)
    fb.set_purse(state, B, 200, 5)
    fb.skip_to(state, "build")  # B has earned $75 from Luna at the trade
    state.apply_action(Destroy(A, LUNA, B))
    assert state.is_chance_node()
    assert state.marriages == []
    assert state.prestige[:2] == prestige
    assert state.money[:2] == money
    roll(state, 1)
    assert state.horrea[LUNA] >> B & 1
    assert state.marriages == []


@pytest.mark.rule("FOR-4.8")
def test_aggression_against_a_stranger_leaves_other_alliances_alone() -> None:
    state = fb.new_state()
    fb.put_agent(state, B, "Luna")
    fb.put_alliance(state, A, C, 100)
    fb.set_purse(state, A, 200, 5)
    roll(state, 1)
    fb.walk(state, A, "Rome", "Luna")
    fb.skip_to(state, "oust")
    assert state.marriages == [(A, C, A, 100)]
    assert state.prestige[A] == 5


@pytest.mark.rule("FOR-4.8")
def test_the_aggressor_is_the_initiator_whoever_moved_first() -> None:
    # B steps onto its spouse's agent
    state = spouses_at_oust(aggressor=B, dowry=100, purses=((200, 4), (200, 4)))
    assert state.actor == B
    assert state.prestige[:2] == [4, 2]
    assert state.marriages == []


def courting_the_rival_at_luna(ruleset: str = "short") -> ForumState:
    """B stepped onto A's agent in Luna and must oust it this turn; A, first, is to choose."""
    state = fb.new_state(ruleset=ruleset)
    fb.put_agent(state, A, "Luna")
    roll(state, 1)
    assert state.current_player() == A
    state.apply_action(Decide(A, "done"))
    roll(state, 1)
    fb.walk(state, B, "Rome", "Luna")
    fb.skip_to(state, "social")
    assert state.current_player() == A
    assert state.contests == {B: (LUNA, A)}
    return state


@pytest.mark.rule("FOR-4.8")
@pytest.mark.rule("FOR-4.1")
def test_accepting_a_family_one_must_oust_this_turn_is_flagged_then_divorced() -> None:
    state = courting_the_rival_at_luna()
    offer = Propose(A, B, True, 0)
    assert "beware: the Cornelii must oust the Aemilii in Luna this turn" in (
        state.action_to_string(offer)
    )
    assert state.action_warning(Propose(A, C, True, 0)) == ""  # no contest between them
    state.apply_action(offer)
    assert (stage(state), state.current_player()) == ("respond", B)
    accept, decline = Decide(B, "accept"), Decide(B, "decline")
    text = state.action_to_string(accept)
    assert text.startswith("the Cornelii accept the Aemilii' son for $0 — beware: ")
    assert "ends this alliance at once by divorce: the Cornelii lose 2 prestige" in text
    assert "FOR-4.8" in text
    assert "beware" in state.action_to_string(Counter(B, 100))
    assert "beware" not in state.action_to_string(decline)
    # The warning is what happens: the alliance is made, then B's oust ends it.
    prestige = state.prestige.copy()
    state.apply_action(accept)
    assert state.marriages == []
    assert stage(state) == "oust"
    assert state.prestige[:2] == [prestige[A] + 2, prestige[B] + 2 - 2]
    assert (state.sons[A], state.daughters[B]) == (0, 1)  # both children spent


@pytest.mark.rule("FOR-4.8")
def test_the_warning_names_the_complete_rules_penalty_and_shows_on_a_counter() -> None:
    state = courting_the_rival_at_luna("complete")
    state.apply_action(Propose(A, B, True, 0))
    state.apply_action(Counter(B, 100))
    assert (stage(state), state.current_player()) == ("reply", A)
    text = state.action_to_string(Decide(A, "accept"))
    assert "both families lose 2 prestige and the dowry is repaid" in text


@pytest.mark.rule("FOR-4.8")
def test_the_terminal_menu_line_carries_the_warning() -> None:
    from alea.games.forum.terminal import choice_rows

    state = courting_the_rival_at_luna()
    state.apply_action(Propose(A, B, True, 0))
    legal = state.legal_actions()
    rows = choice_rows(state, legal, range(len(legal)))
    items = {text for _, entries in rows for _, text in entries}
    accept = next(t for t in items if t.startswith("accept"))
    assert "⚠" in accept
    assert "oust in Luna this turn divorces them at once: −2 prestige" in accept
    decline = next(t for t in items if t.startswith("decline"))
    assert "⚠" not in decline
    counters = [t for label, entries in rows for _, t in entries if label.startswith("or ask")]
    assert sum("⚠" in t for t in counters) == 1  # said once on the row of counter-offers
