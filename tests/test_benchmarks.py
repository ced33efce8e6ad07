"""Smoke test of ``alea bench``: it runs on a tiny budget and prints figures that make sense.

No timing is asserted: only that every figure is printed, parses as a number and is positive.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import alea
from alea.benchmarks import LABELS, QUICK, alea_subject, main, side_by_side

ROW = re.compile(
    r"^  (?P<label>" + "|".join(re.escape(label) for label in LABELS.values()) + r")"
    r"\s+(?P<min>[\d,.]+)\s+(?P<median>[\d,.]+)\s+(?P<max>[\d,.]+)"
)


def _value(text: str) -> float:
    return float(text.replace(",", ""))


def test_quick_bench_prints_positive_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "bench.json"
    game = alea.GAMES[0]
    assert main(["--quick", "--game", game, "--no-reference", "--json", str(out_file)]) == 0
    printed = capsys.readouterr().out

    rows = {m["label"]: m for m in map(ROW.match, printed.splitlines()) if m is not None}
    for label in ("decisions/s", "games/s", "clone() µs", "legal_actions() µs"):
        assert any(key.endswith(label) for key in rows), f"no row for {label}:\n{printed}"
    for label, row in rows.items():
        low, mid, high = (_value(row[k]) for k in ("min", "median", "max"))
        assert 0 < low <= mid <= high, f"{label}: {low} {mid} {high}"

    data = json.loads(out_file.read_text(encoding="utf-8"))
    assert data["format"] == "alea-bench/1"
    assert data["runs"] >= 5
    (report,) = data["games"]
    assert report["subject"] == game
    for key in ("decisions_per_s", "games_per_s", "clone_us", "legal_actions_us"):
        fig = report["figures"][key]
        assert len(fig["runs"]) >= 5
        assert all(v > 0 for v in fig["runs"])
        assert fig["min"] <= fig["median"] <= fig["max"]
    assert data["reference"] is None
    assert data["side_by_side"] == {}


def test_side_by_side_gives_a_ratio_per_round_for_each_game() -> None:
    # Two games against one as the reference: a game against itself sits near one.
    ref = alea_subject("triumvirate")
    paired = side_by_side([alea_subject("forum"), ref], ref, QUICK, rounds=3, seed=1)
    assert set(paired) == {"forum", "triumvirate"}
    assert all(len(v) == 3 and all(r > 0 for r in v) for v in paired.values())
    assert 0.2 < sorted(paired["triumvirate"])[1] < 5


def test_fewer_than_five_runs_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--quick", "--runs", "2"])
