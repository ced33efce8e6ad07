"""FOR-10: what every seat sees (``observation``) and what search may re-deal (``determinize``).

Everything on the table is public; in the short rules only the family cards in other players'
hands are hidden, and their number is not.
"""

from __future__ import annotations

import json
import random
from typing import Any

import forum_builders as fb
import pytest
from forum_builders import A, B, C, D, lay, mk, stage

from alea.games.forum.actions import (
    Counter,
    Decide,
    Draw,
    Family,
    Give,
    MarryLocal,
    Propose,
    Roll,
)
from alea.games.forum.state import ForumState
from sampled_positions import steps

VIEWERS = (None, A, B, C, D)
HIDDEN = ("sons", "daughters")
SECRET_FIELDS = ("sons", "daughters", "deck_sons", "deck_daughters")


def busy(ruleset: str = "short") -> ForumState:
    """Turn 1's patron card waiting for the Cornelii, with a bit of everything on the table."""
    state = fb.at_fate(hands=["ssd", "ddd", "sss", "sdd"], ruleset=ruleset)
    lay(state, "A agent Athens; B agent Luna; C agent Rhodes; A horreum Rome; B horreum Rome")
    lay(state, "D horreum Carthage")
    fb.put_alliance(state, A, C, 300)
    fb.put_local(state, B, "Luna")
    state.benefactions[1] = D
    state.gifts[D] = 1
    state.senator[C] = True
    for p, money in enumerate((350, 1200, -100, 40)):
        fb.set_money(state, p, money)
    state.prestige[:] = [4, 6, 2, 1]
    state.apply_action(Draw(29))  # the patron's campaign: everyone answers
    fb.act(state, state.legal_actions()[0])  # the Aemilii pay
    assert state.current_player() == B
    return state


def without_hands(obs: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in obs.items() if k != "you"}
    out["players"] = [{k: v for k, v in p.items() if k not in HIDDEN} for p in obs["players"]]
    return out


def public_json(state: ForumState) -> dict[str, Any]:
    return {k: v for k, v in state.to_json().items() if k not in SECRET_FIELDS}


# --- FOR-10.1 public knowledge ----------------------------------------------------------------


@pytest.mark.rule("FOR-10.1")
def test_every_viewer_sees_the_same_table() -> None:
    state = busy()
    views = [state.observation(v) for v in VIEWERS]
    for viewer, obs in zip(VIEWERS, views, strict=True):
        assert obs["you"] == viewer
        json.dumps(obs)
    first = without_hands(views[0])
    for obs in views[1:]:
        assert without_hands(obs) == first


@pytest.mark.rule("FOR-10.1")
def test_money_prestige_agents_horrea_marriages_and_gifts_are_in_view() -> None:
    state = busy()
    obs = state.observation(D)
    players = obs["players"]
    assert [p["money"] for p in players] == [-150, 1200, -100, 40]
    assert [p["prestige"] for p in players] == [2, 6, 2, 1]  # $150 borrowed: 2 points
    assert [p["agents"] for p in players] == [
        ["Athens", "Rome"],
        ["Luna", "Rome"],
        ["Rhodes", "Rome"],
        ["Rome"],
    ]
    assert [p["reserve"] for p in players] == [2, 2, 2, 3]
    assert [p["horrea"] for p in players] == [1, 1, 0, 1]
    assert [p["senator"] for p in players] == [False, False, True, False]
    assert [p["benefactions"] for p in players] == [0, 0, 0, 1]
    assert [p["children"] for p in players] == [3, 3, 3, 3]
    markets = {m["name"]: m for m in obs["markets"]}
    assert markets["Rome"]["horrea"] == [A, B]
    assert markets["Carthage"]["horrea"] == [D]
    assert markets["Rome"]["agents"] == [A, B, C, D]
    assert markets["Luna"]["local"] == B
    assert obs["marriages"] == [{"a": A, "b": C, "payer": A, "price": 300}]
    assert [s["owner"] for s in obs["benefactions"]] == [None, D] + [None] * 7
    assert obs["fate"]["card"] == 29
    assert obs["fate_left"] == 29
    assert obs["family_deck"] == 12


@pytest.mark.rule("FOR-10.1")
def test_every_fate_card_drawn_stays_in_view() -> None:
    state = fb.at_fate()
    state.apply_action(Draw(22))  # no one answers: the turn is over at once
    fb.pass_until(state, "fate")
    state.apply_action(Draw(3))
    obs = state.observation(B)
    assert obs["fate_drawn"] == [3, 22]
    assert obs["fate_left"] == 28
    assert all(state.observation(v)["fate_drawn"] == [3, 22] for v in VIEWERS)


@pytest.mark.rule("FOR-10.1")
def test_die_rolls_and_draws_are_told_to_everyone() -> None:
    state = fb.new_state(first=C)
    assert stage(state) == "enter"
    assert state.actor == C
    text = state.action_to_string(Roll(5))
    assert "5" in text
    assert "Licinii" in text
    assert "enters Rome" in text
    assert "no new agent" in state.action_to_string(Roll(2))
    assert "Census" in fb.at_fate().action_to_string(Draw(9))
    state = fb.at_fate()
    state.local[mk("Athens")] = A
    state.apply_action(Draw(26))
    assert "roll 4" in state.action_to_string(Roll(4))
    assert "elected" in state.action_to_string(Roll(4))
    assert "not elected" not in state.action_to_string(Roll(4))
    assert "not elected" in state.action_to_string(Roll(3))


# --- FOR-10.2 hidden family cards -------------------------------------------------------------


@pytest.mark.rule("FOR-10.2")
def test_short_rules_each_player_sees_only_their_own_family_cards() -> None:
    state = busy()
    hands = {A: (2, 1), B: (0, 3), C: (3, 0), D: (1, 2)}
    for viewer in VIEWERS:
        players = state.observation(viewer)["players"]
        for p, (sons, daughters) in hands.items():
            if p == viewer:
                assert (players[p]["sons"], players[p]["daughters"]) == (sons, daughters)
            else:
                assert players[p]["sons"] is None
                assert players[p]["daughters"] is None
            assert players[p]["children"] == sons + daughters


@pytest.mark.rule("FOR-10.2")
def test_complete_rules_children_are_public() -> None:
    state = busy("complete")
    views = [state.observation(v) for v in VIEWERS]
    for obs in views:
        assert [(p["sons"], p["daughters"]) for p in obs["players"]] == [(1, 1)] * 4
        assert {k: v for k, v in obs.items() if k != "you"} == {
            k: v for k, v in views[0].items() if k != "you"
        }


@pytest.mark.rule("FOR-10.2")
def test_a_family_draw_is_told_without_its_sex_in_the_short_rules_only() -> None:
    short = fb.new_state()
    assert short.action_to_string(Family(A, True)) == short.action_to_string(Family(A, False))
    assert "son" not in short.action_to_string(Family(A, True))
    full = fb.new_state(ruleset="complete")
    assert "son" in full.action_to_string(Family(A, True))
    assert "daughter" in full.action_to_string(Family(A, False))


def cornelii_may_marry_in_luna(hands: list[str]) -> ForumState:
    """The first fate draw, ``hands`` dealt: old Roman virtue (card 17) is drawn with no one in
    Rome, so only the Cornelii, with $500 and an agent in Luna, may marry there."""
    state = fb.at_fate(hands=hands)
    for p in range(4):
        fb.clear_agents(state, p)
    fb.put_agent(state, B, "Luna")
    fb.set_money(state, B, 500)
    state.apply_action(Draw(17))
    assert state.current_player() == B
    return state


@pytest.mark.rule("FOR-10.2")
def test_children_married_off_are_public_as_they_are_used() -> None:
    state = cornelii_may_marry_in_luna(["sdd", "ssd", "sdd", "sdd"])
    action = MarryLocal(B, mk("Luna"), True)
    assert "son" in state.action_to_string(action)
    fb.act(state, action)
    obs = state.observation(D)
    assert obs["players"][B]["children"] == 2
    assert obs["players"][B]["sons"] is None
    assert obs["markets"][mk("Luna")]["local"] == B


def test_hidden_hands_leave_no_trace_in_the_rest_of_the_view() -> None:
    one = busy()
    two = busy()
    two.sons[B], two.daughters[B] = 2, 1
    two.deck_sons, two.deck_daughters = two.deck_sons - 2, two.deck_daughters + 2
    assert one.observation(A) == two.observation(A)
    assert one.observation(B) != two.observation(B)


# --- FOR-10.2 determinize ---------------------------------------------------------------------


def assert_consistent(state: ForumState, copy: ForumState, player: int) -> None:
    assert copy is not state
    assert copy.sons[player] == state.sons[player]
    assert copy.daughters[player] == state.daughters[player]
    others = [q for q in range(state.n) if q != player]
    for q in others:
        assert copy.sons[q] >= 0
        assert copy.daughters[q] >= 0
        assert copy.sons[q] + copy.daughters[q] == state.sons[q] + state.daughters[q]
    assert copy.deck_sons >= 0
    assert copy.deck_daughters >= 0
    assert copy.deck_sons + copy.deck_daughters == state.deck_sons + state.deck_daughters
    assert copy.deck_sons + sum(copy.sons[q] for q in others) == state.deck_sons + sum(
        state.sons[q] for q in others
    )
    assert copy.deck_daughters + sum(copy.daughters[q] for q in others) == (
        state.deck_daughters + sum(state.daughters[q] for q in others)
    )
    assert public_json(copy) == public_json(state)
    assert copy.observation(player) == state.observation(player)
    assert copy.history() == state.history()


@pytest.mark.rule("FOR-10.2")
@pytest.mark.parametrize("player", [A, B, C, D])
def test_determinize_redeals_only_what_the_player_cannot_see(player: int) -> None:
    state = busy()
    before = state.to_json()
    deals = set()
    for seed in range(30):
        copy = state.determinize(player, random.Random(seed))
        assert_consistent(state, copy, player)
        deals.add((tuple(copy.sons), tuple(copy.daughters), copy.deck_sons))
    assert len(deals) >= 2
    assert state.to_json() == before


@pytest.mark.rule("FOR-10.2")
def test_determinize_keeps_a_hand_known_from_the_deal_in_the_complete_rules() -> None:
    state = busy("complete")
    for seed in range(5):
        copy = state.determinize(C, random.Random(seed))
        assert copy is not state
        assert copy == state


@pytest.mark.rule("FOR-10.2")
def test_a_determinized_copy_plays_on_independently() -> None:
    state = busy()
    before = state.to_json()
    copy = state.determinize(A, random.Random(3))
    rng = random.Random(4)
    for _ in steps(copy, rng, 200):
        assert min(copy.sons) >= 0
        assert min(copy.daughters) >= 0
    assert state.to_json() == before


@pytest.mark.rule("FOR-10.2")
def test_determinized_choices_follow_the_redealt_hand() -> None:
    # The Cornelii hold three sons; the Aemilii cannot know it and may deal them daughters.
    state = cornelii_may_marry_in_luna(["ddd", "sss", "ddd", "ddd"])
    assert state.legal_actions() == [MarryLocal(B, mk("Luna"), True), Decide(B, "refuse")]
    seen = set()
    for seed in range(40):
        copy = state.determinize(A, random.Random(seed))
        offered = {a.son for a in copy.legal_actions() if isinstance(a, MarryLocal)}
        held = {son for son, k in ((True, copy.sons[B]), (False, copy.daughters[B])) if k}
        assert offered == held
        seen.add(frozenset(held))
    assert len(seen) >= 2


@pytest.mark.rule("FOR-10.2")
@pytest.mark.rule("FOR-4.5")
def test_determinize_keeps_the_children_a_proposal_has_shown() -> None:
    # A proposal that reaches an answer shows both families hold the children it needs.
    state = fb.new_state(players=3, hands=["sss", "ssd", "sss"])
    fb.skip_to(state, "social")
    assert state.current_player() == A
    fb.act(state, Propose(A, B, True, 100))
    assert stage(state) == "respond"
    for seed in range(60):
        copy = state.determinize(C, random.Random(seed))
        assert_consistent(state, copy, C)
        assert copy.sons[A] >= 1
        assert copy.daughters[B] >= 1
        copy.apply_action(copy.legal_actions()[0])  # the Cornelii accept
        assert min(copy.sons) >= 0
        assert min(copy.daughters) >= 0
    fb.act(state, Counter(B, 200))
    assert stage(state) == "reply"
    assert state.current_player() == A
    for seed in range(60):
        copy = state.determinize(A, random.Random(seed))
        assert_consistent(state, copy, A)
        assert copy.daughters[B] >= 1
        fb.decide(copy, "accept")
        assert min(copy.sons) >= 0
        assert min(copy.daughters) >= 0
    for seed in range(60):
        copy = state.determinize(B, random.Random(seed))
        assert_consistent(state, copy, B)
        assert copy.sons[A] >= 1


def test_benefactions_shown_are_the_ones_given() -> None:
    state = fb.new_state(players=2)
    fb.skip_to(state, "social")
    state.prestige[A] = 3
    state._legal = None
    fb.pass_until(state, "give")
    assert state.current_player() == A
    fb.act(state, Give(A, 2))
    obs = state.observation(B)
    assert obs["benefactions"][2]["owner"] == A
    assert obs["players"][A]["benefactions"] == 1
