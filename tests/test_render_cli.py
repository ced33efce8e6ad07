"""``alea render``: a saved position drawn as SVG, and clear errors for bad input."""

from __future__ import annotations

import importlib
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

import alea
from alea import cli
from alea.agents import make


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = alea.load("triumvirate", max_rounds=6)
    rec = alea.play(game, [make("random") for _ in range(3)], seed=5)
    path = tmp_path_factory.mktemp("render") / "game.json"
    rec.save(path)
    return path


def one_error(capsys: pytest.CaptureFixture[str], *words: str) -> None:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("alea: error: ")
    for word in words:
        assert word in err[0]


def test_render_writes_the_svg_of_a_recorded_game(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    assert cli.main(["render", str(record), "--to", "40", "--out", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")


def test_seat_and_spectator_pictures_agree(record: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    assert cli.main(["render", str(record), "--out", str(a)]) == 0
    assert cli.main(["render", str(record), "--seat", "caesar", "--out", str(b)]) == 0
    assert a.read_text() == b.read_text()


def test_without_out_the_svg_goes_to_stdout(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["render", str(record), "--to", "0"]) == 0
    assert capsys.readouterr().out.startswith("<svg")


def test_a_corrupt_record_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    out = tmp_path / "x.svg"
    assert cli.main(["render", str(bad), "--out", str(out)]) == 2
    one_error(capsys, "bad.json")
    assert not out.exists()


def test_an_illegal_action_in_the_record_is_one_error_line(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"][3] = {"type": "march", "seat": 0, "to": [0, 0]}
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["render", str(bad)]) == 2
    one_error(capsys, "action 4")


def test_bad_to_and_seat_are_one_error_line(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["render", str(record), "--to", "999999"]) == 2
    one_error(capsys, "--to")
    assert cli.main(["render", str(record), "--seat", "Cicero"]) == 2
    one_error(capsys, "Cicero")


def test_png_without_cairosvg_says_what_to_install(
    record: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.import_module

    def without_cairosvg(name: str, package: str | None = None) -> ModuleType:
        if name == "cairosvg":
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_cairosvg)
    png = tmp_path / "board.png"
    assert cli.main(["render", str(record), "--png", str(png)]) == 2
    one_error(capsys, "pip install cairosvg")
    assert not png.exists()


def test_png_is_written_when_cairosvg_is_there(record: Path, tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    png = tmp_path / "board.png"
    assert cli.main(["render", str(record), "--png", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
