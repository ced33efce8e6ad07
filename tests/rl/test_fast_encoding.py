"""The encoders' fast path (``encode_state``) against the dict-based reference encoding.

``encode_state(state, seat)`` reads a position's fields straight; it must give exactly the
vector of ``encode(state.observation(seat))`` and read nothing the seat may not see.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from rl_games import GAME_SETUPS, SETUP_IDS

import alea
from alea import rl
from alea.core.game import Game, State
from alea.rl.codecs import codec_for

HIDDEN_SETUPS = [
    (name, opts)
    for name, opts in GAME_SETUPS
    if name != "triumvirate" and opts.get("ruleset") != "complete"
]
"""Setups with hidden parts: Forum's short rules (family cards), every HOTRE game."""


def positions(game: Game, seed: int, every: int) -> Iterator[State]:
    """Every ``every``-th position of a uniformly random game, chance nodes and the end too."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    k = 0
    while True:
        if k % every == 0 or state.is_terminal():
            yield state.clone()
        k += 1
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_fast_path_equals_the_reference_encoding_for_every_seat(
    name: str, options: dict[str, object]
) -> None:
    game = alea.load(name, **options)
    enc = codec_for(game).observations
    checked = 0
    for seed in range(4):
        for state in positions(game, seed, every=3):
            for seat in range(game.num_players):
                fast = enc.encode_state(state, seat)
                reference = enc.encode(state.observation(seat))
                assert fast.dtype == np.float32
                assert fast.shape == reference.shape
                where = np.flatnonzero(fast != reference)
                assert where.size == 0, (
                    f"seat {seat}, {state.observation(seat)['stage']}: entries {where[:8]} "
                    f"differ: {fast[where[:8]]} != {reference[where[:8]]}"
                )
                checked += 1
    assert checked > 200


@pytest.mark.parametrize(("name", "options"), HIDDEN_SETUPS, ids=[
    name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in HIDDEN_SETUPS
])  # fmt: skip
def test_fast_path_reads_nothing_hidden(name: str, options: dict[str, object]) -> None:
    """Re-dealing what a seat cannot see (``determinize``) never changes its fast encoding."""
    game = alea.load(name, **options)
    enc = codec_for(game).observations
    rng = random.Random(7)
    redealt = 0
    for seed in range(3):
        for state in positions(game, seed, every=5):
            if state.is_terminal():
                continue
            for seat in range(game.num_players):
                own = enc.encode_state(state, seat)
                for _ in range(2):
                    other = state.determinize(seat, rng)
                    redealt += other != state
                    assert np.array_equal(enc.encode_state(other, seat), own), (
                        f"seat {seat}: the encoding changed with what it cannot see"
                    )
    assert redealt > 20, "the re-deals never changed a hidden part: the test proves nothing"


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_the_aec_env_shows_the_reference_vectors_and_masks(
    name: str, options: dict[str, object]
) -> None:
    """Every observation of an ``info_state`` AEC episode, frame by frame, and every mask."""
    history = 2
    env = rl.aec_env(name, observation="info_state", history=history, **options)
    codec = env.codec
    size = codec.observations.size
    rng = random.Random(3)
    env.reset(seed=3)
    past: dict[str, list[np.ndarray[Any, Any]]] = {a: [] for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter(max_iter=400):
        obs, _, terminated, truncated, _ = env.last()
        state = env.game_state
        seat = env.possible_agents.index(agent)
        now = codec.observations.encode(state.observation(seat))
        frames = [now, *past[agent][::-1][:history]]
        frames += [np.zeros(size, dtype=np.float32)] * (1 + history - len(frames))
        assert np.array_equal(obs["observation"], np.concatenate(frames))
        assert np.array_equal(obs["action_mask"], codec.actions.mask(state))
        if terminated or truncated:
            env.step(None)
            continue
        past[agent].append(now)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[int(rng.random() * len(legal))]))
        steps += 1
    assert steps > 100
