"""The Ray backend on a local two-CPU Ray cluster: the same games as the local backend.

Ray is in the ``dev`` extra, so CI runs this; without Ray installed it is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab_helpers import table_rows

from alea.cli import main
from alea.lab import RunSpec, run

ray: Any = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_backend_plays_the_same_games_as_local_processes(
    ray_cluster: None, tmp_path: Path
) -> None:
    spec = RunSpec.build("forum", {"players": 3}, ["heuristic", "random", "heuristic"], 21)
    result = run(spec, tmp_path / "ray", 30, backend="ray", jobs=2)
    assert result.played == 30
    assert result.workers == 2
    assert ray.is_initialized(), "a cluster the run did not start must be left running"
    run(spec, tmp_path / "local", 30, jobs=1)
    assert table_rows(tmp_path / "ray", "games") == table_rows(tmp_path / "local", "games")
    assert table_rows(tmp_path / "ray", "results") == table_rows(tmp_path / "local", "results")


def test_ray_backend_from_the_command_line(
    ray_cluster: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tri"
    args = ["lab", "run", "triumvirate", "-n", "8", "--backend", "ray", "-q", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "8 of 8 games stored" in printed
    assert "on 2 workers" in printed
