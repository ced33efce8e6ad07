"""The random agent and the heuristic agent that dispatches to each game's own bot."""

from __future__ import annotations

import random
from typing import Any

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.registry import bot_factory


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Return a uniformly chosen legal action."""
        actions = state.legal_actions()
        return actions[int(rng.random() * len(actions))]


class HeuristicAgent(Agent):
    """Hands each decision to the heuristic bot the state's game registered."""

    name = "heuristic"

    def __init__(self, **params: Any) -> None:
        self.params = params
        self._bots: dict[str, Agent] = {}

    def _bot(self, game: str) -> Agent:
        bot = self._bots.get(game)
        if bot is None:
            factory = bot_factory(game, "heuristic")
            if factory is None:
                raise ValueError(f"{game} has no heuristic bot registered")
            bot = factory(**self.params)
            self._bots[game] = bot
        return bot

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Return the game's heuristic choice."""
        return self._bot(state.game.name).act(state, player, rng)

    def spec(self) -> dict[str, Any]:
        """Name and parameters."""
        return {"name": self.name, **self.params}
