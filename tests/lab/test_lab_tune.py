"""``alea lab tune``: the search space, the Optuna study, resuming, confirmation and report."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import optuna
import pytest

import alea
from alea.cli import main
from alea.games.hotre.options import HotreOptions
from alea.lab import LabError
from alea.lab.data import GameRow, RunData
from alea.lab.runner import run
from alea.lab.stats import Z95, wilson
from alea.lab.tune import REFUSED, STUDY, _suggest, tpe_sampler, tune
from alea.lab.tune_prune import HIGH, LOW, BoundPruner, make_pruner, unfairness_bounds
from alea.lab.tune_report import write_tune_report
from alea.lab.tune_results import group_labels, group_shares, group_wins
from alea.lab.tune_space import Param, default_space, parse_params

SPACE = [
    Param("rome_turns_to_win", low=2, high=5),
    Param("pompey_leader_at_sea", choices=(True, False)),
]
TINY = {
    "trials": 3,
    "games": 3,
    "round_games": 3,
    "confirm": 1,
    "confirm_games": 3,
    "startup_trials": 2,
    "jobs": 1,
}


def test_default_space_comes_from_the_options_class() -> None:
    space = {p.name: p for p in default_space("triumvirate")}
    assert space["rome_garrison"] == Param("rome_garrison", low=0, high=4)
    assert space["pompey_leader_at_sea"].choices == (True, False)
    assert "max_rounds" not in space
    forum = {p.name: p for p in default_space("forum")}
    assert list(forum) == ["order_money", "late_first_build", "first_build"]
    assert forum["first_build"].choices == ("order", "reverse")
    assert default_space("hotre") == [
        Param("choice_rvp", low=0, high=30),
        Param("choice_rvp_form", choices=("linear", "flat")),
    ]


def test_a_game_without_a_tuning_space_searches_its_switches_and_choices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(HotreOptions, "TUNE_SPACE", {})
    hotre = {p.name: p for p in default_space("hotre")}  # on/off and choices only
    assert hotre["optional_terrain"].choices == (True, False)
    assert set(hotre["city_limit"].choices) == {"per_turn", "total"}
    assert "last_period" not in hotre
    assert "players" not in hotre


def test_params_are_parsed_from_the_command_line() -> None:
    space = parse_params("triumvirate", ["rome_garrison=1:3", "crassus_zone=syria,macedonia"])
    assert space == [
        Param("rome_garrison", low=1, high=3),
        Param("crassus_zone", choices=("syria", "macedonia")),
    ]
    assert parse_params("triumvirate", ["pompey_escort"]) == [Param("pompey_escort", low=1, high=4)]
    for bad, words in (
        (["nonsense=1:2"], "no option 'nonsense'"),
        (["rome_garrison=3:1"], "empty"),
        (["rome_garrison=a:b"], "whole numbers"),
        (["rome_garrison=1"], "at least two"),
        (["rome_garrison=1:2", "rome_garrison=2:3"], "twice"),
    ):
        with pytest.raises(LabError, match=words):
            parse_params("triumvirate", bad)


def test_a_tune_searches_confirms_and_writes_its_results(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = tune("triumvirate", SPACE, ["heuristic"], out, seed=5, **TINY)
    assert [t.number for t in result.trials] == [0, 1, 2]
    # Trial 0 is the starting point: the default options' values.
    sea = alea.load("triumvirate").setup.values["pompey_leader_at_sea"]  # type: ignore[attr-defined]
    assert result.trials[0].params == {"rome_turns_to_win": 4, "pompey_leader_at_sea": sea}
    for t in result.trials:
        assert t.score.games == 3
        assert t.score.value == pytest.approx(t.score.spread + t.score.no_winner)
        assert (out / "trials" / f"{t.number:04d}" / "lab.sqlite").is_file()
    (best,) = result.confirmed
    assert best.score.games == 3
    assert min(t.score.value for t in result.trials) == best.trial_value
    assert [name for name, *_ in best.seats] == ["Crassus", "Caesar", "Pompey"]
    for _, wins, share, lo, hi in best.seats:
        assert lo - 1e-9 <= share <= hi + 1e-9
        assert share == pytest.approx(wins / 3)
    saved = json.loads((out / "tune.json").read_text())
    assert saved["game"] == "triumvirate"
    assert len(saved["trials"]) == 3
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{out / STUDY}")
    assert [t.value for t in study.trials] == [t.score.value for t in result.trials]


def test_a_resumed_tune_goes_on_as_if_never_stopped(tmp_path: Path) -> None:
    whole = tune("triumvirate", SPACE, ["heuristic"], tmp_path / "whole", seed=7, **TINY)
    part = tmp_path / "part"
    tune("triumvirate", SPACE, ["heuristic"], part, seed=7, **{**TINY, "trials": 2})
    # A kill in the middle of the third trial leaves it RUNNING in the study.
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{part / STUDY}")
    study.sampler = tpe_sampler(optuna, 7, 2, 2)
    _suggest(study.ask(), SPACE)
    resumed = tune("triumvirate", SPACE, ["heuristic"], part, seed=7, **TINY)
    assert [t.params for t in resumed.trials] == [t.params for t in whole.trials]
    assert [t.score for t in resumed.trials] == [t.score for t in whole.trials]


def test_a_variant_the_game_refuses_scores_worst_without_playing(tmp_path: Path) -> None:
    space = [Param("crassus_start", choices=("Antiochia", "Pharsalus"))]
    result = tune(
        "triumvirate",
        space,
        ["heuristic"],
        tmp_path / "t",
        options={"setup": "authored"},  # Crassus in Syria: Pharsalus lies outside his zone
        seed=1,
        **{**TINY, "trials": 4},
    )
    refused = [t for t in result.trials if t.params["crassus_start"] == "Pharsalus"]
    assert refused, "the sampler tried the start outside Syria"
    assert all(t.refused and t.score.value == REFUSED for t in refused)
    assert all(c.params["crassus_start"] == "Antiochia" for c in result.confirmed)


def test_a_folder_of_another_tune_is_refused(tmp_path: Path) -> None:
    tune("triumvirate", SPACE, ["heuristic"], tmp_path / "t", seed=1, **{**TINY, "trials": 1})
    with pytest.raises(LabError, match="another seed"):
        tune("triumvirate", SPACE, ["heuristic"], tmp_path / "t", seed=2, **TINY)
    with pytest.raises(LabError, match="both fixed"):
        tune("triumvirate", SPACE, ["heuristic"], tmp_path / "u", options={"rome_turns_to_win": 3})


def test_tune_command_prints_the_best_variant_and_writes_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t"
    args = ["lab", "tune", "forum", "--set", "players=3", "--param", "win_prestige=8:10"]
    budget = ["--trials", "2", "-n", "2", "--round", "2", "--confirm", "1", "--confirm-games", "3"]
    code = main([*args, *budget, "--jobs", "1", "-q", "--out", str(out)])
    text = capsys.readouterr().out
    assert code == 0
    assert "chi-square against equal shares" in text
    assert "fairest: alea lab run forum --set=players=3 --set=win_prestige=" in text
    html = (out / "report.html").read_text()
    assert "Trials" in html
    assert "Best variants" in html
    assert "data:image/png;base64," in html
    assert (out / "report-trials.png").is_file()
    assert (out / "report-best.png").is_file()


def test_a_tune_by_order_evens_the_places_in_the_first_round(tmp_path: Path) -> None:
    space = [Param("order_money", low=0, high=100)]
    budget = {**TINY, "trials": 2, "games": 4}
    result = tune("forum", space, ["heuristic"], tmp_path / "t", by="order", seed=1, **budget)
    assert result.seat_names == ["1st in order", "2nd in order", "3rd in order", "4th in order"]
    assert result.trials[0].params == {"order_money": 0}  # the rules' value comes first
    for t in result.trials:
        assert sum(t.score.shares) + t.score.no_winner == pytest.approx(1.0)
    with pytest.raises(LabError, match="--by"):
        tune("forum", space, ["heuristic"], tmp_path / "u", by="colour", **budget)
    with pytest.raises(LabError, match="seat, order for forum, not 'choice'"):
        tune("forum", space, ["heuristic"], tmp_path / "v", by="choice", **budget)


def _hotre_run(num_players: int, games: list[tuple[list[float], list[int] | None]]) -> RunData:
    """A stored HOTRE run: each game's returns and the seats in the order they chose."""
    rows = []
    for i, (returns, seats) in enumerate(games):
        marks = (
            {} if seats is None else {f"start_{k + 1}": {"seat": s} for k, s in enumerate(seats)}
        )
        summary = {"milestones": marks}
        rows.append(GameRow(i, i, [], returns, [], 1, True, None, 0, summary))
    names = ["Player 1", "Player 2", "Player 3", "Player 4"][:num_players]
    return RunData(Path(), "run", {"game": "hotre", "seat_names": names}, rows)


def test_by_choice_counts_the_wins_of_each_place_in_the_order_of_choosing() -> None:
    run = _hotre_run(3, [([0, 0, 1], [2, 0, 1]), ([1, 0, 0], [1, 2, 0]), ([0, 1, 0], None)])
    assert group_wins(run, "choice") == ([1.0, 0.0, 1.0], 2)  # the third game shows no order
    assert group_shares(run, "choice") == [0.5, 0.0, 0.5]
    assert group_labels("hotre", "choice", run.seat_names) == [
        "1st to choose",
        "2nd to choose",
        "3rd to choose",
    ]
    # two players: four seats choose, seats 0 and 2 are the first player's (HRE-15.1)
    duel = _hotre_run(2, [([1, 0], [3, 2, 1, 0])])
    assert group_wins(duel, "choice") == ([0.0, 1.0, 0.0, 1.0], 1)
    assert len(group_labels("hotre", "choice", duel.seat_names)) == 4


def test_a_tune_by_choice_evens_the_order_of_choosing_starting_areas(tmp_path: Path) -> None:
    space = [Param("choice_rvp", low=0, high=10)]
    options = {"players": 3, "last_period": 1}  # one period: a quick game
    budget = {**TINY, "trials": 2, "games": 2, "round_games": 2, "confirm_games": 2}
    result = tune(
        "hotre", space, ["heuristic"], tmp_path / "t", by="choice", options=options, **budget
    )
    assert result.seat_names == ["1st to choose", "2nd to choose", "3rd to choose"]
    assert result.trials[0].params == {"choice_rvp": 0}
    for t in result.trials:
        assert sum(t.score.shares) + t.score.no_winner == pytest.approx(1.0)
    best = result.confirmed[0]
    assert [name for name, *_ in best.seats] == result.seat_names
    assert sum(wins for _, wins, *_ in best.seats) == pytest.approx(2 - best.no_winner[0])


# -- pruning ------------------------------------------------------------------------------------

SETUPS = [Param("setup", choices=("tuned", "authored"))]
"""The default board (near fair) against the board as first drawn (Pompey wins most games)."""
ROUNDS = {**TINY, "trials": 4, "games": 20, "round_games": 10, "startup_trials": 4}


def test_the_bounds_bracket_the_unfairness_and_narrow_with_games() -> None:
    shares = [0.5, 0.3, 0.2]
    low, high = unfairness_bounds(shares, 0.0, 100, 1.0)
    # The largest pair's difference less 1.96 standard errors of a multinomial difference.
    se = math.sqrt((0.5 + 0.2 - 0.3**2) / 100)
    assert low == pytest.approx(0.3 - Z95 * se)
    assert low < 0.3 < high
    wide = unfairness_bounds(shares, 0.0, 25, 1.0)
    narrow = unfairness_bounds(shares, 0.0, 2500, 1.0)
    assert wide[0] < low < narrow[0] < 0.3 < narrow[1] < high < wide[1]
    # Games nobody won add their weighted Wilson interval.
    lo_nw, hi_nw = wilson(10, 100)
    _, hi_none = wilson(0, 100)
    with_nw = unfairness_bounds([0.45, 0.25, 0.2], 0.1, 100, 2.0)
    without = unfairness_bounds([0.45, 0.25, 0.2], 0.0, 100, 2.0)
    assert with_nw[0] == pytest.approx(without[0] + 2 * lo_nw)
    assert with_nw[1] == pytest.approx(without[1] - 2 * hi_none + 2 * hi_nw)
    with pytest.raises(LabError, match="at least two seats"):
        unfairness_bounds([1.0], 0.0, 10, 1.0)


def _measured(study: optuna.Study, low: float, high: float) -> None:
    study.add_trial(
        optuna.trial.create_trial(
            value=(low + high) / 2, user_attrs={LOW: low, HIGH: high}, intermediate_values={}
        )
    )


def test_the_bound_pruner_stops_a_trial_surely_worse_than_another_or_the_target() -> None:
    study = optuna.create_study(pruner=BoundPruner(target=0.5))
    trial = study.ask()
    trial.set_user_attr(LOW, 0.3)
    trial.report(0.4, 100)
    assert not trial.should_prune()  # nothing to compare with, and below the target
    _measured(study, 0.05, 0.2)
    assert trial.should_prune()  # 0.3 > 0.2: worse than the other trial with 95% confidence
    trial.set_user_attr(LOW, 0.15)
    trial.report(0.25, 200)
    assert not trial.should_prune()  # the intervals overlap: it may still be the fairer
    alone = optuna.create_study(pruner=BoundPruner(target=0.1))
    first = alone.ask()
    first.set_user_attr(LOW, 0.12)
    first.report(0.3, 100)
    assert first.should_prune()  # surely above the target, though nothing else was measured


def test_pruners_are_optunas_and_an_unknown_one_is_refused() -> None:
    assert isinstance(make_pruner("halving", 100), optuna.pruners.SuccessiveHalvingPruner)
    assert isinstance(make_pruner("none", 100), optuna.pruners.NopPruner)
    with pytest.raises(LabError, match="--pruner must be one of bound, halving, none"):
        make_pruner("median", 100)


def test_a_board_far_from_fair_stops_after_one_round(tmp_path: Path) -> None:
    result = tune("triumvirate", SETUPS, ["heuristic"], tmp_path / "t", seed=3, **ROUNDS)
    by_setup = {t.params["setup"]: t for t in result.trials}
    assert set(by_setup) == {"tuned", "authored"}, "the sampler tried both boards"
    for t in result.trials:
        if t.params["setup"] == "authored":
            assert t.pruned
            assert t.score.games == 10
        else:
            assert not t.pruned
            assert t.score.games == 20
    assert [c.params for c in result.confirmed] == [{"setup": "tuned"}]
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{tmp_path / 't' / STUDY}")
    pruned = [t for t in study.trials if t.state == optuna.trial.TrialState.PRUNED]
    assert [t.number for t in pruned] == [t.number for t in result.trials if t.pruned]
    assert all(list(t.intermediate_values) == [10] for t in pruned)
    html = write_tune_report(result, tmp_path / "t" / "report.html").path.read_text()
    assert "pruned after 10 games" in html


def test_a_tune_killed_inside_a_round_resumes_as_if_never_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = tune("triumvirate", SETUPS, ["heuristic"], tmp_path / "whole", seed=3, **ROUNDS)
    calls = [0]

    def killed_on_the_fourth_round(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        out = run(*args, **kwargs)  # the round's games are stored, not yet reported
        if calls[0] == 4:
            raise KeyboardInterrupt
        return out

    monkeypatch.setattr("alea.lab.tune.run", killed_on_the_fourth_round)
    part = tmp_path / "part"
    with pytest.raises(KeyboardInterrupt):
        tune("triumvirate", SETUPS, ["heuristic"], part, seed=3, **ROUNDS)
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{part / STUDY}")
    assert optuna.trial.TrialState.RUNNING in [t.state for t in study.trials]
    monkeypatch.undo()
    resumed = tune("triumvirate", SETUPS, ["heuristic"], part, seed=3, **ROUNDS)
    assert [(t.number, t.params, t.pruned) for t in resumed.trials] == [
        (t.number, t.params, t.pruned) for t in whole.trials
    ]
    assert [t.score for t in resumed.trials] == [t.score for t in whole.trials]
    assert [c.score for c in resumed.confirmed] == [c.score for c in whole.confirmed]


def test_a_round_longer_than_a_trial_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LabError, match="--round must lie between 1 and the games of a trial"):
        tune("triumvirate", SETUPS, ["heuristic"], tmp_path / "t", **{**TINY, "round_games": 9})
