"""What an agent is: something that picks an action for a seat from what that seat may see."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from alea.core.game import Action, State


class Agent(ABC):
    """A player that is not a human at a prompt.

    An agent may read only ``state.observation(player)`` and may search only on
    ``state.determinize(player, rng)``; it must never read hidden parts of ``state``.
    """

    name: str = "agent"

    @abstractmethod
    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Return one of ``state.legal_actions()`` for ``player``."""

    def spec(self) -> dict[str, Any]:
        """The agent's name and parameters, as stored in a game record."""
        return {"name": self.name}
