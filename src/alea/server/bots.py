"""Bots on the server: quick ones answer at once, search bots take turns on worker processes.

A search bot's decision runs in a worker process with a ceiling on its time, and the workers are
shared between games by ``FairPool``: each game has at most one search waiting or running, a free
worker goes to the game that has waited longest, games with a human seat come before games of
bots alone, and games of bots alone never hold every worker, so one game's bots cannot starve
another's.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import alea
from alea.agents import MCTSAgent, SearchLevel, parse_spec
from alea.core.agent import Agent
from alea.core.rng import make_rng

_AGENTS: dict[str, Agent] = {}


def watch_parent(every: float = 1.0) -> None:
    """Start, in a bot worker process, a thread that ends the worker once its server is gone.

    A server stopped by SIGKILL cannot shut its pool down, and a worker waiting for its next
    decision would wait forever; when the worker's parent changes (it was adopted by init), it
    exits.
    """
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="alea-watch-parent", daemon=True).start()


def agent_for(spec: str) -> Agent:
    """One agent per spec and process: bots keep no memory between positions."""
    agent = _AGENTS.get(spec)
    if agent is None:
        agent = _AGENTS[spec] = parse_spec(spec)
    return agent


def bot_act(
    game_name: str,
    options: dict[str, Any],
    state_json: dict[str, Any],
    seat: int,
    spec: str,
    seed: int,
    ceiling: float | None = None,
) -> dict[str, Any]:
    """Worker-process entry: the bot's chosen action for ``seat`` as JSON.

    ``ceiling`` bounds the seconds a search may take whatever its iterations say.
    """
    game = alea.load(game_name, **options)
    state = game.state_from_json(state_json)
    agent = agent_for(spec)
    if isinstance(agent, MCTSAgent | SearchLevel):
        agent.ceiling = ceiling
    action = agent.act(state, seat, make_rng(seed))
    return action.to_json()


SEARCH_KINDS = frozenset({"mcts", "hard", "expert"})
"""Agent kinds that search, and so think on a worker process."""


def slow(spec: str) -> bool:
    """Whether an agent spec names a bot that thinks for a noticeable time (a search)."""
    return spec.partition(":")[0].strip() in SEARCH_KINDS


@dataclass(eq=False)
class _Job:
    game_id: str
    people: bool
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    result: asyncio.Future[Any]


class FairPool:
    """Searches of all games on ``slots`` workers of ``executor``, taken in fair turns."""

    def __init__(self, executor: Executor, slots: int) -> None:
        self.executor = executor
        self.slots = max(1, slots)
        self.waiting: dict[str, _Job] = {}
        """Jobs not yet started, oldest first, at most one per game."""
        self.running = 0
        self.running_bots_only = 0

    async def run(self, game_id: str, people: bool, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` on a worker when it is ``game_id``'s turn; its result.

        ``people``: whether the game has a human seat (its searches come first).
        """
        if game_id in self.waiting:
            raise RuntimeError(f"game {game_id} already has a search waiting")
        job = _Job(game_id, people, fn, args, asyncio.get_running_loop().create_future())
        self.waiting[game_id] = job
        self._pump()
        try:
            return await job.result
        finally:
            if self.waiting.get(game_id) is job:
                del self.waiting[game_id]

    def _next(self) -> _Job | None:
        for job in self.waiting.values():
            if job.people:
                return job
        if self.slots > 1 and self.running_bots_only >= self.slots - 1:
            return None  # one worker stays free for games with people
        return next(iter(self.waiting.values()), None)

    def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while self.running < self.slots:
            job = self._next()
            if job is None:
                return
            del self.waiting[job.game_id]
            if job.result.done():  # its game stopped waiting (the server is closing)
                continue
            self.running += 1
            if not job.people:
                self.running_bots_only += 1
            work = loop.run_in_executor(self.executor, job.fn, *job.args)
            work.add_done_callback(functools.partial(self._finish, job))

    def _finish(self, job: _Job, work: asyncio.Future[Any]) -> None:
        self.running -= 1
        if not job.people:
            self.running_bots_only -= 1
        if not job.result.done():
            if work.cancelled():
                job.result.cancel()
            elif work.exception() is not None:
                job.result.set_exception(work.exception())  # type: ignore[arg-type]
            else:
                job.result.set_result(work.result())
        elif not work.cancelled():
            with contextlib.suppress(Exception):
                work.exception()  # retrieved, so asyncio does not report it as lost
        with contextlib.suppress(RuntimeError):  # the loop is closing
            self._pump()
