"""Shared helpers of the RL tests: the games' set-ups, random games and the conformance suite's
toy game.

A module of its own name (not ``conftest``), so that the RL tests import it whichever other
test folders are collected with them.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np

import alea
from alea.core.game import Game, State
from alea.rl.aec import AleaAECEnv

TOY_PATH = Path(__file__).resolve().parents[1] / "conformance" / "toy_game.py"

GAME_SETUPS: list[tuple[str, dict[str, object]]] = [(name, {}) for name in alea.GAMES]
if "forum" in alea.GAMES:
    GAME_SETUPS += [
        ("forum", {"players": 2}),
        ("forum", {"players": 3, "ruleset": "complete"}),
    ]
if "hotre" in alea.GAMES:
    GAME_SETUPS += [("hotre", {"players": 2}), ("hotre", {"players": 3})]
SETUP_IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in GAME_SETUPS]


def toy_module() -> ModuleType:
    """The conformance suite's toy dice race, loaded from its file."""
    name = "alea_rl_tests_toy_game"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, TOY_PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def decision_states(game: Game, seed: int, every: int = 1) -> Iterator[State]:
    """Every ``every``-th decision state of one uniformly random game, as clones."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    k = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if k % every == 0:
            yield state.clone()
        k += 1
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    yield state


def play_out(env: AleaAECEnv, seed: int) -> dict[str, float]:
    """Play uniformly among the masked actions to the end; return each agent's total reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals
