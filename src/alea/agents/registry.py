"""``alea.agents.make``: build an agent by kind, and parse specs such as ``mcts:time=2``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from alea.agents.levels import EasyAgent, NormalAgent, expert, hard
from alea.agents.mcts import MCTSAgent
from alea.agents.simple import HeuristicAgent, RandomAgent
from alea.core.agent import Agent

AGENT_KINDS: dict[str, Callable[..., Agent]] = {
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": hard,
    "expert": expert,
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "mcts": MCTSAgent,
}


def make(kind: str, **params: Any) -> Agent:
    """Build an agent of ``kind`` ("random", "heuristic", ...) with its parameters."""
    try:
        factory = AGENT_KINDS[kind]
    except KeyError:
        known = ", ".join(AGENT_KINDS)
        raise ValueError(f"no agent kind {kind!r}; the kinds are: {known}") from None
    try:
        return factory(**params)
    except TypeError as exc:
        raise ValueError(f"agent {kind!r} does not take those parameters: {exc}") from None


def parse_spec(spec: str) -> Agent:
    """Build an agent from ``kind[:key=value,...]``, e.g. ``"mcts:time=2"``."""
    kind, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"agent parameter {part!r} should be key=value")
        params[key.strip()] = _number(value.strip())
    return make(kind.strip(), **params)


def _number(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text
