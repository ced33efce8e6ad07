"""Playing the games of a run: the function every backend sends to its workers.

Workers are plain functions of picklable data, so the same code runs in this process, in a
process pool, or on a Ray cluster.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from functools import lru_cache

from alea.agents import parse_spec
from alea.core.game import Game
from alea.core.record import play, replay
from alea.core.registry import load
from alea.lab.hooks import MilestoneWatcher, hooks_for, summarize
from alea.lab.plan import GameOutcome, GameTask

__all__ = ["GameFailed", "GameOutcome", "play_batch", "play_game", "warm_up", "worker_init"]


@lru_cache(maxsize=16)
def _game(game_id: str, options_json: str) -> Game:
    return load(game_id, **json.loads(options_json))


def play_game(task: GameTask) -> GameOutcome:
    """Play one game of a run and describe its result."""
    start = time.perf_counter()
    game = _game(task.game, json.dumps(task.options, sort_keys=True))
    agents = [parse_spec(spec) for spec in task.agents]
    hooks = hooks_for(game.name)
    watcher = MilestoneWatcher(hooks.milestones)
    record = play(game, agents, seed=task.seed, on_step=watcher)
    watcher.finish()
    state = watcher.state if watcher.state is not None else replay(record)
    result = record.result or {}
    return GameOutcome(
        index=task.index,
        seed=task.seed,
        agents=task.agents,
        returns=[float(x) for x in state.returns()],
        scores=list(state.scores()),
        length=len(record.actions),
        terminal=state.is_terminal(),
        end_reason=hooks.end_reason(state),
        outcome=str(result.get("outcome", "")),
        first_player=hooks.first_player(record.actions, game.num_players),
        summary=summarize(state, hooks, watcher),
        seconds=time.perf_counter() - start,
        record=record.to_json() if task.keep_record else None,
    )


class GameFailed(Exception):
    """A game of the run raised: which one, with its seed, so it can be replayed alone."""

    def __init__(self, index: int, seed: int, problem: str) -> None:
        super().__init__(index, seed, problem)
        self.index = index
        self.seed = seed
        self.problem = problem

    def __str__(self) -> str:
        return f"game {self.index} (seed {self.seed}) failed: {self.problem}"


def play_batch(tasks: list[GameTask]) -> list[GameOutcome]:
    """Play several games in a row (one worker call, to save on messages).

    Raises:
        GameFailed: a game raised; it names the game and its seed.

    """
    out = []
    for task in tasks:
        try:
            out.append(play_game(task))
        except Exception as exc:
            raise GameFailed(task.index, task.seed, f"{type(exc).__name__}: {exc}") from exc
    return out


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(1)


def worker_init() -> None:
    """Set up a pool worker: Ctrl-C is the parent's business, and a worker dies with it.

    A worker whose parent was killed outright (SIGKILL) would otherwise wait forever for work.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()


def warm_up(_: int) -> int:
    """A no-op task that makes a pool start its workers (and import the games) up front."""
    return os.getpid()
