"""Game-agnostic core: the contract, errors, options, chance, records and the registry."""

from alea.core.agent import Agent
from alea.core.errors import (
    AleaError,
    IllegalActionError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from alea.core.game import CHANCE, TERMINAL, Action, Game, State
from alea.core.record import GameRecord, play, replay
from alea.core.registry import games, load

__all__ = [
    "CHANCE",
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
    "UnknownGameError",
    "games",
    "load",
    "play",
    "replay",
]
