"""The board helpers every game's data loader shares."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from alea.core.boards import (
    BoardError,
    check_names,
    find_typed,
    hops,
    index_of,
    read_data,
    record_of,
    stage_table,
)
from alea.core.errors import AleaError


def test_index_of_finds_a_name_and_names_the_kind_it_misses() -> None:
    by_name = {"Roma": 0, "Ostia": 1}
    assert index_of(by_name, "Ostia", "port") == 1
    with pytest.raises(BoardError, match="there is no port called 'Antium'"):
        index_of(by_name, "Antium", "port")
    assert issubclass(BoardError, AleaError)


def test_check_names_wants_the_count_and_no_name_twice() -> None:
    check_names(["a", "b", "c"], 3, "towns", "map")
    with pytest.raises(BoardError, match="the map has 2 towns, not 3"):
        check_names(["a", "b"], 3, "towns", "map")
    with pytest.raises(BoardError, match="two towns are called b"):
        check_names(["a", "b", "b"], 3, "towns", "map")


def test_hops_counts_steps_and_leaves_out_what_cannot_be_reached() -> None:
    links = {0: [1], 1: [0, 2], 2: [1, 3], 3: [2], 4: []}
    assert hops(0, links.__getitem__) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert hops(4, links.__getitem__) == {4: 0}


def test_find_typed_takes_a_whole_name_then_an_alias_then_the_best_start() -> None:
    names = ["Roma", "Ostia", "Rhegium", "Ravenna"]

    def rank(i: int) -> tuple[int, int]:
        return (len(names[i]), i)

    def alias(t: str) -> int | None:
        return {"urbs": 0}.get(t)

    assert find_typed("  OSTIA ", names, rank) == 1
    assert find_typed("urbs", names, rank, alias) == 0
    assert find_typed("urbs", names, rank) is None
    assert find_typed("r", names, rank) == 0
    assert find_typed("ra", names, rank) == 3
    assert find_typed("", names, rank) is None
    assert find_typed("x", names, rank) is None


def test_stage_table_gives_the_names_in_code_order_and_a_phrase_each() -> None:
    names, text = stage_table({"setup": "rolling for the first player", "over": "game over"}, 2)
    assert names == ("setup", "over")
    assert text == {"setup": "rolling for the first player", "over": "game over"}


@pytest.mark.parametrize(
    ("data", "count", "message"),
    [
        ({"setup": "rolling"}, 2, "the game has 1 stages, not 2"),
        (["setup", "over"], 2, "the stages must be names, each with a phrase"),
        ({"setup": ""}, 1, "the stages must be names, each with a phrase"),
        ({"setup": 3}, 1, "the stages must be names, each with a phrase"),
    ],
)
def test_stage_table_refuses_a_table_that_is_not_the_rules_stages(
    data: object, count: int, message: str
) -> None:
    with pytest.raises(BoardError, match=message):
        stage_table(data, count)


@pytest.mark.parametrize("game_id", ["forum", "hotre", "triumvirate"])
def test_every_game_reads_its_stages_from_its_data(game_id: str) -> None:
    stages = read_data(f"alea.games.{game_id}", "stages.json")
    assert isinstance(stages, dict)
    assert "over" in stages


@dataclass(frozen=True)
class _Row:
    name: str
    year: int
    strength: float
    start: tuple[int, int]


def test_record_of_reads_each_plain_field_by_its_name_and_takes_the_others_given() -> None:
    row = record_of(_Row, {"name": "Galli", "year": "-58", "strength": 6, "x": 1}, start=(1, 2))
    assert row == _Row("Galli", -58, 6.0, (1, 2))


def test_record_of_fails_as_reading_by_hand_would() -> None:
    with pytest.raises(KeyError, match="year"):
        record_of(_Row, {"name": "Galli", "strength": 6}, start=(1, 2))
    with pytest.raises(ValueError, match="invalid literal"):
        record_of(_Row, {"name": "Galli", "year": "many", "strength": 6}, start=(1, 2))
    with pytest.raises(TypeError, match=r"_Row.start is not a plain value: give it"):
        record_of(_Row, {"name": "Galli", "year": 1, "strength": 6})
