"""Throughput of the balance lab: games/s at 1 and 2 workers, local processes and Ray.

    python bench/lab.py                       # forum and triumvirate, local and Ray
    python bench/lab.py --game forum --runs 7 --games 800
    python bench/lab.py --no-ray --json lab-bench.json
    python bench/lab.py --backend ray

Each run plays the same workload (the same master seed, so the same games) into a fresh folder,
SQLite writes included; only the playing is timed (not starting the pool or Ray). One local
worker is this process alone, with no pool, so the parallel efficiency -- games/s at 2 workers
over twice games/s at 1 worker -- also pays for the pool's messages and the parent's writes.

The efficiency can only be as good as the machine lets two processes run at once. On a shared
or virtual machine that varies from minute to minute, so every repetition first measures the
*machine ceiling* (the same ratio for a pure CPU loop), then plays 1 worker and 2 workers back
to back. The summary gives the median over all repetitions and over the quiet ones (ceiling at
least 90%), so a busy neighbour is visible rather than silently blamed on the lab. For the local
backend it also gives the CPU time per game with and without the pool (workers and parent),
which busy neighbours hardly change: the lab's own overhead.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from alea.lab import RunSpec, run

GAMES = {"forum": 600, "triumvirate": 400}
QUIET = 0.9


def _spin(_: int) -> float:
    start = time.perf_counter()
    x = 0
    for i in range(5_000_000):
        x += i
    return time.perf_counter() - start


def machine_ceiling(pool: ProcessPoolExecutor) -> float:
    """How well two processes run at once right now: a pure CPU loop, 1 versus 2 at a time."""
    start = time.perf_counter()
    _spin(0)
    one = time.perf_counter() - start
    start = time.perf_counter()
    list(pool.map(_spin, [0, 0]))
    two = time.perf_counter() - start
    return one / two


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def rate(spec: RunSpec, games: int, backend: str, jobs: int) -> tuple[float, float]:
    """Games per second, and CPU milliseconds per game of this process and its finished pool."""
    with tempfile.TemporaryDirectory() as tmp:
        cpu = _cpu()
        result = run(spec, Path(tmp) / "run", games, backend=backend, jobs=jobs, export=False)
        cpu = _cpu() - cpu
        assert result.played == games
        return result.rate(), 1000 * cpu / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="default: both")
    parser.add_argument("--games", type=int, help="games per run (default: 600 forum, 400 tri)")
    parser.add_argument("--runs", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--agents", default="heuristic", help="agent spec (default heuristic)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray figures")
    parser.add_argument(
        "--backend", action="append", choices=("local", "ray"), help="default: both"
    )
    parser.add_argument("--json", metavar="FILE", help="also write every run as JSON")
    ns = parser.parse_args(argv)
    ray: Any = None
    if not ns.no_ray:
        try:
            ray = importlib.import_module("ray")
        except ImportError:
            print("ray is not installed: Ray figures skipped (pip install 'alea[ray]')")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"CPUs: {os.cpu_count()}; Python {sys.version.split()[0]}; {ns.runs} repetitions; "
        f"load average before: {load}"
    )
    out: dict[str, Any] = {}
    with ProcessPoolExecutor(2) as spin_pool:
        list(spin_pool.map(_spin, [0, 0]))
        backends = ns.backend or ["local", "ray"]
        for backend in [b for b in backends if b == "local" or ray is not None]:
            if backend == "ray":
                t = time.perf_counter()
                ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
                print(f"(ray.init with 2 CPUs took {time.perf_counter() - t:.1f} s, not timed)")
            try:
                for game in ns.game or sorted(GAMES):
                    spec = RunSpec.build(game, {}, [ns.agents], 0)
                    n = ns.games or GAMES[game]
                    reps = []
                    for _ in range(ns.runs):
                        ceiling = machine_ceiling(spin_pool)
                        r1, c1 = rate(spec, n, backend, 1)
                        r2, c2 = rate(spec, n, backend, 2)
                        reps.append(
                            {
                                "ceiling": ceiling,
                                "1": r1,
                                "2": r2,
                                "eff": r2 / (2 * r1),
                                "cpu1": c1,
                                "cpu2": c2,
                            }
                        )
                    out[f"{game}/{backend}"] = reps
                    _summary(game, backend, n, reps)
            finally:
                if backend == "ray":
                    ray.shutdown()
    if ns.json:
        Path(ns.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


def _summary(game: str, backend: str, n: int, reps: list[dict[str, float]]) -> None:
    def med(key: str, rows: list[dict[str, float]]) -> float:
        return statistics.median(r[key] for r in rows)

    head = f"{game:<12} {backend:<6}"
    print(
        f"{head} 1 worker {med('1', reps):7.1f} games/s   2 workers {med('2', reps):7.1f} "
        f"games/s   efficiency {med('eff', reps):4.0%}   ({len(reps)} repetitions of {n} games; "
        f"machine ceiling {med('ceiling', reps):.0%})"
    )
    if backend == "local":
        c1, c2 = med("cpu1", reps), med("cpu2", reps)
        print(
            f"{head} CPU per game: {c1:.2f} ms in this process alone, {c2:.2f} ms with a pool "
            f"of 2 (workers and parent): the pool's own cost is {c2 / c1 - 1:+.1%}"
        )
    quiet = [r for r in reps if r["ceiling"] >= QUIET]
    if quiet:
        print(
            f"{head} quiet repetitions only ({len(quiet)}): 1 worker {med('1', quiet):7.1f}, "
            f"2 workers {med('2', quiet):7.1f} games/s, efficiency {med('eff', quiet):.0%} "
            f"(target ≥ 90%)"
        )
    else:
        print(f"{head} no quiet repetition (machine ceiling ≥ {QUIET:.0%}): rerun when idle")
    for r in reps:
        print(
            f"{'':<20}ceiling {r['ceiling']:4.0%}  1: {r['1']:6.1f}  2: {r['2']:6.1f}  "
            f"efficiency {r['eff']:4.0%}"
        )


if __name__ == "__main__":
    sys.exit(main())
