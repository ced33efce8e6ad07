"""Saving a growing record after every action."""

from __future__ import annotations

import json
from pathlib import Path

import alea
from alea.agents import make
from alea.core.record import start_record
from alea.terminal import RecordWriter


def test_the_file_holds_the_record_after_each_save(tmp_path: Path) -> None:
    game = alea.load("triumvirate", max_rounds=2)
    full = alea.play(game, [make("random")] * 3, seed=4)
    record = start_record(game, 4, full.seats)
    path = tmp_path / "game.json"
    writer = RecordWriter(record, path)
    writer.save()
    assert alea.GameRecord.load_file(path).to_json() == record.to_json()
    for i, action in enumerate(full.actions):
        writer.append(action)
        if i % 37 == 0:
            writer.save()
            assert alea.GameRecord.load_file(path).actions == full.actions[: i + 1]
    record.result = full.result
    writer.save()
    assert alea.GameRecord.load_file(path).to_json() == full.to_json()
    assert json.loads(path.read_text(encoding="utf-8")) == full.to_json()
    assert not list(tmp_path.glob("*.tmp"))


def test_a_resumed_writer_keeps_earlier_actions(tmp_path: Path) -> None:
    game = alea.load("triumvirate", max_rounds=2)
    full = alea.play(game, [make("random")] * 3, seed=4)
    path = tmp_path / "game.json"
    full.save(path)
    loaded = alea.GameRecord.load_file(path)
    writer = RecordWriter(loaded, path)
    writer.append({"type": "roll", "die": 6, "value": 3})
    writer.save()
    again = alea.GameRecord.load_file(path)
    assert again.actions == [*full.actions, {"type": "roll", "die": 6, "value": 3}]


def test_one_action_per_line(tmp_path: Path) -> None:
    game = alea.load("triumvirate", max_rounds=1)
    full = alea.play(game, [make("random")] * 3, seed=1)
    path = tmp_path / "game.json"
    writer = RecordWriter(full, path)
    writer.save()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert sum(line.strip().startswith('{"type"') for line in lines) == len(full.actions)
