"""The search agent never reads what its seat cannot see, in the two games with hidden cards.

On sampled decision positions, the search with a fixed rng must choose the same action on the
true position and on re-deals of everything its seat cannot see (``determinize``): its every
iteration starts from a fresh determinization, so what it was handed must not matter.
"""

from __future__ import annotations

import random

import pytest

import alea
from alea.agents import LEVELS, MCTSAgent, make, parse_spec
from alea.agents.levels import seat_style
from alea.core import registry
from alea.core.game import Action, State
from alea.core.rng import make_rng
from sampled_positions import decision_positions


def positions(game_name: str, count: int, seed: int) -> list[State]:
    """Decision positions with a choice, from a game of heuristic bots."""
    state = alea.load(game_name, players=3).new_initial_state()
    return decision_positions(state, count, seed, every=7, offset=3, bot=make("heuristic"))


OPPONENT_MODELS = {
    "max-n": {},
    "prior": {"opponents": "prior"},
    "mixed": {"opponents": "prior", "opponent_search": 0.3},
}
"""The search's ways of playing the other seats: each must choose by the seat's view alone
(the opponent model asks the heuristic on the determinized position, never the true one)."""


@pytest.mark.parametrize("model", OPPONENT_MODELS)
@pytest.mark.parametrize("game_name", ["forum", "hotre"])
def test_search_chooses_the_same_on_every_redeal(game_name: str, model: str) -> None:
    params = OPPONENT_MODELS[model]
    changed = 0
    for state in positions(game_name, 6, seed=3):
        seat = state.current_player()
        chosen = MCTSAgent(iterations=25, **params).act(state.clone(), seat, make_rng(5))
        for k in range(3):
            variant = state.determinize(seat, make_rng(50 + k))
            assert variant.observation(seat) == state.observation(seat)
            changed += repr(variant.observation(None)) != repr(state.observation(None)) or (
                variant._key() != state._key()  # type: ignore[attr-defined]
            )
            again = MCTSAgent(iterations=25, **params).act(variant, seat, make_rng(5))
            assert again == chosen
    assert changed > 0, "no re-deal changed the hidden part: the test proves nothing"


def test_the_search_judged_by_its_style_chooses_the_same_on_every_redeal() -> None:
    """The Roman Empire's judge by the bot's style reads every hand and counter, but only of
    the determinized position each iteration starts from: a re-deal changes no choice."""
    changed = 0
    for state in positions("hotre", 6, seed=4):
        seat = state.current_player()
        params = {"iterations": 25, "value": "style", "opponents": "prior"}
        # The expert's weights with no look-ahead of its own: the judge reads only the
        # weights, and the plan's look-ahead in every playout step would only slow this down.
        own = make("heuristic", **{**seat_style("hotre", seat), "plan": 1})
        chosen = MCTSAgent(policy=own, **params).act(state.clone(), seat, make_rng(5))
        for k in range(3):
            variant = state.determinize(seat, make_rng(50 + k))
            changed += variant._key() != state._key()  # type: ignore[attr-defined]
            assert MCTSAgent(policy=own, **params).act(variant, seat, make_rng(5)) == chosen
    assert changed > 0, "no re-deal changed the hidden part: the test proves nothing"


def test_the_learned_value_chooses_the_same_on_every_redeal() -> None:
    """Forum's learned value reads only the table everyone sees: a re-deal of the families'
    hidden sons and daughters changes neither its shares nor the search's choice with it."""
    value = registry.hook("forum", "value")
    changed = 0
    for state in positions("forum", 6, seed=3):
        seat = state.current_player()
        params = {"iterations": 25, "value": "learned", "opponents": "prior"}
        chosen = MCTSAgent(**params).act(state.clone(), seat, make_rng(5))
        for k in range(3):
            variant = state.determinize(seat, make_rng(50 + k))
            changed += variant._key() != state._key()  # type: ignore[attr-defined]
            assert value(variant) == value(state)
            assert MCTSAgent(**params).act(variant, seat, make_rng(5)) == chosen
    assert changed > 0, "no re-deal changed the hidden part: the test proves nothing"


LEVEL_SPECS = {
    "easy": ["easy"],
    "normal": ["normal"],
    "hard": ["hard:iterations=20,turn_time=3600"],
    "expert": ["expert", "expert:iterations=20,turn_time=3600"],
}
"""Every level, the search levels at a fixed budget and a turn too long to cut it, so that the
machine's load does not change the choice; the expert both as it plays at its default and
searching over its style."""


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_name", ["forum", "hotre"])
def test_every_level_chooses_the_same_on_every_redeal(game_name: str, level: str) -> None:
    for state in positions(game_name, 4, seed=11):
        seat = state.current_player()
        for spec in LEVEL_SPECS[level]:
            chosen = parse_spec(spec).act(state.clone(), seat, make_rng(7))
            for k in range(2):
                variant = state.determinize(seat, make_rng(70 + k))
                again = parse_spec(spec).act(variant, seat, make_rng(7))
                assert again == chosen, f"{spec} chose differently on a re-deal it cannot see"


def seen_plans(state: State, rng: random.Random) -> list[tuple[Action, ...]]:
    """Plans a game could offer: each of the seat's first few legal actions, alone.

    Built from the legal list only, which the seat sees, so the plans themselves never peek.
    """
    return [(a,) for a in state.legal_actions()[:3]]


@pytest.mark.parametrize("game_name", ["forum", "hotre"])
def test_plan_search_chooses_the_same_on_every_redeal(
    game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Weighing plans searches on determinizations too, and follows a plan by the view alone."""
    monkeypatch.setitem(registry._HOOKS, (game_name, "plans"), seen_plans)
    searched = 0
    for state in positions(game_name, 4, seed=5):
        seat = state.current_player()
        if len(state.legal_actions()) < 3:
            continue
        searched += 1
        chosen = MCTSAgent(iterations=25).act(state.clone(), seat, make_rng(5))
        assert chosen in state.legal_actions()[:3], "the search did not choose among the plans"
        for k in range(2):
            variant = state.determinize(seat, make_rng(60 + k))
            agent = MCTSAgent(iterations=25)
            assert agent.act(variant, seat, make_rng(5)) == chosen
            assert agent.searches == 1
    assert searched, "no position offered a choice of plans: the test proves nothing"
