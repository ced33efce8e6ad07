"""``alea.lab.run``: reproducible, resumable, parallel runs stored game by game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from lab_helpers import table_rows

import alea
from alea.core.record import GameRecord
from alea.lab import LabError, RunSpec, load_run, run, worker
from alea.lab.plan import GameTask

FORUM3 = {"players": 3}


def test_same_arguments_give_the_same_games_whatever_the_workers(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", FORUM3, ["heuristic"], 11)
    one = run(spec, tmp_path / "one", 24, jobs=1)
    two = run(spec, tmp_path / "two", 24, jobs=2)
    assert one.played == two.played == 24
    assert two.workers == 2
    games = table_rows(tmp_path / "one", "games")
    assert games == table_rows(tmp_path / "two", "games")
    assert table_rows(tmp_path / "one", "results") == table_rows(tmp_path / "two", "results")
    assert [g[0] for g in games] == list(range(24))
    other = RunSpec.build("forum", FORUM3, ["heuristic"], 12)
    run(other, tmp_path / "other", 24, jobs=1)
    assert table_rows(tmp_path / "other", "games") != games


def test_every_seat_row_carries_what_a_designer_needs(tmp_path: Path) -> None:
    spec = RunSpec.build("triumvirate", {"max_rounds": 60}, ["heuristic"], 3)
    run(spec, tmp_path / "r", 4, jobs=1)
    conn = sqlite3.connect(tmp_path / "r" / "lab.sqlite")
    conn.row_factory = sqlite3.Row
    rows = conn.execute("SELECT * FROM results ORDER BY game_index, seat").fetchall()
    games = conn.execute("SELECT * FROM games ORDER BY game_index").fetchall()
    conn.close()
    assert len(rows) == 12
    first = rows[0]
    assert first["seed"] == spec.task(0).seed
    assert first["name"] == "Crassus"
    assert first["agent"] == "heuristic"
    assert set(json.loads(first["scores"])) >= {"alive", "troops", "conquests"}
    assert json.loads(first["options"])["max_rounds"] == 60
    assert first["code_version"] == spec.code_version
    assert first["end_reason"] in ("rome", "last-standing", "round-cap")
    assert first["first_player"] in (0, 1, 2)
    for g in games:
        returns = [r["return"] for r in rows if r["game_index"] == g["game_index"]]
        assert returns == json.loads(g["returns"])
        assert g["length"] > 100
        summary = json.loads(g["summary"])
        assert summary["rounds"] >= 1
        assert "civil_war" in summary["milestones"]


def test_kept_records_replay_to_the_stored_results(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", FORUM3, ["heuristic", "random", "heuristic"], 5)
    run(spec, tmp_path / "r", 6, jobs=1, keep_records=True)
    data = load_run(tmp_path / "r")
    for g in data.games:
        record = GameRecord.load_file(tmp_path / "r" / "records" / f"game-{g.index:06d}.json")
        assert record.seed == g.seed
        assert [s["agent"]["name"] for s in record.seats] == g.agents
        state = alea.replay(record)
        assert state.returns() == g.returns
        assert len(record.actions) == g.length
        assert record.actions[0] == {"type": "first", "seat": g.first_player}


def test_a_run_is_extended_and_resumed_without_repeating_games(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", FORUM3, ["heuristic"], 2)
    first = run(spec, tmp_path / "grow", 10, jobs=1)
    assert (first.stored_before, first.played) == (0, 10)
    again = run(spec, tmp_path / "grow", 10, jobs=1)
    assert again.played == 0
    more = run(spec, tmp_path / "grow", 25, jobs=2)
    assert (more.stored_before, more.played, more.stored) == (10, 15, 25)
    run(spec, tmp_path / "once", 25, jobs=1)
    assert table_rows(tmp_path / "grow", "results") == table_rows(tmp_path / "once", "results")


def test_a_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    run(RunSpec.build("forum", FORUM3, ["heuristic"], 1), tmp_path / "r", 3, jobs=1)
    with pytest.raises(LabError, match="another seed"):
        run(RunSpec.build("forum", FORUM3, ["heuristic"], 2), tmp_path / "r", 3, jobs=1)
    with pytest.raises(LabError, match="another options"):
        run(RunSpec.build("forum", {"players": 4}, ["heuristic"], 1), tmp_path / "r", 3)
    with pytest.raises(LabError, match="another lineup"):
        run(RunSpec.build("forum", FORUM3, ["random"], 1), tmp_path / "r", 3, jobs=1)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    with pytest.raises(LabError, match="not empty"):
        run(RunSpec.build("forum", FORUM3, ["heuristic"], 1), tmp_path / "full", 3, jobs=1)


def test_early_stop_once_every_seat_interval_is_narrow(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", {"players": 2}, ["heuristic"], 4)
    result = run(spec, tmp_path / "r", 3000, jobs=2, stop_width=0.3)
    assert result.stopped_early
    assert result.widest < 0.3
    assert 30 <= result.stored < 400
    again = run(spec, tmp_path / "r", 3000, jobs=2, stop_width=0.3)
    assert again.played == 0
    assert again.stopped_early


def test_early_stop_is_the_same_game_whatever_the_workers(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", {"players": 2}, ["heuristic"], 4)
    one = run(spec, tmp_path / "one", 3000, jobs=1, stop_width=0.3, export=False)
    two = run(spec, tmp_path / "two", 3000, jobs=2, stop_width=0.3, export=False)
    assert one.stopped_early
    assert two.stopped_early
    assert one.stored == two.stored
    games = table_rows(tmp_path / "one", "games")
    assert games == table_rows(tmp_path / "two", "games")
    assert [g[0] for g in games] == list(range(one.stored))  # games 0..k-1, no more


def test_missing_parent_folders_of_a_run_are_created(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", FORUM3, ["heuristic"], 1)
    result = run(spec, tmp_path / "a" / "b" / "c", 2, jobs=1, export=False)
    assert result.stored == 2
    assert (tmp_path / "a" / "b" / "c" / "lab.sqlite").is_file()


def test_parquet_exports_hold_every_row(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", FORUM3, ["heuristic"], 9)
    result = run(spec, tmp_path / "r", 8, jobs=1)
    assert sorted(p.name for p in result.parquet) == ["games.parquet", "results.parquet"]
    results = pq.read_table(tmp_path / "r" / "results.parquet")
    games = pq.read_table(tmp_path / "r" / "games.parquet")
    assert results.num_rows == 24
    assert games.num_rows == 8
    assert {"game_index", "seed", "seat", "name", "agent", "return", "scores"} <= set(
        results.column_names
    )
    assert results.column("game_index").to_pylist() == [i for i in range(8) for _ in range(3)]


def test_bad_counts_are_refused(tmp_path: Path) -> None:
    spec = RunSpec.build("forum", FORUM3, ["heuristic"], 9)
    with pytest.raises(LabError, match="at least 1"):
        run(spec, tmp_path / "r", 0)
    with pytest.raises(LabError, match="--jobs"):
        run(spec, tmp_path / "r", 5, jobs=0)
    with pytest.raises(LabError, match="--stop-width"):
        run(spec, tmp_path / "r", 5, stop_width=1.5)
    with pytest.raises(LabError, match="backend"):
        run(spec, tmp_path / "r", 5, backend="cloud")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_game_that_raises_is_named_with_its_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    real = worker.play_game

    def flaky(task: GameTask) -> worker.GameOutcome:
        if task.index == 5:
            raise ValueError("boom")
        return real(task)

    monkeypatch.setattr(worker, "play_game", flaky)
    spec = RunSpec.build("forum", FORUM3, ["heuristic"], 3)
    with pytest.raises(LabError, match=rf"game 5 \(seed {spec.task(5).seed}\) failed: .*boom"):
        run(spec, tmp_path / "r", 12, jobs=jobs)
    stored = {g.index for g in load_run(tmp_path / "r").games}
    assert 5 not in stored
    monkeypatch.setattr(worker, "play_game", real)
    assert run(spec, tmp_path / "r", 12, jobs=jobs).stored == 12
