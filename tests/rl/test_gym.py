from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import alea
from alea import rl
from alea.agents import RandomAgent


@pytest.mark.parametrize("name", alea.GAMES)
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. "no spec, cannot test other render modes"
        check_env(rl.gym_env(name, seat=1, render_mode="ansi"), skip_render_check=False)


def test_check_env_with_heuristic_opponents() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.gym_env("forum", seat="Cornelii", opponents="heuristic", players=3))


def run_episode(env: rl.AleaGymEnv, seed: int) -> tuple[float, int]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert obs["action_mask"] is not info["action_mask"]
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


def test_an_episode_ends_with_the_learners_return() -> None:
    env = rl.gym_env("forum", seat=0, opponents="random", players=2)
    total, steps = run_episode(env, seed=5)
    state = env.game_state
    assert state.is_terminal()
    assert total == rl.final_rewards(state, "zero_sum")[0]
    assert total in (-1.0, 1.0)
    assert steps == env.num_steps > 10


def test_every_observation_is_the_learners_turn() -> None:
    env = rl.gym_env("triumvirate", seat=2)
    obs, _ = env.reset(seed=1)
    for _ in range(50):
        assert env.game_state.current_player() == 2
        assert obs["action_mask"].sum() == len(env.game_state.legal_actions())
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated or truncated:
            break


def test_seeded_resets_replay_the_same_games() -> None:
    a = rl.gym_env("forum", seat=1, players=3)
    b = rl.gym_env("forum", seat=1, players=3)
    assert run_episode(a, 9) == run_episode(b, 9)
    assert a.game_state.history() == b.game_state.history()


def test_illegal_actions_lose_by_default_or_raise_or_are_replaced() -> None:
    lose = rl.gym_env("forum", players=2)
    obs, _ = lose.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = lose.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == illegal
    with pytest.raises(RuntimeError, match="reset"):
        lose.step(0)

    strict = rl.gym_env("forum", players=2, on_illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(rl.IllegalIndexError):
        strict.step(illegal)

    lenient = rl.gym_env("forum", players=2, on_illegal="random")
    lenient.reset(seed=0)
    _, _, terminated, _, info = lenient.step(illegal)
    assert not terminated
    assert info["illegal_action"] == illegal
    assert lenient.num_steps == 1


def test_opponents_by_sequence_mapping_or_agent() -> None:
    env = rl.gym_env("forum", seat=1, opponents=["random", RandomAgent()], players=3)
    assert sorted(env.opponents) == [0, 2]
    env = rl.gym_env("triumvirate", seat="Caesar", opponents={"Crassus": "heuristic", 2: "random"})
    assert env.seat == 1
    assert env.opponents[0].name == "heuristic"
    with pytest.raises(ValueError, match="Pompey"):
        rl.gym_env("triumvirate", seat=1, opponents={"Crassus": "random"})
    with pytest.raises(ValueError, match="own seat"):
        rl.gym_env("triumvirate", seat=1, opponents={0: "random", 1: "random", 2: "random"})
    with pytest.raises(ValueError, match="one per other seat"):
        rl.gym_env("triumvirate", opponents=["random"])


def test_max_steps_truncates() -> None:
    env = rl.gym_env("triumvirate", max_steps=5)
    obs, _ = env.reset(seed=0)
    for i in range(5):
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert truncated == (i == 4)
        assert not terminated
        assert reward == 0.0


def test_rgb_render_is_the_learners_view() -> None:
    env = rl.gym_env("forum", render_mode="rgb_array", render_backend="numpy", players=2)
    env.reset(seed=0)
    img = env.render()
    assert isinstance(img, np.ndarray)
    assert img.dtype == np.uint8
    assert np.array_equal(env.action_masks(), env._viewer.mask(env.game_state, env.seat))
