"""Refactors change nothing: seeded games and lab runs match their golden files byte for byte.

The golden files are written by ``scripts/update_golden.py`` (see ``golden_cases.py``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from golden_cases import (
    GAME_CASES,
    LAB_CASES,
    GameCase,
    LabCase,
    dump,
    lab_case,
    path_of,
    play_case,
)


def _golden(name: str) -> Any:
    path = path_of(name)
    if not path.is_file():
        pytest.fail(f"{path} is missing: run scripts/update_golden.py {name}")
    return json.loads(path.read_text())


def _compare(name: str, got: dict[str, Any]) -> None:
    want = _golden(name)
    for key in want:
        assert got.get(key) == want[key], f"{name}: {key} differs from its golden file"
    assert sorted(got) == sorted(want)
    assert dump(got) == path_of(name).read_text(), f"{name}: same values, other bytes"


@pytest.mark.parametrize("case", GAME_CASES, ids=[c.name for c in GAME_CASES])
def test_a_seeded_game_plays_replays_and_draws_as_it_did(case: GameCase) -> None:
    got = play_case(case)
    assert got["replay_equals_play"] is True
    _compare(case.name, got)


@pytest.mark.parametrize("case", LAB_CASES, ids=[c.name for c in LAB_CASES])
def test_a_seeded_lab_run_stores_the_results_it_did(case: LabCase) -> None:
    _compare(case.name, lab_case(case))
