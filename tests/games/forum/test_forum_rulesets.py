"""FOR-11: the short and the complete rules side by side."""

from __future__ import annotations

import forum_builders as fb
import pytest
from forum_builders import A, B, D, lay, mk, refused, roll, stage

import alea
from alea.core.errors import OptionError
from alea.games.forum.actions import Decide, Destroy, Divorce, Draw, Family, FirstPlayer, MarryLocal
from alea.games.forum.state import ForumState

RULESETS = ["short", "complete"]


@pytest.mark.rule("FOR-11.1")
def test_the_short_rules_are_the_default_and_no_third_ruleset_exists() -> None:
    assert alea.load("forum").opts.ruleset == "short"  # type: ignore[attr-defined]
    assert alea.load("forum", ruleset="complete").opts.ruleset == "complete"  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match="ruleset"):
        alea.load("forum", ruleset="long")


# -- the four differences ----------------------------------------------------------------------


@pytest.mark.rule("FOR-11.1")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_children(ruleset: str) -> None:
    state = alea.load("forum", players=3, ruleset=ruleset).new_initial_state()
    assert isinstance(state, ForumState)
    state.apply_action(FirstPlayer(A))
    view = state.observation(A)["players"]
    if ruleset == "short":
        assert stage(state) == "deal"  # three cards each from the 12 + 12 deck, hidden
        for i in range(9):
            state.apply_action(Family(i % 3, i < 3))
        assert state.sons == [1, 1, 1]
        assert state.daughters == [2, 2, 2]
        assert (state.deck_sons, state.deck_daughters) == (9, 6)
        view = state.observation(A)["players"]
        assert [p["sons"] for p in view] == [1, None, None]
    else:
        assert stage(state) == "enter"  # one son and one daughter each, public
        assert state.sons == [1, 1, 1]
        assert state.daughters == [1, 1, 1]
        assert [(p["sons"], p["daughters"]) for p in view] == [(1, 1)] * 3


@pytest.mark.rule("FOR-11.1")
@pytest.mark.parametrize(
    ("ruleset", "prestige", "money"),
    [("short", [1, 5], [200, 200]), ("complete", [1, 1], [600, -200])],
)
def test_divorce(ruleset: str, prestige: list[int], money: list[int]) -> None:
    state = fb.new_state(ruleset=ruleset)
    fb.put_alliance(state, A, B, 400)
    fb.set_purse(state, A, 200, 3)
    fb.set_purse(state, B, 200, 5)
    fb.skip_to(state, "social")
    state.apply_action(Divorce(A, B))
    # complete: B returns $400 into $200 of debt, 2 prestige more (FOR-8.2)
    assert state.prestige[:2] == prestige
    assert state.money[:2] == money


@pytest.mark.rule("FOR-11.1")
@pytest.mark.parametrize(("ruleset", "income"), [("short", 175 + 25), ("complete", 175)])
def test_information_boost(ruleset: str, income: int) -> None:
    state = fb.new_state(ruleset=ruleset)
    lay(state, "A horreum Carthage; A agent Carthage")
    fb.past_trade(state)
    assert state.income[A] == income
    state = fb.new_state(ruleset=ruleset)
    lay(state, "A horreum Carthage; A horreum Rome; A agent Carthage")
    fb.past_trade(state)
    assert state.income[A] == 300 + 175 + 25  # both rulesets pay it with horrea in both cities


@pytest.mark.rule("FOR-11.1")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_new_child(ruleset: str) -> None:
    state = fb.new_state(
        ruleset=ruleset
    )  # short: everyone holds "sdd", the deck 8 sons, 4 daughters
    fb.skip_to(state, "fate")
    state.apply_action(Draw(23))
    assert (stage(state), state.actor) == ("birth", A)
    deck = (state.deck_sons, state.deck_daughters)
    sons = state.sons[A]
    odds = dict(state.chance_outcomes())
    if ruleset == "short":
        assert odds == {
            Family(A, True): pytest.approx(8 / 12),
            Family(A, False): pytest.approx(4 / 12),
        }
    else:
        assert odds == {Family(A, True): 0.5, Family(A, False): 0.5}
    text = state.action_to_string(Family(A, True))
    state.apply_action(Family(A, True))
    assert state.sons[A] == sons + 1
    if ruleset == "short":
        assert (state.deck_sons, state.deck_daughters) == (deck[0] - 1, deck[1])
        assert "son" not in text  # the draw is hidden from the table
    else:
        assert (state.deck_sons, state.deck_daughters) == deck
        assert "son" in text
    assert (stage(state), state.actor) == ("birth", B)


# -- common to both ----------------------------------------------------------------------------


@pytest.mark.rule("FOR-11.1")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_both_follow_the_exotic_chain(ruleset: str) -> None:
    state = fb.new_state(ruleset=ruleset)
    fb.clear_agents(state, A)
    for market in ("Rome", "Rimini", "Salona", "Thessalonica", "Serdica", "Samezegusta"):
        fb.put_horreum(state, A, market)
    assert state.trade_income(A)[mk("Samezegusta")] == 175 + 125


@pytest.mark.rule("FOR-11.1")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_both_allow_one_family_per_aristocracy(ruleset: str) -> None:
    state = fb.new_state(ruleset=ruleset)
    lay(state, "A agent Luna; C local Luna")
    fb.skip_to(state, "social")
    refused(state, MarryLocal(A, mk("Luna"), True), "FOR-4.3")


@pytest.mark.rule("FOR-11.1")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_both_take_region_prestige_back(ruleset: str) -> None:
    state = fb.new_state(ruleset=ruleset)
    lay(state, "D agent Luna; B horreum Luna")
    fb.set_purse(state, B, 200, 4)
    fb.set_purse(state, D, 1000)
    fb.skip_to(state, "build")
    while state.current_player() != D:
        state.apply_action(Decide(state.current_player(), "pass"))
    state.apply_action(Destroy(D, mk("Luna"), B))
    roll(state, 6)
    assert state.prestige[B] == 3
