"""Difficulty levels a player understands: ``easy``, ``normal``, ``hard`` and ``expert``.

Each level is an agent spec usable wherever an agent is named (``alea play --seat``, ``alea
ladder``, ``alea lab --agents``, the lobby):

- ``easy``: the game's heuristic bot, but one decision in three (``mistakes=0.33``) is a random
  legal move instead.
- ``normal``: the game's heuristic bot, unchanged.
- ``hard``: the search bot (``mcts``) thinking half a second a decision.
- ``expert``: each game's strongest measured player, as its ``expert`` hook (the file
  ``data/expert.json``) describes it: per seat, a style of the game's bot tuned against the
  heuristic (``alea lab tune-bot``), and, where the file asks for it, the search bot over that
  style thinking up to two seconds a decision (with the search parameters the file gives, such
  as the opponent model). A game without the file gets the search bot alone.

``hard`` and ``expert`` take the search bot's ``time=`` and ``iterations=`` (``expert:time=1``,
``hard:iterations=200``; ``iterations`` counts only when ``time`` is not given; given to an
expert that plays its style without searching, they make it search over its style) and
``turn_time=``, the seconds one whole turn may take (default 10). A turn is the run of one
seat's decisions that the game's ``turn`` hook gives the same key (the Triumvirate's round,
Forum's turn, the Roman Empire's period); within it, each decision gets at most half of what is
left of the turn, so a Triumvirate march of a dozen troop steps stays within the turn's time.
``easy`` takes ``mistakes=`` (0 to 1); ``normal`` takes no parameter: it is the heuristic bot,
the yardstick of the other levels.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any, Final

from alea.agents.mcts import MCTSAgent
from alea.agents.simple import HeuristicAgent
from alea.core.agent import Agent
from alea.core.game import Action, State
from alea.core.registry import bot_factory, hook

LEVELS: Final = ("easy", "normal", "hard", "expert")
"""The levels, weakest first."""

DECISION_TIME: Final = {"hard": 0.5, "expert": 2.0}
"""Default seconds a decision of each search level."""
TURN_TIME: Final = 10.0
"""Default seconds a whole turn of a search level."""
FLOOR: Final = 0.05
"""Seconds a decision gets at least while its turn has that much left. Once the turn's time is
spent, a decision runs the search's first iteration alone, so that a turn of many decisions (a
period of the Roman Empire) stays within its time."""


class EasyAgent(Agent):
    """The heuristic bot, making a random legal move instead with probability ``mistakes``."""

    name = "easy"

    def __init__(self, mistakes: float = 0.33) -> None:
        if not 0.0 <= mistakes <= 1.0:
            raise ValueError(f"easy mistakes must be from 0 to 1, not {mistakes!r}")
        self.mistakes = float(mistakes)
        self._heuristic = HeuristicAgent()

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Mostly the heuristic's choice; now and then a random legal move."""
        if rng.random() < self.mistakes:
            legal = state.legal_actions()
            return legal[int(rng.random() * len(legal))]
        return self._heuristic.act(state, player, rng)

    def spec(self) -> dict[str, Any]:
        """Name and parameters."""
        return {"name": self.name, "mistakes": self.mistakes}


class NormalAgent(HeuristicAgent):
    """The game's heuristic bot under its level name."""

    name = "normal"

    def __init__(self) -> None:
        super().__init__()


class SearchLevel(Agent):
    """``hard`` or ``expert``: the search bot within a decision's and a turn's time.

    Args:
        level: ``"hard"`` or ``"expert"``.
        time: seconds a decision at most (default: the level's); ``None`` with ``iterations``
            searches a fixed number of iterations, still within the turn's time.
        iterations: iterations a decision when ``time`` is not given.
        turn_time: seconds one turn at most.
        policy: the seat's own bot for the search (``MCTSAgent``'s ``policy``).
        **search: other parameters of :class:`~alea.agents.mcts.MCTSAgent` (``c``, ...).

    """

    def __init__(
        self,
        level: str,
        time: float | None = None,
        iterations: int | None = None,
        turn_time: float = TURN_TIME,
        policy: Agent | None = None,
        **search: Any,
    ) -> None:
        if not 0.0 < turn_time <= 3600.0:
            raise ValueError(f"{level} turn_time must be above 0 and at most 3600 s")
        self.name = level
        if time is None and iterations is None:
            time = DECISION_TIME[level]
        self.search = MCTSAgent(iterations=iterations or 400, time=time, policy=policy, **search)
        self.options = dict(sorted(search.items()))
        """The search's parameters given beside the level's own, as given."""
        self.time = time
        self.iterations = iterations
        self.turn_time = float(turn_time)
        self.ceiling: float | None = None
        """Seconds a decision may take at most, whatever else says (set by a server)."""
        self._turn: Hashable = None
        self._spent = 0.0

    def spec(self) -> dict[str, Any]:
        """Name and parameters."""
        out: dict[str, Any] = {"name": self.name, "turn_time": self.turn_time}
        if self.time is not None:
            out["time"] = self.time
        else:
            out["iterations"] = self.iterations
        out.update(self.options)
        return out

    def turn_key(self, state: State, player: int) -> Hashable:
        """What names the turn ``state`` is in for ``player``: game, seat and the game's turn key.

        A game without a ``turn`` hook gives every decision a turn of its own.
        """
        turn = hook(state.game.name, "turn")
        if turn is None:
            self._spent = 0.0
            return None
        return (state.game.name, player, turn(state))

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """Search within what is left of this turn's time; the most visited action."""
        key = self.turn_key(state, player)
        if key is None or key != self._turn:
            self._turn = key
            self._spent = 0.0
        left = max(0.0, self.turn_time - self._spent)
        allowed = max(min(FLOOR, left), left / 2)
        if self.ceiling is not None:
            allowed = min(allowed, self.ceiling)
        self.search.ceiling = allowed
        start = time.perf_counter()
        try:
            return self.search.act(state, player, rng)
        finally:
            self._spent += time.perf_counter() - start

    @property
    def last_iterations(self) -> int:
        """Iterations of the latest decision searched."""
        return self.search.last_iterations

    @property
    def searches(self) -> int:
        """Decisions searched so far (the ladder's search effort)."""
        return self.search.searches

    @property
    def total_iterations(self) -> int:
        """Iterations of all those searches."""
        return self.search.total_iterations


class ExpertLevel(SearchLevel):
    """``expert``: per game and seat, the game's tuned style, searched over where it says so.

    The game's ``expert`` hook gives the seat's style (``styles[str(seat)]``, else
    ``styles["all"]``, else the default bot) and ``search``: ``None`` to play the style as it is,
    or the search's parameters, which the spec's own override. A spec that gives ``time=`` or
    ``iterations=`` always searches. A game without the hook is played by the search bot.
    One player is kept per game and seat, each with its own turn's budget.
    """

    def __init__(
        self,
        time: float | None = None,
        iterations: int | None = None,
        turn_time: float = TURN_TIME,
        **search: Any,
    ) -> None:
        super().__init__("expert", time, iterations, turn_time, **search)
        self.budget_given = time is not None or iterations is not None
        """Whether the spec named a thinking budget (then the expert always searches)."""
        self._given = {"time": time, "iterations": iterations, "turn_time": turn_time, **search}
        self._players: dict[tuple[str, int], Agent] = {}
        self._last: Agent | None = None

    def player(self, game: str, seat: int) -> Agent:
        """Who plays ``seat`` of ``game`` for the expert (built on first use)."""
        key = (game, seat)
        agent = self._players.get(key)
        if agent is None:
            agent = self._players[key] = self._build(game, seat)
        return agent

    def _build(self, game: str, seat: int) -> Agent:
        expert_hook = hook(game, "expert")
        if expert_hook is None:
            return SearchLevel("expert", **self._given)
        config = expert_hook()
        own = styled_bot(game, seat)
        if config["search"] is None and not self.budget_given:
            return own
        params = {**(config["search"] or {}), **self._given}
        return SearchLevel("expert", policy=own if seat_style(game, seat) else None, **params)

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """The move of this game's and seat's expert player."""
        agent = self._last = self.player(state.game.name, player)
        if isinstance(agent, SearchLevel):
            agent.ceiling = self.ceiling
        return agent.act(state, player, rng)

    def _levels(self) -> list[SearchLevel]:
        return [a for a in self._players.values() if isinstance(a, SearchLevel)]

    @property
    def last_iterations(self) -> int:
        """Iterations of the latest decision (0 where it played its style without searching)."""
        return self._last.last_iterations if isinstance(self._last, SearchLevel) else 0

    @property
    def searches(self) -> int:
        """Decisions searched so far by all its players."""
        return sum(a.searches for a in self._levels())

    @property
    def total_iterations(self) -> int:
        """Iterations of all those searches."""
        return sum(a.total_iterations for a in self._levels())


def seat_style(game: str, seat: int) -> dict[str, Any]:
    """The style the game's expert file gives ``seat`` (``{}``: none, the default bot)."""
    expert_hook = hook(game, "expert")
    if expert_hook is None:
        return {}
    styles = expert_hook()["styles"]
    return dict(styles.get(str(seat), styles.get("all", {})))


def styled_bot(game: str, seat: int) -> Agent:
    """The game's heuristic bot in ``seat``'s expert style.

    It is what the expert plays, or searches over where the game's file asks for the search.
    """
    factory = bot_factory(game, "heuristic")
    return factory(**seat_style(game, seat)) if factory is not None else HeuristicAgent()


def hard(**params: Any) -> SearchLevel:
    """The ``hard`` level: the search bot at half a second a decision."""
    return SearchLevel("hard", **params)


def expert(**params: Any) -> ExpertLevel:
    """The ``expert`` level: the game's tuned style, searched over where the game says so."""
    return ExpertLevel(**params)
