"""The IS-MCTS agent: legality, determinism, budgets, parameter checks, no peeking, strength."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import alea
from alea.agents import MCTSAgent, make
from alea.core import registry
from alea.core.game import State
from alea.core.rng import make_rng
from alea.games.triumvirate import search as triumvirate_search
from alea.games.triumvirate.actions import Decide
from alea.games.triumvirate.state import MOVE, TriumvirateState
from sampled_positions import decision_positions


def decision_states(count: int, seed: int = 7) -> list[State]:
    """Decision states sampled from a random playout of the Triumvirate, many choices each."""
    state = alea.load("triumvirate").new_initial_state()
    return decision_positions(state, count, seed, every=37)


@pytest.fixture(scope="module")
def states() -> list[State]:
    return decision_states(4)


def test_returns_a_legal_action(states: list[State]) -> None:
    agent = MCTSAgent(iterations=40)
    for s in states:
        player = s.current_player()
        action = agent.act(s, player, make_rng(1))
        assert action in s.legal_actions()
        assert agent.last_iterations == 40


def test_same_seed_same_action_and_iterations(states: list[State]) -> None:
    for s in states:
        player = s.current_player()
        runs = []
        for _ in range(2):
            agent = MCTSAgent(iterations=60)
            runs.append((agent.act(s.clone(), player, make_rng(42)), agent.last_iterations))
        assert runs[0] == runs[1]


def test_time_budget_is_roughly_respected(states: list[State]) -> None:
    agent = MCTSAgent(time=0.05)
    s = states[0]
    start = time.perf_counter()
    action = agent.act(s, s.current_player(), make_rng(3))
    elapsed = time.perf_counter() - start
    assert action in s.legal_actions()
    assert elapsed < 1.0
    assert agent.last_iterations >= 1


@pytest.mark.parametrize("iterations", [1, 7, 25])
def test_iteration_count_is_honoured(states: list[State], iterations: int) -> None:
    agent = make("mcts", iterations=iterations)
    assert isinstance(agent, MCTSAgent)
    s = states[1]
    agent.act(s, s.current_player(), make_rng(0))
    assert agent.last_iterations == iterations


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"iterations": 0}, "at least 1 iteration"),
        ({"time": -1}, "time must be positive"),
        ({"time": 0}, "time must be positive"),
        ({"foo": 1}, "does not take those parameters"),
        ({"value": "oracle"}, "mcts value must be hand, learned or style, not 'oracle'"),
    ],
)
def test_bad_parameters_raise_value_error(params: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make("mcts", **params)


def test_searches_only_on_determinizations(
    states: list[State], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = states[2]
    player = s.current_player()
    before = s.to_json()
    calls: list[int] = []
    original = type(s).determinize

    def counting(self: State, p: int, rng: random.Random) -> State:
        assert self is s, "the agent determinized something other than the root"
        calls.append(p)
        return original(self, p, rng)

    monkeypatch.setattr(type(s), "determinize", counting)
    agent = MCTSAgent(iterations=30)
    action = agent.act(s, player, make_rng(5))
    assert action in s.legal_actions()
    assert calls == [player] * 30
    assert s.to_json() == before


def test_stronger_than_random_in_short_games() -> None:
    """MCTS (200 iterations) against two random seats, over four seeded games in every seat.

    Whole Triumvirate games against random players run past a minute, and within a short
    round cap nobody takes Rome, so the measure is the race for conquests that opens the
    civil war: after 6 rounds the MCTS seat must hold at least as many conquests as each
    other seat. A random agent in the same place met that bar in 19 of 60 seeded games
    (about 32%), so it would pass 3 of 4 only about one time in ten; MCTS must do so.
    """
    game = alea.load("triumvirate", max_rounds=6, setup="authored")  # the calibrated board
    ahead = 0
    for seed in range(4):
        seat = seed % 3
        agents = [make("random") for _ in range(3)]
        agents[seat] = make("mcts", iterations=200)
        record = alea.play(game, agents, seed=seed)
        scores = (record.result or {})["scores"]
        conquests = [s["conquests"] for s in scores]
        if all(conquests[seat] >= c for i, c in enumerate(conquests) if i != seat):
            ahead += 1
    assert ahead >= 3


def test_the_games_prior_move_is_expanded_first() -> None:
    """With one iteration the only root child is the move the game's prior hook prefers."""
    game = alea.load("triumvirate")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or len(state.legal_actions()) < 3:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    expected = alea.agents.make("heuristic").act(state, player, random.Random(9))
    agent = alea.agents.make("mcts", iterations=1)
    assert agent.act(state, player, random.Random(9)) == expected


def march_start(seed: int = 3) -> TriumvirateState:
    """The first movement decision of a Triumvirate game of heuristic bots with troops to move."""
    state = alea.load("triumvirate").new_initial_state()
    assert isinstance(state, TriumvirateState)
    rng = make_rng(seed)
    bot = make("heuristic")
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if state.stage == MOVE and len(legal) > 5:
            return state
        state.apply_action(bot.act(state, state.current_player(), rng))


def test_triumvirate_plans_are_whole_marches_the_heuristics_first() -> None:
    state = march_start()
    seat = state.current_player()
    options = triumvirate_search.plans(state, make_rng(2))
    assert len(options) >= 3
    assert len(set(options)) == len(options)
    assert (Decide(seat, "end"),) in options
    expected = state.clone()
    heuristic = make("heuristic")
    march: list[object] = []
    while expected.stage == MOVE and expected.current_player() == seat:
        a = heuristic.act(expected, seat, make_rng(0))
        march.append(a)
        expected.apply_action(a)
    assert options[0] == tuple(march)
    for plan in options:
        s = state.clone()
        for a in plan:
            assert s.current_player() == seat
            s.apply_action(a)
        assert plan[-1] == Decide(seat, "end")
        assert s.stage != MOVE or s.current_player() != seat
    leader_stage = alea.load("triumvirate").new_initial_state()
    assert isinstance(leader_stage, TriumvirateState)
    while leader_stage.is_chance_node():
        leader_stage.apply_action(leader_stage.sample_chance(make_rng(1)))
    assert triumvirate_search.plans(leader_stage, make_rng(2)) == []


def test_the_search_plays_its_plan_through_without_searching_again() -> None:
    state = march_start()
    seat = state.current_player()
    agent = MCTSAgent(iterations=30)
    played: list[object] = []
    while state.current_player() == seat and state.stage == MOVE:
        a = agent.act(state, seat, make_rng(len(played)))
        assert a in state.legal_actions()
        played.append(a)
        state.apply_action(a)
    assert agent.searches == 1
    assert played[-1] == Decide(seat, "end")
    assert len(played) > 1
    stepwise = MCTSAgent(iterations=30, plans=0)
    state = march_start()
    for k in range(3):
        state.apply_action(stepwise.act(state, seat, make_rng(k)))
    assert stepwise.searches == 3
    assert stepwise.spec()["plans"] == 0


def test_a_plan_is_dropped_when_the_position_is_not_the_one_it_expected() -> None:
    state = march_start()
    seat = state.current_player()
    agent = MCTSAgent(iterations=30)
    chosen = agent.act(state, seat, make_rng(1))
    other = next(a for a in state.legal_actions() if a != chosen and a != Decide(seat, "end"))
    state.apply_action(other)
    agent.act(state, seat, make_rng(2))
    assert agent.searches == 2


def test_plans_parameter_is_checked() -> None:
    with pytest.raises(ValueError, match="plans must be 0 or 1"):
        make("mcts", plans=2)


def tree_actions(node: Any) -> list[Any]:
    """Every action on an edge of the search tree below ``node``."""
    out: list[Any] = []
    for action, child in node.children.items():
        out.append(action)
        out += tree_actions(child)
    return out


@pytest.mark.parametrize(
    ("opponents", "share", "modelled"),
    [("prior", 0.0, True), ("search", 0.0, False), ("prior", 1.0, False)],
)
def test_the_opponent_model_plays_the_other_seats_by_the_prior(
    opponents: str, share: float, modelled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``opponents=prior`` every other seat's move in the tree is one the prior chose.

    The prior is replaced by one that always takes the last legal action, so its choices are
    easy to tell from a search's. Under max-n (``opponents=search``), or with the opponents
    searched at every visit (``opponent_search=1``), the tree holds other moves of the other
    seats too, which also shows the check can fail.
    """
    state = march_start()
    seat = state.current_player()
    chosen: set[Any] = set()

    def last(s: State, rng: random.Random) -> Any:
        a = s.legal_actions()[-1]
        if s.current_player() != seat:
            chosen.add(a)
        return a

    monkeypatch.setitem(registry._HOOKS, ("triumvirate", "prior"), last)
    agent = MCTSAgent(iterations=300, plans=0, opponents=opponents, opponent_search=share)
    assert agent.act(state, seat, make_rng(4)) in state.legal_actions()
    theirs = [a for a in tree_actions(agent.last_tree) if getattr(a, "seat", seat) != seat]
    assert theirs, "the tree never reached another seat's decision: the test proves nothing"
    outside = [a for a in theirs if a not in chosen]
    if modelled:
        assert outside == []
    else:
        assert outside


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"opponents": "heuristic"}, "opponents must be search or prior"),
        ({"opponents": "prior", "opponent_search": 1.5}, "opponent_search must be from 0 to 1"),
        ({"opponent_search": -0.1}, "opponent_search must be from 0 to 1"),
    ],
)
def test_opponent_model_parameters_are_checked(params: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make("mcts", **params)


def test_the_opponent_model_is_named_in_the_spec() -> None:
    spec = MCTSAgent(iterations=10, opponents="prior", opponent_search=0.25).spec()
    assert spec["opponents"] == "prior"
    assert spec["opponent_search"] == 0.25
    assert "opponents" not in MCTSAgent(iterations=10).spec()


def test_the_learned_value_judges_the_cut_off_playouts(
    states: list[State], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With value=learned the game's ``value`` hook, not ``evaluate``, judges every cut-off."""
    calls = {"evaluate": 0, "value": 0}
    for name in calls:
        real = registry.hook("triumvirate", name)

        def counted(state: State, real: Any = real, name: str = name) -> list[float]:
            calls[name] += 1
            out: list[float] = real(state)
            return out

        monkeypatch.setitem(registry._HOOKS, ("triumvirate", name), counted)
    s = states[1]
    agent = MCTSAgent(iterations=30, value="learned", plans=0)
    assert agent.act(s, s.current_player(), make_rng(2)) in s.legal_actions()
    assert agent.spec()["value"] == "learned"
    assert calls == {"evaluate": 0, "value": 30}
    MCTSAgent(iterations=30, plans=0).act(s, s.current_player(), make_rng(2))
    assert calls == {"evaluate": 30, "value": 30}


def test_a_game_without_a_learned_value_refuses_value_learned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(registry._HOOKS, ("triumvirate", "value"))
    s = decision_states(1)[0]
    with pytest.raises(ValueError, match="triumvirate has no learned value"):
        MCTSAgent(iterations=5, value="learned").act(s, s.current_player(), make_rng(0))
