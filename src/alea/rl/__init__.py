"""Reinforcement learning on every registered game: PettingZoo and Gymnasium environments.

>>> from alea import rl
>>> env = rl.aec_env("forum", players=2)       # PettingZoo AEC, agents are the seat names
>>> single = rl.gym_env("forum", seat=0, opponents="random", players=2)   # Gymnasium
>>> batch = rl.vector_env("forum", 8, seat=0, players=2)   # 8 games per step call

Each game has a fixed discrete action space and a fixed-size observation vector
(``alea.rl.codecs``); ``docs/rl.md`` describes both. Needs the ``rl`` extra
(``pip install 'alea[rl]'``): numpy, gymnasium and pettingzoo.
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium
    import numpy as _numpy
    import pettingzoo as _pettingzoo
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"alea.rl needs the rl extra ({exc.name} is missing): pip install 'alea[rl]'"
    ) from exc

from alea.rl.aec import AleaAECEnv, aec_env
from alea.rl.codecs import (
    ActionCodec,
    GameCodec,
    IllegalIndexError,
    ObservationEncoder,
    codec_for,
    has_codec,
    register_codec,
)
from alea.rl.rewards import REWARDS, final_rewards
from alea.rl.single_agent import AleaGymEnv, gym_env
from alea.rl.vector import vector_env

del _gymnasium, _numpy, _pettingzoo

__all__ = [
    "REWARDS",
    "ActionCodec",
    "AleaAECEnv",
    "AleaGymEnv",
    "GameCodec",
    "IllegalIndexError",
    "ObservationEncoder",
    "aec_env",
    "codec_for",
    "final_rewards",
    "gym_env",
    "has_codec",
    "register_codec",
    "vector_env",
]
