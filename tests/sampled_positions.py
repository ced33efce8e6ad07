"""Decision positions sampled from a seeded game, for the tests of bots and search."""

from __future__ import annotations

from typing import TypeVar, cast

from alea.core.agent import Agent
from alea.core.game import State
from alea.core.rng import make_rng

S = TypeVar("S", bound=State)


def decision_positions(
    state: S, count: int, seed: int, every: int, offset: int = 0, bot: Agent | None = None
) -> list[S]:
    """Copies of ``count`` positions with a real choice, taken at every ``every``-th decision
    (those whose number leaves ``offset``) of a game from ``state`` played by ``bot`` (at
    random when ``None``), chance and choices drawn from one rng seeded with ``seed``."""
    rng = make_rng(seed)
    picked: list[S] = []
    step = 0
    while not state.is_terminal() and len(picked) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and step % every == offset:
            picked.append(cast(S, state.clone()))
        if bot is None:
            action = legal[int(rng.random() * len(legal))]
        else:
            action = bot.act(state, state.current_player(), rng)
        state.apply_action(action)
        step += 1
    assert len(picked) == count, f"the game ended after {len(picked)} of {count} positions"
    return picked
