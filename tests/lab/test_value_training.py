"""``alea train``: the learned value is fitted on bot games, scored on games it never saw."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from alea.cli import main
from alea.core import registry
from alea.core.value import ValueModel
from alea.games.triumvirate.features import NAMES
from alea.lab.value import Fit, Positions, collect, fit, model_shares, score, train


@pytest.fixture(scope="module")
def positions() -> Positions:
    return collect("triumvirate", 6, seed=3, every=4)


def test_positions_carry_each_seats_row_and_the_result(positions: Positions) -> None:
    n = len(positions)
    assert positions.x.shape == (n, 3, len(NAMES))
    assert positions.target.sum(axis=1) == pytest.approx(np.ones(n))
    assert set(np.unique(positions.game)) <= set(range(6))
    # A seat that is out has no row; its row is zeros and it is not live.
    assert not positions.x[~positions.live].any()
    assert positions.hand.sum(axis=1) == pytest.approx(np.ones(n))


def test_the_same_seed_collects_the_same_positions(positions: Positions) -> None:
    again = collect("triumvirate", 6, seed=3, every=4)
    assert np.array_equal(again.x, positions.x)
    assert np.array_equal(again.target, positions.target)


@pytest.mark.parametrize("hidden", [0, 4])
def test_fitting_lowers_the_loss_below_an_even_split(positions: Positions, hidden: int) -> None:
    weights = fit(positions, Fit(hidden=hidden, steps=200, rate=0.05), NAMES)
    model = ValueModel(weights)
    fitted = score(model_shares(model, positions), positions)
    even = score(positions.live / positions.live.sum(axis=1, keepdims=True), positions)
    assert fitted.log_loss < even.log_loss


def test_train_scores_the_held_out_games_against_the_hand_set_evaluation() -> None:
    report = train("triumvirate", 5, seed=2, how=Fit(steps=50), every=5)
    assert report.train_positions > 0
    assert report.test_positions > 0
    assert report.weights["trained"]["held_out_games"] == 1
    lines = report.lines()
    assert lines[1].startswith("learned value    log-loss")
    assert lines[2].startswith("hand-set")
    assert report.weights["held_out"]["hand"]["log_loss"] == report.hand.log_loss


def test_alea_train_writes_weights_the_search_can_load(tmp_path: Path) -> None:
    out = tmp_path / "tri.json"
    args = ["train", "triumvirate", "--games", "4", "--steps", "30", "--every", "8"]
    assert main([*args, "--hidden", "3", "-q", "--out", str(out)]) == 0
    model = ValueModel(json.loads(out.read_text()))
    assert model.names == NAMES
    assert model.hidden == 3


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--games", "1"], "--games must be at least 2"),
        (["--every", "0"], "--every must be at least 1"),
        (["--hidden", "-1"], "--hidden and --batch must be 0 or more"),
        (["--out", "/no/such/folder/x.json"], "folder /no/such/folder does not exist"),
        (["--agents", "heuristic,wizard"], "no agent kind 'wizard'"),
    ],
)
def test_alea_train_refuses_bad_arguments_saying_which(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["train", "triumvirate", "--games", "3", "-q", *args]) == 2
    assert words in capsys.readouterr().err


def test_alea_train_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "chess", "-q"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_alea_train_refuses_a_game_without_features(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(registry._HOOKS, ("triumvirate", "features"))
    assert main(["train", "triumvirate", "--games", "3", "-q"]) == 2
    assert "triumvirate has no learned value" in capsys.readouterr().err
