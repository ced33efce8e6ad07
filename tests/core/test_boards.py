"""The board helpers every game's data loader shares."""

from __future__ import annotations

import pytest

from alea.core.boards import BoardError, check_names, find_typed, hops, index_of
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
