"""Option ranges declared in the options class's annotations, checked when a game is loaded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import pytest

import alea
from alea.core.errors import OptionError
from alea.core.options import Range, parse_options, ranges


@dataclass(frozen=True)
class ToyOptions:
    seats: Annotated[int, Range(2, 4)] = 3
    cap: Annotated[int | None, Range(1, 9)] = None
    name: str = "toy"


def test_ranges_come_from_the_annotations_in_field_order() -> None:
    assert ranges(ToyOptions) == {"seats": (2, 4), "cap": (1, 9)}


@pytest.mark.parametrize(
    ("given", "match"),
    [
        ({"seats": 5}, "option 'seats' must be between 2 and 4, not 5"),
        ({"cap": 0}, "option 'cap' must be between 1 and 9, not 0"),
    ],
)
def test_a_value_out_of_its_range_is_refused_by_name(given: dict[str, int], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        parse_options(ToyOptions, given, "toy")


def test_an_unset_option_is_not_checked() -> None:
    assert parse_options(ToyOptions, {"seats": 4}, "toy") == ToyOptions(seats=4)


@pytest.mark.parametrize(
    ("game_id", "option", "value"),
    [("forum", "agents", 9), ("hotre", "start_legions", 31), ("triumvirate", "move_die", 0)],
)
def test_every_game_checks_its_declared_ranges(game_id: str, option: str, value: int) -> None:
    with pytest.raises(OptionError, match=f"option '{option}' must be between"):
        alea.load(game_id, **{option: value})
