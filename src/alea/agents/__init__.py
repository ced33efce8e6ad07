"""Agents that work on every game through the contract: random, heuristic dispatch, search."""

from alea.agents.mcts import MCTSAgent
from alea.agents.registry import AGENT_KINDS, make, parse_spec
from alea.agents.simple import HeuristicAgent, RandomAgent

__all__ = ["AGENT_KINDS", "HeuristicAgent", "MCTSAgent", "RandomAgent", "make", "parse_spec"]
