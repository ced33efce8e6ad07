"""Where the games of a run are played: this process, a local process pool, or Ray.

A backend takes batches of games and hands back finished batches in whatever order they finish;
the runner decides what to submit, stores results and stops early. ``slots`` is how many
batches it can play at once.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from abc import ABC, abstractmethod
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from alea.lab.plan import GameOutcome, GameTask, LabError
from alea.lab.worker import play_batch, warm_up, worker_init

BACKENDS = ("local", "ray")


class Backend(ABC):
    """Plays batches of games; results come back as batches finish.

    ``slots`` is how many games are played at once; ``window`` how many batches the runner
    keeps submitted (a pool queues the extra ones, so its workers never wait for work).
    """

    slots: int
    window: int

    @abstractmethod
    def submit(self, batch: list[GameTask]) -> None:
        """Start a batch."""

    @abstractmethod
    def pending(self) -> int:
        """Batches submitted and not yet handed back."""

    @abstractmethod
    def next_done(self) -> list[GameOutcome]:
        """Wait for a batch to finish and return its games."""

    @abstractmethod
    def close(self) -> None:
        """Drop unfinished work and release the workers."""


class InProcess(Backend):
    """One worker: this process, with no pool at all (the baseline of every speed-up)."""

    def __init__(self) -> None:
        self.slots = 1
        self.window = 1
        self._queue: deque[list[GameTask]] = deque()

    def submit(self, batch: list[GameTask]) -> None:
        """Queue a batch; it is played when its result is asked for."""
        self._queue.append(batch)

    def pending(self) -> int:
        """Batches queued."""
        return len(self._queue)

    def next_done(self) -> list[GameOutcome]:
        """Play the oldest queued batch."""
        return play_batch(self._queue.popleft())

    def close(self) -> None:
        """Forget queued batches."""
        self._queue.clear()


class LocalPool(Backend):
    """A pool of worker processes on this machine."""

    def __init__(self, jobs: int) -> None:
        self.slots = jobs
        self.window = 2 * jobs
        self._pool = ProcessPoolExecutor(max_workers=jobs, initializer=worker_init)
        self._futures: set[Future[list[GameOutcome]]] = set()
        # Start every worker now, before any progress display starts its thread.
        list(self._pool.map(warm_up, range(jobs)))

    def submit(self, batch: list[GameTask]) -> None:
        """Send a batch to the pool."""
        self._futures.add(self._pool.submit(play_batch, batch))

    def pending(self) -> int:
        """Batches in the pool."""
        return len(self._futures)

    def next_done(self) -> list[GameOutcome]:
        """Wait for any batch to finish."""
        done, _ = wait(self._futures, return_when=FIRST_COMPLETED)
        future = next(iter(done))
        self._futures.remove(future)
        return future.result()

    def close(self) -> None:
        """Cancel batches not started, let running ones end, and stop the workers."""
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._futures.clear()


class RayBackend(Backend):
    """Ray tasks on a local or remote cluster.

    With no ``address`` and no running Ray, a local Ray instance with ``jobs`` CPUs is started
    (and stopped at the end). With ``address`` (``HOST:PORT`` of a head node started with
    ``ray start --head``, or ``auto``), the run joins that cluster; ``jobs`` then caps the
    tasks in flight and defaults to the cluster's CPUs. Every node needs the same Alea.
    """

    def __init__(self, jobs: int | None, address: str | None) -> None:
        try:
            self._ray: Any = importlib.import_module("ray")
        except ImportError:
            raise LabError(
                "--backend ray needs Ray, which is not installed: pip install 'alea[ray]'"
            ) from None
        ray = self._ray
        self._started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": "ERROR"}
            if address:
                kwargs["address"] = address
            else:
                kwargs["num_cpus"] = jobs or os.cpu_count() or 1
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise LabError(f"cannot start or join Ray ({address or 'local'}): {exc}") from None
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.slots = jobs or max(1, cpus)
        # Ray runs every submitted task at once when CPUs are free, so the window is the cap.
        self.window = self.slots
        self._task = ray.remote(num_cpus=1, max_retries=2)(play_batch)
        self._refs: list[Any] = []

    def submit(self, batch: list[GameTask]) -> None:
        """Start a batch as a Ray task."""
        self._refs.append(self._task.remote(batch))

    def pending(self) -> int:
        """Tasks in flight."""
        return len(self._refs)

    def next_done(self) -> list[GameOutcome]:
        """Wait for any task to finish."""
        ready, self._refs = self._ray.wait(self._refs, num_returns=1)
        result: list[GameOutcome] = self._ray.get(ready[0])
        return result

    def close(self) -> None:
        """Cancel tasks in flight; stop Ray if this backend started it."""
        for ref in self._refs:
            with contextlib.suppress(Exception):  # a task that has just ended cannot be
                self._ray.cancel(ref, force=True)
        self._refs = []
        if self._started:
            self._ray.shutdown()


def make_backend(name: str, jobs: int | None, address: str | None = None) -> Backend:
    """The backend called ``name`` with ``jobs`` workers.

    Args:
        name: ``"local"`` or ``"ray"``.
        jobs: games played at once; ``None`` means one per CPU (of the machine or cluster).
        address: a Ray cluster to join (``--backend ray`` only).

    Raises:
        LabError: an unknown backend, a bad count, or Ray missing or unreachable.

    """
    if jobs is not None and jobs < 1:
        raise LabError("--jobs must be at least 1")
    if name == "local":
        if address:
            raise LabError("--address is for --backend ray")
        n = jobs or os.cpu_count() or 1
        return InProcess() if n == 1 else LocalPool(n)
    if name == "ray":
        return RayBackend(jobs, address)
    raise LabError(f"no backend {name!r}; the backends are: {', '.join(BACKENDS)}")
