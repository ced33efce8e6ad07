"""Alea: Roman strategy board games on one engine.

>>> import alea
>>> game = alea.load("triumvirate")
>>> state = game.new_initial_state()
"""

from alea import agents
from alea import games as _games  # registers every game
from alea.core.agent import Agent
from alea.core.errors import AleaError, IllegalActionError, OptionError, RecordError
from alea.core.game import CHANCE, TERMINAL, Action, Game, State
from alea.core.record import GameRecord, play, replay
from alea.core.registry import games as _registered
from alea.core.registry import load

GAMES: tuple[str, ...] = _registered()
__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Action",
    "Agent",
    "AleaError",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "OptionError",
    "RecordError",
    "State",
    "agents",
    "load",
    "play",
    "replay",
]
del _games
