"""Search hooks for the Triumvirate: a prior move, a quick playout policy, a cut-off evaluation."""

from __future__ import annotations

import random
from typing import Final

from alea.core.game import Action
from alea.core.search import evaluation
from alea.games.triumvirate.actions import Decide
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.bot import TriumvirateBot, distances
from alea.games.triumvirate.state import MOVE, TriumvirateState

END_CHANCE: Final = 0.3
"""Chance that a playout ends its movement at once, so playouts cover many turns."""


ROLLOUT_DEPTH: Final = 8
"""Playout decisions before the evaluation: a short look at how the bots would go on."""
EXPLORE: Final = 0.15
"""Chance that a playout move is random rather than the heuristic bot's."""

_BOT: Final = TriumvirateBot()


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


def turn(state: TriumvirateState) -> int:
    """The public number of the round the position is in: a bot's thinking is budgeted by it."""
    return state.round
