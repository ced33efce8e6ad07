"""A PettingZoo AEC environment for any registered game.

Agents are the game's seat names. Chance events (dice, shuffles, draws) are sampled inside the
environment with its own ``random.Random``, seeded by ``reset(seed=...)``, so agents only ever
see decisions. Rewards come when the game ends (0 on every earlier step), zero-sum by default
(:mod:`alea.rl.rewards`); a game stopped at its length cap truncates every agent.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from alea.core.game import Game, State
from alea.rl.codecs import GameCodec, IllegalIndexError, codec_for
from alea.rl.picture import RENDER_MODES, check_render, render_for
from alea.rl.rewards import check_scheme, final_rewards
from alea.rl.spaces import (
    Viewer,
    action_space,
    check_observation,
    load_game,
    observation_space,
    play_chance,
)

Observation = dict[str, Any]


class AleaAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One game of ``game`` as a PettingZoo AEC environment.

    Args:
        game: a registered game's name (loaded with ``options``) or a loaded game.
        render_mode: ``None``, ``"ansi"`` (text) or ``"rgb_array"`` (a picture).
        render_seat: whose view ``render`` shows; ``None`` (default) is a spectator's.
        render_backend: ``"auto"`` (the SVG board through cairosvg if it imports, else numpy),
            ``"cairosvg"`` or ``"numpy"``.
        max_steps: truncate the episode after this many decisions (``None``: play to the end).
        rewards: ``"zero_sum"`` (default: winners split +1, losers -1) or ``"win_share"``
            (``state.returns()``: 1 for a win, 0 otherwise); see :mod:`alea.rl.rewards`.
        observation: ``"view"`` (default: what the seat sees now) or ``"info_state"`` (that
            view followed by the seat's views at its last ``history`` decisions).
        history: how many past decisions' views an ``"info_state"`` observation holds.
        **options: the game's options, e.g. ``players=2`` for Forum.

    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo's convention
        "name": "alea_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        *,
        render_mode: str | None = None,
        render_seat: int | None = None,
        render_backend: str = "auto",
        max_steps: int | None = None,
        rewards: str = "zero_sum",
        observation: str = "view",
        history: int = 4,
        **options: Any,
    ) -> None:
        super().__init__()
        self.reward_scheme = check_scheme(rewards)
        check_observation(observation, history)
        check_render(render_mode, render_backend, max_steps)
        self.game: Game = load_game(game, options)
        self.codec: GameCodec = codec_for(self.game)
        self.metadata = {**AleaAECEnv.metadata, "name": f"alea_{self.game.name}_v0"}
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.render_backend = render_backend
        self.max_steps = max_steps
        self.possible_agents: list[str] = list(self.game.player_names)
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        self.action_spaces = {a: action_space(self.codec) for a in self.possible_agents}
        self._viewer = Viewer(self.codec, history if observation == "info_state" else 0)
        self.observation_spaces = {
            a: observation_space(self.codec, self._viewer.frames) for a in self.possible_agents
        }
        self._rng: random.Random | None = None
        self.game_state: State = self.game.new_initial_state()
        self.num_steps = 0
        self.agents: list[str] = []

    # -- spaces ------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent`` (the same object every call)."""
        return self.action_spaces[agent]

    # -- the episode -------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` reseeds the chance events (``options`` are ignored)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.game_state = self.game.new_initial_state()
        self._viewer.restart()
        play_chance(self.game_state, self._rng)
        self.num_steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent: str) -> Observation:
        """``{"observation", "action_mask"}`` of ``agent``, from what its seat may see."""
        return self._viewer.observe(self.game_state, self._seat[agent])

    def action_mask(self, agent: str) -> np.ndarray[Any, np.dtype[np.int8]]:
        """Just the action mask of ``agent`` (all zeros unless it is to move)."""
        return self._viewer.mask(self.game_state, self._seat[agent])

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's action index (``None`` for a finished agent)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalIndexError(f"{agent} must choose an action index, not None")
        state = self.game_state
        index = int(action)
        if index not in self._viewer.legal(state):
            text = (
                self.codec.actions.label(index)
                if 0 <= index < self.codec.actions.size
                else "outside the action space"
            )
            raise IllegalIndexError(f"{agent} cannot take action {index} ({text}) now")
        self._viewer.decided(state, self._seat[agent])
        state.apply_action(self.codec.actions.decode(state, index))
        self._viewer.forget()
        self._cumulative_rewards[agent] = 0.0
        rng = self._rng
        assert rng is not None  # reset() made it
        play_chance(state, rng)
        self.num_steps += 1
        # Every step before the last gives 0 to all, so ``rewards`` stays all zeros until then
        # and there is nothing to accumulate.
        if state.is_terminal() and not state.ended_by_cap():
            rewards = final_rewards(state, self.reward_scheme)
            for a, r in zip(self.possible_agents, rewards, strict=True):
                if a in self.rewards:
                    self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = agent
            self._accumulate_rewards()
        elif state.is_terminal() or (
            self.max_steps is not None and self.num_steps >= self.max_steps
        ):
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = agent
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    # -- pictures ----------------------------------------------------------------------------

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """Text (``"ansi"``) or a picture (``"rgb_array"``) of the position."""
        return render_for(self, self.render_seat)

    def close(self) -> None:
        """Nothing to release."""


def aec_env(game: str | Game, **options: Any) -> AleaAECEnv:
    """A PettingZoo AEC environment of ``game``; see :class:`AleaAECEnv` for the options."""
    return AleaAECEnv(game, **options)
