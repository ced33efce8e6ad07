from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_triumvirate.py"


def test_short_cloning_run_writes_weights_a_curve_and_a_consistent_summary(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--short", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    png = out / "learning_curve.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = json.loads((out / "summary.json").read_text())
    assert summary["game"] == "triumvirate"
    # --short: 4 cloning games, one DAgger round of one game a seat, 2 final games a seat.
    assert [point["round"] for point in summary["curve"]] == [0, 1]
    first, last = summary["curve"]
    assert first["examples"] > 0
    dagger = first["heuristic"]
    assert dagger["games"] == 3
    assert [s["seat"] for s in dagger["seats"]] == ["Crassus", "Caesar", "Pompey"]
    assert "heuristic" not in last  # the last round trains on nothing more
    assert last["examples"] > first["examples"]  # the DAgger games' decisions were added
    assert last["examples"] == summary["examples"]
    for result in (summary["final_heuristic"], summary["final_random"], dagger, last["random"]):
        assert result["games"] == sum(s["games"] for s in result["seats"])
        assert result["wins"] == sum(s["wins"] for s in result["seats"])
        assert result["rate"] == result["wins"] / result["games"]
        assert 0.0 <= result["low"] <= result["rate"] <= result["high"] <= 1.0
    assert summary["final_heuristic"]["games"] == 6
    assert summary["fair_share"] == (summary["final_heuristic"]["rate"] >= 1 / 3)
    for point in summary["curve"]:
        assert 0.0 <= point["accuracy"] <= 1.0
        assert point["loss"] > 0.0
    weights = np.load(out / "policy.npz")
    assert weights["w1"].shape == (8406, 16)
    assert weights["w3"].shape == (16, 3661)
    assert "final vs two heuristic bots" in done.stdout
