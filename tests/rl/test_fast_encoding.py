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


def _check(enc: Any, vector: np.ndarray[Any, Any], state: State, seat: int) -> None:
    reference = enc.encode(state.observation(seat))
    where = np.flatnonzero(vector != reference)
    assert where.size == 0, (
        f"seat {seat}, {state.observation(seat)['stage']}: entries {where[:8]} differ: "
        f"{vector[where[:8]]} != {reference[where[:8]]}"
    )


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_trackers_follow_whole_random_games_exactly(name: str, options: dict[str, object]) -> None:
    """A seat's tracker, asked at random moments (often several decisions apart, at chance
    nodes and at the end too), always holds the reference encoding of the position."""
    game = alea.load(name, **options)
    enc = codec_for(game).observations
    rng = random.Random(11)
    checked = 0
    for _ in range(2):
        trackers = [enc.tracker(seat) for seat in range(game.num_players)]
        state = game.new_initial_state()
        while True:
            for seat, tracker in enumerate(trackers):
                if rng.random() < 0.35 or state.is_terminal():
                    _check(enc, tracker.vector(state), state, seat)
                    checked += 1
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    assert checked > 300


def _overwrite(state: State, other: State) -> None:
    """Make ``state`` hold ``other``'s position in place (as an undo or a reload would)."""
    source = other.clone()
    for cls in type(state).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(source, slot):
                setattr(state, slot, getattr(source, slot))


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_trackers_follow_a_position_rewritten_in_place(
    name: str, options: dict[str, object]
) -> None:
    """Trackers compare fields, not the last action: a position replaced in place by an earlier
    one or by one of another game is encoded exactly too."""
    game = alea.load(name, **options)
    enc = codec_for(game).observations
    earlier = list(positions(game, 5, every=7))
    elsewhere = list(positions(game, 6, every=7))
    rng = random.Random(12)
    trackers = [enc.tracker(seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    for k in range(40):
        _overwrite(state, rng.choice(earlier if k % 2 else elsewhere))
        for seat, tracker in enumerate(trackers):
            _check(enc, tracker.vector(state), state, seat)
        if not state.is_terminal() and not state.is_chance_node():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            for seat, tracker in enumerate(trackers):
                _check(enc, tracker.vector(state), state, seat)


@pytest.mark.parametrize("observation", ["view", "info_state"])
@pytest.mark.parametrize("name", alea.GAMES)
def test_observations_handed_out_never_change_afterwards(name: str, observation: str) -> None:
    """The environments keep each seat's vector between steps, but hand out copies."""
    env = rl.aec_env(name, observation=observation)
    gym = rl.gym_env(name, observation=observation)
    rng = random.Random(4)
    env.reset(seed=4)
    obs, _ = gym.reset(seed=4)
    held: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []
    for _ in range(120):
        got, _, terminated, truncated, _ = env.last()
        held.append((got["observation"], got["observation"].copy()))
        held.append((got["action_mask"], got["action_mask"].copy()))
        if terminated or truncated:
            env.reset()
        else:
            legal = np.flatnonzero(got["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
        held.append((obs["observation"], obs["observation"].copy()))
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = gym.step(int(legal[int(rng.random() * len(legal))]))
        if terminated or truncated:
            obs, _ = gym.reset()
    assert all(np.array_equal(array, copy) for array, copy in held)
    assert not all(np.array_equal(held[0][1], copy) for _, copy in held[::3])


HISTORY = 3
"""Past views in the ``info_state`` observations of the whole-game test."""


def _reference(codec: Any, past: list[np.ndarray[Any, Any]], now: np.ndarray[Any, Any]) -> Any:
    """An ``info_state`` vector built from reference frames: ``now``, then ``past`` newest first."""
    size = codec.observations.size
    frames = [now, *past[::-1][:HISTORY]]
    frames += [np.zeros(size, dtype=np.float32)] * (1 + HISTORY - len(frames))
    return np.concatenate(frames)


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_the_environments_show_the_reference_vectors_through_whole_games(
    name: str, options: dict[str, object]
) -> None:
    """Whole AEC and Gym episodes, every seat looked at at random moments (the mover or not,
    after chance events, to the game's end): each ``info_state`` observation is made of
    reference encodings of ``state.observation(seat)``, and each mask is the reference mask
    of the seat to move (zeros for the others)."""
    codec = codec_for(alea.load(name, **options))
    rng = random.Random(21)
    env = rl.aec_env(name, observation="info_state", history=HISTORY, **options)
    actions = codec.actions
    looked = 0
    episodes = 1 if name == "triumvirate" else 2  # a Triumvirate game is ~3,600 decisions
    for episode in range(episodes):
        env.reset(seed=episode)
        past: dict[str, list[np.ndarray[Any, Any]]] = {a: [] for a in env.possible_agents}
        finished = False
        for agent in env.agent_iter():
            state = env.game_state
            for other in env.agents:
                if other != agent and rng.random() < 0.2:
                    seat = env.possible_agents.index(other)
                    now = codec.observations.encode(state.observation(seat))
                    got = env.observe(other)
                    assert np.array_equal(got["observation"], _reference(codec, past[other], now))
                    assert not got["action_mask"].any()
                    looked += 1
            obs, _, terminated, truncated, _ = env.last()
            seat = env.possible_agents.index(agent)
            now = codec.observations.encode(state.observation(seat))
            assert np.array_equal(obs["observation"], _reference(codec, past[agent], now))
            if terminated or truncated:
                finished = True
                env.step(None)
                continue
            assert np.array_equal(obs["action_mask"], actions.mask(state))
            past[agent].append(now)
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            looked += 1
        assert finished
    gym = rl.gym_env(name, seat=0, observation="info_state", history=HISTORY, **options)
    for episode in range(episodes):
        obs, _ = gym.reset(seed=episode)
        mine: list[np.ndarray[Any, Any]] = []
        while True:
            state = gym.game_state
            now = codec.observations.encode(state.observation(0))
            assert np.array_equal(obs["observation"], _reference(codec, mine, now))
            if state.is_terminal():
                break
            assert np.array_equal(obs["action_mask"], actions.mask(state))
            mine.append(now)
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, terminated, truncated, _ = gym.step(int(legal[int(rng.random() * len(legal))]))
            looked += 1
            if terminated or truncated:
                now = codec.observations.encode(gym.game_state.observation(0))
                assert np.array_equal(obs["observation"], _reference(codec, mine, now))
                break
    assert looked > 500
