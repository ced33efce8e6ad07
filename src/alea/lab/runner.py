"""Running a batch of games into a folder: resumable, parallel, optionally stopping early."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from alea.lab.backends import BACKENDS, make_backend
from alea.lab.plan import LabError, RunSpec
from alea.lab.stats import wilson
from alea.lab.store import RunStore, export_parquet
from alea.lab.worker import GameFailed, GameOutcome

Progress = Callable[[int, int], None]
"""Called with (games stored, games planned) after each stored game."""

BATCH_SECONDS = {"local": 0.2, "ray": 0.5}
"""About how long one worker call should play: long enough to make messages cheap, short
enough to keep every worker busy to the end and to lose little to a kill."""
MAX_BATCH = 64


class Tally:
    """Running win totals per seat, for the early stop."""

    def __init__(self, num_players: int, returns: Iterable[list[float]] = ()) -> None:
        self.wins = [0.0] * num_players
        self.games = 0
        for r in returns:
            self.add(r)

    def add(self, returns: list[float]) -> None:
        """Count one game."""
        self.games += 1
        for seat, value in enumerate(returns):
            self.wins[seat] += value

    def widest(self) -> float:
        """The width of the widest per-seat 95% Wilson interval of win share."""
        widths = [hi - lo for lo, hi in (wilson(w, self.games) for w in self.wins)]
        return max(widths)


@dataclass
class RunResult:
    """What one call of :func:`run` did.

    Attributes:
        folder: the run's folder.
        planned: games asked for.
        stored_before: games already in the folder when it started.
        played: games played and stored by this call.
        stopped_early: whether the interval criterion ended it before ``planned``.
        widest: the widest per-seat interval at the end.
        seconds: wall time of the playing.
        workers: games played at once.
        parquet: the Parquet files written (empty when pyarrow is missing).

    """

    folder: Path
    planned: int
    stored_before: int
    played: int
    stopped_early: bool
    widest: float
    seconds: float
    workers: int
    parquet: list[Path]

    @property
    def stored(self) -> int:
        """Games in the folder now."""
        return self.stored_before + self.played

    def rate(self) -> float:
        """Games per second of this call."""
        return self.played / self.seconds if self.seconds > 0 else 0.0


def _make_parent(folder: Path) -> None:
    """Create the folders above a run's folder (``--out a/b/c`` with ``a/b`` missing)."""
    if folder.exists() and not folder.is_dir():
        raise LabError(f"{folder} exists and is not a folder")
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LabError(f"cannot create {folder.parent}: {exc.strerror or exc}") from None


def run(
    spec: RunSpec,
    folder: Path,
    games: int,
    *,
    backend: str = "local",
    jobs: int | None = None,
    address: str | None = None,
    keep_records: bool = False,
    stop_width: float | None = None,
    progress: Progress | None = None,
    export: bool = True,
) -> RunResult:
    """Play games ``0 .. games-1`` of ``spec`` into ``folder``, skipping those already there.

    Args:
        spec: the run (game, options, line-up, master seed).
        folder: where results go; created if missing, resumed if it holds this run.
        games: games in all (a folder with more keeps them; fewer are added).
        backend: ``"local"`` (processes of this machine) or ``"ray"``.
        jobs: games played at once (default: one per CPU).
        address: a Ray cluster to join.
        keep_records: also write each game's record as JSON.
        stop_width: stop once every seat's 95% interval of win share is narrower than this,
            judged on games 0..k-1 after each game k in index order (so the stop is the same
            whatever the workers and timing).
        progress: called with (games stored, games planned) after each game.
        export: write the Parquet files at the end.

    Raises:
        LabError: bad counts, a folder holding another run, or a backend that cannot start.

    """
    if games < 1:
        raise LabError("the number of games (-n) must be at least 1")
    if stop_width is not None and not 0 < stop_width < 1:
        raise LabError(f"--stop-width must lie between 0 and 1, not {stop_width}")
    if backend not in BACKENDS:
        raise LabError(f"no backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if jobs is not None and jobs < 1:
        raise LabError("--jobs must be at least 1")
    _make_parent(folder)
    store = RunStore.open(folder, spec)
    try:
        done = store.done()
        tally = Tally(spec.num_players, store.returns())
        stored_before = len(done)
        todo = deque(i for i in range(games) if i not in done)
        # With an early stop, games are stored in index order (later ones wait in memory), and
        # the stop is judged after each stored game on games 0..k-1 alone: the run stops at the
        # same game whatever the number of workers or the order in which games finish.
        ordered = stop_width is not None
        waiting: dict[int, GameOutcome] = {}
        next_index = 0
        while next_index in done:
            next_index += 1

        played = 0
        spent = 0.0

        def enough() -> bool:
            if stop_width is None or tally.games < len(spec.orders):
                return False
            return tally.widest() < stop_width

        def keep(outcome: GameOutcome) -> None:
            nonlocal played, spent
            store.add(spec, outcome)
            tally.add(outcome.returns)
            played += 1
            spent += outcome.seconds
            if progress is not None:
                progress(stored_before + played, games)

        stopped = enough()
        seconds = 0.0
        workers = 0
        if todo and not stopped:
            pool = make_backend(backend, jobs, address)
            workers = pool.slots
            start = time.perf_counter()
            target = BATCH_SECONDS.get(backend, 0.2)
            if progress is not None:
                progress(len(done), games)
            try:
                while todo or pool.pending():
                    while todo and pool.pending() < pool.window:
                        per_game = spent / played if played else target
                        size = max(1, min(MAX_BATCH, int(target / max(per_game, 1e-6))))
                        size = min(size, max(1, len(todo) // (2 * pool.slots)))
                        batch = [
                            spec.task(todo.popleft(), keep_record=keep_records)
                            for _ in range(min(size, len(todo)))
                        ]
                        pool.submit(batch)
                    try:
                        done_batch = pool.next_done()
                    except GameFailed as exc:
                        raise LabError(
                            f"{exc}; the games finished so far are stored in {folder}"
                        ) from exc
                    if not ordered:
                        for outcome in done_batch:
                            keep(outcome)
                        continue
                    for outcome in done_batch:
                        waiting[outcome.index] = outcome
                    while next_index in waiting and not stopped:
                        keep(waiting.pop(next_index))
                        next_index += 1
                        while next_index in done:
                            next_index += 1
                        stopped = enough()
                    if stopped:
                        break
            finally:
                seconds = time.perf_counter() - start
                pool.close()
        widest = tally.widest() if tally.games else 1.0
    finally:
        store.close()
    parquet = (export_parquet(folder) or []) if export else []
    return RunResult(
        folder=folder,
        planned=games,
        stored_before=stored_before,
        played=played,
        stopped_early=stopped,
        widest=widest,
        seconds=seconds,
        workers=workers,
        parquet=parquet,
    )
