"""The play loop in process: scripted answers, a recording console."""

from __future__ import annotations

import importlib.util
import io
import sys
import types
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console
from scripted_input import Script

import alea
from alea.agents import make
from alea.core import registry
from alea.core.record import start_record
from alea.terminal import RecordWriter, Session, build_seat


def session(
    tmp_path: Path, kinds: list[str], answers: Iterable[str] = (), seed: int = 3, **options: object
) -> tuple[Session, Script, io.StringIO]:
    game = alea.load("triumvirate", max_rounds=6, **{"setup": "authored", **options})
    seats = [build_seat(game, i, k) for i, k in enumerate(kinds)]
    specs = [{"seat": i, "name": s.name, "agent": s.spec()} for i, s in enumerate(seats)]
    writer = RecordWriter(start_record(game, seed, specs), tmp_path / "game.json")
    out = io.StringIO()
    script = Script(answers, out)
    console = Console(file=out, width=100)
    return Session(game, seats, writer, console, read_line=script), script, out


def test_bots_only_session_equals_alea_play(tmp_path: Path) -> None:
    s, script, out = session(tmp_path, ["random", "random", "random"], seed=9)
    assert s.run() == 0
    assert script.prompts == []
    game = alea.load("triumvirate", max_rounds=6, setup="authored")
    expected = alea.play(game, [make("random")] * 3, seed=9)
    assert alea.GameRecord.load_file(s.path).to_json() == expected.to_json()
    assert "Result:" in out.getvalue()


def test_every_action_is_saved_as_it_happens(tmp_path: Path) -> None:
    s, _, _ = session(tmp_path, ["random", "random", "random"], seed=9)
    sizes: list[int] = []
    save = s.writer.save

    def counting_save() -> None:
        save()
        sizes.append(len(alea.GameRecord.load_file(s.path).actions))

    s.writer.save = counting_save  # type: ignore[method-assign]
    s.run()
    n = len(s.writer.record.actions)
    assert sizes[:n] == list(range(1, n + 1))


def test_place_filter_lists_only_moves_that_end_there(tmp_path: Path) -> None:
    # Caesar rolls, then asks for the moves into Lugdunum, next to his leader at Bibracte.
    s, _, out = session(tmp_path, ["random", "human", "random"], ["1", "Lugdunum", "quit"])
    assert s.run() == 0
    text = out.getvalue()
    after = text[text.rindex("> Lugdunum\n") + len("> Lugdunum\n") :]
    listing = after.split("Caesar [", 1)[0]
    assert "leader to" in listing
    assert "troop Bibracte to" in listing
    assert "Lugdunum" in listing
    assert "Alesia" not in listing


def test_unknown_place_and_blank_answer_reprompt(tmp_path: Path) -> None:
    s, script, out = session(tmp_path, ["random", "human", "random"], ["", "Atlantis", "quit"])
    assert s.run() == 0
    text = out.getvalue()
    assert "Type the number of an action" in text
    assert "'Atlantis' is not a choice" in text
    assert len(script.prompts) == 3


def test_quit_saves_an_unfinished_record(tmp_path: Path) -> None:
    s, _, _ = session(tmp_path, ["human", "random", "random"], ["2", "quit"])
    assert s.run() == 0
    record = alea.GameRecord.load_file(s.path)
    state = alea.replay(record)
    assert not state.is_terminal()
    assert record.result is not None
    assert not record.result["terminal"]
    assert "Decide(seat=0, verb='stay')" in repr(state.history())


def test_end_of_input_saves_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s, _, _ = session(tmp_path, ["human", "random", "random"], ["1"])
    assert s.run() == 1
    assert "input ended" in capsys.readouterr().err
    assert not alea.replay(alea.GameRecord.load_file(s.path)).is_terminal()


def test_ctrl_c_saves_and_exits_130(tmp_path: Path) -> None:
    s, _, out = session(tmp_path, ["human", "random", "random"])

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    s.read_line = interrupt
    assert s.run() == 130
    assert f"saved in {s.path}" in out.getvalue()
    assert alea.GameRecord.load_file(s.path).actions


def test_log_and_board_commands(tmp_path: Path) -> None:
    s, _, out = session(tmp_path, ["random", "human", "random"], ["log", "board", "save", "quit"])
    assert s.run() == 0
    text = out.getvalue()
    assert "wins the roll and plays first" in text
    assert text.count("Caesar (you)") == 2  # once before the prompt, once for `board`
    assert f"Saved in {s.path}" in text


def test_bot_moves_are_grouped_per_turn(tmp_path: Path) -> None:
    s, _, out = session(tmp_path, ["random", "random", "random"], seed=9)
    s.run()
    assert "moves troops (" in out.getvalue()


def _toy_game_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """The conformance suite's toy game, which has no terminal view of its own."""
    name = "alea_terminal_toy_game"
    path = Path(__file__).resolve().parents[1] / "conformance" / "toy_game.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


def test_a_game_without_a_view_is_played_from_its_observation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    toy = _toy_game_module(monkeypatch)
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register_game(toy.NAME, toy.ToyGame)
    game = alea.load(toy.NAME)
    seats = [build_seat(game, 0, "human"), build_seat(game, 1, "random")]
    specs = [{"seat": i, "name": s.name, "agent": s.spec()} for i, s in enumerate(seats)]
    writer = RecordWriter(start_record(game, 5, specs), tmp_path / "toy.json")
    out = io.StringIO()
    script = Script(["1"] * 40, out)
    s = Session(game, seats, writer, Console(file=out, width=100), read_line=script)
    assert s.run() == 0
    text = out.getvalue()
    assert script.prompts
    assert "positions" in text  # the observation's keys, shown as they are
    assert "Result:" in text
    assert alea.replay(alea.GameRecord.load_file(s.path)).is_terminal()
