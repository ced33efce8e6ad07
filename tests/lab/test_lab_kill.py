"""A run killed outright (SIGKILL) and started again loses and repeats no game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lab_helpers import count_games, table_rows

from alea.lab import RunSpec, run

GAMES = 500
ARGS = ["forum", "-n", str(GAMES), "--jobs", "2", "--seed", "8", "-q"]


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (Linux /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs Linux /proc to find the workers")
def test_sigkill_mid_run_then_the_same_command_finishes_it_exactly(tmp_path: Path) -> None:
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "alea", "lab", "run", *ARGS, "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while count_games(out) < 40:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "the run stored no games in time"
            time.sleep(0.02)
        workers = _children(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    stored = count_games(out)
    assert 40 <= stored < GAMES
    # The orphaned workers notice their parent is gone and stop on their own.
    deadline = time.monotonic() + 15
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert workers
    assert not any(_alive(w) for w in workers)

    again = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    assert again.returncode == 0, again.stderr
    assert f"{GAMES} of {GAMES} games stored" in again.stdout
    games = table_rows(out, "games")
    assert [g[0] for g in games] == list(range(GAMES))
    results = table_rows(out, "results")
    assert len(results) == 4 * GAMES
    assert len({(r[0], r[2]) for r in results}) == 4 * GAMES

    spec = RunSpec.build("forum", {}, ["heuristic"], 8)
    run(spec, tmp_path / "straight", GAMES, jobs=2)
    assert games == table_rows(tmp_path / "straight", "games")
    assert results == table_rows(tmp_path / "straight", "results")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_cleanly_and_says_how_to_carry_on(tmp_path: Path) -> None:
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "alea", "lab", "run", "forum", "-n", "5000", "-q"]
    proc = subprocess.Popen(
        [*cmd, "--jobs", "2", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell running the tests in the background may have left SIGINT ignored.
        preexec_fn=_default_sigint,
    )
    try:
        deadline = time.monotonic() + 120
        while count_games(out) < 20:
            assert proc.poll() is None
            assert time.monotonic() < deadline, "the run stored no games in time"
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130
    stored = count_games(out)
    assert f"interrupted: {stored} games are stored in {out}" in err
    assert 20 <= stored < 5000
    games = table_rows(out, "games")
    assert len({g[0] for g in games}) == stored
