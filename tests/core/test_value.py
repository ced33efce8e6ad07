"""The learned value's arithmetic: its weights file is checked, its shares are a softmax."""

from __future__ import annotations

import math
from typing import Any

import pytest

from alea.core.value import FORMAT, ValueModel, load_model


def weights(hidden: int = 0, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "names": ["a", "b"],
        "hidden": hidden,
        "mean": [0.0, 0.0],
        "scale": [1.0, 2.0],
        "w2": [1.0, 0.0] if not hidden else [1.0],
    }
    if hidden:
        data["w1"] = [[1.0, 0.0]]
        data["b1"] = [0.0]
    data.update(changes)
    return data


def test_a_linear_model_shares_the_win_by_a_softmax_of_its_scores() -> None:
    model = ValueModel(weights())
    shares = model.shares([[2.0, 5.0], [0.0, 9.0], [1.0, 1.0]])
    e = [math.exp(2.0), math.exp(0.0), math.exp(1.0)]
    assert shares == pytest.approx([v / sum(e) for v in e])


def test_a_seat_out_of_the_game_gets_nothing_and_the_rest_share_all() -> None:
    model = ValueModel(weights(hidden=1))
    shares = model.shares([[1.0, 0.0], None, [1.0, 0.0]])
    assert shares == pytest.approx([0.5, 0.0, 0.5])
    assert model.shares([None, None]) == [0.0, 0.0]


def test_the_hidden_layer_is_a_tanh_of_the_standardised_inputs() -> None:
    model = ValueModel(weights(hidden=1, mean=[1.0, 0.0]))
    assert model.scores([[3.0, 0.0]])[0] == pytest.approx(math.tanh(2.0))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"format": 99}, "not a learned value's weights"),
        ({"w2": [1.0, 2.0, 3.0]}, "do not fit 2 inputs and 0 units"),
        ({"mean": [0.0]}, "do not fit 2 inputs"),
    ],
)
def test_a_bad_weights_file_is_refused_saying_what_is_wrong(
    changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        ValueModel(weights(**changes))


def test_the_shipped_triumvirate_weights_load_and_fit_its_features() -> None:
    from alea.games.triumvirate.features import NAMES

    model = load_model("alea.games.triumvirate", "value.json")
    assert model.names == NAMES
