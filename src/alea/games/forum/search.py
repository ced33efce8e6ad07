"""Search hooks for Forum: the heuristic's move first, quick playouts, cut-off evaluations."""

from __future__ import annotations

import random
from typing import Final

from alea.core.game import Action
from alea.core.search import evaluation, expert_file
from alea.core.value import learned_value
from alea.games.forum.actions import Decide
from alea.games.forum.bot import STYLE_SPACE as STYLE_SPACE
from alea.games.forum.bot import ForumBot
from alea.games.forum.constants import BUILD, GIVE, MOVE, SOCIAL
from alea.games.forum.features import NAMES, features
from alea.games.forum.state import ForumState

PASS_CHANCE: Final = 0.5
"""Chance that a playout passes where passing is allowed, so playouts do not squander money."""

_BOT: Final = ForumBot()


def prior(state: ForumState, rng: random.Random) -> Action:
    """The heuristic bot's choice, which the search tries first and favours while unexplored."""
    return _BOT.act(state, state.player, rng)


def rollout(state: ForumState, rng: random.Random) -> Action:
    """A cheap playout move: the heuristic's, so playouts resemble sensible play."""
    stage = state.stage
    if stage in (SOCIAL, BUILD, GIVE, MOVE) and rng.random() < PASS_CHANCE * 0.2:
        verb = "done" if stage == MOVE else "pass"
        d = Decide(state.player, verb)
        if d in state.legal_actions():
            return d
    return _BOT.act(state, state.player, rng)


def strengths(state: ForumState) -> list[float]:
    """Each seat's rough strength: prestige, plus money and income as prestige."""
    win = state.opts.win_prestige
    raw = []
    for p in range(state.n):
        v = state.prestige[p] + max(0, state.money[p]) % 1000 / 1000 + state.income[p] / 250
        raw.append(max(0.05, v / win) ** 2)
    return raw


evaluate: Final = evaluation(strengths)
"""Each seat's share of the strengths, or the returns at the end (the search's evaluation)."""


FEATURE_NAMES: Final = NAMES
"""The inputs of the learned value (``features``), in order."""

value: Final = learned_value(features, "alea.games.forum", "value.json")
"""The learned value (``alea train forum``): each family's chance of winning, by a model fitted
on games of the heuristic bots from the public numbers of the table (``features``)."""


def turn(state: ForumState) -> int:
    """The public number of the turn the position is in: a bot's thinking is budgeted by it."""
    return state.turn


expert: Final = expert_file("alea.games.forum")
"""How the ``expert`` level plays (``data/expert.json``): one tuned style of the heuristic bot
for every family (``alea lab tune-bot forum``), played without searching."""
