from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"


def test_short_training_run_writes_a_curve_and_a_sane_summary(tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--short", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    png = out / "learning_curve.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 10_000
    summary = json.loads((out / "summary.json").read_text())
    assert summary["episodes"] == 48
    for key in ("random_play", "before", "after"):
        r = summary[key]
        assert r["games"] == 24
        assert 0.0 <= r["wins"] <= r["games"]
        assert r["rate"] == r["wins"] / r["games"]
        assert 0.0 <= r["low"] <= r["rate"] <= r["high"] <= 1.0
    assert summary["curve"]
    assert summary["curve"][-1]["episode"] == 48
    episodes = [e["episode"] for e in summary["evaluations"]]
    assert episodes[0] == 0
    assert episodes[-1] == 48
    assert summary["evaluations"][-1]["rate"] == summary["after"]["rate"]
    assert summary["improved"] == (summary["after"]["low"] > summary["before"]["high"])
    assert "trained policy (48 episodes" in done.stdout
