"""The balance lab: play thousands of games, measure fairness, compare rule variants.

>>> from pathlib import Path
>>> from alea.lab import RunSpec, run, write_report
>>> spec = RunSpec.build("forum", {"players": 3}, ["heuristic"], seed=1)
>>> result = run(spec, Path("runs/forum3"), 1000, jobs=2)          # doctest: +SKIP
>>> write_report(["runs/forum3"])                                     # doctest: +SKIP

A run folder holds ``lab.sqlite`` (every game and every seat, written one game per
transaction, so a run can be killed and resumed), Parquet exports, and optionally the game
records. ``alea lab run|report|sweep`` are the command-line faces of this package.
"""

from alea.lab.data import RunData, load_run
from alea.lab.plan import LabError, RunSpec, game_seed
from alea.lab.report import write_report
from alea.lab.runner import RunResult, run
from alea.lab.sweep import SweepResult, sweep

__all__ = [
    "LabError",
    "RunData",
    "RunResult",
    "RunSpec",
    "SweepResult",
    "game_seed",
    "load_run",
    "run",
    "sweep",
    "write_report",
]
