"""``alea lab sweep``: every variant run into its own folder and ranked by fairness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from alea.cli import main
from alea.lab import LabError
from alea.lab.sweep import parse_grid, sweep, variant_name, variants


def test_grid_parsing_and_variant_names() -> None:
    grid = parse_grid(["win_prestige=10,15", "ruleset=short,complete"])
    assert grid == [("win_prestige", ["10", "15"]), ("ruleset", ["short", "complete"])]
    names = [variant_name(v) for v in variants(grid)]
    assert names == [
        "win_prestige=10,ruleset=short",
        "win_prestige=10,ruleset=complete",
        "win_prestige=15,ruleset=short",
        "win_prestige=15,ruleset=complete",
    ]
    for bad in (["win_prestige"], ["=1,2"], ["a=1", "a=2"], ["a=1,1"], []):
        with pytest.raises(LabError):
            parse_grid(bad)


def test_sweep_ranks_variants_by_spread(tmp_path: Path) -> None:
    result = sweep(
        "triumvirate",
        parse_grid(["pompey_leader_at_sea=true,false"]),
        ["heuristic"],
        tmp_path / "sw",
        16,
        seed=3,
        jobs=2,
    )
    spreads = [r.spread.value for r in result.ranked]
    assert spreads == sorted(spreads)
    # Neither variant has the default options (the setup leaves the option unset), so the
    # defaults are played too, as the baseline of the paired tests.
    assert {r.name for r in result.ranked} == {
        "pompey_leader_at_sea=true",
        "pompey_leader_at_sea=false",
        "default",
    }
    assert result.baseline().name == "default"
    assert result.baseline().vs_baseline is None
    for r in result.ranked:
        if not r.baseline:
            assert r.vs_baseline is not None
            assert 0.0 <= r.vs_baseline <= 1.0
        assert (r.folder / "lab.sqlite").is_file()
        assert r.games == 16
        assert r.spread.value == pytest.approx(max(r.spread.shares) - min(r.spread.shares))
    saved = json.loads((tmp_path / "sw" / "sweep.json").read_text())
    assert [v["name"] for v in saved["variants"]] == [r.name for r in result.ranked]
    assert saved["seat_names"] == ["Crassus", "Caesar", "Pompey"]


def test_sweep_command_prints_the_ranking_and_writes_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sw"
    args = ["lab", "sweep", "forum", "--grid", "win_prestige=8,15", "--set", "players=3"]
    code = main([*args, "-n", "20", "--jobs", "2", "-q", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    lines = [ln for ln in printed.splitlines() if ln[:1].isdigit()]
    assert len(lines) == 2  # 15 is the default: that variant is the baseline, no extra run
    assert {ln.split()[1] for ln in lines} == {"win_prestige=8", "win_prestige=15"}
    assert "(default)" in next(ln for ln in lines if ln.split()[1] == "win_prestige=15")
    assert not (out / "default").exists()
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<h2>Sweep ranking</h2>" in html
    assert "<h2>Differences between variants</h2>" in html
    assert "paired over 20 shared games" in html  # the variants share their seeds
    assert "McNemar" in html


def test_sweep_checks_every_variant_before_playing(tmp_path: Path) -> None:
    with pytest.raises(LabError, match="win_prestige=0"):
        sweep("forum", parse_grid(["win_prestige=12,0"]), ["heuristic"], tmp_path / "s", 5)
    assert not (tmp_path / "s").exists()
    with pytest.raises(LabError, match="both by --set and by --grid"):
        sweep(
            "forum",
            parse_grid(["win_prestige=12"]),
            ["heuristic"],
            tmp_path / "s",
            5,
            options={"win_prestige": "10"},
        )
