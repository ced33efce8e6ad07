"""Search hooks for the Triumvirate: a prior, playouts, evaluations, whole marches as plans."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict
from functools import cache
from typing import Any, Final

from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.search import evaluation, expert_file
from alea.core.value import learned_value
from alea.games.triumvirate.actions import Decide, March, Move
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.bot import STYLE_SPACE as STYLE_SPACE
from alea.games.triumvirate.bot import Style, TriumvirateBot, distances
from alea.games.triumvirate.features import NAMES, features
from alea.games.triumvirate.state import MOVE, TriumvirateState

END_CHANCE: Final = 0.3
"""Chance that a playout ends its movement at once, so playouts cover many turns."""


ROLLOUT_DEPTH: Final = 8
"""Playout decisions before the evaluation: a short look at how the bots would go on."""
EXPLORE: Final = 0.15
"""Chance that a playout move is random rather than the heuristic bot's."""

PLAN_SAMPLES: Final = 4
"""Plans drawn from the heuristic's march with random steps mixed in (``PLAN_NOISE``)."""
PLAN_NOISE: Final = 0.3
"""Chance that a step of such a plan is a random legal one rather than the heuristic's."""
PLAN_STEPS: Final = 80
"""The longest plan: far more steps than a march can take (troops move once a turn)."""

_BOT: Final = TriumvirateBot()


Keep = Callable[[TriumvirateState, Action], bool]


class _Restricted(TriumvirateBot):
    """The heuristic bot choosing its march among the steps ``keep`` allows (and ending)."""

    def __init__(self, keep: Keep, **style: Any) -> None:
        super().__init__(**style)
        self.keep = keep

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """The heuristic's movement over the kept steps; elsewhere, the heuristic's choice."""
        assert isinstance(state, TriumvirateState)
        if state.stage != MOVE:
            return super().act(state, player, rng)
        legal = [a for a in state.legal_actions() if self.keep(state, a)]
        return self._movement(state, player, legal)


def _attacks(s: TriumvirateState, a: Action) -> bool:
    return isinstance(a, Move) and s.owner[a.to] not in (-1, a.seat)


def _march(
    state: TriumvirateState, choose: Callable[[TriumvirateState], Action]
) -> tuple[Action, ...]:
    """The seat's steps from ``state`` to the end of its movement, each chosen by ``choose``."""
    s = state.clone()
    seat = s.player
    steps: list[Action] = []
    while s.stage == MOVE and s.current_player() == seat and len(steps) < PLAN_STEPS:
        a = choose(s)
        steps.append(a)
        s.apply_action(a)
    return tuple(steps)


_KEEPS: Final[tuple[Keep, ...]] = (
    lambda s, a: not isinstance(a, March),  # the leader stays put
    lambda s, a: not isinstance(a, Move),  # only the leader marches
    lambda s, a: not _attacks(s, a),  # no battle started
)


@cache
def _variants(style: Style) -> tuple[_Restricted, ...]:
    """The bot in ``style`` restricted by each of ``_KEEPS`` (built once a style)."""
    return tuple(_Restricted(keep, **asdict(style)) for keep in _KEEPS)


def plans(
    state: TriumvirateState, rng: random.Random, bot: Agent | None = None
) -> list[tuple[Action, ...]]:
    """Whole marches to weigh as one choice each, the heuristic's first.

    A movement phase is one human choice (where the army goes) split into single troop steps;
    searching the steps one by one spends the turn's time on near-equal moves. The plans are
    the heuristic's march, ending at once, the heuristic with the leader kept still, with the
    troops kept still, without starting a battle, and a few of its marches with random steps
    mixed in. Outside a movement phase there are none. ``bot`` is the seat's own bot (a styled
    one) in place of the default heuristic; the variants keep its style.
    """
    if state.stage != MOVE or state.current_player() < 0:
        return []
    seat = state.player
    own: Agent = _BOT if bot is None else bot
    style = own.style if isinstance(own, TriumvirateBot) else _BOT.style
    variants = _variants(style)

    def by(player: Agent) -> Callable[[TriumvirateState], Action]:
        return lambda s: player.act(s, seat, rng)

    out = [_march(state, by(own)), (Decide(seat, "end"),)]
    out += [_march(state, by(v)) for v in variants]

    def noisy(s: TriumvirateState) -> Action:
        if rng.random() < PLAN_NOISE:
            legal = s.legal_actions()
            return legal[int(rng.random() * len(legal))]
        return own.act(s, seat, rng)

    out += [_march(state, noisy) for _ in range(PLAN_SAMPLES)]
    unique: list[tuple[Action, ...]] = []
    for plan in out:
        if plan and plan not in unique:
            unique.append(plan)
    return unique


def prior(state: TriumvirateState, rng: random.Random) -> Action:
    """The heuristic bot's choice, which the search tries first and favours while unexplored."""
    return _BOT.act(state, state.player, rng)


def rollout(state: TriumvirateState, rng: random.Random) -> Action:
    """A playout move: mostly the heuristic bot's (it costs about 20 µs), sometimes random."""
    if rng.random() < EXPLORE:
        if state.stage == MOVE and rng.random() < END_CHANCE:
            return Decide(state.player, "end")
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]
    return _BOT.act(state, state.player, rng)


def strengths(state: TriumvirateState) -> list[float]:
    """Each seat's rough strength: troops, popularity, the road to Rome, the streak."""
    o = state.game.opts
    raw = []
    for p in range(3):
        if not state.alive[p]:
            raw.append(0.0)
            continue
        dist = distances(BOARD.rome, p == 2)[state.leader[p]]
        v = 1.0 + 0.08 * state.troops[p] + 0.05 * state.popularity[p]
        if state.civil_war:
            v += 1.5 * state.rome_turns[p] / o.rome_turns_to_win - 0.05 * min(dist, 20)
        else:
            v += 0.04 * state.conquests[p] - 0.02 * min(dist, 20)
        raw.append(max(v, 0.05))
    return raw


evaluate: Final = evaluation(strengths)
"""Each seat's share of the strengths, or the returns at the end (the search's evaluation)."""


FEATURE_NAMES: Final = NAMES
"""The inputs of the learned value (``features``), in order."""

value: Final = learned_value(features, "alea.games.triumvirate", "value.json")
"""The learned value (``alea train triumvirate``): each seat's chance of winning, by a model
fitted on games of the heuristic bots from the public table's numbers (``features``)."""


def turn(state: TriumvirateState) -> int:
    """The public number of the round the position is in: a bot's thinking is budgeted by it."""
    return state.round


expert: Final = expert_file("alea.games.triumvirate")
"""How the ``expert`` level plays (``data/expert.json``): per leader, a style of the bot found by
``alea lab tune-bot``, played without a search."""
