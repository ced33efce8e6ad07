"""Games played on from a position, and decision positions sampled from a seeded game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TypeVar, cast

import alea
from alea.agents import make
from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.rng import make_rng

S = TypeVar("S", bound=State)


def steps(
    state: S,
    rng: random.Random,
    most: int,
    choose: Callable[[S, random.Random], Action] | None = None,
) -> Iterator[Action]:
    """Play at most ``most`` actions on ``state`` in place, yielding each after it is applied.

    Chance is drawn from ``rng``; choices are ``choose(state, rng)``, or ``rng.choice`` of the
    legal actions. Play stops early when the game ends.
    """
    for _ in range(most):
        if state.is_terminal():
            return
        if state.is_chance_node():
            action = state.sample_chance(rng)
        elif choose is None:
            action = rng.choice(state.legal_actions())
        else:
            action = choose(state, rng)
        state.apply_action(action)
        yield action


def play_on(state: State, rng: random.Random, most: int) -> None:
    """Play at most ``most`` random actions on ``state`` in place (see ``steps``)."""
    for _ in steps(state, rng, most):
        pass


def first_position(
    name: str, wanted: Callable[[State], bool], seeds: range, **options: object
) -> State:
    """A copy of the first position that is ``wanted`` in random games of ``name`` (with
    ``options``), played with the seeds in turn until one reaches it."""
    found: list[State] = []

    def look(state: State, _action: object) -> None:
        if not found and wanted(state):
            found.append(state.clone())

    game = alea.load(name, **options)
    for seed in seeds:
        alea.play(game, [make("random") for _ in range(game.num_players)], seed=seed, on_step=look)
        if found:
            return found[0]
    raise AssertionError(f"no random game of {name} reached the position the test needs")


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
