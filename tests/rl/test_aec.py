from __future__ import annotations

import importlib
import warnings
from types import ModuleType

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rl_games import GAME_SETUPS, SETUP_IDS, play_out

import alea
from alea import rl


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_pettingzoo_api_test(name: str, options: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # style hints: dict observations, seat-name agents
        api_test(rl.aec_env(name, **options), num_cycles=400)


@pytest.mark.parametrize(("name", "options"), GAME_SETUPS, ids=SETUP_IDS)
def test_pettingzoo_seed_test(name: str, options: dict[str, object]) -> None:
    seed_test(lambda: rl.aec_env(name, **options), num_cycles=300)


def test_the_generic_fallback_passes_the_api_test(toy_game: alea.Game) -> None:
    env = rl.aec_env(toy_game)
    assert env.codec.generic
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=100)
    seed_test(lambda: rl.aec_env(toy_game), num_cycles=100)


def test_agents_are_the_seat_names_and_the_spaces_are_shared() -> None:
    env = rl.aec_env("forum", players=3)
    env.reset(seed=0)
    assert env.possible_agents == ["Aemilii", "Cornelii", "Licinii"]
    assert env.agents == env.possible_agents
    spaces = {id(env.action_space(a)) for a in env.agents}
    assert len(spaces) == 3  # one object per agent, each the same every call
    assert env.action_space("Aemilii") is env.action_space("Aemilii")
    assert env.action_space("Aemilii").n == 609


@pytest.mark.parametrize("name", alea.GAMES)
def test_win_share_rewards_at_the_end_are_the_game_returns(name: str) -> None:
    options = {"players": 2} if name == "forum" else {}
    env = rl.aec_env(name, rewards="win_share", **options)
    totals = play_out(env, seed=4)
    state = env.game_state
    assert state.is_terminal()
    expected = dict(zip(env.possible_agents, state.returns(), strict=True))
    assert totals == pytest.approx(expected)
    assert env.agents == []  # every finished agent stepped out with None


def test_only_the_agent_to_move_has_a_mask_and_chance_is_never_shown() -> None:
    env = rl.aec_env("forum", players=4)
    env.reset(seed=2)
    for _ in range(200):
        mover = env.agent_selection
        assert env.game_state.current_player() == env.possible_agents.index(mover)
        for agent in env.agents:
            mask = env.observe(agent)["action_mask"]
            assert (mask.sum() > 0) == (agent == mover)
        legal = np.flatnonzero(env.action_mask(mover))
        env.step(int(legal[0]))


def test_same_seed_same_game_other_seed_other_game() -> None:
    def history(seed: int) -> list[dict[str, object]]:
        env = rl.aec_env("forum", players=2)
        play_out(env, seed=seed)
        return [a.to_json() for a in env.game_state.history()]

    assert history(7) == history(7)
    assert history(7) != history(8)


def test_reset_without_a_seed_continues_the_seeded_stream() -> None:
    a, b = rl.aec_env("triumvirate"), rl.aec_env("triumvirate")
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.game_state.history() == b.game_state.history()


def test_an_illegal_index_raises_and_changes_nothing() -> None:
    env = rl.aec_env("triumvirate")
    env.reset(seed=0)
    agent = env.agent_selection
    before = env.game_state.to_json()
    illegal = int(np.flatnonzero(env.action_mask(agent) == 0)[0])
    with pytest.raises(rl.IllegalIndexError, match=agent):
        env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(10**6)
    assert env.game_state.to_json() == before
    assert env.agent_selection == agent


def test_max_steps_truncates_every_agent() -> None:
    env = rl.aec_env("triumvirate", max_steps=25)
    env.reset(seed=0)
    steps = 0
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated
            assert not terminated
            assert reward == 0.0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 25


def test_game_options_reach_the_game_and_bad_ones_are_refused() -> None:
    env = rl.aec_env("forum", players=2, win_prestige=5)
    assert env.game.options["win_prestige"] == 5
    with pytest.raises(ValueError, match="colour"):
        rl.aec_env("forum", colour="red")
    with pytest.raises(ValueError, match="render_mode"):
        rl.aec_env("forum", render_mode="human")


def test_ansi_render_is_the_terminal_view() -> None:
    env = rl.aec_env("triumvirate", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str)
    assert "Crassus" in text
    assert "Pompey" in text
    assert "\x1b[" not in text  # plain text, no colour codes


def test_render_without_a_mode_draws_nothing() -> None:
    env = rl.aec_env("forum")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="no render_mode"):
        assert env.render() is None


@pytest.mark.parametrize("name", alea.GAMES)
def test_numpy_pictures_need_no_third_party_imaging(name: str) -> None:
    env = rl.aec_env(name, render_mode="rgb_array", render_backend="numpy")
    env.reset(seed=0)
    img = env.render()
    assert isinstance(img, np.ndarray)
    assert img.dtype == np.uint8
    assert img.ndim == 3
    assert img.shape[2] == 3
    assert img.shape[0] > 50
    assert img.shape[1] > 50
    assert len(np.unique(img.reshape(-1, 3), axis=0)) >= 3  # more than a blank canvas


def test_auto_falls_back_to_numpy_without_cairosvg(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def without_cairosvg(name: str, package: str | None = None) -> ModuleType:
        if name == "cairosvg":
            raise ImportError("no cairosvg here")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_cairosvg)
    auto = rl.aec_env("forum", render_mode="rgb_array")
    numpy_only = rl.aec_env("forum", render_mode="rgb_array", render_backend="numpy")
    auto.reset(seed=1)
    numpy_only.reset(seed=1)
    assert np.array_equal(auto.render(), numpy_only.render())
    strict = rl.aec_env("forum", render_mode="rgb_array", render_backend="cairosvg")
    strict.reset(seed=1)
    with pytest.raises(RuntimeError, match="pip install cairosvg"):
        strict.render()


@pytest.mark.parametrize("game", ["triumvirate", "forum", "hotre"])
def test_the_svg_board_is_rasterised_when_cairosvg_is_there(game: str) -> None:
    pytest.importorskip("cairosvg")
    env = rl.aec_env(game, render_mode="rgb_array", render_backend="cairosvg")
    env.reset(seed=0)
    img = env.render()
    assert isinstance(img, np.ndarray)
    assert img.dtype == np.uint8
    assert img.shape[2] == 3
    assert img.shape[0] * img.shape[1] > 100_000
