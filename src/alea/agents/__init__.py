"""Agents for every game, through the contract: random, heuristic, search, and the levels."""

from alea.agents.levels import LEVELS, EasyAgent, NormalAgent, SearchLevel
from alea.agents.mcts import MCTSAgent
from alea.agents.registry import AGENT_KINDS, make, parse_spec
from alea.agents.simple import HeuristicAgent, RandomAgent

__all__ = [
    "AGENT_KINDS",
    "LEVELS",
    "EasyAgent",
    "HeuristicAgent",
    "MCTSAgent",
    "NormalAgent",
    "RandomAgent",
    "SearchLevel",
    "make",
    "parse_spec",
]
