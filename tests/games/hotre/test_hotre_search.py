"""History of the Roman Empire's search hooks: legal playout moves, a sound cut-off evaluation."""

from __future__ import annotations

import math
import random

import alea
from alea.agents import MCTSAgent
from alea.core.game import Action, State
from alea.core.registry import hook
from alea.core.rng import make_rng
from alea.games.hotre import search
from alea.games.hotre.actions import Decide, Pick
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
