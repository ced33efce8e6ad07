"""``alea lab report``: the HTML page, its tables and figures, and variant comparisons."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from alea.lab import LabError, RunSpec, run, write_report

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def forum_runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("forum")
    base = RunSpec.build("forum", {"players": 3}, ["heuristic"], 1)
    variant = RunSpec.build("forum", {"players": 3, "win_prestige": 10}, ["heuristic"], 1)
    run(base, root / "base", 60, jobs=2, export=False)
    run(variant, root / "short", 60, jobs=2, export=False)
    return root / "base", root / "short"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_report_of_one_run_has_every_section_and_figure(forum_runs: tuple[Path, Path]) -> None:
    base, _ = forum_runs
    report = write_report([base])
    assert report.path == base / "report.html"
    html = report.path.read_text(encoding="utf-8")
    text = _text(html)
    for title in (
        "Win share by seat",
        "First-player advantage",
        "Game length",
        "How games end",
        "Forum: where prestige comes from",
    ):
        assert f"<h2>{title}</h2>" in html
    for family in ("Aemilii", "Cornelii", "Licinii"):
        assert re.search(rf"{family} \d+\.\d% \(\d+\.\d–\d+\.\d%\)", text), family
    assert "Game length in turns" in text
    assert "prestige" in text
    assert "benefactions" in text
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert len(images) == len(report.figures) >= 6
    for path in report.figures:
        assert path.parent == base
        assert path.name.startswith("report-")
        assert path.read_bytes().startswith(PNG)
    assert "<script" not in html
    assert "http" not in html


def test_report_of_variants_tests_each_seat_against_the_baseline(
    forum_runs: tuple[Path, Path], tmp_path: Path
) -> None:
    base, short = forum_runs
    report = write_report([base, short], tmp_path / "cmp.html")
    html = report.path.read_text(encoding="utf-8")
    text = _text(html)
    assert "<h2>Differences between variants</h2>" in html
    missing = [
        w for w in ("short against base", "win_prestige=10", "Holm p", "Welch") if w not in text
    ]
    assert missing == []
    assert "Chi-square tests across all runs" in text
    assert all(p.parent == tmp_path and p.name.startswith("cmp-") for p in report.figures)
    # The shorter goal makes games shorter: the length test must say so.
    welch = html[html.index("Game length against the baseline") :]
    row = re.search(r"<tr><td>short</td><td[^>]*>([\d.]+)</td><td[^>]*>([\d.]+)</td>", welch)
    assert row
    assert float(row[2]) < float(row[1])


def test_triumvirate_report_shows_the_civil_war(tmp_path: Path) -> None:
    spec = RunSpec.build("triumvirate", {}, ["heuristic", "random", "heuristic"], 2)
    run(spec, tmp_path / "tri", 12, jobs=2, export=False)
    html = write_report([tmp_path / "tri"]).path.read_text(encoding="utf-8")
    text = _text(html)
    assert "<h2>Triumvirate: the civil war</h2>" in html
    assert "When the civil war starts" in text
    assert "Who starts the civil war" in text
    assert "<h2>Win share by agent</h2>" in html
    # Agents are counted by game: random sits in one seat of 12 games, heuristic in two.
    assert re.search(r"random 1 12 [\d.]+ \d+\.\d%", text)
    assert re.search(r"heuristic 2 12 [\d.]+ \d+\.\d%", text)


def test_report_refusals(forum_runs: tuple[Path, Path], tmp_path: Path) -> None:
    base, _ = forum_runs
    with pytest.raises(LabError, match="no lab run"):
        write_report([tmp_path])
    tri = tmp_path / "tri"
    run(RunSpec.build("triumvirate", {}, ["random"], 0), tri, 2, jobs=1, export=False)
    with pytest.raises(LabError, match="different games"):
        write_report([base, tri])
    with pytest.raises(LabError, match="cannot write"):
        write_report([base], Path("/dev/null") / "r.html")
    made = write_report([base], tmp_path / "missing" / "deeper" / "r.html")
    assert made.path.is_file()  # --out creates the folders it needs


def test_runs_with_different_tables_are_compared_on_the_seats_they_share(
    forum_runs: tuple[Path, Path], tmp_path: Path
) -> None:
    base, _ = forum_runs
    four = tmp_path / "four"
    run(RunSpec.build("forum", {}, ["heuristic"], 1), four, 12, jobs=1, export=False)
    html = write_report([base, four], tmp_path / "mixed.html").path.read_text(encoding="utf-8")
    text = _text(html)
    assert "four against base" in text
    assert "players=4" in text
    assert "Valerii" in text
    assert "Chi-square tests across all runs" not in text


def test_the_first_player_note_speaks_of_its_own_game_only() -> None:
    from alea.lab.report import FIRST_PLAYER_NOTE, _first_player_note

    hotre = _first_player_note("hotre")
    assert "HRE-3.1" in hotre
    assert "Triumvirate" not in hotre
    assert "Forum" not in hotre
    for game in ("triumvirate", "forum", "no-such-game"):
        assert _first_player_note(game) == FIRST_PLAYER_NOTE
    assert "Triumvirate" not in FIRST_PLAYER_NOTE
    assert "Forum" not in FIRST_PLAYER_NOTE
