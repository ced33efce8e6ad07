"""Options describe themselves for front ends: kind, default, choices and a sentence each."""

from __future__ import annotations

import dataclasses
from typing import Literal

import pytest

import alea
from alea.core.options import describe_options


@dataclasses.dataclass(frozen=True)
class Sample:
    """Options of a made-up game.

    Attributes:
        rounds: how many rounds are played
            before the end.
        mode: ``"fast"`` or ``"slow"``.
        low / high: the bounds of a roll.
        cap: a limit, or none.

    """

    rounds: int = 5
    mode: Literal["fast", "slow"] = "fast"
    low: int = 1
    high: int = 6
    cap: int | None = None
    fair: bool = True


def test_kinds_defaults_choices_and_sentences() -> None:
    fields = {f["name"]: f for f in describe_options(Sample())}
    assert list(fields) == ["rounds", "mode", "low", "high", "cap", "fair"]
    assert fields["rounds"] == {
        "name": "rounds",
        "default": 5,
        "optional": False,
        "description": "how many rounds are played before the end.",
        "kind": "int",
    }
    assert fields["mode"]["kind"] == "choice"
    assert fields["mode"]["choices"] == ["fast", "slow"]
    assert fields["mode"]["description"] == '"fast" or "slow".'
    assert fields["low"]["description"] == fields["high"]["description"] == "the bounds of a roll."
    assert fields["cap"]["optional"] is True
    assert fields["cap"]["kind"] == "int"
    assert fields["fair"]["kind"] == "bool"
    assert fields["fair"]["description"] == ""


@pytest.mark.parametrize("game", ["triumvirate", "forum", "hotre"])
def test_every_option_of_every_game_is_described(game: str) -> None:
    fields = describe_options(alea.load(game).opts)  # type: ignore[attr-defined]
    assert fields
    for f in fields:
        assert f["description"], f"{game} option {f['name']} has no sentence"
        assert f["kind"] in ("bool", "int", "float", "str", "choice")
