"""``bench/instructions.py`` without valgrind: its worker does the work the driver counts on.

The counts themselves need valgrind and minutes, so they are a documented command, not a test;
what is checked here is that the worker plays exactly the games the driver chose, clones what it
says, and that a part cut by the marks is told apart from any other dump.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "instructions.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_instructions", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["forum", "hotre"])
def test_worker_plays_the_chosen_games(script: ModuleType, game: str) -> None:
    seeds, total = script.playout_seeds(game, 3, 400)
    assert total >= 400
    assert len(seeds) == len(set(seeds))
    actions, clones = script.work(game, 3, seeds, 2)
    assert actions == total
    assert clones == script.STATES * 2


def test_only_a_dump_cut_by_the_marks_is_read(script: ModuleType) -> None:
    cut = f"desc: Trigger: --dump-before={script.MARK}\nevents: Ir\ntotals: 1234\n"
    found = script._TRIGGER.search(cut)
    assert found is not None
    assert script.MARK in found.group(1)
    assert script._TOTAL.search(cut).group(1) == "1234"
    end = "desc: Trigger: Program termination\nevents: Ir\ntotals: 99\n"
    assert script.MARK not in script._TRIGGER.search(end).group(1)
