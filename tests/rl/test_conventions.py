"""RL conventions: zero-sum terminal rewards, the length cap as truncation, information-state
observations built from the seat's own views, and the vector environment."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import pytest
from rl_games import play_out

import alea
from alea import rl
from alea.core.game import State


@dataclass
class Finished:
    """Just enough of a finished state for ``final_rewards``."""

    shares: list[float]
    capped: bool = False

    def returns(self) -> list[float]:
        return self.shares

    def ended_by_cap(self) -> bool:
        return self.capped


def rewards(shares: list[float], scheme: str = "zero_sum", capped: bool = False) -> list[float]:
    return rl.final_rewards(cast(State, Finished(shares, capped)), scheme)


def test_zero_sum_splits_plus_one_among_winners_and_minus_one_among_losers() -> None:
    assert rewards([1.0, 0.0]) == [1.0, -1.0]
    assert rewards([0.0, 1.0, 0.0]) == [-0.5, 1.0, -0.5]
    assert rewards([0.5, 0.5, 0.0]) == [0.5, 0.5, -1.0]
    assert rewards([0.0, 0.0, 0.0, 1.0]) == pytest.approx([-1 / 3, -1 / 3, -1 / 3, 1.0])
    assert rewards([0.0, 0.0, 0.0]) == [0.0, 0.0, 0.0]  # no winner
    assert rewards([0.5, 0.5]) == [0.0, 0.0]  # everyone shares the win


def test_win_share_keeps_the_game_returns_and_a_capped_game_gives_nothing() -> None:
    assert rewards([0.0, 1.0, 0.0], "win_share") == [0.0, 1.0, 0.0]
    assert rewards([0.0, 0.0, 0.0], capped=True) == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="rewards must be one of zero_sum, win_share"):
        rl.gym_env("forum", players=2, rewards="elo")


@pytest.mark.parametrize("name", alea.GAMES)
def test_aec_rewards_are_zero_sum_by_default(name: str) -> None:
    options = {"players": 3} if name == "forum" else {}
    env = rl.aec_env(name, **options)
    totals = play_out(env, seed=11)
    state = env.game_state
    assert state.is_terminal()
    assert sum(totals.values()) == pytest.approx(0.0)
    expected = rl.final_rewards(state, "zero_sum")
    assert totals == pytest.approx(dict(zip(env.possible_agents, expected, strict=True)))
    if not state.ended_by_cap():
        assert max(totals.values()) > 0 > min(totals.values())


@pytest.mark.parametrize(
    ("name", "options"),
    [("forum", {"players": 2, "max_turns": 1}), ("triumvirate", {"max_rounds": 1})],
)
def test_the_length_cap_truncates_rather_than_terminates(
    name: str, options: dict[str, Any]
) -> None:
    env = rl.gym_env(name, seat=0, **options)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    while True:
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        if terminated or truncated:
            break
    assert env.game_state.ended_by_cap()
    assert (terminated, truncated, reward) == (False, True, 0.0)

    aec = rl.aec_env(name, **options)
    totals = play_out(aec, seed=3)
    assert aec.game_state.ended_by_cap()
    assert set(totals.values()) == {0.0}
    assert all(aec.truncations.values()) or aec.agents == []


@pytest.mark.parametrize("name", ["forum", "hotre"])
def test_an_information_state_is_the_view_now_then_the_seats_views_at_its_past_decisions(
    name: str,
) -> None:
    options = {"players": 3} if name == "forum" else {}
    history = 3
    env = rl.gym_env(name, seat=1, observation="info_state", history=history, **options)
    plain = rl.gym_env(name, seat=1, **options)
    size = env.codec.observations.size
    assert env.observation_space["observation"].shape == (size * (1 + history),)
    obs, _ = env.reset(seed=5)
    plain_obs, _ = plain.reset(seed=5)
    seen: list[np.ndarray[Any, Any]] = []
    rng = np.random.default_rng(5)
    for _ in range(12):
        frames = obs["observation"].reshape(1 + history, size)
        assert np.array_equal(frames[0], plain_obs["observation"])  # the view now
        for k in range(history):  # then the views it decided from, most recent first
            past = seen[-1 - k] if k < len(seen) else np.zeros(size, dtype=np.float32)
            assert np.array_equal(frames[1 + k], past)
        assert env.observation_space.contains(obs)
        seen.append(plain_obs["observation"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, terminated, truncated, _ = env.step(action)
        plain_obs, *_ = plain.step(action)
        if terminated or truncated:
            break
    obs, _ = env.reset(seed=6)  # a new game forgets the old one's views
    assert not obs["observation"][size:].any()


def test_aec_information_state_keeps_each_seats_own_past() -> None:
    env = rl.aec_env("forum", players=2, observation="info_state", history=2)
    env.reset(seed=1)
    size = env.codec.observations.size
    decided: dict[str, list[np.ndarray[Any, Any]]] = {a: [] for a in env.possible_agents}
    for _ in range(30):
        agent = env.agent_selection
        obs = env.observe(agent)
        view = obs["observation"][:size].copy()
        for other in env.possible_agents:
            frames = env.observe(other)["observation"].reshape(3, size)
            own = decided[other]
            assert np.array_equal(frames[1], own[-1] if own else np.zeros(size))
        decided[agent].append(view)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_bad_observation_keywords_are_named() -> None:
    with pytest.raises(ValueError, match="observation must be one of view, info_state"):
        rl.aec_env("forum", observation="pixels")
    with pytest.raises(ValueError, match="history must be from 1 to 64"):
        rl.gym_env("forum", observation="info_state", history=0)


def test_the_vector_env_steps_many_games_per_call_reproducibly() -> None:
    def run(seed: int) -> list[float]:
        env = rl.vector_env("forum", 3, seat=0, players=2)
        obs, info = env.reset(seed=[seed, seed + 1, seed + 2])
        assert obs["observation"].shape == (3, env.single_observation_space["observation"].shape[0])
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        rng = np.random.default_rng(seed)
        ended: list[float] = []
        for _ in range(400):
            actions = [
                int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]
            ]
            obs, reward, terminated, truncated, _ = env.step(np.array(actions))
            ended += [float(r) for r in reward[terminated | truncated]]
        env.close()
        return ended

    first = run(2)
    assert first == run(2)
    assert first
    assert set(first) <= {-1.0, 0.0, 1.0}


def test_the_vector_env_checks_its_arguments_first() -> None:
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        rl.vector_env("forum", 0)
    with pytest.raises(ValueError, match="rewards must be one of"):
        rl.vector_env("forum", 2, rewards="points")
