"""The ``alea`` command, run as a user runs it: in a subprocess, with piped input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from rich.console import Console

import alea
from alea import cli
from alea.agents import make
from alea.terminal import replay_record
from alea_command import run_alea as run

FAST = ["--set", "max_rounds=6"]
BOTS = ["--seat", "1=random", "--seat", "2=random", "--seat", "3=random"]
ACTION_LINE = re.compile(r"^\s*(\d+)  \s*[A-Za-z][a-z]")


def assert_one_error(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, proc.stderr + proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("alea: error: ")
    assert "Traceback" not in proc.stderr + proc.stdout
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished all-bot game saved by the command."""
    where = tmp_path_factory.mktemp("finished")
    path = where / "done.json"
    proc = run("play", "triumvirate", *BOTS, "--seed", "7", *FAST, "--save", str(path), cwd=where)
    assert proc.returncode == 0, proc.stderr
    return path


@pytest.fixture(scope="module")
def unfinished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A game where a human (Caesar) answered a few prompts, then quit."""
    where = tmp_path_factory.mktemp("human")
    path = where / "human.json"
    answers = "help\nboard\nnonsense\n99\n1\n1\nlog\n1\nquit\n"
    proc = run(
        "play",
        "triumvirate",
        "--seat",
        "caesar=human",
        "--seat",
        "1=random",
        "--seat",
        "Pompey=random",
        "--seed",
        "3",
        *FAST,
        "--save",
        str(path),
        cwd=where,
        stdin=answers,
    )
    assert proc.returncode == 0, proc.stderr
    return path, proc.stdout


def test_all_bot_game_runs_to_the_end_and_matches_alea_play(finished: Path) -> None:
    record = alea.GameRecord.load_file(finished)
    state = alea.replay(record)
    assert state.is_terminal()
    game = alea.load("triumvirate", max_rounds=6)
    expected = alea.play(game, [make("random") for _ in range(3)], seed=7)
    assert record.to_json() == expected.to_json()


def test_all_bot_game_prints_the_game_board_and_result(tmp_path: Path) -> None:
    proc = run("play", "triumvirate", *BOTS, "--seed", "8", *FAST, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "wins the roll and plays first" in out
    assert "Round 2 · " in out
    assert "Final position" in out
    assert "Result:" in out
    saved = list((tmp_path / "saves").glob("triumvirate-8-*.json"))
    assert len(saved) == 1
    assert str(Path("saves") / saved[0].name) in out
    assert alea.replay(alea.GameRecord.load_file(saved[0])).is_terminal()


def test_quiet_game_shows_only_the_end(tmp_path: Path) -> None:
    proc = run("play", "triumvirate", *BOTS, "--seed", "8", *FAST, "-q", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "plays first" not in proc.stdout
    assert "Result:" in proc.stdout


def test_scripted_human_game_saves_a_resumable_record(unfinished: tuple[Path, str]) -> None:
    path, out = unfinished
    said = (
        "How a turn goes",  # help
        "Commands",
        "'nonsense' is not a choice",
        "There is no action 99",
        "Caesar rolls the die to move his leader",
        "Game saved in",
        "--resume",
    )
    assert [line for line in said if line not in out] == []
    record = alea.GameRecord.load_file(path)
    assert record.seats[1]["agent"] == {"name": "human"}
    assert record.seats[0]["agent"] == {"name": "random"}
    state = alea.replay(record)
    assert not state.is_terminal()
    assert state.current_player() == 1  # Caesar is still to move after his three answers
    assert record.result is not None
    assert record.result["terminal"] is False


def test_resume_plays_on_from_the_saved_position(
    unfinished: tuple[Path, str], tmp_path: Path
) -> None:
    source, _ = unfinished
    copy = tmp_path / "copy.json"
    copy.write_bytes(source.read_bytes())
    before = alea.GameRecord.load_file(copy)
    proc = run("play", "--resume", str(copy), "--seat", "Caesar=random", "-q", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    after = alea.GameRecord.load_file(copy)
    assert after.actions[: len(before.actions)] == before.actions
    assert len(after.actions) > len(before.actions)
    assert after.seats[1]["agent"] == {"name": "random"}
    assert alea.replay(after).is_terminal()
    assert after.result is not None
    assert after.result["terminal"] is True


def test_resuming_twice_gives_the_same_game(unfinished: tuple[Path, str], tmp_path: Path) -> None:
    source, _ = unfinished
    results = []
    for name in ("a.json", "b.json"):
        copy = tmp_path / name
        copy.write_bytes(source.read_bytes())
        proc = run("play", "--resume", str(copy), "--seat", "2=random", "-q", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        results.append(alea.GameRecord.load_file(copy).actions)
    assert results[0] == results[1]


def test_resume_to_another_file_keeps_the_original(
    unfinished: tuple[Path, str], tmp_path: Path
) -> None:
    source, _ = unfinished
    original = source.read_bytes()
    target = tmp_path / "continued.json"
    proc = run(
        "play", "--resume", str(source), "--seat", "2=random", "--save", str(target), "-q",
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert source.read_bytes() == original
    assert alea.replay(alea.GameRecord.load_file(target)).is_terminal()


def test_replay_prints_every_action_and_the_result(finished: Path, tmp_path: Path) -> None:
    proc = run("replay", str(finished), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    record = alea.GameRecord.load_file(finished)
    numbers = [int(m[1]) for m in map(ACTION_LINE.match, proc.stdout.splitlines()) if m]
    assert numbers == list(range(1, len(record.actions) + 1))
    assert "Result:" in proc.stdout
    assert "no one took Rome within 6 rounds" in proc.stdout


def test_replay_to_stops_there(finished: Path, tmp_path: Path) -> None:
    proc = run("replay", str(finished), "--to", "12", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    numbers = [int(m[1]) for m in map(ACTION_LINE.match, proc.stdout.splitlines()) if m]
    assert numbers == list(range(1, 13))
    assert "Position after action 12" in proc.stdout
    assert "Stopped after action 12" in proc.stdout


def test_replay_step_without_a_terminal_does_not_wait(finished: Path, tmp_path: Path) -> None:
    proc = run("replay", str(finished), "--step", "--to", "3", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Position after action 3" in proc.stdout


def test_games_lists_the_games(tmp_path: Path) -> None:
    proc = run("games", cwd=tmp_path)
    assert proc.returncode == 0
    assert "triumvirate" in proc.stdout
    assert "Crassus, Caesar, Pompey" in proc.stdout


# -- bad input ----------------------------------------------------------------------------------


def _tampered(record_path: Path, dest: Path) -> Path:
    data = json.loads(record_path.read_text(encoding="utf-8"))
    moves = [i for i, a in enumerate(data["actions"]) if a["type"] == "move"]
    data["actions"][moves[0]]["to"] = [0, 0]  # far from where the troop stands
    data["result"] = None
    dest.write_text(json.dumps(data), encoding="utf-8")
    return dest


@pytest.fixture
def existing(tmp_path: Path, finished: Path) -> Path:
    path = tmp_path / "existing.json"
    path.write_bytes(finished.read_bytes())
    return path


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "nosuch", "--save", "{existing}"], ["no game 'nosuch'"]),
        (["play", "triumvirate", "--seat", "Brutus=random", "--save", "{existing}"], ["Brutus"]),
        (["play", "triumvirate", "--seat", "4=random", "--save", "{existing}"], ["no seat '4'"]),
        (["play", "triumvirate", "--seat", "Caesar=wizard", "--save", "{existing}"], ["wizard"]),
        (
            ["play", "triumvirate", "--seat", "Caesar=humn", "--save", "{existing}"],
            [
                "'humn'",
                "human, easy, normal, hard, expert, random, heuristic, mcts",
                "did you mean human?",
            ],
        ),
        (
            ["play", "triumvirate", "--seat", "Caesar=mcts:tme=1", "--save", "{existing}"],
            ["no parameter 'tme'", "iterations, time,", "did you mean time?"],
        ),
        (
            ["play", "triumvirate", "--seat", "Caesar=mcts:time=soon", "--save", "{existing}"],
            ["time should be a number", "'soon'"],
        ),
        (["play", "triumvirate", "--seat", "Caesar", "--save", "{existing}"], ["NAME=KIND"]),
        (["play", "triumvirate", "--set", "foo=1", "--save", "{existing}"], ["no option 'foo'"]),
        (["play", "triumvirate", "--set", "max_rounds=abc", "--save", "{existing}"], ["abc"]),
        (["play", "triumvirate", "--set", "max_rounds=0", "--save", "{existing}"], ["max_rounds"]),
        (["play", "triumvirate", *BOTS, "--save", "{existing}"], ["already exists"]),
        (["play", "triumvirate", "--delay", "-1"], ["--delay"]),
        (["play", "--resume", "{existing}"], ["finished game", "alea replay"]),
        (["play", "--resume", "{existing}", "--set", "max_rounds=5"], ["--set"]),
        (["play", "--resume", "{corrupt}"], ["not valid JSON"]),
        (["play", "--resume", "{foreign}"], ["not an Alea game record"]),
        (["play", "--resume", "{tampered}"], ["illegal", "TRI-"]),
        (["play", "--resume", "{missing}"], ["cannot read"]),
        (["replay", "{corrupt}"], ["not valid JSON"]),
        (["replay", "{tampered}"], ["illegal", "TRI-"]),
        (["replay", "{existing}", "--to", "999999"], ["out of range"]),
        (["play"], ["name the game"]),
        (["frobnicate"], ["invalid choice"]),
    ],
)
def test_bad_input_is_one_line_and_changes_no_file(
    args: list[str],
    words: list[str],
    tmp_path: Path,
    existing: Path,
    finished: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = {
        "existing": existing,
        "corrupt": tmp_path / "corrupt.json",
        "foreign": tmp_path / "foreign.json",
        "tampered": _tampered(finished, tmp_path / "tampered.json"),
        "missing": tmp_path / "missing.json",
    }
    files["corrupt"].write_text('{"format": "alea-record/1", "actions": [', encoding="utf-8")
    files["foreign"].write_text('{"name": "not a game"}', encoding="utf-8")
    before = {k: p.read_bytes() for k, p in files.items() if p.exists()}
    monkeypatch.chdir(tmp_path)
    code = cli.main([a.format(**files) for a in args])
    captured = capsys.readouterr()
    assert_one_error(subprocess.CompletedProcess(args, code, captured.out, captured.err), *words)
    after = {k: p.read_bytes() for k, p in files.items() if p.exists()}
    assert after == before
    assert not (tmp_path / "saves").exists()
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("case", ["unknown game", "tampered record"])
def test_bad_input_from_the_command_line_has_no_traceback(
    case: str, tmp_path: Path, finished: Path
) -> None:
    tampered = _tampered(finished, tmp_path / "tampered.json")
    original = tampered.read_bytes()
    args = ["play", "nosuch"] if case == "unknown game" else ["play", "--resume", str(tampered)]
    proc = run(*args, cwd=tmp_path)
    assert_one_error(proc, "nosuch" if case == "unknown game" else "illegal")
    assert tampered.read_bytes() == original


def test_resuming_an_unknown_agent_asks_for_a_seat(finished: Path, tmp_path: Path) -> None:
    data = json.loads(finished.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:10]
    data["seats"][2]["agent"] = {"name": "oracle"}
    path = tmp_path / "oracle.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    proc = run("play", "--resume", str(path), cwd=tmp_path)
    assert_one_error(proc, "Pompey", "--seat")
    assert path.read_bytes() == before


# -- bench, in process --------------------------------------------------------------------------


def test_bench_hands_its_arguments_to_the_runner(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    fake = types.ModuleType("alea.benchmarks")

    def main(argv: list[str] | None = None) -> int:
        seen.append(list(argv or []))
        return 0

    fake.main = main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "alea.benchmarks", fake)
    assert cli.main(["bench", "--quick", "--game", "triumvirate"]) == 0
    assert seen == [["--quick", "--game", "triumvirate"]]


def test_bench_without_the_runner_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "alea.benchmarks", None)
    assert cli.main(["bench"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("alea: error: benchmarks are not available")


def test_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--help"]) == 0
    assert "--resume" in capsys.readouterr().out


def test_replay_steps_forward_and_back(finished: Path) -> None:
    record = alea.GameRecord.load_file(finished)
    answers = iter(["", "", "p", "p", "p", "g 5", "b", "nonsense", "q"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = Console(width=80, record=True, file=io.StringIO())
    assert replay_record(record, out, read_line=read) == 0
    text = out.export_text()
    numbers = [int(m.group(1)) for m in map(ACTION_LINE.match, text.splitlines()) if m]
    # 1, then Enter twice (2, 3), back three times (2, 1, the start: 0), then action 5.
    assert numbers[:7] == [1, 2, 3, 2, 1, 0, 5]
    assert "the start of the game" in text
    assert "is not a step command" in text
    assert "Position after action 5 of" in text
    assert "Stopped after action 5" in text
    assert len(prompts) == 9


def test_serve_takes_a_database_url_or_the_path_of_an_sqlite_file(tmp_path: Path) -> None:
    from alea.cli.common import UsageError
    from alea.cli.main import database_url

    assert database_url("sqlite:///alea.db") == "sqlite:///alea.db"
    assert database_url(str(tmp_path / "games.db")) == f"sqlite:///{tmp_path / 'games.db'}"
    url = "postgresql+psycopg://alea:pw@127.0.0.1:5432/alea"
    assert database_url(url) == url
    with pytest.raises(UsageError, match="is not a database URL"):
        database_url("postgresql+psycopg://::bad")
    with pytest.raises(UsageError, match="needs a database URL"):
        database_url("  ")
