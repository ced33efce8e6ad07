"""History of the Roman Empire's search hooks: legal playout moves, a sound cut-off evaluation."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import alea
from alea.agents import MCTSAgent
from alea.agents.levels import seat_style
from alea.core.game import Action, State
from alea.core.registry import hook
from alea.core.rng import make_rng
from alea.games.hotre import search
from alea.games.hotre.actions import Decide, Pick
from alea.games.hotre.bot import HotreBot
from sampled_positions import steps


def test_hooks_are_registered() -> None:
    assert hook("hotre", "prior") is search.prior
    assert hook("hotre", "rollout") is search.rollout
    assert hook("hotre", "evaluate") is search.evaluate
    assert hook("hotre", "rollout_depth") == search.ROLLOUT_DEPTH


def test_playouts_are_legal_and_evaluations_are_shares() -> None:
    for players in (2, 3, 4):
        state = alea.load("hotre", players=players).new_initial_state()
        rng = make_rng(players)
        kept_going = stopped = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            values = search.evaluate(state)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            assert math.isclose(sum(values), 1.0)
            a = search.rollout(state, rng)
            assert a in legal
            if any(isinstance(x, Decide) and x.verb == "end_expansion" for x in legal):
                kept_going += isinstance(a, Pick)
                stopped += isinstance(a, Decide) and a.verb == "end_expansion"
            state.apply_action(a)
        assert search.evaluate(state) == state.returns()
        # Playouts mostly go on expanding while they can, but do sometimes stop.
        assert kept_going > stopped > 0


def test_evaluation_favours_the_player_ahead() -> None:
    state = alea.load("hotre", players=3).new_initial_state()
    rng = make_rng(4)
    for _ in steps(state, rng, 400, search.rollout):
        pass
    before = search.evaluate(state)
    ahead = state.clone()
    ahead.people_points[0] += 40
    assert search.evaluate(ahead)[0] > before[0]


def test_search_uses_the_hooks_and_plays_legally() -> None:
    state = alea.load("hotre", players=3).new_initial_state()
    rng = make_rng(8)
    agent = MCTSAgent(iterations=30)

    def searched(s: State, r: random.Random) -> Action:
        a = agent.act(s, s.current_player(), r)
        assert a in s.legal_actions()
        return a

    assert len(list(steps(state, rng, 60, searched))) == 60
    assert agent.spec() == {"name": "mcts", "c": 0.7, "iterations": 30}


def sampled(players: int, seed: int, count: int) -> list[State]:
    """Positions of a game of playouts, every 25th decision."""
    state = alea.load("hotre", players=players).new_initial_state()
    out = []
    for k, _ in enumerate(steps(state, make_rng(seed), 25 * count, search.rollout)):
        if k % 25 == 24:
            out.append(state.clone())
    return out


def test_the_style_value_of_the_default_bot_is_the_hand_set_evaluation() -> None:
    assert hook("hotre", "style_value") is search.style_value
    judge = search.style_value(HotreBot())
    foreign = search.style_value(MCTSAgent(iterations=1))
    for state in sampled(4, 6, 8):
        assert judge(state) == search.evaluate(state) == foreign(state)


def test_the_style_value_weighs_hands_and_counters_by_the_style() -> None:
    """The expert's style counts a card in hand against its holder (``cards`` < 0) and an
    Emperor with a bonus for it, where the hand-set evaluation sees neither."""
    style = expert_style()
    assert style["cards"] < 0 < style["emperor"]
    judge = search.style_value(HotreBot(**style))
    seen = 0
    for state in sampled(4, 7, 10):
        values = judge(state)
        assert math.isclose(sum(values), 1.0)
        assert all(0.0 <= v <= 1.0 for v in values)
        holders = [s for s in range(4) if state.hands[s]]
        if not holders:
            continue
        seat = max(holders, key=lambda s: values[s])  # a seat at the floor has nothing to gain
        fewer = state.clone()
        fewer.hands[seat] = fewer.hands[seat][1:]
        assert judge(fewer)[seat] > values[seat]
        assert search.evaluate(fewer) == search.evaluate(state)
        seen += 1
    assert seen >= 3, "too few positions with a card in hand: the test proves little"


def test_the_search_judged_by_its_style_plays_legally_and_says_so() -> None:
    state = alea.load("hotre", players=3).new_initial_state()
    agent = MCTSAgent(iterations=20, value="style", policy=HotreBot(**expert_style()))

    def searched(s: State, r: random.Random) -> Action:
        a = agent.act(s, s.current_player(), r)
        assert a in s.legal_actions()
        return a

    assert len(list(steps(state, make_rng(9), 40, searched))) == 40
    assert agent.spec()["value"] == "style"
    with pytest.raises(ValueError, match="no bot of its own"):
        MCTSAgent(iterations=5, value="style").act(state, state.current_player(), make_rng(0))


def expert_style() -> dict[str, Any]:
    """The style the expert plays in History of the Roman Empire."""
    return seat_style("hotre", 0)
