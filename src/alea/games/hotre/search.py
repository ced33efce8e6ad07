"""Search hooks for History of the Roman Empire: the heuristic's move, playouts, an evaluation.

The search (``alea.agents.mcts``) calls these on positions it has determinized for its own seat,
so they may read the whole state they are given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from alea.core.agent import Agent
from alea.core.game import Action
from alea.core.search import evaluation, expert_file
from alea.games.hotre.actions import Decide, Offer, Pick
from alea.games.hotre.bot import DEFAULT, HotreBot, own_worth, worths
from alea.games.hotre.bot import STYLE_SPACE as STYLE_SPACE
from alea.games.hotre.state import HotreState

ENDERS: Final = frozenset(("end_expansion", "end_build", "done_takeup", "end_declaration"))
"""Decisions that close a step of the half-turn."""
KEEP_GOING: Final = 0.85
"""Chance that a playout takes a land-naming move rather than closing the step, when it can."""

ROLLOUT_DEPTH: Final = 4
"""Playout decisions before the evaluation: random moves soon say less than the evaluation."""

_BOT: Final = HotreBot()


def prior(state: HotreState, rng: random.Random) -> Action:
    """The heuristic bot's choice, which the search tries first and favours while unexplored."""
    return _BOT.act(state, state.current_player(), rng)


def rollout(state: HotreState, rng: random.Random) -> Action:
    """A cheap playout move: random, but it rarely stops expanding while lands are on offer.

    Bribe offers are never made in playouts (the heuristic bot makes none either).
    """
    legal = state.legal_actions()
    first = legal[0]
    if isinstance(first, Offer):
        return first
    if len(legal) > 1 and rng.random() < KEEP_GOING:
        picks = [a for a in legal if isinstance(a, Pick)]
        if picks and any(isinstance(a, Decide) and a.verb in ENDERS for a in legal):
            return picks[int(rng.random() * len(picks))]
    return legal[int(rng.random() * len(legal))]


def strengths(state: HotreState) -> list[float]:
    """Each player's rough worth: points so far plus what its holdings score now."""
    return _powers(worths(state))


def _powers(worth: list[float]) -> list[float]:
    """Each worth against the best, to the 4th power (at least a small floor)."""
    top = max(worth)
    return [max(0.05, w / top if top > 0 else 1.0) ** 4 for w in worth]


evaluate: Final = evaluation(strengths)
"""Each seat's share of the strengths, or the returns at the end (the search's evaluation)."""


def style_value(bot: Agent) -> Callable[[HotreState], list[float]]:
    """The evaluation in ``bot``'s style: each seat's share of its worth by that style's measure.

    ``strengths`` with the style's worth (its weights of holdings, forces and the last period's
    land points) and, for every seat, what the style makes of its hand and counters, read from the
    determinized position the search is on. A bot that is not the game's own is judged by the
    default style. Where the style's weights (a hand of cards counts against its holder) take a
    seat's worth below zero, every worth is raised by as much, and one more, before the shares.
    """
    style = bot.style if isinstance(bot, HotreBot) else DEFAULT

    def styled(state: HotreState) -> list[float]:
        worth = worths(state, style)
        if style.own:
            for s in range(state.seat_count):
                worth[state.seat_player(s)] += own_worth(state, s, style)
        low = min(worth)
        if low < 0:  # a style's weights may take a seat below nothing: measure from below it
            worth = [w - low + 1.0 for w in worth]
        return _powers(worth)

    return evaluation(styled)


def turn(state: HotreState) -> int:
    """The public number of the period the position is in: a bot's thinking is budgeted by it."""
    return state.period


expert: Final = expert_file("alea.games.hotre")
"""How the ``expert`` level plays (``data/expert.json``): one tuned style of the heuristic bot in
every seat (``alea lab tune-bot hotre``), played without searching."""
