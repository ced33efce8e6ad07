"""``alea lab`` on the command line: a run's table, and one error line for bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from alea.cli import main


def test_run_then_report_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t"
    code = main(
        [
            "lab",
            "run",
            "triumvirate",
            "--agents",
            "heuristic",
            "-n",
            "6",
            "--jobs",
            "1",
            "--seed",
            "4",
            "-q",
            "--keep-records",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    for name in ("Crassus", "Caesar", "Pompey"):
        assert name in printed
    assert "played 6 games" in printed
    assert "6 of 6 games stored" in printed
    assert len(list((out / "records").glob("game-*.json"))) == 6
    assert main(["lab", "report", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert (out / "report.html").is_file()


def test_a_run_shows_a_progress_bar_with_an_eta(tmp_path: Path) -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "alea",
            "lab",
            "run",
            "forum",
            "-n",
            "12",
            "--jobs",
            "1",
            "--out",
            str(tmp_path / "f"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "12/12" in proc.stderr
    assert "ETA" in proc.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["lab"], "name a lab command"),
        (["lab", "run", "nosuch", "--out", "{tmp}/x"], "no game"),
        (
            ["lab", "run", "triumvirate", "--agents", "heuristic,random", "--out", "{tmp}/x"],
            "3 seats",
        ),
        (["lab", "run", "forum", "--set", "nonsense=1", "--out", "{tmp}/x"], "nonsense"),
        (["lab", "run", "forum", "--set", "players", "--out", "{tmp}/x"], "option=value"),
        (["lab", "run", "forum", "-n", "0", "--out", "{tmp}/x"], "at least 1"),
        (["lab", "run", "forum", "--jobs", "0", "--out", "{tmp}/x"], "--jobs"),
        (["lab", "run", "forum", "--stop-width", "2", "--out", "{tmp}/x"], "--stop-width"),
        (["lab", "run", "forum", "--address", "h:1", "--out", "{tmp}/x"], "--backend ray"),
        (["lab", "run", "forum", "--backend", "cloud", "--out", "{tmp}/x"], "invalid choice"),
        (["lab", "run", "forum"], "--out"),
        (["lab", "run", "forum", "--out", "/dev/null/x"], "cannot create /dev/null"),
        (["lab", "report", "{tmp}"], "no lab run"),
        (["lab", "report"], "DIR"),
        (["lab", "sweep", "forum", "--grid", "win_prestige", "--out", "{tmp}/s"], "option=value1"),
        (["lab", "sweep", "forum", "--grid", "win_prestige=5,500", "--out", "{tmp}/s"], "500"),
        (["lab", "sweep", "forum", "--out", "{tmp}/s"], "--grid"),
    ],
)
def test_bad_input_ends_with_one_error_line(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([a.replace("{tmp}", str(tmp_path)) for a in args])
    err = capsys.readouterr().err
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("alea: error:")
    assert words in lines[0]


def test_resuming_with_other_arguments_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "r")
    assert main(["lab", "run", "forum", "-n", "3", "--jobs", "1", "-q", "--out", out]) == 0
    capsys.readouterr()
    code = main(["lab", "run", "forum", "-n", "3", "--seed", "9", "-q", "--out", out])
    err = capsys.readouterr().err
    assert code == 2
    assert "another seed" in err
    assert "--out" in err
