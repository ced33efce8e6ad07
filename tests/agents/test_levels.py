"""Difficulty levels: specs everywhere an agent is named, bounds, and the turn's time budget."""

from __future__ import annotations

import random

import pytest

import alea
from alea.agents import AGENT_KINDS, LEVELS, EasyAgent, SearchLevel, parse_spec
from alea.agents import levels as levels_module
from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.rng import make_rng
from alea.server.bots import slow
from alea.server.limits import Limits, check_agent


def test_the_levels_are_agent_kinds_weakest_first() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert list(AGENT_KINDS)[:4] == list(LEVELS)
    assert parse_spec("normal").spec() == {"name": "normal"}
    assert parse_spec("easy:mistakes=0.5").spec() == {"name": "easy", "mistakes": 0.5}
    assert parse_spec("expert").spec() == {"name": "expert", "turn_time": 10.0, "time": 2.0}
    assert parse_spec("hard").spec() == {"name": "hard", "turn_time": 10.0, "time": 0.5}
    assert parse_spec("hard:iterations=200").spec() == {
        "name": "hard",
        "turn_time": 10.0,
        "iterations": 200,
    }
    assert parse_spec("expert:time=1,turn_time=4").spec()["turn_time"] == 4.0


def test_a_levels_spec_names_the_search_parameters_it_was_given() -> None:
    spec = parse_spec("expert:iterations=300,opponents=prior,c=1.2").spec()
    assert spec == {
        "name": "expert",
        "turn_time": 10.0,
        "iterations": 300,
        "c": 1.2,
        "opponents": "prior",
    }
    text = ",".join(f"{k}={v}" for k, v in spec.items() if k != "name")
    assert parse_spec(f"expert:{text}").spec() == spec  # the spec plays the same level again


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("normal:time=1", "does not take those parameters"),
        ("easy:mistakes=2", "mistakes must be from 0 to 1"),
        ("hard:turn_time=0", "turn_time must be above 0"),
        ("expert:speed=3", "does not take those parameters"),
    ],
)
def test_a_wrong_level_parameter_says_what_is_wrong(spec: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_spec(spec)


def test_the_server_bounds_the_levels_as_it_bounds_the_search() -> None:
    limits = Limits()
    assert check_agent("expert", limits) == "expert"
    assert check_agent("hard:time=1,turn_time=8", limits) == "hard:time=1,turn_time=8"
    assert check_agent("easy:mistakes=0.2", limits) == "easy:mistakes=0.2"
    with pytest.raises(ValueError, match="expert time must be a number above 0"):
        check_agent(f"expert:time={limits.bot_time * 2}", limits)
    with pytest.raises(ValueError, match="hard iterations must be a whole number"):
        check_agent("hard:iterations=1e12", limits)
    with pytest.raises(ValueError, match="normal has no parameter 'time'"):
        check_agent("normal:time=1", limits)
    assert [slow(s) for s in ("expert", "hard:time=1", "mcts", "easy", "normal")] == [
        True,
        True,
        True,
        False,
        False,
    ]


@pytest.mark.parametrize("name", alea.GAMES)
@pytest.mark.parametrize("spec", ["easy", "normal", "hard:iterations=8", "expert:iterations=8"])
def test_every_level_plays_legal_moves_in_every_game(name: str, spec: str) -> None:
    state = alea.load(name).new_initial_state()
    rng = random.Random(3)
    agent = parse_spec(spec)
    decisions = 0
    while not state.is_terminal() and decisions < 12:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        action = agent.act(state, state.current_player(), rng)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 12 or state.is_terminal()


def test_easy_makes_mistakes_at_its_rate() -> None:
    state = alea.load("triumvirate").new_initial_state()
    rng = make_rng(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    heuristic = parse_spec("normal").act(state, state.current_player(), make_rng(2))
    never = EasyAgent(mistakes=0.0)
    assert all(
        never.act(state, state.current_player(), make_rng(k)) == heuristic for k in range(20)
    )
    always = EasyAgent(mistakes=1.0)
    picks = {always.act(state, state.current_player(), make_rng(k)) for k in range(40)}
    assert len(picks) > 1  # random legal moves, not the heuristic's one choice


class Clocked(Agent):
    """A stand-in search that takes the whole ceiling it is given, on a fake clock."""

    def __init__(self, clock: list[float]) -> None:
        self.clock = clock
        self.ceiling: float | None = None
        self.ceilings: list[float] = []

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        assert self.ceiling is not None
        self.ceilings.append(self.ceiling)
        self.clock[0] += self.ceiling
        return state.legal_actions()[0]


def test_a_turn_stays_within_its_time_and_a_new_turn_starts_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [0.0]
    monkeypatch.setattr(levels_module.time, "perf_counter", lambda: clock[0])
    level = SearchLevel("expert", turn_time=10.0)
    fake = Clocked(clock)
    level.search = fake  # type: ignore[assignment]
    state = alea.load("triumvirate").new_initial_state()
    rng = make_rng(4)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    seat = state.current_player()
    for _ in range(8):  # eight decisions of one seat in one round: one turn
        level.act(state, seat, rng)
    assert fake.ceilings[0] == 5.0  # half of the turn's ten seconds
    assert fake.ceilings[1] == 2.5  # half of what is left
    assert sum(fake.ceilings) <= 10.0
    assert fake.ceilings == sorted(fake.ceilings, reverse=True)
    state.round += 1  # the next round is a new turn
    level.act(state, seat, rng)
    assert fake.ceilings[-1] == 5.0
    level.ceiling = 1.0  # a server's ceiling bounds every decision
    state.round += 1
    level.act(state, seat, rng)
    assert fake.ceilings[-1] == 1.0
