"""A Gymnasium environment: one seat learns, built-in bots play every other seat.

Each ``step`` applies the learner's action, then plays chance events and the opponents' moves
until the learner is to decide again or the game is over. Observations and action indices are
those of the AEC environment (:mod:`alea.rl.codecs`); the action mask is in the observation
dict and, as a copy, in ``info["action_mask"]``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import gymnasium
import numpy as np

from alea.agents import parse_spec
from alea.core.agent import Agent
from alea.core.game import Game, State
from alea.core.rng import derive_seed
from alea.rl.codecs import GameCodec, IllegalIndexError, codec_for
from alea.rl.picture import RENDER_MODES, check_render, render_for
from alea.rl.rewards import check_scheme, final_rewards
from alea.rl.spaces import (
    Viewer,
    action_space,
    check_observation,
    load_game,
    observation_space,
)

Observation = dict[str, Any]
OpponentSpec = str | Agent
Opponents = OpponentSpec | Sequence[OpponentSpec] | Mapping[str | int, OpponentSpec]

ON_ILLEGAL: Final = ("lose", "raise", "random")
"""What an action whose mask entry is 0 does: end the episode with ``illegal_reward``, raise
``IllegalIndexError``, or play a uniformly random legal action instead."""


def _agent(spec: OpponentSpec) -> Agent:
    return spec if isinstance(spec, Agent) else parse_spec(spec)


class AleaGymEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of ``game`` as a single-agent Gymnasium environment.

    Args:
        game: a registered game's name (loaded with ``options``) or a loaded game.
        seat: the learner's seat, by name or number (0-based, or 1-based as a string).
        opponents: the bots of the other seats: one spec for all (``"random"``,
            ``"heuristic"``, ``"mcts:iterations=50"``, or an ``Agent``), a sequence with one per
            other seat in seat order, or a mapping from seat (name or index) to spec.
        render_mode: ``None``, ``"ansi"`` or ``"rgb_array"``; drawn as the learner sees it.
        render_backend: ``"auto"``, ``"cairosvg"`` or ``"numpy"`` (see ``alea.rl.picture``).
        max_steps: truncate after this many of the learner's decisions (``None``: no limit).
        on_illegal: ``"lose"`` (default), ``"raise"`` or ``"random"``; see ``ON_ILLEGAL``.
        illegal_reward: the reward of an episode lost by an illegal action.
        rewards: ``"zero_sum"`` (default: +1 for a lone win, -1/(losers) for a loss, winners
            splitting +1) or ``"win_share"`` (1 for a win, 0 otherwise); see
            :mod:`alea.rl.rewards`. A game stopped at its length cap is a truncation.
        observation: ``"view"`` (default) or ``"info_state"`` (the learner's view followed by
            its views at its last ``history`` decisions).
        history: how many past decisions' views an ``"info_state"`` observation holds.
        **options: the game's options.

    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game,
        seat: str | int = 0,
        opponents: Opponents = "random",
        *,
        render_mode: str | None = None,
        render_backend: str = "auto",
        max_steps: int | None = None,
        on_illegal: str = "lose",
        illegal_reward: float = -1.0,
        rewards: str = "zero_sum",
        observation: str = "view",
        history: int = 4,
        **options: Any,
    ) -> None:
        self.reward_scheme = check_scheme(rewards)
        check_observation(observation, history)
        check_render(render_mode, render_backend, max_steps)
        if on_illegal not in ON_ILLEGAL:
            raise ValueError(f"on_illegal must be one of {ON_ILLEGAL}, not {on_illegal!r}")
        self.game: Game = load_game(game, options)
        self.seat = self.game.seat_index(seat)
        self.codec: GameCodec = codec_for(self.game)
        self.opponents = self._opponents(opponents)
        self.render_mode = render_mode
        self.render_backend = render_backend
        self.max_steps = max_steps
        self.on_illegal = on_illegal
        self.illegal_reward = float(illegal_reward)
        self.action_space = action_space(self.codec)
        self._viewer = Viewer(self.codec, history if observation == "info_state" else 0)
        self.observation_space = observation_space(self.codec, self._viewer.frames)
        self.game_state: State = self.game.new_initial_state()
        self._chance = random.Random(0)
        self._bot_rngs: dict[int, random.Random] = {}
        self.num_steps = 0
        self._over = True

    def _opponents(self, spec: Opponents) -> dict[int, Agent]:
        others = [s for s in range(self.game.num_players) if s != self.seat]
        if isinstance(spec, str | Agent):
            return {s: _agent(spec) for s in others}
        if isinstance(spec, Mapping):
            chosen = {self.game.seat_index(k): _agent(v) for k, v in spec.items()}
            if self.seat in chosen:
                raise ValueError("opponents name the learner's own seat")
            missing = [self.game.player_names[s] for s in others if s not in chosen]
            if missing:
                raise ValueError(f"opponents give no bot for {', '.join(missing)}")
            return chosen
        specs = list(spec)
        if len(specs) != len(others):
            raise ValueError(f"opponents must list {len(others)} bots, one per other seat")
        return {s: _agent(x) for s, x in zip(others, specs, strict=True)}

    # -- the episode -------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a game and play up to the learner's first decision (``options`` ignored)."""
        super().reset(seed=seed)
        episode = int(self.np_random.integers(0, 2**63 - 1))
        self._chance = random.Random(episode)
        self._bot_rngs = {
            s: random.Random(derive_seed(episode, f"seat{s}")) for s in self.opponents
        }
        self.game_state = self.game.new_initial_state()
        self._viewer.restart()
        self.num_steps = 0
        self._advance()
        self._over = self.game_state.is_terminal()
        obs = self._observe()
        return obs, self._info(obs)

    def _advance(self) -> None:
        """Play chance events and the bots' decisions until the learner decides or it ends."""
        state = self.game_state
        chance = self._chance
        while True:
            p = state.current_player()
            if p == self.seat or state.is_terminal():
                break
            if p < 0:
                state.apply_action(state.sample_chance(chance))
            else:
                state.apply_action(self.opponents[p].act(state, p, self._bot_rngs[p]))
        self._viewer.forget()

    def _observe(self) -> Observation:
        return self._viewer.observe(self.game_state, self.seat)

    def _info(self, obs: Observation, **extra: Any) -> dict[str, Any]:
        return {"action_mask": obs["action_mask"].copy(), **extra}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action index and play on to its next decision."""
        if self._over:
            raise RuntimeError("the episode is over: call reset() first")
        state = self.game_state
        index = int(action)
        legal = self._viewer.legal(state)
        extra: dict[str, Any] = {}
        if index not in legal:
            if self.on_illegal == "raise":
                raise IllegalIndexError(f"action {index} is not legal now")
            extra["illegal_action"] = index
            if self.on_illegal == "lose":
                self._over = True
                obs = self._observe()
                return obs, self.illegal_reward, True, False, self._info(obs, **extra)
            index = legal[int(self._chance.random() * len(legal))]
        self._viewer.decided(state, self.seat)
        state.apply_action(self.codec.actions.decode(state, index))
        self.num_steps += 1
        self._advance()
        capped = state.ended_by_cap()
        terminated = state.is_terminal() and not capped
        truncated = capped or (
            not terminated and self.max_steps is not None and self.num_steps >= self.max_steps
        )
        self._over = terminated or truncated
        reward = final_rewards(state, self.reward_scheme)[self.seat] if terminated else 0.0
        obs = self._observe()
        return obs, reward, terminated, truncated, self._info(obs, **extra)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's current action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self._viewer.mask(self.game_state, self.seat)

    # -- pictures ----------------------------------------------------------------------------

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """Text or a picture of the position as the learner sees it."""
        return render_for(self, self.seat)


def gym_env(
    game: str | Game, seat: str | int = 0, opponents: Opponents = "random", **options: Any
) -> AleaGymEnv:
    """A Gymnasium environment of ``game`` for ``seat``; see :class:`AleaGymEnv`."""
    return AleaGymEnv(game, seat, opponents, **options)
