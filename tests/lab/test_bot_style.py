"""The Triumvirate bot's style and ``alea lab tune-bot``, which searches it."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from contextlib import closing
from dataclasses import fields
from pathlib import Path
from typing import Any

import optuna
import pytest

import alea
from alea.agents import parse_spec
from alea.cli import main
from alea.core.game import State
from alea.core.record import play
from alea.games.triumvirate.board import BOARD
from alea.games.triumvirate.bot import STYLE_SPACE, Style, TriumvirateBot
from alea.games.triumvirate.state import TriumvirateState
from alea.lab import style
from alea.lab.style import coerce, spec_of, tune_style


def test_the_default_style_is_the_normal_bot_and_names_no_parameter() -> None:
    assert TriumvirateBot().style == Style()
    assert parse_spec("heuristic").spec() == {"name": "heuristic"}


def test_a_style_is_given_in_the_spec_and_named_in_the_record() -> None:
    agent = parse_spec("heuristic:collect=1,seize_rome=1,attack=0.7")
    game = alea.load("triumvirate")
    record = play(game, [agent, parse_spec("heuristic"), parse_spec("heuristic")], seed=3)
    assert record.seats[0]["agent"] == {
        "name": "heuristic",
        "collect": 1,
        "attack": 0.7,
        "seize_rome": True,
    }
    assert record.seats[1]["agent"] == {"name": "heuristic"}


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("heuristic:colect=1", "no parameter colect"),
        ("heuristic:collect=9", "collect must be from 1 to 4"),
        ("heuristic:attack=1.5", "attack must be from 0 to 1"),
        ("heuristic:guard=-1", "guard must be from 0 to 4"),
    ],
)
def test_a_bad_style_is_refused_with_what_was_wrong(spec: str, words: str) -> None:
    bot = parse_spec(spec)
    state = alea.load("triumvirate").new_initial_state()
    with pytest.raises(ValueError, match=words):
        bot.act(state, 0, random.Random(0))


def _most_conquests(agents: list[str], seed: int) -> list[int]:
    """The most conquest tokens each seat held at once in a game of ``agents``."""
    most = [0, 0, 0]

    def watch(state: State, _action: object) -> None:
        assert isinstance(state, TriumvirateState)
        for p in range(3):
            most[p] = max(most[p], state.conquests[p])

    play(alea.load("triumvirate"), [parse_spec(a) for a in agents], seed=seed, on_step=watch)
    return most


def test_collect_is_how_many_conquests_the_leader_takes_before_he_leaves() -> None:
    # Caesar and Pompey collect one token at a time (TRI-5.1). Crassus starts the default
    # setup with popularity (TRI-2.5), so the bot sends him to Rome without collecting.
    styled = [_most_conquests(["heuristic:collect=1"] * 3, seed) for seed in range(3)]
    normal = [_most_conquests(["heuristic"] * 3, seed) for seed in range(3)]
    assert [g[1:] for g in styled] == [[1, 1]] * 3
    assert [g[1:] for g in normal] == [[4, 4]] * 3


def test_seize_rome_sends_the_leader_to_rome_after_his_triumph() -> None:
    seize = TriumvirateBot(seize_rome=True)
    normal = TriumvirateBot()
    seen = 0

    def watch(state: State, _action: object) -> None:
        nonlocal seen
        assert isinstance(state, TriumvirateState)
        if state.civil_war:
            return
        for p in range(3):
            if state.popularity[p] and not state.conquests[p] and state.alive[p]:
                assert seize._leader_target(state, p) == BOARD.rome
                if normal._woo_hex(state, p) is not None:
                    assert normal._leader_target(state, p) != BOARD.rome
                    seen += 1

    bots = [parse_spec("heuristic")] * 3
    for seed in range(4):
        play(alea.load("triumvirate"), bots, seed=seed, on_step=watch)
    assert seen > 0


def test_every_style_parameter_has_a_range_to_search() -> None:
    assert set(STYLE_SPACE) == {f.name for f in fields(Style)}
    for name, (low, high) in STYLE_SPACE.items():
        default = getattr(Style(), name)
        if isinstance(low, bool):
            assert isinstance(default, bool)
        else:
            assert low <= default <= high, name


def test_coerce_reads_values_by_their_parameters_kind() -> None:
    assert coerce(STYLE_SPACE, {"collect": "2", "seize_rome": "true", "attack": "0.5"}) == {
        "collect": 2,
        "seize_rome": True,
        "attack": 0.5,
    }
    with pytest.raises(ValueError, match="not a bool"):
        coerce(STYLE_SPACE, {"seize_rome": "maybe"})
    with pytest.raises(ValueError, match="outside 0 to 4"):
        coerce(STYLE_SPACE, {"guard": "7"})
    assert spec_of({"collect": 1, "seize_rome": True, "attack": 0.71234}) == (
        "heuristic:collect=1,seize_rome=1,attack=0.7123"
    )


def test_a_tune_tries_styles_on_the_same_games_and_confirms_the_best_on_fresh_ones() -> None:
    first = tune_style("triumvirate", trials=2, games=2, startup=2, confirm=2, seed=4)
    again = tune_style("triumvirate", trials=2, games=2, startup=2, confirm=2, seed=4)
    assert first["trials"] == again["trials"]
    assert len(first["trials"]) == 2
    assert all(t["games"] == 6 for t in first["trials"])  # two games in each of three seats
    assert first["style"] == max(first["trials"], key=lambda t: t["share"])["style"]
    assert first["confirm"]["games"] == 6
    lo, hi = first["confirm"]["ci95"]
    assert lo <= first["confirm"]["share"] <= hi
    one_seat = tune_style("triumvirate", seat=2, trials=1, games=3, confirm=0, seed=4)
    assert one_seat["tune"]["games"] == 3
    assert "confirm" not in one_seat


def test_a_game_whose_bot_has_no_style_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(style, "hook", lambda game, name: None)
    with pytest.raises(ValueError, match="no style parameters"):
        tune_style("forum", trials=1, games=1)
    monkeypatch.undo()
    with pytest.raises(ValueError, match="seats 0 to 2"):
        tune_style("triumvirate", seat=3, trials=1, games=1)


def test_the_command_writes_the_best_style_and_refuses_a_bad_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "style.json"
    args = ["lab", "tune-bot", "triumvirate", "--trials", "1", "-n", "1", "--seed", "2"]
    assert main([*args, "--confirm-games", "1", "--jobs", "1", "-q", "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["game"] == "triumvirate"
    assert set(result["style"]) == set(STYLE_SPACE)
    assert result["confirm"]["games"] == 3
    assert "best style: heuristic:" in capsys.readouterr().out
    assert main([*args, "-q", "--start", "collect=9", "--out", str(out)]) == 2
    assert "collect=9 is outside 1 to 4" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["triumvirate", "forum"])
def test_a_start_tried_first_keeps_the_defaults_of_what_it_does_not_name(game: str) -> None:
    space = style.space_of(game)
    defaults = style.defaults_of(game, space)
    assert set(defaults) == set(space)
    name = next(iter(space))
    low, high = space[name]
    given = high if defaults[name] != high else low
    got = tune_style(game, trials=1, games=1, confirm=0, seed=3, start={name: given})
    first = got["trials"][0]["style"]
    assert first == {**defaults, name: given}


TINY = {"trials": 4, "games": 2, "startup": 2, "confirm": 0, "seed": 5, "start": {"collect": 2}}


def _trials_played(labels: list[str]) -> Any:
    """A progress callback noting each trial whose games were all played."""

    def progress(label: str, done: int, total: int) -> None:
        if done == total:
            labels.append(label)

    return progress


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The tiny tune with a study, played from start to end in one go."""
    got = tune_style("triumvirate", study=tmp_path_factory.mktemp("whole") / "s.sqlite", **TINY)
    assert got["trials"][0]["style"]["collect"] == 2  # the start is tried first
    return got


@pytest.mark.parametrize("cut", ["trial 1/4", "trial 3/4"])
def test_a_study_killed_mid_trial_resumes_to_the_trials_of_an_uninterrupted_one(
    tmp_path: Path, whole: dict[str, Any], cut: str
) -> None:
    killed = tmp_path / "killed.sqlite"

    def kill(label: str, done: int, _total: int) -> None:
        if label == cut and done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tune_style("triumvirate", study=killed, progress=kill, **TINY)
    played: list[str] = []
    resumed = tune_style("triumvirate", study=killed, progress=_trials_played(played), **TINY)
    # The trial cut short is played again in place, and those before it not at all.
    assert played == [f"trial {n}/4" for n in range(int(cut[6]), 5)]
    assert resumed["trials"] == whole["trials"]
    _assert_one_dropped(killed)
    again: list[str] = []
    done = tune_style("triumvirate", study=killed, progress=_trials_played(again), **TINY)
    assert again == []
    assert done == resumed


def _assert_one_dropped(study: Path) -> None:
    stored = optuna.load_study(study_name=style.STUDY, storage=f"sqlite:///{study}")
    states = [t.state.name for t in stored.get_trials()]
    assert sorted(states) == ["COMPLETE"] * 4 + ["FAIL"]


class _KilledWhileDrawing:
    """A trial whose process is killed as it draws its fifth parameter."""

    def __init__(self, trial: Any) -> None:
        self.trial = trial
        self.drawn = 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.trial, name)

        def draw(*args: Any, **kwargs: Any) -> Any:
            self.drawn += 1
            if self.drawn == 5:
                raise KeyboardInterrupt
            return method(*args, **kwargs)

        return draw


def test_a_study_killed_while_drawing_a_style_proposes_it_again_whole(
    tmp_path: Path, whole: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    killed = tmp_path / "killed.sqlite"
    suggest = style._suggest
    asked = [0]

    def cut_second(trial: Any, space: Any) -> dict[str, Any]:
        asked[0] += 1
        return suggest(_KilledWhileDrawing(trial) if asked[0] == 2 else trial, space)

    # The second trial is drawn at random (the first is the start): each parameter is a draw
    # of the sampler's generator in turn.
    monkeypatch.setattr(style, "_suggest", cut_second)
    with pytest.raises(KeyboardInterrupt):
        tune_style("triumvirate", study=killed, **TINY)
    monkeypatch.undo()
    stored = optuna.load_study(study_name=style.STUDY, storage=f"sqlite:///{killed}")
    assert len(stored.get_trials()[1].params) == 4  # the style was stored in part
    played: list[str] = []
    resumed = tune_style("triumvirate", study=killed, progress=_trials_played(played), **TINY)
    assert played == ["trial 2/4", "trial 3/4", "trial 4/4"]
    assert resumed["trials"] == whole["trials"]
    _assert_one_dropped(killed)


def test_a_larger_budget_goes_on_from_the_stored_trials(
    tmp_path: Path, whole: dict[str, Any]
) -> None:
    study = tmp_path / "study.sqlite"
    first = tune_style("triumvirate", study=study, **{**TINY, "trials": 2})
    played: list[str] = []
    more = tune_style("triumvirate", study=study, progress=_trials_played(played), **TINY)
    assert played == ["trial 3/4", "trial 4/4"]
    assert more["trials"][:2] == first["trials"]
    assert more["trials"] == whole["trials"]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"seed": 6}, "seed (--seed)"),
        ({"games": 3}, "games per trial (-n)"),
        ({"startup": 3}, "startup trials (--startup-trials)"),
        ({"seat": 1}, "seat (--seat)"),
        ({"start": {"collect": 3}}, "start style (--start)"),
        ({"start": None}, "start style (--start)"),
        ({"options": {"setup": "authored"}}, "options (--set)"),
        ({"game_id": "forum", "start": None}, "game:"),
    ],
)
def test_a_study_of_another_tune_is_refused_naming_what_differs(
    tmp_path: Path, change: dict[str, Any], named: str
) -> None:
    study = tmp_path / "study.sqlite"
    tune_style("triumvirate", study=study, **{**TINY, "trials": 1})
    args = {"game_id": "triumvirate", **TINY, "trials": 1, **change}
    with pytest.raises(ValueError, match=re.escape(f"another {named}")):
        tune_style(study=study, **args)
    # What a tune may change on resuming: its budget and the confirmation.
    tune_style("triumvirate", study=study, **{**TINY, "trials": 1, "confirm": 1})


def test_a_file_that_holds_no_tune_bot_study_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    with pytest.raises(ValueError, match="is not an SQLite file"):
        tune_style("triumvirate", study=text, **TINY)
    other = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE games (seed INTEGER)")
        db.commit()
    with pytest.raises(ValueError, match="holds no tune-bot study"):
        tune_style("triumvirate", study=other, **TINY)
    with closing(sqlite3.connect(other)) as db:
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["games"]
    with pytest.raises(ValueError, match="is not a file"):
        tune_style("triumvirate", study=tmp_path, **TINY)


def test_the_command_keeps_its_study_and_refuses_another_tunes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    study, out = tmp_path / "study.sqlite", tmp_path / "style.json"
    args = ["lab", "tune-bot", "triumvirate", "-n", "2", "--confirm-games", "0", "--seed", "3"]
    tail = ["--jobs", "1", "-q", "--study", str(study), "--out", str(out)]
    assert main([*args, "--trials", "2", *tail]) == 0
    first = json.loads(out.read_text())["trials"]
    assert main([*args, "--trials", "3", *tail]) == 0
    result = json.loads(out.read_text())
    assert len(result["trials"]) == 3
    assert result["trials"][:2] == first
    capsys.readouterr()
    assert main([*args, "--trials", "3", "--seat", "2", *tail]) == 2
    assert "another seat (--seat)" in capsys.readouterr().err
    bad = ["--study", str(out), "--out", str(tmp_path / "other.json")]
    assert main([*args, "--trials", "1", "-q", *bad]) == 2
    assert "is not an SQLite file" in capsys.readouterr().err


def test_nudges_flip_flags_and_move_numbers_to_their_ends_and_an_eighth_either_side() -> None:
    space = {"flag": (False, True), "count": (0, 8), "odds": (0.0, 0.8)}
    got = style.nudges(space, {"flag": False, "count": 8, "odds": 0.4})
    assert got == [
        ("flag", True),
        ("count", 0),
        ("count", 7),  # one step below; none above the range's top, where it stands
        ("odds", 0.0),
        ("odds", 0.3),
        ("odds", 0.5),
        ("odds", 0.8),
    ]


def test_a_probe_plays_every_nudge_on_the_styles_own_games() -> None:
    base = {"collect": 1, "seize_rome": True}
    result = style.probe_style("triumvirate", base, seat=2, games=6, seed=5)
    space = dict(STYLE_SPACE)
    probed = {**style.defaults_of("triumvirate", space), **base}
    assert result["style"] == probed
    assert [(r["parameter"], r["value"]) for r in result["nudges"]] == style.nudges(space, probed)
    own = style.results("triumvirate", probed, [2], 6, "probe", 5)
    assert result["score"]["wins"] == sum(own)
    for row in result["nudges"]:
        played = style.results(
            "triumvirate", {**probed, row["parameter"]: row["value"]}, [2], 6, "probe", 5
        )
        assert row["wins"] == sum(played)
        assert row["unchanged"] == (played == own)
        assert row["only_nudge"] == sum(1 for a, b in zip(own, played, strict=True) if b > a)
        assert row["only_style"] == sum(1 for a, b in zip(own, played, strict=True) if b < a)
        assert row["p"] <= row["p_holm"] <= 1.0
    # Waiting beside Rome instead of in it changes the games.
    assert not next(r for r in result["nudges"] if r["parameter"] == "seize_rome")["unchanged"]


def test_the_probe_command_reads_the_experts_style_and_prints_each_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "probe.json"
    args = ["lab", "probe-bot", "triumvirate", "--seat", "1", "-n", "2", "--jobs", "1", "-q"]
    assert main([*args, "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    expert = json.loads(
        (Path(alea.__file__).parent / "games/triumvirate/data/expert.json").read_text()
    )["styles"]["1"]
    assert {k: result["style"][k] for k in expert} == expert
    printed = capsys.readouterr().out
    assert "collect=1" in printed
    assert "wrote" in printed
    assert main([*args[:-1], "--style", "guard=9", "--out", str(out)]) == 2
    assert "guard=9 is outside 0 to 4" in capsys.readouterr().err
    every_seat = ["lab", "probe-bot", "triumvirate", "-n", "1", "--jobs", "1", "-q"]
    assert main([*every_seat, "--out", str(out)]) == 2  # one style in each seat: which?
    assert "choose the seat with --seat" in capsys.readouterr().err
