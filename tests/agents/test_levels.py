"""Difficulty levels: specs everywhere an agent is named, bounds, and the turn's time budget."""

from __future__ import annotations

import random

import pytest

import alea
from alea.agents import AGENT_KINDS, LEVELS, EasyAgent, MCTSAgent, SearchLevel, parse_spec
from alea.agents import levels as levels_module
from alea.agents.levels import ExpertLevel
from alea.core import registry
from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.rng import make_rng
from alea.games.forum.bot import ForumBot
from alea.games.forum.bot import Style as ForumStyle
from alea.games.triumvirate.bot import Style, TriumvirateBot
from alea.games.triumvirate.state import TriumvirateState
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
    with pytest.raises(ValueError, match="normal takes no parameter 'time' on this server"):
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


def _clocked(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> tuple[SearchLevel, Clocked, TriumvirateState, random.Random]:
    """A search level of ``kind`` with a ten-second turn over a ``Clocked`` stand-in on a fake
    clock, and the Triumvirate's first decision."""
    clock = [0.0]
    monkeypatch.setattr(levels_module.time, "perf_counter", lambda: clock[0])
    level = SearchLevel(kind, turn_time=10.0)
    fake = Clocked(clock)
    level.search = fake  # type: ignore[assignment]
    state = alea.load("triumvirate").new_initial_state()
    rng = make_rng(4)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    assert isinstance(state, TriumvirateState)
    return level, fake, state, rng


def test_a_turn_stays_within_its_time_and_a_new_turn_starts_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    level, fake, state, rng = _clocked(monkeypatch, "expert")
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


def test_a_turn_of_many_decisions_stays_within_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Roman Empire period asks one seat for dozens of decisions: past the turn's time, each
    gets no more (the search then runs its first iteration alone)."""
    level, fake, state, rng = _clocked(monkeypatch, "hard")
    for _ in range(60):
        level.act(state, state.current_player(), rng)
    assert fake.ceilings[0] == 5.0  # half of the turn (hard's own half second is the search's)
    assert fake.ceilings[-1] < 1e-6
    assert sum(fake.ceilings) <= 10.0


def _triumvirate_position(decisions: int, seed: int = 4) -> TriumvirateState:
    """A Triumvirate position after ``decisions`` decisions of three heuristic bots."""
    state = alea.load("triumvirate").new_initial_state()
    rng = random.Random(seed)
    bot = parse_spec("heuristic")
    done = 0
    while done < decisions and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        state.apply_action(bot.act(state, state.current_player(), rng))
        done += 1
    assert isinstance(state, TriumvirateState)
    return state


def test_the_triumvirate_expert_plays_each_leaders_tuned_style() -> None:
    config = registry.hook("triumvirate", "expert")()
    assert config["search"] is None
    expert = parse_spec("expert")
    assert isinstance(expert, ExpertLevel)
    for seat in range(3):
        player = expert.player("triumvirate", seat)
        assert isinstance(player, TriumvirateBot)
        assert player.style == Style(**config["styles"][str(seat)])
        assert player.style != Style()
    state = _triumvirate_position(30)
    seat = state.current_player()
    styled = TriumvirateBot(**config["styles"][str(seat)])
    assert expert.act(state, seat, random.Random(1)) == styled.act(state, seat, random.Random(1))
    assert expert.searches == 0  # it played its style without searching


def test_an_expert_given_a_budget_searches_over_its_style() -> None:
    expert = parse_spec("expert:iterations=12,opponents=prior")
    assert isinstance(expert, ExpertLevel)
    player = expert.player("triumvirate", 1)
    assert isinstance(player, SearchLevel)
    assert isinstance(player.search.policy, TriumvirateBot)
    assert player.search.policy.style != Style()
    assert player.search.opponents == "prior"
    state = _triumvirate_position(40)
    seat = state.current_player()
    assert expert.act(state, seat, random.Random(2)) in state.legal_actions()
    assert expert.searches == 1
    assert expert.spec()["iterations"] == 12


def test_the_forum_expert_plays_one_tuned_style_in_every_seat() -> None:
    config = registry.hook("forum", "expert")()
    assert config["search"] is None
    tuned = ForumStyle(**config["styles"]["all"])
    assert tuned != ForumStyle()
    expert = parse_spec("expert")
    assert isinstance(expert, ExpertLevel)
    for seat in range(4):  # at two to four players alike
        player = expert.player("forum", seat)
        assert isinstance(player, ForumBot)
        assert player.style == tuned
    searching = parse_spec("expert:iterations=10")
    assert isinstance(searching, ExpertLevel)
    player = searching.player("forum", 0)
    assert isinstance(player, SearchLevel)
    assert isinstance(player.search.policy, ForumBot)
    assert player.search.policy.style == tuned
    assert player.search.iterations == 10
    # The spec's own parameters are the search's.
    own = parse_spec("expert:iterations=10,opponents=prior")
    assert isinstance(own, ExpertLevel)
    assert own.player("forum", 0).search.opponents == "prior"  # type: ignore[attr-defined]


def test_the_search_prefers_its_own_bots_move_at_its_own_decisions() -> None:
    state = _triumvirate_position(30)
    seat = state.current_player()
    own = TriumvirateBot(collect=1, seize_rome=True, guard=0)
    search = MCTSAgent(iterations=5, policy=own)
    search._me = seat
    rng = random.Random(3)
    assert search._preferred(state, seat, rng) == own.act(state, seat, random.Random(3))
    assert own.act(state, seat, random.Random(3)) != TriumvirateBot().act(
        state, seat, random.Random(3)
    ), "the styled bot should choose otherwise here, or the test proves nothing"
    # Searching for another seat, this seat's move is the game's hook's: the default bot's.
    search._me = (seat + 1) % 3
    search._prior = registry.hook("triumvirate", "prior")
    assert search._preferred(state, seat, random.Random(3)) == TriumvirateBot().act(
        state, seat, random.Random(3)
    )
