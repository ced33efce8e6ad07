"""Many games at once behind Gymnasium's vector API, for throughput.

``vector_env("forum", 16, seat=0, opponents="heuristic")`` is a ``gymnasium.vector.VectorEnv``
of 16 independent copies of :class:`~alea.rl.single_agent.AleaGymEnv`: ``reset`` and ``step``
take and return batches (observations stacked per key, so ``obs["action_mask"]`` is a
``(16, A)`` array), and a finished game starts again on the next step (Gymnasium's default
"next step" autoreset). ``asynchronous=True`` runs each copy in its own process, for games
whose opponents think long; the default steps all copies in this process, which is faster for
quick opponents.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv, VectorEnv

from alea.core.game import Game
from alea.rl.single_agent import AleaGymEnv, Opponents


def vector_env(
    game: str | Game,
    num_envs: int,
    seat: str | int = 0,
    opponents: Opponents = "random",
    *,
    asynchronous: bool = False,
    **kwargs: Any,
) -> VectorEnv:
    """``num_envs`` copies of ``gym_env(game, seat, opponents, **kwargs)`` as one vector env.

    Raises:
        ValueError: ``num_envs`` is below 1, or the environment keywords are wrong (checked
            once, before any copy is made).

    """
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {num_envs}")
    AleaGymEnv(game, seat, opponents, **kwargs)  # a wrong keyword fails here, in this process
    make = partial(AleaGymEnv, game, seat, opponents, **kwargs)
    fns = [make for _ in range(num_envs)]
    if asynchronous:
        return AsyncVectorEnv(fns)
    return SyncVectorEnv(fns)
